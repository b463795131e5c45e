/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RapidIO Part 12 VoQ Backpressure: reference models of a port that
 * generates symbols (Part 12 4.2, table 5-4) and of one that receives
 * them and gates its staging queues (4.3).
 *
 * Private to drivers/rapidio/: rio-sim runs them as its simulated
 * hardware and the KUnit tests check against them.  They are built into
 * rio_spec.ko with the codec they use, so that rio-sim loads without
 * rio-voq.
 */
#ifndef _RIO_VOQ_TXRX_H
#define _RIO_VOQ_TXRX_H

#include <linux/bitmap.h>
#include <linux/rio_voq.h>
#include <linux/types.h>

/**
 * struct rio_voq_gen - reference model of a port generating symbols
 * @fmt: symbol format of the link
 * @pgs: the port's TX port group size
 * @per_vc: Enable VoQ Backpressure Per VC Transmission (bit 11): one
 *	status per VC (rule 4.2 c), else the status of all VCs together
 * @gen_en: Enable VoQ Symbol Generation
 * @nports: ports of the device whose status the symbols carry
 * @part: Enable VoQ Participation of each port
 * @xoff: Port XOFF of each port
 * @congested: per VC, the real congestion of each port
 * @reported: per VC, the status the partner was last told (with @per_vc)
 * @reported_all: the status of all VCs the partner was last told
 *	(without @per_vc)
 */
struct rio_voq_gen {
	enum rio_voq_fmt fmt;
	unsigned int pgs;
	bool per_vc;
	bool gen_en;
	unsigned int nports;
	DECLARE_BITMAP(part, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(xoff, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(congested[RIO_VOQ_NR_VCS], RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(reported[RIO_VOQ_NR_VCS], RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(reported_all, RIO_VOQ_MAX_PORTS);
};

/**
 * struct rio_voq_txsym - a symbol as a generating port sends it
 * @sym: the symbol (see rio_voq.h)
 * @vc: the VC it is sent for, 0..8, or RIO_VOQ_VC_ALL: in CS64 its
 *	VC_IND; in CS48 and rev 2.x the Status (VC0) or VC_Status (VCID)
 *	control symbol the VoQ field must be combined with (rule 4.2 c,
 *	3.3), RIO_VOQ_VC_ALL where any control symbol may carry it
 */
struct rio_voq_txsym {
	u32 sym;
	int vc;
};

/* Most symbols one VC's full status takes (256 ports, 7 status bits) */
#define RIO_VOQ_GEN_MAX_GROUPS		64

/**
 * struct rio_voq_rx - reference model of a port receiving symbols
 * @fmt: symbol format of the link
 * @pgs: the port's RX port group size
 * @per_vc: the port's own Enable VoQ Backpressure Per VC Transmission
 *	(bit 11): symbols apply to the VC they name, else to all VCs (3.3)
 * @nqueues: staging queues
 * @queue: staging queue of each downstream port
 * @congested: per VC, the downstream ports reported congested
 * @ignored: symbols ignored (reserved VC_IND; with @per_vc, a CS48 or
 *	rev 2.x VoQ field not combined with a Status or VC_Status symbol)
 * @released: times what the transmitter said was let go as stale
 */
struct rio_voq_rx {
	enum rio_voq_fmt fmt;
	unsigned int pgs;
	bool per_vc;
	unsigned int nqueues;
	u8 queue[RIO_VOQ_MAX_PORTS];
	DECLARE_BITMAP(congested[RIO_VOQ_NR_VCS], RIO_VOQ_MAX_PORTS);
	unsigned int ignored;
	unsigned int released;
};

/* Reference models: voq_txrx.c */
int rio_voq_gen_update(struct rio_voq_gen *gen, struct rio_voq_txsym *out,
		       unsigned int max);
int rio_voq_gen_resync(struct rio_voq_gen *gen, struct rio_voq_txsym *out,
		       unsigned int max);
int rio_voq_gen_refresh(struct rio_voq_gen *gen, int vc,
			struct rio_voq_txsym *out, unsigned int max);
int rio_voq_rx_symbol(struct rio_voq_rx *rx, u32 sym, int vc);
void rio_voq_rx_release(struct rio_voq_rx *rx);
bool rio_voq_rx_port_stopped(const struct rio_voq_rx *rx, int vc,
			     unsigned int port);
bool rio_voq_rx_queue_stopped(const struct rio_voq_rx *rx, int vc,
			      unsigned int queue);

#endif /* _RIO_VOQ_TXRX_H */
