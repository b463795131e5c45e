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
#include <linux/minmax.h>
#include <linux/rio_voq.h>
#include <linux/string.h>

#include "rio_spec.h"
#include "voq_txrx.h"

/*
 * Status each port reports now on @vc (RIO_VOQ_VC_ALL: the status of all
 * VCs together, as bit 11 clear asks), and the ports whose change may
 * trigger a symbol
 */
static void rio_voq_gen_status(const struct rio_voq_gen *gen, int vc,
			       unsigned long *status, unsigned long *trigger)
{
	unsigned int p;
	bool trig, cong;
	int v;

	bitmap_zero(status, RIO_VOQ_MAX_PORTS);
	bitmap_zero(trigger, RIO_VOQ_MAX_PORTS);
	for (p = 0; p < gen->nports; p++) {
		cong = false;
		for (v = 0; v < RIO_VOQ_NR_VCS; v++)
			if ((vc == RIO_VOQ_VC_ALL || vc == v) &&
			    test_bit(p, gen->congested[v]))
				cong = true;
		if (rio_voq_reported_status(test_bit(p, gen->part), test_bit(p, gen->xoff),
					    cong, &trig))
			__set_bit(p, status);
		if (trig)
			__set_bit(p, trigger);
	}
}

/* What the partner was last told on @vc */
static unsigned long *rio_voq_gen_reported(struct rio_voq_gen *gen, int vc)
{
	return vc == RIO_VOQ_VC_ALL ? gen->reported_all : gen->reported[vc];
}

/*
 * The VCs a generator reports into @vcs: each VC with per-VC transmission
 * (rule 4.2 c), else one status for all VCs (rule 4.2 b; VC_IND 0b1111).
 * @only: one VC, or RIO_VOQ_VC_ALL for every VC.  Return: how many.
 */
static unsigned int rio_voq_gen_vcs(const struct rio_voq_gen *gen, int only,
				    int vcs[RIO_VOQ_NR_VCS])
{
	unsigned int n = 0;

	if (!gen->per_vc || only != RIO_VOQ_VC_ALL) {
		vcs[0] = gen->per_vc ? only : RIO_VOQ_VC_ALL;
		return 1;
	}
	for (n = 0; n < RIO_VOQ_NR_VCS; n++)
		vcs[n] = n;
	return n;
}

/*
 * The symbols of @vc's groups that changed (@full: of every group) into
 * @out, with room for @room.  Return: their number or a negative errno.
 */
