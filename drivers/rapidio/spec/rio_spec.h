/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio_spec: what RapidIO Part 12 (VoQ Backpressure) and Part 6 (Port n
 * Latency Optimization CSRs) define, as pure code shared by rio-voq,
 * rio-sim and riovoq: register layouts and fields, port group
 * arithmetic, the bounded extended-feature walk and the congestion-symbol
 * codec.  The reference models of a generating and a receiving port are
 * in voq_txrx.h.
 *
 * What vendor drivers need is in <linux/rio_voq.h> (exported,
 * EXPORT_SYMBOL_GPL).  The functions declared here are those the
 * library's users call beyond it (exported, EXPORT_SYMBOL_GPL), and those
 * only the library's KUnit tests call (EXPORT_SYMBOL_IF_KUNIT).  Nothing
 * here touches hardware: registers come in through a read callback or
 * as values.
 *
 * RapidIO numbers bits big-endian: RapidIO bit n is BIT(31 - n).
 */
#ifndef _RIO_SPEC_H
#define _RIO_SPEC_H

#include <linux/bits.h>
#include <linux/rio_voq.h>
#include <linux/types.h>

/* Register model: voq_regs.c */
u32 rio_voq_csr_reserved(enum rio_voq_layout layout);
bool rio_voq_reported_status(bool part_en, bool xoff, bool congested,
			     bool *may_trigger);

/* Port group arithmetic: voq_groups.c */
unsigned int rio_voq_fmt_param_bits(enum rio_voq_fmt fmt);
int rio_voq_status_bits(enum rio_voq_fmt fmt, unsigned int pgs);
int rio_voq_port_to_slot(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int port, unsigned int *group,
			 unsigned int *bit);
int rio_voq_slot_to_port(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int group, unsigned int bit);

/* Congestion-message codec: voq_codec.c */
int rio_voq_vc_ind_encode(int vc, u8 *ind);
int rio_voq_vc_ind_decode(u8 ind, int *vc);
int rio_voq_sym_encode(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
		       unsigned int group, u32 status, u32 *sym);
int rio_voq_sym_decode(enum rio_voq_fmt fmt, unsigned int pgs, u32 sym,
		       int vc, struct rio_voq_msg *msg);
int rio_voq_sym_changes(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
			const unsigned long *old, const unsigned long *cur,
			unsigned int nports, u32 *syms, unsigned int max);

/*
 * The register exists only in LP-Serial Register Map II blocks (EF IDs
 * 0x0011, 0x0012, 0x0013, 0x0019): port n's at block offset 0x6C + 0x40 n,
 * 16 ports per block (Part 6 rev 4.1, 7.6.15).
 */
#define RIO_LAT_CSR(n)			(0x6c + 0x40 * (n))
#define RIO_LAT_MAX_PORTS		16

/* Port n Latency Optimization CSR */
#define RIO_LAT_CSR_MACK_SUP		BIT(31)	/* bit 0: multiple acks supported */
#define RIO_LAT_CSR_PNA_SUP		BIT(30)	/* bit 1: ackID-in-PNA recovery supported */
#define RIO_LAT_CSR_PNA_TX_SUP		BIT(29)	/* bit 2: TX ackID_status in PNA supported */
#define RIO_LAT_CSR_RSVD_3_7		GENMASK(28, 24)	/* bits 3-7: reserved */
#define RIO_LAT_CSR_MACK_EN		BIT(23)	/* bit 8: multiple acks enabled */
#define RIO_LAT_CSR_PNA_EN		BIT(22)	/* bit 9: ackID-in-PNA recovery enabled */
#define RIO_LAT_CSR_RSVD_10_31		GENMASK(21, 0)	/* bits 10-31: reserved */

#define RIO_LAT_CSR_CAPS	(RIO_LAT_CSR_MACK_SUP | RIO_LAT_CSR_PNA_SUP | \
				 RIO_LAT_CSR_PNA_TX_SUP)
#define RIO_LAT_CSR_CONTROLS	(RIO_LAT_CSR_MACK_EN | RIO_LAT_CSR_PNA_EN)
#define RIO_LAT_CSR_RSVD	(RIO_LAT_CSR_RSVD_3_7 | RIO_LAT_CSR_RSVD_10_31)

/**
 * struct rio_lat_port - decoded Port n Latency Optimization CSR
 * @mack_sup: bit 0, the port understands Packet-Accepted and Retry
 *	symbols that acknowledge several ackIDs (read-only)
 * @pna_sup: bit 1, the port can send a valid ackID_status in its
 *	Packet-Not-Accepted symbols and resume from the one it receives
 *	(read-only)
 * @pna_tx_sup: bit 2, the port can send a valid ackID_status in its
 *	Packet-Not-Accepted symbols (read-only; set whenever bit 1 is)
 * @mack_en: bit 8, multiple acknowledges enabled; false when @mack_sup
 *	is clear, where the bit is reserved whatever it reads
 * @pna_en: bit 9, ackID-in-PNA recovery enabled; false when @pna_sup is
 *	clear, where the bit is reserved whatever it reads
 */
struct rio_lat_port {
	bool mack_sup;
	bool pna_sup;
	bool pna_tx_sup;
	bool mack_en;
	bool pna_en;
};

/**
 * struct rio_lat_block - where a device keeps its Latency Optimization CSRs
 * @phys: offset of the device's LP-Serial block
 * @ef_id: its extended-feature ID
 * @rmap: its register map, 1 or 2; only map II has the registers
 * @nports: ports 0 to @nports - 1 of the block have the register: 0 for
 *	a map I block, else bounded by the device's ports, by
 *	RIO_LAT_MAX_PORTS and by the room before the lowest block above it
 */
struct rio_lat_block {
	u32 phys;
	u16 ef_id;
	unsigned int rmap;
	unsigned int nports;
};

/* Register model and discovery: lat_regs.c */
u32 rio_lat_csr_offset(u32 phys, unsigned int port);
u32 rio_lat_csr_writable(u32 csr);
void rio_lat_csr_decode(u32 csr, struct rio_lat_port *port);
int rio_lat_csr_encode(u32 old, const struct rio_lat_port *port, u32 *csr);
int rio_lat_csr_check(u32 csr);
int rio_lat_find(rio_voq_read_fn read, void *ctx, u32 from,
		 unsigned int dev_nports, struct rio_lat_block *blk);

#endif /* _RIO_SPEC_H */
