/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RapidIO Part 12 VoQ Backpressure: what a vendor driver needs.
 *
 * Register definitions of the VoQ Backpressure extended-feature block
 * (EF ID 0x000B) in both layouts the specification has had, the pure
 * helpers that decode them, the port group arithmetic and symbol codec,
 * and the staging-queue ops a switch driver registers.  Nothing here
 * touches hardware: register reads come in through a callback so that
 * the model can be tested without a fabric.  The reference models of a
 * generating and a receiving port are private to drivers/rapidio/
 * (spec/voq_txrx.h).
 *
 * Every function declared here is exported (EXPORT_SYMBOL_GPL).  Those
 * no module outside rio_spec.ko and rio_voq.ko calls are exported for
 * KUnit only and declared in drivers/rapidio/spec/rio_spec.h and
 * drivers/rapidio/voq/voq_internal.h.
 *
 * RapidIO numbers bits big-endian: bit 0 is the most significant bit of
 * a 32-bit word, so RapidIO bit n is BIT(31 - n).  The comments beside
 * each mask give the bit numbers used by the specification.
 */
#ifndef _LINUX_RIO_VOQ_H
#define _LINUX_RIO_VOQ_H

#include <linux/bits.h>
#include <linux/list.h>
#include <linux/types.h>

#define RIO_EFB_VOQ_ID			0x000B

/* Extended-features space, RapidIO Part 1 */
#define RIO_VOQ_EF_SPACE_START		0x0100
#define RIO_VOQ_EF_SPACE_END		0xfffc
#define RIO_VOQ_EF_PTR_ALIGN		4
/* Blocks an extended-feature walk visits before it calls the chain a loop */
#define RIO_VOQ_EF_TTL			64

/* Extended-feature block header (any block) */
#define RIO_VOQ_EF_HDR_PTR		GENMASK(31, 16)	/* bits 0-15: EF_PTR */
#define RIO_VOQ_EF_HDR_ID		GENMASK(15, 0)	/* bits 16-31: EF_ID */

/*
 * Block offsets.  Rev 2.x puts port n's CSR at 0xC + 4n (192 ports at
 * most); rev 3.0 and later at 0x20 + 4n (256 ports at most), leaving
 * 0x4-0x1C reserved.
 */
#define RIO_VOQ_BLK_HDR			0x00
#define RIO_VOQ_R2_PORT_CSR(n)		(0x0c + 4 * (n))
#define RIO_VOQ_R2_MAX_PORTS		192
#define RIO_VOQ_R3_PORT_CSR(n)		(0x20 + 4 * (n))
#define RIO_VOQ_R3_MAX_PORTS		256
#define RIO_VOQ_MAX_PORTS		RIO_VOQ_R3_MAX_PORTS

/* Port n VoQ Backpressure CSR, fields common to both layouts */
#define RIO_VOQ_CSR_GEN_SUP		BIT(31)	/* bit 0: generation supported */
#define RIO_VOQ_CSR_RX_SUP		BIT(30)	/* bit 1: reception supported */
#define RIO_VOQ_CSR_VC_SUP		BIT(29)	/* bit 2: per-VC supported (rev 2: VC linking) */
#define RIO_VOQ_CSR_RSVD_3_7		GENMASK(28, 24)	/* bits 3-7: reserved */
#define RIO_VOQ_CSR_GEN_EN		BIT(23)	/* bit 8: enable symbol generation */
#define RIO_VOQ_CSR_PART_EN		BIT(22)	/* bit 9: enable participation */
#define RIO_VOQ_CSR_XOFF		BIT(21)	/* bit 10: port XOFF */
#define RIO_VOQ_CSR_VC_EN		BIT(20)	/* bit 11: per-VC enable (rev 2: VC linking) */

/* Rev 3+ only */
#define RIO_VOQ_CSR_PGS_SUP_ALL		GENMASK(19, 13)	/* bits 12-18 */
#define RIO_VOQ_CSR_PGS_SUP(g)		BIT(19 - (g))	/* bit 12 + g: size g supported */
#define RIO_VOQ_CSR_R3_RSVD_19_25	GENMASK(12, 6)	/* bits 19-25: reserved */
#define RIO_VOQ_CSR_TX_PGS		GENMASK(5, 3)	/* bits 26-28: TX port group size */
#define RIO_VOQ_CSR_RX_PGS		GENMASK(2, 0)	/* bits 29-31: RX port group size */

/* Rev 2.x: bits 12-31 reserved */
#define RIO_VOQ_CSR_R2_RSVD_12_31	GENMASK(19, 0)

#define RIO_VOQ_CSR_R3_RSVD	(RIO_VOQ_CSR_RSVD_3_7 | RIO_VOQ_CSR_R3_RSVD_19_25)
#define RIO_VOQ_CSR_R2_RSVD	(RIO_VOQ_CSR_RSVD_3_7 | RIO_VOQ_CSR_R2_RSVD_12_31)