static int rio_voq_gen_vc(struct rio_voq_gen *gen, int vc, bool full,
			  struct rio_voq_txsym *out, unsigned int room)
{
	DECLARE_BITMAP(status, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(trigger, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(known, RIO_VOQ_MAX_PORTS);
	u32 syms[RIO_VOQ_GEN_MAX_GROUPS];
	unsigned int p;
	int n, i;

	rio_voq_gen_status(gen, vc, status, trigger);
	/*
	 * The partner's view changes only where a trigger fires: build the
	 * "old" view in which non-triggering changes are invisible.
	 */
	bitmap_copy(known, rio_voq_gen_reported(gen, vc), RIO_VOQ_MAX_PORTS);
	for (p = 0; p < gen->nports; p++)
		if (!test_bit(p, trigger))
			__assign_bit(p, known, test_bit(p, status));

	n = rio_voq_sym_changes(gen->fmt, gen->pgs, vc, full ? NULL : known, status,
				gen->nports, syms,
				min_t(unsigned int, room, ARRAY_SIZE(syms)));
	for (i = 0; i < n; i++)
		out[i] = (struct rio_voq_txsym) { .sym = syms[i], .vc = vc };
	return n;
}

/*
 * Send the changes (@full: the whole status) of @only, or of every VC
 * for RIO_VOQ_VC_ALL.  What the partner knows of a VC is updated once
 * all the symbols fit in @max, where a symbol was sent for it (@full:
 * always).
 */
static int rio_voq_gen_send(struct rio_voq_gen *gen, int only, bool full,
			    struct rio_voq_txsym *out, unsigned int max)
{
	DECLARE_BITMAP(status, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(trigger, RIO_VOQ_MAX_PORTS);
	int vcs[RIO_VOQ_NR_VCS], cnt[RIO_VOQ_NR_VCS], ret;
	unsigned int nvcs, i, n = 0;

	if (!gen->gen_en)
		return 0;	/* rule 4.2 a */
	nvcs = rio_voq_gen_vcs(gen, only, vcs);
	for (i = 0; i < nvcs; i++) {
		ret = rio_voq_gen_vc(gen, vcs[i], full, out + n, max - n);
		if (ret < 0)
			return ret;
		cnt[i] = ret;
		n += ret;
	}
	for (i = 0; i < nvcs; i++) {
		if (!full && !cnt[i])
			continue;
		rio_voq_gen_status(gen, vcs[i], status, trigger);
		bitmap_copy(rio_voq_gen_reported(gen, vcs[i]), status, RIO_VOQ_MAX_PORTS);
	}
	return n;
}

/**
 * rio_voq_gen_update() - the symbols a generating port sends now
 * @gen: the model, after changes of congestion, participation or XOFF
 * @out: where to put the symbols
 * @max: room in @out
 *
 * A symbol goes out for each group in which a participating port's
 * reported status changed (rule 4.2 e; table 5-4: a port without
 * participation reports a fixed status and never causes a symbol, though
 * a symbol sent for its group carries its current status); none while
 * generation is off (rule 4.2 a).  With per-VC transmission each VC's
 * status is its own: a change on one VC sends symbols for that VC only
 * (rule 4.2 c); without, a port's status is that of all its VCs together
 * and the symbols are for all VCs (rule 4.2 b, VC_IND 0b1111).
 *
 * Return: the number of symbols, or a negative errno (-ENOSPC: more
 * than @max; then nothing counts as sent).
 */
int rio_voq_gen_update(struct rio_voq_gen *gen, struct rio_voq_txsym *out,
		       unsigned int max)
{
	return rio_voq_gen_send(gen, RIO_VOQ_VC_ALL, false, out, max);
}
EXPORT_SYMBOL_GPL(rio_voq_gen_update);

/**
 * rio_voq_gen_resync() - send every group again (after link recovery)
 * @gen: the model
 * @out: where to put the symbols
 * @max: room in @out
 *
 * Rule 4.2 g: symbols may be resent after link recovery so that no
 * congestion state is left orphaned at the partner: every group, of every
 * VC with per-VC transmission.
 *
 * Return: the number of symbols (0 while generation is off), or a
 * negative errno.
 */
int rio_voq_gen_resync(struct rio_voq_gen *gen, struct rio_voq_txsym *out,
		       unsigned int max)
{
	return rio_voq_gen_send(gen, RIO_VOQ_VC_ALL, true, out, max);
}
EXPORT_SYMBOL_GPL(rio_voq_gen_resync);

/**
 * rio_voq_gen_refresh() - the timed resend of the full status
 * @gen: the model
 * @vc: the VC whose VC_status timer fired (0..8), when the refresh
 *	shares that timer; RIO_VOQ_VC_ALL for a timer of its own
 * @out: where to put the symbols
 * @max: room in @out
 *
 * Rule 4.2 f: the symbol may be generated at intervals, on the VC_status
 * timer or a separate one.  Whether or not anything changed, every group
 * is sent again: with per-VC transmission, the groups of @vc (all VCs for
 * a separate timer); without, the status of all VCs, whichever timer
 * fired.  Nothing while generation is off (rule 4.2 a).
 *
 * Return: the number of symbols, or a negative errno (-EINVAL for a bad
 * @vc).
 */
int rio_voq_gen_refresh(struct rio_voq_gen *gen, int vc,
			struct rio_voq_txsym *out, unsigned int max)
{
	if (vc != RIO_VOQ_VC_ALL && (vc < 0 || vc >= RIO_VOQ_NR_VCS))
		return -EINVAL;
	return rio_voq_gen_send(gen, vc, true, out, max);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_gen_refresh);

/**
 * rio_voq_rx_symbol() - a receiving port takes a symbol
 * @rx: the model
 * @sym: the symbol, decoded with the port's RX group size
 * @vc: for CS48 and rev 2.x, the VC of the control symbol the VoQ field
 *	came combined with: 0 for a Status symbol, the VCID of a VC_Status
 *	symbol, RIO_VOQ_VC_ALL for any other; ignored for CS64, whose
 *	VC_IND names the VC
 *
 * Without per-VC transmission (the receiver's own bit 11) the status
 * applies to every VC, whatever symbol carried it; with it, to the VC
 * named, and VC_IND "all VCs" to every VC (3.3).  A reserved VC_IND is
 * ignored without error (table 3-3), and so, with per-VC transmission, is
 * a CS48 or rev 2.x VoQ field that came with no Status or VC_Status
 * symbol: bit 11 allows no other (table 5-3) and it names no VC.
 *
 * Return: 0, or -EINVAL for a symbol that is not VoQ backpressure or a
 * bad @vc.
 */
int rio_voq_rx_symbol(struct rio_voq_rx *rx, u32 sym, int vc)
{
	struct rio_voq_msg msg;
	unsigned int i, port;
	int ret, v;

	ret = rio_voq_sym_decode(rx->fmt, rx->pgs, sym, vc, &msg);
	if (ret == -EBADMSG ||
	    (!ret && rx->per_vc && rx->fmt != RIO_VOQ_FMT_CS64 &&
	     msg.vc == RIO_VOQ_VC_ALL)) {
		rx->ignored++;
		return 0;
	}
	if (ret)
		return ret;

	for (v = 0; v < RIO_VOQ_NR_VCS; v++) {
		if (rx->per_vc && msg.vc != RIO_VOQ_VC_ALL && msg.vc != v)
			continue;
		for (i = 0; i < msg.nbits; i++) {
			port = msg.first_port + i;
			if (port < RIO_VOQ_MAX_PORTS)
				__assign_bit(port, rx->congested[v], msg.status & BIT(i));
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rio_voq_rx_symbol);

/**
 * rio_voq_rx_release() - let go of what the transmitter said
 * @rx: the model
 *
 * Called when the partner's generation goes off (rule 4.2 a: no symbol
 * can clear what it said any more) and when the link goes down or
 * recovers (rule 4.2 g: orphaned congestion states): every downstream
 * port on every VC is taken as not congested, so no staging queue waits
 * for an update that may never come (see voq.rst, "Stale congestion
 * state").
 */
void rio_voq_rx_release(struct rio_voq_rx *rx)
{
	int v;

	for (v = 0; v < RIO_VOQ_NR_VCS; v++)
		bitmap_zero(rx->congested[v], RIO_VOQ_MAX_PORTS);
	rx->released++;
}
EXPORT_SYMBOL_GPL(rio_voq_rx_release);

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
