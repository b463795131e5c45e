/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RapidIO Part 6 Port n Latency Optimization CSRs: multiple acknowledges
 * and error recovery with the ackID in Packet-Not-Accepted symbols.
 *
 * The register model and its discovery (lat_regs.c, in rio_voq_model
 * beside the VoQ model, for rio-voq and rio-sim) and the per-link
 * policy (lat_policy.c, in rio_voq) are pure: registers come in through
 * a read callback or as values, nothing is written.  See
 * Documentation/driver-api/rapidio/voq.rst, "Latency optimization".
 *
 * RapidIO numbers bits big-endian: RapidIO bit n is BIT(31 - n).
 */
#ifndef _RIO_LAT_INTERNAL_H
#define _RIO_LAT_INTERNAL_H

#include <linux/bits.h>
#include <linux/rio_voq.h>
#include <linux/types.h>

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

/**
 * enum rio_lat_feat - the two features of the register
 * @RIO_LAT_MACK: multiple acknowledges (bits 0 and 8)
 * @RIO_LAT_PNA: error recovery with the ackID in PNA (bits 1, 2 and 9)
 * @RIO_LAT_NR_FEATS: number of features
 */
enum rio_lat_feat {
	RIO_LAT_MACK,
	RIO_LAT_PNA,
	RIO_LAT_NR_FEATS,
};

/**
 * enum rio_lat_choice - an admin's choice for a feature on a port
 * @RIO_LAT_CHOICE_NONE: none: the policy decides
 * @RIO_LAT_CHOICE_OFF: off
 * @RIO_LAT_CHOICE_ON: on
 */
enum rio_lat_choice {
	RIO_LAT_CHOICE_NONE,
	RIO_LAT_CHOICE_OFF,
	RIO_LAT_CHOICE_ON,
};

/**
 * struct rio_lat_end - what the policy needs of one end of a link
 * @csr: the end's Latency Optimization CSR as last read
 * @choice: the admin's choice for each feature on the end's port
 */
struct rio_lat_end {
	u32 csr;
	enum rio_lat_choice choice[RIO_LAT_NR_FEATS];
};

/**
 * enum rio_lat_bit - what the plan does with an end's control bit
 * @RIO_LAT_LEAVE: nothing: the end lacks the capability, so the bit is
 *	reserved; it is written back as read and is never reported on
 * @RIO_LAT_CLEAR: write 0
 * @RIO_LAT_SET: write 1
 */
enum rio_lat_bit {
	RIO_LAT_LEAVE,
	RIO_LAT_CLEAR,
	RIO_LAT_SET,
};

/**
 * struct rio_lat_plan - one feature on both ends of a link
 * @on: the feature is on at both ends; it is never on at one end only
 * @bit: what to do with each end's control bit
 * @why: for each end, why the feature is off there, NULL when it is on
 * @violation: the end breaks Part 6 (a CS64 port without ackID-in-PNA
 *	support, bit 1 set without bit 2): to be reported once
 *
 * An admin's choice the plan does not follow (an "on" toward a partner
 * that lacks the feature, an "off" of bit 9 on a CS64 link) is not kept
 * here: the port's file shows it after the plan's state (" (admin: on)").
 */
struct rio_lat_plan {
	bool on;
	enum rio_lat_bit bit[2];
	const char *why[2];
	bool violation[2];
};

/**
 * struct rio_lat_write - one write of a link's sequence
 * @end: the end written, 0 or 1
 * @old: its value before the write: what a rollback writes back
 * @val: the value written
 */
struct rio_lat_write {
	unsigned int end;
	u32 old;
	u32 val;
};

/* Writes a link's sequence has at the most: one per end */
#define RIO_LAT_MAX_WRITES	2

/* Per-link policy: lat_policy.c */
bool rio_lat_supported(u32 csr, enum rio_lat_feat feat);
void rio_lat_plan_link(const struct rio_lat_end *a, const struct rio_lat_end *b,
		       enum rio_voq_fmt fmt,
		       struct rio_lat_plan plan[RIO_LAT_NR_FEATS]);
int rio_lat_want_csr(u32 cur, const struct rio_lat_plan plan[RIO_LAT_NR_FEATS],
		     unsigned int end, u32 *want);
int rio_lat_choice_check(const struct rio_lat_end *me,
			 const struct rio_lat_end *far, enum rio_voq_fmt fmt,
			 enum rio_lat_feat feat, enum rio_lat_choice val);
unsigned int rio_lat_order(const u32 cur[2], const u32 want[2],
			   unsigned int near,
			   struct rio_lat_write w[RIO_LAT_MAX_WRITES]);

#endif /* _RIO_LAT_INTERNAL_H */