/* Port group sizes: 0..6 group bits; 7 is reserved */
#define RIO_VOQ_PGS_MAX			6
#define RIO_VOQ_PGS_RESERVED		7
#define RIO_VOQ_PGS_MASK_ALL		GENMASK(RIO_VOQ_PGS_MAX, 0)
/* Sizes 0 and 4 are hard-wired as supported in rev 3+ */
#define RIO_VOQ_PGS_MANDATORY		(BIT(0) | BIT(4))

/* Rev 2.x control symbol 48: fixed 6 status bits and 5 group bits */
#define RIO_VOQ_R2_STATUS_BITS		6
#define RIO_VOQ_R2_GROUP_BITS		5

/* Parameter bits shared by port group and port status, rev 3+ */
#define RIO_VOQ_CS48_PARAM_BITS		13
#define RIO_VOQ_CS64_PARAM_BITS		20

/**
 * enum rio_voq_layout - register layout of a VoQ block
 * @RIO_VOQ_LAYOUT_REV2: Part 12 rev 2.x, CSR at 0xC + 4n, no group sizes
 * @RIO_VOQ_LAYOUT_REV3: Part 12 rev 3.0 and later, CSR at 0x20 + 4n
 */
enum rio_voq_layout {
	RIO_VOQ_LAYOUT_REV2 = 2,
	RIO_VOQ_LAYOUT_REV3 = 3,
};

/**
 * enum rio_voq_fmt - format of the VoQ backpressure symbol on a link
 * @RIO_VOQ_FMT_REV2: rev 2.x control symbol 48, 6 status + 5 group bits
 * @RIO_VOQ_FMT_CS48: rev 3+ control symbol 48, 13 group + status bits
 * @RIO_VOQ_FMT_CS64: rev 3+ control symbol 64, 20 group + status bits
 */
enum rio_voq_fmt {
	RIO_VOQ_FMT_REV2,
	RIO_VOQ_FMT_CS48,
	RIO_VOQ_FMT_CS64,
};

/**
 * struct rio_voq_port - decoded Port n VoQ Backpressure CSR
 * @gen_sup: port can generate VoQ backpressure symbols (read-only)
 * @rx_sup: port can receive and honour VoQ backpressure symbols (read-only)
 * @vc_sup: per-VC backpressure (rev 2: VC linking) supported (read-only)
 * @pgs_sup: supported port group sizes, bit g set if size g is supported;
 *	always 0 for rev 2 (read-only)
 * @gen_en: symbol generation enabled
 * @part_en: this port participates in the symbols its device sends
 * @xoff: port status forced to congested
 * @vc_en: per-VC transmission (rev 2: VC linking) enabled
 * @tx_pgs: port group bits in transmitted symbols, 0..6 (rev 3+)
 * @rx_pgs: port group bits in received symbols, 0..6 (rev 3+)
 */
struct rio_voq_port {
	bool gen_sup;
	bool rx_sup;
	bool vc_sup;
	u8 pgs_sup;
	bool gen_en;
	bool part_en;
	bool xoff;
	bool vc_en;
	u8 tx_pgs;
	u8 rx_pgs;
};

/**
 * typedef rio_voq_read_fn - read one 32-bit register of a device
 * @ctx: caller's context (device, mport, simulated register file...)
 * @offset: byte offset in the device's configuration space
 * @val: where to store the value read
 *
 * Return: 0 on success or a negative errno.
 */
typedef int (*rio_voq_read_fn)(void *ctx, u32 offset, u32 *val);

/* Register model: voq_regs.c */
u32 rio_voq_csr_offset(enum rio_voq_layout layout, u32 ef, unsigned int port);
unsigned int rio_voq_layout_max_ports(enum rio_voq_layout layout);
u32 rio_voq_csr_writable(enum rio_voq_layout layout);
void rio_voq_csr_decode(enum rio_voq_layout layout, u32 csr,
			struct rio_voq_port *port);
int rio_voq_csr_encode(enum rio_voq_layout layout, u32 old,
		       const struct rio_voq_port *port, u32 *csr);
int rio_voq_detect_layout(rio_voq_read_fn read, void *ctx, u32 ef,
			  enum rio_voq_layout *layout);

/* Port group arithmetic: voq_groups.c */
unsigned int rio_voq_ports_covered(enum rio_voq_fmt fmt, unsigned int pgs);
int rio_voq_pgs_min_cover(enum rio_voq_fmt fmt, u8 pgs_mask,
			  unsigned int nports);
u8 rio_voq_pgs_common(u8 a, u8 b);

/*
 * VoQ backpressure symbols.  A symbol is held in a u32, right-aligned:
 * - rev 3+ CS48: the 14-bit stype2 field; bit 13 (stype2 bit 0) is CMD,
 *   1 for VoQ backpressure; below it the port status then the port group;
 * - rev 3+ CS64: stype0 (0b1101) in bits 27-24, then the 24 bits of
 *   parameter0 || parameter1: VC_IND (4 bits), port status, port group;
 * - rev 2.x CS48: the 14-bit stype2 field: CMD 0b001 in bits 13-11 (stype2
 *   bits 0-2), 6 status bits (stype2 bit 3 = offset 5 ... bit 8 = offset 0),
 *   5 group bits.
 * In every format the lowest port of a group is the least significant
 * status bit.
 */
