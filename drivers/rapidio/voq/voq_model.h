/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RapidIO Part 12 VoQ Backpressure: reference models of a port that
 * generates symbols (Part 12 4.2, table 5-4) and of one that receives
 * them and gates its staging queues (4.3).
 *
 * Private to drivers/rapidio/: rio-sim runs them as its simulated
 * hardware and the KUnit tests check against them.  They are built into
 * rio_voq_model.ko with the codec they use, so that rio-sim loads
 * without rio-voq.
 */
#ifndef _RIO_VOQ_MODEL_H
#define _RIO_VOQ_MODEL_H

#include <linux/bitmap.h>
#include <linux/rio_voq.h>
#include <linux/types.h>

/**
 * struct rio_voq_gen - reference model of a port generating symbols
 * @fmt: symbol format of the link
 * @pgs: the port's TX port group size
 * @vc: VC reported in CS64 symbols (RIO_VOQ_VC_ALL without per-VC)
 * @gen_en: Enable VoQ Symbol Generation
 * @nports: ports of the device whose status the symbols carry
 * @part: Enable VoQ Participation of each port
 * @xoff: Port XOFF of each port
 * @congested: real congestion of each port
 * @reported: the status the partner was last told
 */
struct rio_voq_gen {
	enum rio_voq_fmt fmt;
	unsigned int pgs;
	int vc;
	bool gen_en;
	unsigned int nports;
	DECLARE_BITMAP(part, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(xoff, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(congested, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(reported, RIO_VOQ_MAX_PORTS);
};

/**
 * struct rio_voq_rx - reference model of a port receiving symbols
 * @fmt: symbol format of the link
 * @pgs: the port's RX port group size
 * @per_vc: the transmitter's per-VC transmission is enabled
 * @nqueues: staging queues
 * @queue: staging queue of each downstream port
 * @congested: per VC, the downstream ports reported congested
 * @ignored: symbols ignored (reserved VC_IND)
 */
struct rio_voq_rx {
	enum rio_voq_fmt fmt;
	unsigned int pgs;
	bool per_vc;
	unsigned int nqueues;
	u8 queue[RIO_VOQ_MAX_PORTS];
	DECLARE_BITMAP(congested[RIO_VOQ_NR_VCS], RIO_VOQ_MAX_PORTS);
	unsigned int ignored;
};

/* Reference models: voq_model.c */
int rio_voq_gen_update(struct rio_voq_gen *gen, u32 *syms, unsigned int max);
int rio_voq_gen_resync(struct rio_voq_gen *gen, u32 *syms, unsigned int max);
int rio_voq_rx_symbol(struct rio_voq_rx *rx, u32 sym);
bool rio_voq_rx_port_stopped(const struct rio_voq_rx *rx, int vc,
			     unsigned int port);
bool rio_voq_rx_queue_stopped(const struct rio_voq_rx *rx, int vc,
			      unsigned int queue);

#endif /* _RIO_VOQ_MODEL_H */
