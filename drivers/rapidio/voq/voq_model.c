// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reference models of Part 12: a port generating VoQ symbols (rule 4.2
 * and table 5-4) and a port receiving them (rule 4.3).  rio-sim runs
 * them on its links and the tests use them to check configurations.
 */

#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/rio_voq.h>

#include "voq_model.h"

/* Status each port reports now, and the ports whose change may trigger */
static void rio_voq_gen_status(const struct rio_voq_gen *gen, unsigned long *status,
			       unsigned long *trigger)
{
	unsigned int p;
	bool trig;

	bitmap_zero(status, RIO_VOQ_MAX_PORTS);
	bitmap_zero(trigger, RIO_VOQ_MAX_PORTS);
	for (p = 0; p < gen->nports; p++) {
		if (rio_voq_reported_status(test_bit(p, gen->part), test_bit(p, gen->xoff),
					    test_bit(p, gen->congested), &trig))
			__set_bit(p, status);
		if (trig)
			__set_bit(p, trigger);
	}
}

/**
 * rio_voq_gen_update() - the symbols a generating port sends now
 * @gen: the model, after changes of congestion, participation or XOFF
 * @syms: where to put the symbols
 * @max: room in @syms
 *
 * A symbol goes out for each group in which a participating port's
 * reported status changed (table 5-4: a port without participation
 * reports a fixed status and never causes a symbol, though a symbol sent
 * for its group carries its current status); none while generation is
 * off.
 *
 * Return: the number of symbols, or a negative errno (-ENOSPC: more
 * than @max).
 */
int rio_voq_gen_update(struct rio_voq_gen *gen, u32 *syms, unsigned int max)
{
	DECLARE_BITMAP(status, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(trigger, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(known, RIO_VOQ_MAX_PORTS);
	unsigned int p;
	int n;

	if (!gen->gen_en)
		return 0;
	rio_voq_gen_status(gen, status, trigger);

	/*
	 * The partner's view changes only where a trigger fires: build the
	 * "old" view in which non-triggering changes are invisible.
	 */
	bitmap_copy(known, gen->reported, RIO_VOQ_MAX_PORTS);
	for (p = 0; p < gen->nports; p++)
		if (!test_bit(p, trigger))
			__assign_bit(p, known, test_bit(p, status));

	n = rio_voq_sym_changes(gen->fmt, gen->pgs, gen->vc, known, status,
				gen->nports, syms, max);
	if (n > 0)
		bitmap_copy(gen->reported, status, RIO_VOQ_MAX_PORTS);
	return n;
}
EXPORT_SYMBOL_GPL(rio_voq_gen_update);

/**
 * rio_voq_gen_resync() - send every group again (after link recovery)
 * @gen: the model
 * @syms: where to put the symbols
 * @max: room in @syms
 *
 * Rule 4.2 g: symbols may be resent after link recovery so that no
 * congestion state is left orphaned at the partner.
 *
 * Return: the number of symbols (0 while generation is off), or a
 * negative errno.
 */
int rio_voq_gen_resync(struct rio_voq_gen *gen, u32 *syms, unsigned int max)
{
	DECLARE_BITMAP(status, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(trigger, RIO_VOQ_MAX_PORTS);
	int n;

	if (!gen->gen_en)
		return 0;
	rio_voq_gen_status(gen, status, trigger);
	n = rio_voq_sym_changes(gen->fmt, gen->pgs, gen->vc, NULL, status,
				gen->nports, syms, max);
	if (n >= 0)
		bitmap_copy(gen->reported, status, RIO_VOQ_MAX_PORTS);
	return n;
}
EXPORT_SYMBOL_GPL(rio_voq_gen_resync);

/**
 * rio_voq_rx_symbol() - a receiving port takes a symbol
 * @rx: the model
 * @sym: the symbol, decoded with the port's RX group size
 *
 * Without per-VC transmission, or for VC_IND "all VCs", the status
 * applies to every VC (3.3); a reserved VC_IND is ignored without error.
 *
 * Return: 0, or -EINVAL for a symbol that is not VoQ backpressure.
 */
int rio_voq_rx_symbol(struct rio_voq_rx *rx, u32 sym)
{
	struct rio_voq_msg msg;
	unsigned int i, port;
	int ret, vc;

	ret = rio_voq_sym_decode(rx->fmt, rx->pgs, sym, RIO_VOQ_VC_ALL, &msg);
	if (ret == -EBADMSG) {
		rx->ignored++;
		return 0;
	}
	if (ret)
		return ret;

	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++) {
		if (rx->per_vc && msg.vc != RIO_VOQ_VC_ALL && msg.vc != vc)
			continue;
		for (i = 0; i < msg.nbits; i++) {
			port = msg.first_port + i;
			if (port < RIO_VOQ_MAX_PORTS)
				__assign_bit(port, rx->congested[vc], msg.status & BIT(i));
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rio_voq_rx_symbol);

/**
 * rio_voq_rx_port_stopped() - is traffic for a downstream port held back
 * @rx: the model
 * @vc: the VC, 0..8
 * @port: the downstream egress port
 *
 * Return: true if @port was last reported congested on @vc.
 */
bool rio_voq_rx_port_stopped(const struct rio_voq_rx *rx, int vc,
			     unsigned int port)
{
	return vc >= 0 && vc < RIO_VOQ_NR_VCS && port < RIO_VOQ_MAX_PORTS &&
	       test_bit(port, rx->congested[vc]);
}
EXPORT_SYMBOL_GPL(rio_voq_rx_port_stopped);

/**
 * rio_voq_rx_queue_stopped() - is a staging queue held back
 * @rx: the model
 * @vc: the VC, 0..8
 * @queue: the staging queue
 *
 * Rule 4.3 e: traffic co-mingled in one queue for several downstream
 * ports is committed only if none of them is congested, so the queue
 * stops when any port mapped to it is congested, and resumes when all are
 * clear.
 *
 * Return: true if @queue must not send on @vc.
 */
bool rio_voq_rx_queue_stopped(const struct rio_voq_rx *rx, int vc,
			      unsigned int queue)
{
	unsigned int p;

	for (p = 0; p < RIO_VOQ_MAX_PORTS; p++)
		if (rx->queue[p] == queue && rio_voq_rx_port_stopped(rx, vc, p))
			return true;
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_rx_queue_stopped);