#define RIO_VOQ_CS48_CMD		BIT(13)
#define RIO_VOQ_CS48_PARAM		GENMASK(12, 0)
#define RIO_VOQ_CS64_STYPE0_FIELD	GENMASK(27, 24)
#define RIO_VOQ_CS64_STYPE0		0xd
#define RIO_VOQ_CS64_VC_IND		GENMASK(23, 20)
#define RIO_VOQ_CS64_PARAM		GENMASK(19, 0)
#define RIO_VOQ_R2_CMD_FIELD		GENMASK(13, 11)
#define RIO_VOQ_R2_CMD			0x1
#define RIO_VOQ_R2_STATUS		GENMASK(10, 5)
#define RIO_VOQ_R2_GROUP		GENMASK(4, 0)

/* VC_IND (table 3-3): VC1..VC8 = 0b0000..0b0111, VC0 = 0b1000, all = 0b1111 */
#define RIO_VOQ_VC_IND_VC0		0x8
#define RIO_VOQ_VC_IND_ALL		0xf
#define RIO_VOQ_VC_ALL			(-1)
#define RIO_VOQ_NR_VCS			9

/**
 * struct rio_voq_msg - a decoded congestion message
 * @vc: the VC it applies to, 0..8, or RIO_VOQ_VC_ALL: for CS64 from its
 *	VC_IND; for CS48 and rev 2.x the VC of the Status or VC_Status
 *	control symbol it was combined with, as the decoder's caller gives it
 * @group: the port group value
 * @first_port: the port of status bit 0
 * @nbits: status bits carried
 * @status: bit i set if port @first_port + i is congested
 */
struct rio_voq_msg {
	int vc;
	unsigned int group;
	unsigned int first_port;
	unsigned int nbits;
	u32 status;
};

/* Congestion-message codec: voq_codec.c */
unsigned int rio_voq_refresh_symbols(enum rio_voq_fmt fmt, unsigned int pgs,
				     unsigned int nports);

/*
 * Staging queues (Part 12 2.2, 2.3, 4.3): an upstream device stages the
 * traffic it sends on a port in queues, one for each downstream egress
 * port or, with fewer queues, shared (co-mingled): the reverse map says
 * which queue each downstream port's traffic is in.  Where the device
 * also needs the next device's egress port for each destination, it keeps
 * next-hop entries.  How a device does either is its own business: a
 * driver registers staging ops for its vendor and device ID; without
 * them rio-voq keeps a generic map in the kernel.
 */
struct rio_dev;

/* Queues per port of the generic default */
#define RIO_VOQ_STAGING_QUEUES		4
/* Queues per port rio-voq takes from ops: a map entry is a u8 */
#define RIO_VOQ_STAGING_MAX_QUEUES	256

/**
 * struct rio_voq_staging_ops - a switch's staging-queue operations
 * @node: entry in the registry (rio-voq's)
 * @vid: vendor ID the ops are for
 * @did: device ID the ops are for
 * @nqueues: staging queues of a port
 * @set_map: program a port's reverse map, @map[d] = queue of downstream
 *	port d, @n entries; absent on a device whose map is fixed
 * @get_map: read a port's reverse map back
 * @set_next_hop: program the downstream egress port of @destid for traffic
 *	leaving by @port; absent where the device keeps no next-hop entries
 * @get_next_hop: read a next-hop entry back
 *
 * Each operation may be absent.  They return 0 (@nqueues: the count, 1
 * to RIO_VOQ_STAGING_MAX_QUEUES) or a negative errno.  @nqueues and
 * @get_map are also called by a host that only discovered the fabric,
 * while the host that enumerated it may be programming the same switch:
 * they must only read (no select register written before a read).
 */
struct rio_voq_staging_ops {
	struct list_head node;
	u16 vid;
	u16 did;
	int (*nqueues)(struct rio_dev *rdev, unsigned int port);
	int (*set_map)(struct rio_dev *rdev, unsigned int port, const u8 *map,
		       unsigned int n);
	int (*get_map)(struct rio_dev *rdev, unsigned int port, u8 *map,
		       unsigned int n);
	int (*set_next_hop)(struct rio_dev *rdev, unsigned int port, u16 destid,
			    u8 egress);
	int (*get_next_hop)(struct rio_dev *rdev, unsigned int port, u16 destid,
			    u8 *egress);
};

/* Staging queues: voq_staging.c */
int rio_voq_staging_register(struct rio_voq_staging_ops *ops);
void rio_voq_staging_unregister(struct rio_voq_staging_ops *ops);

/* Bounded extended-feature walk: voq_ef.c */
int rio_voq_ef_first(rio_voq_read_fn read, void *ctx, u32 *ptr);
int rio_voq_ef_find(rio_voq_read_fn read, void *ctx, u32 from, u16 ef_id,
		    unsigned int *ttl, u32 *offset);

#endif /* _LINUX_RIO_VOQ_H */
