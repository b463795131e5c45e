// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim fabric model: devices, links, registers and the routing of
 * maintenance transactions.
 *
 * Each device answers the standard CARs and CSRs that the rio core and
 * rio-voq read or write, an LP-Serial physical block (map I or II; map II
 * with each port's Latency Optimization CSR), an optional error
 * management block and an optional VoQ block, chained in
 * that order from offset 0x100 (hostile devices place the VoQ block
 * first or at the end of the space, and make it shorter than their port
 * count).  Registers are computed from the device state on access, so a
 * 255-port switch costs a few kilobytes, not a 64 KiB register file.
 * Unimplemented registers read 0 and ignore writes, as RapidIO requires
 * of reserved space; a write that lands on no writable register is
 * counted as a stray write.
 */

#include <kunit/visibility.h>
#include <linux/align.h>
#include <linux/bitfield.h>
#include <linux/bitmap.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/log2.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sim_fabric.h"

#define SIM_DID_CSR_MASK	0x00ffffff
#define SIM_LOCK_FREE		0xffff
#define SIM_PHYS_PORT_BASE	0x40
#define SIM_EM_PORT_BASE	0x40
#define SIM_EM_PORT_STRIDE	0x40
/*
 * The Port n VoQ Backpressure CSR as Part 12 table 5-3 lays it out, in the
 * spec's numbering (bit 0 is the most significant), written out from the
 * spec text and not taken from rio-voq's register helpers: rio-sim is the
 * oracle of rio-voq's writes, so it must not share rio-voq's idea of the
 * register.  Rev 3+ (rev 4.1 table 5-3): 0-2 capabilities (read-only),
 * 3-7 reserved, 8-11 controls, 12-18 group sizes supported (read-only),
 * 19-25 reserved, 26-28 TX and 29-31 RX port group size.  Rev 2.x (rev 2.2
 * table 5-3): 0-2 capabilities, 3-7 reserved, 8-11 controls, 12-31
 * reserved.
 */
#define SIM_SPEC_BITS(first, last)	GENMASK(31 - (first), 31 - (last))
#define SIM_VOQ_CONTROLS	SIM_SPEC_BITS(8, 11)
#define SIM_VOQ_R3_WRITABLE	(SIM_VOQ_CONTROLS | SIM_SPEC_BITS(26, 31))
#define SIM_VOQ_R3_RESERVED	(SIM_SPEC_BITS(3, 7) | SIM_SPEC_BITS(19, 25))
#define SIM_VOQ_R2_WRITABLE	SIM_VOQ_CONTROLS
#define SIM_VOQ_R2_RESERVED	(SIM_SPEC_BITS(3, 7) | SIM_SPEC_BITS(12, 31))

/* Port n registers of LP-Serial map II that rio_regs.h does not name */
#define SIM_PORT_N_PWR_MGMT_CSR	0x68
#define SIM_PORT_N_LAT_OPT_CSR	0x6c

/*
 * The Port n Latency Optimization CSR (map II only) as Part 6 rev 4.1
 * section 7.6.15 lays it out, from the spec text like the VoQ CSR above,
 * not from rio-voq's lat_internal.h: 0 multiple acknowledges supported,
 * 1 error recovery with ackID in PNA supported, 2 TX AckID_Status in PNA
 * supported (read-only), 3-7 reserved, 8 multiple acknowledges enabled
 * (reserved when bit 0 is clear), 9 error recovery with ackID in PNA
 * enabled (reserved when bit 1 is clear), 10-31 reserved.
 */
#define SIM_LAT_CAPS		SIM_SPEC_BITS(0, 2)
#define SIM_LAT_MACK_SUP	SIM_SPEC_BITS(0, 0)
#define SIM_LAT_PNA_SUP		SIM_SPEC_BITS(1, 1)
#define SIM_LAT_PNA_TX_SUP	SIM_SPEC_BITS(2, 2)
#define SIM_LAT_MACK_EN		SIM_SPEC_BITS(8, 8)
#define SIM_LAT_PNA_EN		SIM_SPEC_BITS(9, 9)
#define SIM_LAT_CONTROLS	(SIM_LAT_MACK_EN | SIM_LAT_PNA_EN)
#define SIM_LAT_RESERVED	(SIM_SPEC_BITS(3, 7) | SIM_SPEC_BITS(10, 31))

/* The names rio_sim.h gives the tests are the spec's bits */
static_assert(RIO_SIM_LAT_CAPS_ALL == SIM_LAT_CAPS);
static_assert(RIO_SIM_LAT_MACK_SUP == SIM_LAT_MACK_SUP);
static_assert(RIO_SIM_LAT_PNA_SUP == SIM_LAT_PNA_SUP);
static_assert(RIO_SIM_LAT_PNA_TX_SUP == SIM_LAT_PNA_TX_SUP);
static_assert(RIO_SIM_LAT_MACK_EN == SIM_LAT_MACK_EN);
static_assert(RIO_SIM_LAT_PNA_EN == SIM_LAT_PNA_EN);

/* Port n Control 2 CSR, selected baud rate (Part 6): one rate per class */
static const u8 sim_baud_code[] = {
	[1] = 0x3,	/* 3.125 Gbaud: class 1 */
	[2] = 0x5,	/* 6.25 Gbaud: class 2 */
	[3] = 0x6,	/* 10.3125 Gbaud: class 3 */
};

static unsigned int sim_routes(const struct rio_sim_dev *dev)
{
	return dev->fabric->routes;
}

static u16 sim_any_destid(const struct rio_sim_fabric *fab)
{
	return fab->large ? 0xffff : 0xff;
}

static u16 sim_base_destid(const struct rio_sim_dev *dev)
{
	if (dev->fabric->large)
		return FIELD_GET(GENMASK(15, 0), dev->did_csr);
	return FIELD_GET(GENMASK(23, 16), dev->did_csr);
}

/* The route table entry of @destid, NULL if the table has none */
static u8 *sim_route_entry(struct rio_sim_dev *dev, u32 destid)
{
	if (!dev->route)
		return NULL;
	if (destid < sim_routes(dev))
		return &dev->route[destid];
	if (dev->fabric->large && destid == sim_any_destid(dev->fabric))
		return &dev->route_any;
	return NULL;
}

static u32 sim_phys_stride(const struct rio_sim_dev *dev)
{
	return 0x20 * dev->map;
}

static u32 sim_phys_size(const struct rio_sim_dev *dev)
{
	return SIM_PHYS_PORT_BASE + sim_phys_stride(dev) * dev->nports;
}

static u32 sim_em_size(const struct rio_sim_dev *dev)
{
	return SIM_EM_PORT_BASE + SIM_EM_PORT_STRIDE * dev->nports;
}

static u32 sim_voq_size(const struct rio_sim_dev *dev)
{
	return rio_voq_csr_offset(dev->voq_layout, 0, dev->voq_nports);
}

static u16 sim_phys_id(const struct rio_sim_dev *dev)
{
	if (dev->map == RIO_SIM_MAP_I)
		return dev->is_switch ? RIO_EFB_SER_EPF_SW_M1_ID : RIO_EFB_SER_EP_FREE_ID;
	return dev->is_switch ? RIO_EFB_SER_EPF_SW_M2_ID : RIO_EFB_SER_EPF_M2_ID;
}

/* Offset of the block after the one at @ef, 0 if it is the last */
static u32 sim_next_block(const struct rio_sim_dev *dev, u32 ef)
{
	const u32 block[] = { dev->phys_ef, dev->em_ef, dev->voq_ef };
	unsigned int i;
	u32 next = 0;

	/* The chain follows the address order, whatever the placement */
	for (i = 0; i < ARRAY_SIZE(block); i++)
		if (block[i] > ef && (!next || block[i] < next))
			next = block[i];
	return next;
}

static u32 sim_ef_header(const struct rio_sim_dev *dev, u32 ef, u16 id)
{
	u32 next = sim_next_block(dev, ef);

	/* Hostile: the last block leads back to the first */
	if (!next && dev->ef_loop)
		next = sim_next_block(dev, 0);
	return FIELD_PREP(RIO_VOQ_EF_HDR_PTR, next) |
	       FIELD_PREP(RIO_VOQ_EF_HDR_ID, id);
}

/* A port is OK when its link is up and neither end is unavailable */
static u32 sim_port_err_sts(const struct rio_sim_port *p)
{
	u32 val = p->peer && !p->unavailable && !p->link_down &&
		  !p->peer->port[p->peer_port].unavailable ?
		  RIO_PORT_N_ERR_STS_PORT_OK : RIO_PORT_N_ERR_STS_PORT_UNINIT;

	if (p->unavailable)
		val |= RIO_PORT_N_ERR_STS_PORT_UA;
	if (p->pw_pending)
		val |= RIO_PORT_N_ERR_STS_PW_PEND;
	return val;
}

static u32 sim_port_ctl2(const struct rio_sim_port *p)
{
	if (!p->peer || p->baud_class >= ARRAY_SIZE(sim_baud_code))
		return 0;
	return FIELD_PREP(RIO_PORT_N_CTL2_SEL_BAUD, sim_baud_code[p->baud_class]);
}

static u32 sim_phys_read(struct rio_sim_dev *dev, u32 off)
{
	struct rio_sim_port *p;
	unsigned int n;

	if (off == 0)
		return sim_ef_header(dev, dev->phys_ef, sim_phys_id(dev));
	if (off == RIO_PORT_GEN_CTL_CSR)
		return dev->port_gen_ctl;
	if (off < SIM_PHYS_PORT_BASE)
		return 0;

	n = (off - SIM_PHYS_PORT_BASE) / sim_phys_stride(dev);
	p = &dev->port[n];
	switch ((off - SIM_PHYS_PORT_BASE) % sim_phys_stride(dev)) {
	case RIO_PORT_N_CTL2_CSR(0, 0) - SIM_PHYS_PORT_BASE:
		return sim_port_ctl2(p);
	case RIO_PORT_N_ERR_STS_CSR(0, 0) - SIM_PHYS_PORT_BASE:
		return sim_port_err_sts(p);
	case RIO_PORT_N_CTL_CSR(0, 0) - SIM_PHYS_PORT_BASE:
		return p->ctl;
	case SIM_PORT_N_LAT_OPT_CSR - SIM_PHYS_PORT_BASE:
		return dev->map == RIO_SIM_MAP_II ? p->lat_caps | p->lat_ctl : 0;
	}
	return 0;
}

/*
 * A write to a Port n Latency Optimization CSR.  The capabilities are
 * read-only; a control is writable where its capability is set and
 * reserved where it is not; the other bits are reserved.  Reserved bits
 * read 0 and ignore writes, and a write that sets one (a control whose
 * capability is clear included) is counted as one violation.  An
 * injected fault keeps the write from landing, without failing it or
 * keeping it from being counted.
 */
static void sim_lat_write(struct rio_sim_port *p, u32 val)
{
	u32 writable = 0;

	if (p->lat_caps & SIM_LAT_MACK_SUP)
		writable |= SIM_LAT_MACK_EN;
	if (p->lat_caps & SIM_LAT_PNA_SUP)
		writable |= SIM_LAT_PNA_EN;

	p->lat_writes++;
	if (val & (SIM_LAT_RESERVED | (SIM_LAT_CONTROLS & ~writable)))
		p->lat_violations++;
	if (!p->lat_wfault_ignore)
		p->lat_ctl = val & writable;
}

/*
 * A write to the LP-Serial block.  Port n Control and Port General
 * Control keep what is written, and the Port n Latency Optimization CSR
 * (map II) its controls; the other writable registers of Part 6 take the
 * write and model nothing.
 *
 * Return: true if @off is a writable register.
 */
static bool sim_phys_write(struct rio_sim_dev *dev, u32 off, u32 val)
{
	unsigned int n;
	u32 reg;

	switch (off) {
	case RIO_PORT_GEN_CTL_CSR:
		dev->port_gen_ctl = val;
		return true;
	case RIO_PORT_LINKTO_CTL_CSR:
	case RIO_PORT_RSPTO_CTL_CSR:
		return true;
	}
	if (off < SIM_PHYS_PORT_BASE)
		return false;

	n = (off - SIM_PHYS_PORT_BASE) / sim_phys_stride(dev);
	reg = SIM_PHYS_PORT_BASE + (off - SIM_PHYS_PORT_BASE) % sim_phys_stride(dev);
	switch (reg) {
	case RIO_PORT_N_CTL_CSR(0, 0):
		dev->port[n].ctl = val;
		return true;
	case RIO_PORT_N_ERR_STS_CSR(0, 0):
		/* Port-Write Pending is write-1-to-clear; the status is not */
		if (val & RIO_PORT_N_ERR_STS_PW_PEND)
			dev->port[n].pw_pending = false;
		return true;
	case RIO_PORT_N_MNT_REQ_CSR(0, 0):
	case RIO_PORT_N_CTL2_CSR(0, 0):
		return true;
	case RIO_PORT_N_ACK_STS_CSR(0):
		return dev->map == RIO_SIM_MAP_I;
	case RIO_PORT_N_OB_ACK_CSR(0):
	case RIO_PORT_N_IB_ACK_CSR(0):
	case SIM_PORT_N_PWR_MGMT_CSR:
		return dev->map == RIO_SIM_MAP_II;
	case SIM_PORT_N_LAT_OPT_CSR:
		if (dev->map != RIO_SIM_MAP_II)
			return false;
		sim_lat_write(&dev->port[n], val);
		return true;
	}
	return false;
}

/*
 * A read of the error management block: its header, the port-write
 * target and transmission control, and each port's error detect CSR.
 */
static u32 sim_em_read(struct rio_sim_dev *dev, u32 off)
{
	switch (off) {
	case 0:
		return sim_ef_header(dev, dev->em_ef, dev->em_hs ? RIO_EFB_ERR_MGMNT_HS :
							 RIO_EFB_ERR_MGMNT);
	case RIO_EM_PW_TGT_DEVID:
		return dev->pw_tgt;
	case RIO_EM_PW_TX_CTRL:
		return dev->pw_tx_ctrl;
	}
	if (off >= SIM_EM_PORT_BASE &&
	    (off - SIM_EM_PORT_BASE) % SIM_EM_PORT_STRIDE == 0)
		return dev->port[(off - SIM_EM_PORT_BASE) / SIM_EM_PORT_STRIDE].em_err_det;
	return 0;
}

/*
 * A write to the error management block: the port-write target and
 * transmission control and the ports' error detect CSRs keep what is
 * written; the other registers Part 8 makes writable take the write and
 * model nothing.
 *
 * Return: true if @off is a writable register.
 */
static bool sim_em_write(struct rio_sim_dev *dev, u32 off, u32 val)
{
	switch (off) {
	case RIO_EM_PW_TGT_DEVID:
		dev->pw_tgt = val;
		return true;
	case RIO_EM_PW_TX_CTRL:
		dev->pw_tx_ctrl = val & RIO_EM_PW_TX_CTRL_PW_DIS;
		return true;
	}
	if (off < SIM_EM_PORT_BASE)
		return off >= RIO_EM_LTL_ERR_DETECT && off <= RIO_EM_PW_TX_CTRL;
	switch (SIM_EM_PORT_BASE + (off - SIM_EM_PORT_BASE) % SIM_EM_PORT_STRIDE) {
	case RIO_EM_PN_ERR_DETECT(0):
		dev->port[(off - SIM_EM_PORT_BASE) / SIM_EM_PORT_STRIDE].em_err_det = val;
		return true;
	case RIO_EM_PN_ERRRATE_EN(0):
	case RIO_EM_PN_ATTRIB_CAP(0):
	case RIO_EM_PN_PKT_CAP_0(0):
	case RIO_EM_PN_PKT_CAP_1(0):
	case RIO_EM_PN_PKT_CAP_2(0):
	case RIO_EM_PN_PKT_CAP_3(0):
	case RIO_EM_PN_ERRRATE(0):
	case RIO_EM_PN_ERRRATE_TR(0):
	case RIO_EM_PN_LINK_UDT(0):
		return true;
	}
	return false;
}

/* The port whose VoQ CSR is at block offset @off, -1 if none is */
static int sim_voq_port_of(const struct rio_sim_dev *dev, u32 off)
{
	u32 first = rio_voq_csr_offset(dev->voq_layout, 0, 0);

	if (off < first || (off - first) % 4 || (off - first) / 4 >= dev->voq_nports)
		return -1;
	return (off - first) / 4;
}

/* Has the write fault of @p begun */
static bool sim_wfault_on(const struct rio_sim_port *p)
{
	return p->wfault && p->wfault_seen >= p->wfault_nth;
}

static u32 sim_voq_read(struct rio_sim_dev *dev, u32 off)
{
	int n = sim_voq_port_of(dev, off);
	struct rio_sim_port *p;
	u32 val;

	if (off == RIO_VOQ_BLK_HDR)
		return sim_ef_header(dev, dev->voq_ef, RIO_EFB_VOQ_ID);
	if (n < 0)
		return 0;
	p = &dev->port[n];
	val = p->voq_caps | p->voq_ctl;
	if (p->wfault == RIO_SIM_WFAULT_READBACK && sim_wfault_on(p))
		val ^= p->wfault_mask;
	return val;
}

/* The partner port's VoQ CSR, or 0 if it has none */
static u32 sim_peer_voq(const struct rio_sim_port *p)
{
	const struct rio_sim_dev *peer = p->peer;

	if (!peer || !peer->voq_ef)
		return 0;
	return peer->port[p->peer_port].voq_caps | peer->port[p->peer_port].voq_ctl;
}

/*
 * Apply a write to a Port n VoQ CSR.  Read-only and reserved bits are
 * dropped (by rio-sim's own masks, from the spec); a write that sets a
 * reserved bit is counted as a violation.  What Part 12 forbids
 * (changing TX group size while generating, RX group size while the
 * partner generates, a reserved or unsupported size, per-VC without
 * support) is refused field by field as hardware that latches only legal
 * values would, and counted as a violation; enabling generation toward a
 * partner that cannot receive is carried out but counted too.  Changing
 * per-VC transmission while the partner generates over a link that is up
 * breaks rio-voq's own rule, not Part 12's: carried out, and counted
 * apart.
 */
static void sim_voq_write_port(struct rio_sim_dev *dev, unsigned int n, u32 val)
{
	bool rev3 = dev->voq_layout == RIO_VOQ_LAYOUT_REV3;
	struct rio_sim_port *p = &dev->port[n];
	u32 old = p->voq_ctl, new = val & (rev3 ? SIM_VOQ_R3_WRITABLE : SIM_VOQ_R2_WRITABLE);
	u32 peer = sim_peer_voq(p);

	if (val & (rev3 ? SIM_VOQ_R3_RESERVED : SIM_VOQ_R2_RESERVED))
		p->voq_violations++;

	if ((new & RIO_VOQ_CSR_VC_EN) && !(p->voq_caps & RIO_VOQ_CSR_VC_SUP)) {
		new &= ~RIO_VOQ_CSR_VC_EN;
		p->voq_violations++;
	}
	if ((new & RIO_VOQ_CSR_GEN_EN) && !(p->voq_caps & RIO_VOQ_CSR_GEN_SUP)) {
		new &= ~RIO_VOQ_CSR_GEN_EN;
		p->voq_violations++;
	}

	if (rev3) {
		u32 tx = FIELD_GET(RIO_VOQ_CSR_TX_PGS, new);
		u32 rx = FIELD_GET(RIO_VOQ_CSR_RX_PGS, new);

		if (tx != FIELD_GET(RIO_VOQ_CSR_TX_PGS, old) &&
		    ((old & RIO_VOQ_CSR_GEN_EN) || tx > RIO_VOQ_PGS_MAX ||
		     !(p->voq_caps & RIO_VOQ_CSR_PGS_SUP(tx)))) {
			new = (new & ~RIO_VOQ_CSR_TX_PGS) | (old & RIO_VOQ_CSR_TX_PGS);
			p->voq_violations++;
		}
		if (rx != FIELD_GET(RIO_VOQ_CSR_RX_PGS, old) &&
		    ((peer & RIO_VOQ_CSR_GEN_EN) || rx > RIO_VOQ_PGS_MAX ||
		     !(p->voq_caps & RIO_VOQ_CSR_PGS_SUP(rx)))) {
			new = (new & ~RIO_VOQ_CSR_RX_PGS) | (old & RIO_VOQ_CSR_RX_PGS);
			p->voq_violations++;
		}
	}

	if ((new & RIO_VOQ_CSR_GEN_EN) && !(old & RIO_VOQ_CSR_GEN_EN) &&
	    !(peer & RIO_VOQ_CSR_RX_SUP))
		p->voq_violations++;
	/*
	 * Bit 11 changes how this end reads what it receives (3.3): while
	 * the partner generates over a link that is up, its symbols would
	 * be read by a rule other than the one they were sent by.  Part 12
	 * names no order; this is the RX group size rule's analogue, which
	 * rio-voq keeps (voq.rst).  Carried out, and counted apart.
	 */
	if (((old ^ new) & RIO_VOQ_CSR_VC_EN) && (peer & RIO_VOQ_CSR_GEN_EN) &&
	    (sim_port_err_sts(p) & RIO_PORT_N_ERR_STS_PORT_OK))
		p->voq_vc_violations++;

	p->voq_ctl = new;
	/*
	 * A generator turned off will never clear what it said: its
	 * partner lets go (rule 4.2 a; voq.rst, "Stale congestion state").
	 * One turned on does not know what its partner was told before (a
	 * link that recovered, a partner replaced): it starts with its full
	 * status, as after link recovery (rule 4.2 g).  Minimal silicon
	 * does neither (rio_sim_symbols_release(), _resync()).
	 */
	if ((old & ~new & RIO_VOQ_CSR_GEN_EN) && p->peer)
		rio_sim_symbols_release(p->peer, p->peer_port);
	if (new & ~old & RIO_VOQ_CSR_GEN_EN)
		rio_sim_symbols_resync(dev, n);
	/* Table 5-4: a new XOFF or participation may change a reported status */
	if ((old ^ new) & (RIO_VOQ_CSR_XOFF | RIO_VOQ_CSR_PART_EN))
		rio_sim_symbols_update(dev);
}

/*
 * Return: true if @off is a Port n VoQ CSR (the rest is read-only).  A
 * write fault of the port that has begun (with this write or before)
 * keeps the write from sticking, without failing it.
 */
static bool sim_voq_write(struct rio_sim_dev *dev, u32 off, u32 val)
{
	int n = sim_voq_port_of(dev, off);
	struct rio_sim_port *p;

	if (n < 0)
		return false;
	p = &dev->port[n];
	p->voq_writes++;
	if (p->wfault && p->wfault_seen < p->wfault_nth &&
	    ++p->wfault_seen == p->wfault_nth)
		p->wfault_stuck = p->voq_ctl & p->wfault_mask;
	if (!sim_wfault_on(p)) {
		sim_voq_write_port(dev, n, val);
		return true;
	}
	switch (p->wfault) {
	case RIO_SIM_WFAULT_IGNORE:
		break;
	case RIO_SIM_WFAULT_STUCK:
		sim_voq_write_port(dev, n, val);
		p->voq_ctl = (p->voq_ctl & ~p->wfault_mask) | p->wfault_stuck;
		break;
	default:
		sim_voq_write_port(dev, n, val);
		break;
	}
	return true;
}

/* Entry of a staging register within a port's 256 entries, -1 if none */
static int sim_staging_entry(const struct rio_sim_dev *dev, u32 off, u32 base)
{
	u32 rel = off - base, p = rel / 0x400, e = (rel % 0x400) / 4;

	if (off < base || p >= dev->nports || e >= RIO_SIM_ROUTES_SMALL)
		return -1;
	return p * RIO_SIM_ROUTES_SMALL + e;
}

static u32 sim_staging_read(struct rio_sim_dev *dev, u32 off)
{
	const struct rio_sim_port *p;
	int i;

	if (off == RIO_SIM_STG_CAP)
		return dev->staging << 8 | dev->staging_queues;
	if (off < RIO_SIM_STG_HOP(0, 0)) {
		i = sim_staging_entry(dev, off, RIO_SIM_STG_MAP(0, 0));
		if (i < 0)
			return 0;
		if (dev->staging == RIO_SIM_STAGING_FIXED)
			return (i % RIO_SIM_ROUTES_SMALL) % dev->staging_queues;
		p = &dev->port[i / RIO_SIM_ROUTES_SMALL];
		if (p->stg_wfault == RIO_SIM_WFAULT_READBACK)
			return dev->stg_map[i] ^ p->stg_wfault_mask;
		return dev->stg_map[i];
	}
	i = sim_staging_entry(dev, off, RIO_SIM_STG_HOP(0, 0));
	return i < 0 || !dev->stg_hop ? 0 : dev->stg_hop[i];
}

/*
 * Return: true if @off is a writable staging register (RAM model).  A
 * write fault of the port (rio_sim_set_stg_wfault()) keeps a reverse map
 * entry from taking the write, without failing it.
 */
static bool sim_staging_write(struct rio_sim_dev *dev, u32 off, u32 val)
{
	const struct rio_sim_port *p;
	int i;

	if (dev->staging != RIO_SIM_STAGING_RAM || off == RIO_SIM_STG_CAP)
		return false;
	if (off < RIO_SIM_STG_HOP(0, 0)) {
		i = sim_staging_entry(dev, off, RIO_SIM_STG_MAP(0, 0));
		if (i < 0)
			return false;
		p = &dev->port[i / RIO_SIM_ROUTES_SMALL];
		if (p->stg_wfault == RIO_SIM_WFAULT_IGNORE)
			return true;
		if (p->stg_wfault == RIO_SIM_WFAULT_STUCK)
			val = (val & ~p->stg_wfault_mask) |
			      (dev->stg_map[i] & p->stg_wfault_mask);
		/* the RAM holds queue numbers below the queue count */
		if (val < dev->staging_queues)
			dev->stg_map[i] = val;
		return true;
	}
	i = sim_staging_entry(dev, off, RIO_SIM_STG_HOP(0, 0));
	if (i >= 0)
		dev->stg_hop[i] = val & 0xff;
	return i >= 0;
}

static bool sim_in_block(u32 off, u32 ef, u32 size)
{
	return ef && off >= ef && off < ef + size;
}

/* Is @off in @dev's VoQ block or among its staging registers */
static bool sim_voq_reg(const struct rio_sim_dev *dev, u32 off)
{
	return sim_in_block(off, dev->voq_ef, sim_voq_size(dev)) ||
	       (dev->staging && off >= RIO_SIM_STG_CAP && off < RIO_SIM_STG_END);
}

static u32 sim_reg_read(struct rio_sim_dev *dev, u32 off, unsigned int ingress)
{
	u8 *entry;

	switch (off) {
	case RIO_DEV_ID_CAR:
	case RIO_ASM_ID_CAR:
		return (u32)dev->did << 16 | dev->vid;
	case RIO_DEV_INFO_CAR:
		return 1;
	case RIO_ASM_INFO_CAR:
		return 1 << 16 | RIO_SIM_PHYS_EF;
	case RIO_PEF_CAR:
		return (dev->is_switch ? RIO_PEF_SWITCH | RIO_PEF_MULTIPORT :
					 RIO_PEF_PROCESSOR | RIO_PEF_MEMORY) |
		       (dev->fabric->large ? RIO_PEF_CTLS : 0) |
		       RIO_PEF_EXT_FEATURES | RIO_PEF_ADDR_34;
	case RIO_SWP_INFO_CAR:
		return dev->swp_ports << 8 | ingress;
	case RIO_SRC_OPS_CAR:
	case RIO_DST_OPS_CAR:
		return dev->is_switch ? 0 : RIO_SRC_OPS_READ | RIO_SRC_OPS_WRITE |
					    RIO_SRC_OPS_DOORBELL | RIO_SRC_OPS_DATA_MSG;
	case RIO_SWITCH_RT_LIMIT:
		return dev->is_switch ? sim_routes(dev) - 1 : 0;
	case RIO_PELL_CTRL_CSR:
		return dev->pell_ctl;
	case RIO_DID_CSR:
		return dev->did_csr;
	case RIO_HOST_DID_LOCK_CSR:
		return dev->host_lock;
	case RIO_COMPONENT_TAG_CSR:
		return dev->comptag;
	case RIO_STD_RTE_CONF_DESTID_SEL_CSR:
		return dev->is_switch ? dev->rte_sel : 0;
	case RIO_STD_RTE_CONF_PORT_SEL_CSR:
		entry = dev->is_switch ? sim_route_entry(dev, dev->rte_sel) : NULL;
		return entry ? *entry : 0;
	case RIO_STD_RTE_DEFAULT_PORT:
		return dev->is_switch ? dev->rte_default : 0;
	}

	if (dev->staging && off >= RIO_SIM_STG_CAP && off < RIO_SIM_STG_END)
		return sim_staging_read(dev, off);
	if (sim_in_block(off, dev->phys_ef, sim_phys_size(dev)))
		return sim_phys_read(dev, off - dev->phys_ef);
	if (sim_in_block(off, dev->em_ef, sim_em_size(dev)))
		return sim_em_read(dev, off - dev->em_ef);
	if (sim_in_block(off, dev->voq_ef, sim_voq_size(dev)))
		return sim_voq_read(dev, off - dev->voq_ef);
	if (off >= RIO_VOQ_EF_SPACE_START && off <= RIO_VOQ_EF_SPACE_END)
		return dev->unused_reads;
	return 0;
}

/*
 * Apply a write.  Return: true if it landed on a writable register,
 * false for a stray write (reserved or unimplemented space, a read-only
 * register, a block header), which changes nothing.
 */
static bool sim_reg_write(struct rio_sim_dev *dev, u32 off, u32 val)
{
	u8 *entry;

	switch (off) {
	case RIO_PELL_CTRL_CSR:
		dev->pell_ctl = val & (RIO_PELL_ADDR_34 | RIO_PELL_ADDR_50 |
				       RIO_PELL_ADDR_66);
		return true;
	case RIO_DID_CSR:
		dev->did_csr = val & SIM_DID_CSR_MASK;
		return true;
	case RIO_HOST_DID_LOCK_CSR:
		/* Free: take it.  Held by the writer: release it. */
		val &= SIM_LOCK_FREE;
		if (dev->host_lock == SIM_LOCK_FREE)
			dev->host_lock = val;
		else if (dev->host_lock == val)
			dev->host_lock = SIM_LOCK_FREE;
		return true;
	case RIO_COMPONENT_TAG_CSR:
		dev->comptag = val;
		return true;
	case RIO_STD_RTE_CONF_DESTID_SEL_CSR:
		if (dev->is_switch)
			dev->rte_sel = val;
		return dev->is_switch;
	case RIO_STD_RTE_CONF_PORT_SEL_CSR:
		entry = dev->is_switch ? sim_route_entry(dev, dev->rte_sel) : NULL;
		if (entry)
			*entry = val & 0xff;
		return dev->is_switch;
	case RIO_STD_RTE_DEFAULT_PORT:
		if (dev->is_switch)
			dev->rte_default = val & 0xff;
		return dev->is_switch;
	}

	if (dev->staging && off >= RIO_SIM_STG_CAP && off < RIO_SIM_STG_END)
		return sim_staging_write(dev, off, val);
	if (sim_in_block(off, dev->phys_ef, sim_phys_size(dev)))
		return sim_phys_write(dev, off - dev->phys_ef, val);
	if (sim_in_block(off, dev->em_ef, sim_em_size(dev)))
		return sim_em_write(dev, off - dev->em_ef, val);
	if (sim_in_block(off, dev->voq_ef, sim_voq_size(dev)))
		return sim_voq_write(dev, off - dev->voq_ef, val);
	return false;
}

/**
 * rio_sim_fabric_alloc() - allocate an empty fabric
 * @large: use 16-bit destination IDs instead of 8-bit ones
 *
 * Return: the fabric, or NULL if out of memory.
 */
struct rio_sim_fabric *rio_sim_fabric_alloc(bool large)
{
	struct rio_sim_fabric *fab = kzalloc(sizeof(*fab), GFP_KERNEL);

	if (!fab)
		return NULL;
	fab->large = large;
	refcount_set(&fab->users, 1);
	fab->routes = large ? RIO_SIM_ROUTES : RIO_SIM_ROUTES_SMALL;
	spin_lock_init(&fab->lock);
	mutex_init(&fab->ev_lock);
	INIT_LIST_HEAD(&fab->devs);
	INIT_LIST_HEAD(&fab->inis);
	return fab;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_fabric_alloc);

/**
 * rio_sim_fabric_get() - take a reference to a fabric
 * @fab: the fabric
 *
 * For a second mport attached to it (rio_sim_mport_attach()).
 *
 * Return: @fab.
 */
struct rio_sim_fabric *rio_sim_fabric_get(struct rio_sim_fabric *fab)
{
	refcount_inc(&fab->users);
	return fab;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_fabric_get);

/**
 * rio_sim_fabric_set_routes() - size the route tables of a large fabric
 * @fab: the fabric, still without devices
 * @routes: route table entries of each switch, a power of two from
 *	RIO_SIM_ROUTES to RIO_SIM_ROUTES_MAX: destination IDs below it route
 *
 * Return: 0, or -EINVAL (nothing changed) for a fabric with 8-bit IDs or
 * with devices, or a size out of range.
 */
int rio_sim_fabric_set_routes(struct rio_sim_fabric *fab, unsigned int routes)
{
	if (!fab->large || fab->ndevs || routes < RIO_SIM_ROUTES ||
	    routes > RIO_SIM_ROUTES_MAX || !is_power_of_2(routes))
		return -EINVAL;
	fab->routes = routes;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_fabric_set_routes);

/**
 * rio_sim_fabric_bytes() - memory a fabric's model takes
 * @fab: the fabric
 *
 * The slab memory of the fabric, its devices with their ports, route
 * tables, staging maps and symbol models, as allocated (ksize()).
 *
 * Return: bytes.
 */
size_t rio_sim_fabric_bytes(struct rio_sim_fabric *fab)
{
	struct rio_sim_dev *dev;
	size_t bytes = ksize(fab);
	unsigned int p;

	spin_lock_irq(&fab->lock);
	list_for_each_entry(dev, &fab->devs, node) {
		bytes += ksize(dev) + ksize(dev->port) + ksize(dev->route) +
			 ksize(dev->stg_map) + ksize(dev->stg_hop);
		for (p = 0; p < dev->nports; p++)
			bytes += ksize(dev->port[p].gen) + ksize(dev->port[p].rx);
	}
	spin_unlock_irq(&fab->lock);
	return bytes;
}

/**
 * rio_sim_dev_free() - free a device that is in no fabric's list
 * @dev: the device (rio_sim_dev_make()), with what it holds
 */
void rio_sim_dev_free(struct rio_sim_dev *dev)
{
	unsigned int p;

	for (p = 0; dev->port && p < dev->nports; p++) {
		kfree(dev->port[p].gen);
		kfree(dev->port[p].rx);
	}
	kfree(dev->port);
	kfree(dev->stg_map);
	kfree(dev->stg_hop);
	kfree(dev->route);
	kfree(dev);
}

/**
 * rio_sim_fabric_free() - drop a reference to a fabric
 * @fab: the fabric, or NULL
 *
 * The last reference frees the fabric and all its devices.
 */
void rio_sim_fabric_free(struct rio_sim_fabric *fab)
{
	struct rio_sim_dev *dev, *tmp;

	if (!fab || !refcount_dec_and_test(&fab->users))
		return;
	list_for_each_entry_safe(dev, tmp, &fab->devs, node) {
		list_del(&dev->node);
		rio_sim_dev_free(dev);
	}
	mutex_destroy(&fab->ev_lock);
	kfree(fab->txbuf);
	kfree(fab);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_fabric_free);

/* Is the VoQ part of a description one that can be built */
static bool sim_voq_desc_valid(const struct rio_sim_dev_desc *desc)
{
	unsigned int ncsr = desc->voq_nports ?: desc->nports;

	if (!desc->voq)
		return true;
	if (desc->voq_layout != RIO_VOQ_LAYOUT_REV2 &&
	    desc->voq_layout != RIO_VOQ_LAYOUT_REV3)
		return false;
	if (ncsr > desc->nports || ncsr > rio_voq_layout_max_ports(desc->voq_layout))
		return false;
	return desc->voq_place == RIO_SIM_VOQ_LAST ||
	       desc->voq_place == RIO_SIM_VOQ_FIRST ||
	       desc->voq_place == RIO_SIM_VOQ_END;
}

/*
 * Lay out the extended-feature blocks: LP-Serial, error management, VoQ
 * from RIO_SIM_PHYS_EF, or the VoQ block first or at the end of the
 * space.  Return: false if they do not fit the extended-feature space.
 */
static bool sim_place_blocks(struct rio_sim_dev *dev, bool em,
			     enum rio_sim_voq_place place)
{
	u32 end = RIO_SIM_PHYS_EF, voq_size = dev->voq_nports ? sim_voq_size(dev) : 0;

	if (voq_size && place == RIO_SIM_VOQ_FIRST) {
		dev->voq_ef = end;
		end += voq_size;	/* the LP-Serial block right after */
	}
	dev->phys_ef = end;
	end = ALIGN(end + sim_phys_size(dev), 0x10);
	if (em) {
		dev->em_ef = end;
		end = ALIGN(end + sim_em_size(dev), 0x10);
	}
	if (voq_size && place == RIO_SIM_VOQ_LAST) {
		dev->voq_ef = end;
		end += voq_size;
	} else if (voq_size && place == RIO_SIM_VOQ_END) {
		/* its last CSR at the last word of the space */
		if (end + voq_size > RIO_VOQ_EF_SPACE_END + 4)
			return false;
		dev->voq_ef = RIO_VOQ_EF_SPACE_END + 4 - voq_size;
		end = RIO_VOQ_EF_SPACE_END + 4;
	}
	return end <= RIO_VOQ_EF_SPACE_END + 4;
}

/**
 * rio_sim_dev_make() - make a device, in no fabric's list
 * @fab: the fabric it is for
 * @desc: what it is made of
 *
 * Its registers are as after reset; a switch has no route table yet.
 *
 * Return: the device, or an ERR_PTR: -EINVAL for a description that
 * cannot be built (latency optimization capabilities on a map I device
 * or beyond bits 0-2 among them), -ENOMEM.
 */
struct rio_sim_dev *rio_sim_dev_make(struct rio_sim_fabric *fab,
				     const struct rio_sim_dev_desc *desc)
{
	struct rio_sim_dev *dev;
	unsigned int n;
	u32 caps;

	if (!desc->nports || desc->nports > RIO_SIM_MAX_PORTS ||
	    (!desc->is_switch && desc->nports != 1) ||
	    (!desc->is_switch && desc->swp_claim) ||
	    (desc->map != RIO_SIM_MAP_I && desc->map != RIO_SIM_MAP_II) ||
	    (desc->lat_caps & ~SIM_LAT_CAPS) ||
	    (desc->lat_caps && desc->map != RIO_SIM_MAP_II) ||
	    !sim_voq_desc_valid(desc))
		return ERR_PTR(-EINVAL);
	if (desc->staging && (!desc->is_switch || !desc->staging_queues ||
			      desc->staging_queues > RIO_SIM_ROUTES_SMALL))
		return ERR_PTR(-EINVAL);

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	dev->fabric = fab;
	dev->nports = desc->nports;
	dev->port = kcalloc(desc->nports, sizeof(*dev->port), GFP_KERNEL);
	if (!dev->port)
		goto nomem;

	strscpy(dev->name, desc->name ?: "dev", sizeof(dev->name));
	dev->is_switch = desc->is_switch;
	dev->swp_ports = desc->swp_claim ? desc->swp_ports : desc->nports;
	dev->vid = desc->vid;
	dev->did = desc->did;
	dev->map = desc->map;
	dev->em_hs = desc->em && desc->em_hs;
	dev->ef_loop = desc->ef_loop;
	dev->unused_reads = desc->unused_reads;
	dev->minimal = desc->minimal;
	dev->did_csr = SIM_DID_CSR_MASK;
	dev->host_lock = SIM_LOCK_FREE;
	dev->pell_ctl = RIO_PELL_ADDR_34;
	dev->route_any = RIO_SIM_NO_ROUTE;
	for (n = 0; n < dev->nports; n++)
		dev->port[n].lat_caps = desc->lat_caps;

	if (desc->voq) {
		dev->voq_layout = desc->voq_layout;
		dev->voq_nports = desc->voq_nports ?: desc->nports;
		caps = desc->voq_caps & (RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP |
					 RIO_VOQ_CSR_VC_SUP);
		if (desc->voq_layout == RIO_VOQ_LAYOUT_REV3)
			caps |= (desc->voq_caps & RIO_VOQ_CSR_PGS_SUP_ALL) |
				RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4);
		/* Ports beyond a short block have no VoQ CSR */
		for (n = 0; n < dev->voq_nports; n++)
			dev->port[n].voq_caps = caps;
	}
	if (!sim_place_blocks(dev, desc->em, desc->voq_place)) {
		rio_sim_dev_free(dev);
		return ERR_PTR(-EINVAL);
	}

	dev->staging = desc->staging;
	dev->staging_queues = desc->staging_queues;
	if (desc->staging == RIO_SIM_STAGING_RAM) {
		dev->stg_map = kcalloc(dev->nports, RIO_SIM_ROUTES_SMALL, GFP_KERNEL);
		dev->stg_hop = kcalloc(dev->nports, RIO_SIM_ROUTES_SMALL, GFP_KERNEL);
		if (!dev->stg_map || !dev->stg_hop)
			goto nomem;
	}
	return dev;

nomem:
	rio_sim_dev_free(dev);
	return ERR_PTR(-ENOMEM);
}

/**
 * rio_sim_dev_add() - add a device to a fabric
 * @fab: the fabric; its first device is the host's own port
 * @desc: what the device is made of
 *
 * The device starts as after reset: no base device ID (0xff), host lock
 * free, component tag 0, empty route table, VoQ and latency optimization
 * controls all off.
 *
 * Return: the device, or an ERR_PTR: -EINVAL for a description that
 * cannot be built, -ENOMEM.
 */
struct rio_sim_dev *rio_sim_dev_add(struct rio_sim_fabric *fab,
				    const struct rio_sim_dev_desc *desc)
{
	struct rio_sim_dev *dev = rio_sim_dev_make(fab, desc);

	if (IS_ERR(dev))
		return dev;
	/* Only switches route: an endpoint stays a few hundred bytes */
	if (desc->is_switch) {
		dev->route = kmalloc(fab->routes, GFP_KERNEL);
		if (!dev->route) {
			rio_sim_dev_free(dev);
			return ERR_PTR(-ENOMEM);
		}
		memset(dev->route, RIO_SIM_NO_ROUTE, fab->routes);
	}

	spin_lock(&fab->lock);
	dev->index = fab->ndevs++;
	list_add_tail(&dev->node, &fab->devs);
	if (!fab->host)
		fab->host = dev;
	spin_unlock(&fab->lock);
	return dev;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_dev_add);

/**
 * rio_sim_dev_keep_blocks() - lay a new board out where the core looks
 * @nd: the new board (rio_sim_dev_make())
 * @dev: the board it replaces
 *
 * The core keeps the offsets of a device's LP-Serial and error
 * management blocks and its register map from the scan, and its own
 * port-write handling goes on using them after a swap (it writes the
 * Port n Control and Error Detect CSRs it finds there).  A board swapped
 * in keeps them: same register map, the LP-Serial block at the same
 * offset, and, if the old board had an error management block, one at
 * the same offset, with the VoQ block after it.  So the new LP-Serial
 * block must end before that offset: a board may have more ports than
 * the one it replaces as long as the old one left room.
 *
 * Return: 0, or -EINVAL if @nd cannot be laid out so.
 */
int rio_sim_dev_keep_blocks(struct rio_sim_dev *nd, const struct rio_sim_dev *dev)
{
	u32 end;

	if (nd->map != dev->map || nd->phys_ef != dev->phys_ef ||
	    (dev->em_ef && !nd->em_ef))
		return -EINVAL;
	if (!dev->em_ef || nd->em_ef == dev->em_ef)
		return 0;
	if (nd->phys_ef + sim_phys_size(nd) > dev->em_ef)
		return -EINVAL;
	/* Only a block after the error management block moves with it */
	if (nd->voq_ef > nd->em_ef)
		nd->voq_ef += dev->em_ef - nd->em_ef;
	nd->em_ef = dev->em_ef;
	end = (nd->voq_ef > nd->em_ef ? nd->voq_ef + sim_voq_size(nd) :
	       nd->em_ef + sim_em_size(nd));
	return end <= RIO_VOQ_EF_SPACE_END + 4 ? 0 : -EINVAL;
}

/**
 * rio_sim_dev_swap() - give a device in the fabric another make-up
 * @dev: the device
 * @nd: a device made by rio_sim_dev_make() (same kind: switch or
 *	endpoint); it gets @dev's old make-up, to be freed with
 *	rio_sim_dev_free()
 *
 * What the enumerator wrote stays (base device ID, host lock, component
 * tag, route table, port-write target and control): the new board is
 * loaded with the old one's configuration.  What the board is made of
 * changes: identity, port count, register map, extended-feature blocks,
 * VoQ and latency optimization capabilities, staging hardware; its VoQ
 * and latency optimization controls, congestion and symbol models start
 * as after reset, and its ports without write faults.  Links of the
 * ports both boards have stay cabled, with their state; a port the new
 * board lacks loses its link, and its partner with it, even when the
 * partner is a port of the same board (a loopback cable).  Called with
 * the fabric lock held.
 */
void rio_sim_dev_swap(struct rio_sim_dev *dev, struct rio_sim_dev *nd)
{
	unsigned int k;

	lockdep_assert_held(&dev->fabric->lock);
	for (k = 0; k < dev->nports; k++) {
		struct rio_sim_port *op = &dev->port[k];

		if (k >= nd->nports) {
			/*
			 * A loopback cable to a port the new board keeps: that
			 * port was copied already, with this one as its partner
			 */
			if (op->peer == dev && op->peer_port < nd->nports)
				nd->port[op->peer_port].peer = NULL;
			else if (op->peer)
				op->peer->port[op->peer_port].peer = NULL;
			op->peer = NULL;
			continue;
		}
		nd->port[k].peer = op->peer;
		nd->port[k].peer_port = op->peer_port;
		nd->port[k].baud_class = op->baud_class;
		nd->port[k].link_down = op->link_down;
		nd->port[k].ctl = op->ctl;
	}
	swap(dev->port, nd->port);
	swap(dev->nports, nd->nports);
	strscpy(dev->name, nd->name, sizeof(dev->name));
	swap(dev->swp_ports, nd->swp_ports);
	swap(dev->vid, nd->vid);
	swap(dev->did, nd->did);
	swap(dev->map, nd->map);
	swap(dev->phys_ef, nd->phys_ef);
	swap(dev->em_ef, nd->em_ef);
	swap(dev->em_hs, nd->em_hs);
	swap(dev->ef_loop, nd->ef_loop);
	swap(dev->unused_reads, nd->unused_reads);
	swap(dev->voq_ef, nd->voq_ef);
	swap(dev->voq_layout, nd->voq_layout);
	swap(dev->voq_nports, nd->voq_nports);
	swap(dev->staging, nd->staging);
	swap(dev->staging_queues, nd->staging_queues);
	swap(dev->stg_map, nd->stg_map);
	swap(dev->stg_hop, nd->stg_hop);
	swap(dev->minimal, nd->minimal);
	bitmap_zero(dev->congested, RIO_VOQ_MAX_PORTS);
}

/**
 * rio_sim_dev_find() - a fabric's device by index
 * @fab: the fabric
 * @index: the device's index, 0 being the host's port
 *
 * Return: the device or NULL.
 */
struct rio_sim_dev *rio_sim_dev_find(struct rio_sim_fabric *fab,
				     unsigned int index)
{
	struct rio_sim_dev *dev;

	list_for_each_entry(dev, &fab->devs, node)
		if (dev->index == index)
			return dev;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_dev_find);

/**
 * rio_sim_link() - connect two ports
 * @a: one device
 * @pa: its port
 * @b: the other device (of the same fabric)
 * @pb: its port
 * @baud_class: baud-rate class of the link, 1..3
 *
 * Return: 0, -EINVAL for a port out of range, a bad class, a device
 * linked to itself on one port or devices of different fabrics, or
 * -EBUSY if a port is already linked.
 */
int rio_sim_link(struct rio_sim_dev *a, unsigned int pa,
		 struct rio_sim_dev *b, unsigned int pb, u8 baud_class)
{
	int ret = 0;

	if (pa >= a->nports || pb >= b->nports || a->fabric != b->fabric ||
	    (a == b && pa == pb) || !baud_class ||
	    baud_class >= ARRAY_SIZE(sim_baud_code))
		return -EINVAL;

	spin_lock(&a->fabric->lock);
	if (a->port[pa].peer || b->port[pb].peer) {
		ret = -EBUSY;
	} else {
		a->port[pa].peer = b;
		a->port[pa].peer_port = pb;
		a->port[pa].baud_class = baud_class;
		b->port[pb].peer = a;
		b->port[pb].peer_port = pa;
		b->port[pb].baud_class = baud_class;
	}
	spin_unlock(&a->fabric->lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_link);

/**
 * rio_sim_unlink() - disconnect a port and its partner
 * @dev: the device
 * @port: its port; nothing happens if it is not linked
 */
void rio_sim_unlink(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_sim_port *p;

	if (port >= dev->nports)
		return;
	spin_lock(&dev->fabric->lock);
	p = &dev->port[port];
	if (p->peer) {
		p->peer->port[p->peer_port].peer = NULL;
		p->peer = NULL;
	}
	spin_unlock(&dev->fabric->lock);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_unlink);

/*
 * The device a request from @origin's port 0 reaches; see
 * rio_sim_route().  Called with the fabric lock held.
 */
static struct rio_sim_dev *sim_route(struct rio_sim_fabric *fab,
				     struct rio_sim_dev *origin, u16 destid,
				     u8 hopcount, unsigned int *ingress)
{
	struct rio_sim_port *out;
	struct rio_sim_dev *cur;
	unsigned int hops;
	u8 *entry;

	if (!origin || origin->port[0].unavailable)
		return NULL;
	out = &origin->port[0];

	for (hops = 0; hops < RIO_SIM_MAX_HOPS; hops++) {
		if (!out->peer || out->link_down || out->unavailable)
			return NULL;
		cur = out->peer;
		*ingress = out->peer_port;
		if (cur->port[*ingress].unavailable)
			return NULL;

		if (!cur->is_switch) {
			if (destid == sim_any_destid(fab) ||
			    destid == sim_base_destid(cur))
				return cur;
			return NULL;
		}
		if (!hopcount)
			return cur;
		hopcount--;
		entry = sim_route_entry(cur, destid);
		if (!entry || *entry >= cur->nports)
			return NULL;
		out = &cur->port[*entry];
	}
	return NULL;
}

/**
 * rio_sim_route() - the device a maintenance request reaches
 * @fab: the fabric
 * @destid: destination ID of the request
 * @hopcount: hop count of the request
 * @ingress: the port the request enters the target device by
 *
 * The request leaves the host's port 0.  A switch with hop count 0 takes
 * the request; otherwise it decrements the hop count and forwards it by
 * its route table for @destid.  An endpoint takes a request addressed to
 * its base device ID or to the "any" ID (0xff, or 0xffff in a large
 * fabric).  Called with the fabric lock held.
 *
 * Return: the target device, or NULL if the request is lost (no link, no
 * route, an endpoint that is not the destination, or a routing loop).
 */
struct rio_sim_dev *rio_sim_route(struct rio_sim_fabric *fab, u16 destid,
				  u8 hopcount, unsigned int *ingress)
{
	return sim_route(fab, fab->host, destid, hopcount, ingress);
}

/**
 * rio_sim_route_from() - the device a request from a host's port reaches
 * @fab: the fabric
 * @origin: the device behind the host's own configuration space
 * @destid: destination ID of the request
 * @hopcount: hop count of the request
 * @ingress: the port the request enters the target device by
 *
 * As rio_sim_route(), from @origin's port 0.  Called with the fabric
 * lock held.
 *
 * Return: the target device, or NULL if the request is lost.
 */
struct rio_sim_dev *rio_sim_route_from(struct rio_sim_fabric *fab,
				       struct rio_sim_dev *origin, u16 destid,
				       u8 hopcount, unsigned int *ingress)
{
	return sim_route(fab, origin, destid, hopcount, ingress);
}

/*
 * One maintenance access: count it, apply injected faults, find the
 * target (the initiator's own device for a local access) and read or
 * write.  @ini: the initiator, NULL for the fabric's host without a
 * count of its own.
 */
static int sim_access(struct rio_sim_fabric *fab, struct rio_sim_initiator *ini,
		      bool local, u16 destid, u8 hopcount, u32 offset, bool write,
		      u32 *val)
{
	struct rio_sim_dev *origin = ini ? ini->local : fab->host, *dev;
	unsigned int ingress = 0, latency;
	unsigned long flags;
	int ret = 0;

	if (offset % 4)
		return -EINVAL;

	spin_lock_irqsave(&fab->lock, flags);
	if (write)
		fab->writes++;
	else
		fab->reads++;

	dev = local ? origin : sim_route(fab, origin, destid, hopcount, &ingress);
	if (ini && write) {
		ini->writes++;
		if (dev && sim_voq_reg(dev, offset))
			ini->voq_writes++;
	} else if (ini) {
		ini->reads++;
	}

	if (fab->fail_nth && ++fab->fail_seen == fab->fail_nth) {
		fab->fail_nth = 0;
		ret = -EIO;
	} else if (!dev || dev->fail_all) {
		ret = -EIO;
	} else if (write) {
		dev->writes++;
		if (!sim_reg_write(dev, offset, *val)) {
			dev->stray_writes++;
			fab->stray_writes++;
		}
	} else {
		dev->reads++;
		*val = dev->all_ones ? ~0U : sim_reg_read(dev, offset, ingress);
	}
	if (ret) {
		fab->failed++;
		if (!write)
			*val = ~0U;
	}
	latency = fab->latency_us;
	spin_unlock_irqrestore(&fab->lock, flags);

	if (latency)
		udelay(latency);
	return ret;
}

/**
 * rio_sim_local_read() - read the host's own configuration space
 * @fab: the fabric
 * @offset: register offset, word aligned
 * @val: value read (all ones if the access fails)
 *
 * Return: 0, -EINVAL for an unaligned offset, or -EIO.
 */
int rio_sim_local_read(struct rio_sim_fabric *fab, u32 offset, u32 *val)
{
	return sim_access(fab, NULL, true, 0, 0, offset, false, val);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_local_read);

/**
 * rio_sim_local_write() - write the host's own configuration space
 * @fab: the fabric
 * @offset: register offset, word aligned
 * @val: value to write
 *
 * Return: 0, -EINVAL for an unaligned offset, or -EIO.
 */
int rio_sim_local_write(struct rio_sim_fabric *fab, u32 offset, u32 val)
{
	return sim_access(fab, NULL, true, 0, 0, offset, true, &val);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_local_write);

/**
 * rio_sim_maint_read() - maintenance read through the fabric
 * @fab: the fabric
 * @destid: destination ID
 * @hopcount: hop count
 * @offset: register offset, word aligned
 * @val: value read (all ones if the access fails)
 *
 * Return: 0, -EINVAL for an unaligned offset, or -EIO if the request is
 * lost or a fault is injected.
 */
int rio_sim_maint_read(struct rio_sim_fabric *fab, u16 destid, u8 hopcount,
		       u32 offset, u32 *val)
{
	return sim_access(fab, NULL, false, destid, hopcount, offset, false, val);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_maint_read);

/**
 * rio_sim_maint_write() - maintenance write through the fabric
 * @fab: the fabric
 * @destid: destination ID
 * @hopcount: hop count
 * @offset: register offset, word aligned
 * @val: value to write
 *
 * Return: 0, -EINVAL for an unaligned offset, or -EIO if the request is
 * lost or a fault is injected.
 */
int rio_sim_maint_write(struct rio_sim_fabric *fab, u16 destid, u8 hopcount,
			u32 offset, u32 val)
{
	return sim_access(fab, NULL, false, destid, hopcount, offset, true, &val);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_maint_write);

/**
 * rio_sim_access() - a maintenance access by one initiator of a fabric
 * @ini: the initiator (a simulated mport's), counted
 * @local: to its own configuration space, else through the fabric
 * @destid: destination ID (ignored if @local)
 * @hopcount: hop count (ignored if @local)
 * @offset: register offset, word aligned
 * @write: a write of *@val, else a read into *@val
 * @val: value to write, or value read (all ones if the read fails)
 *
 * As rio_sim_local_read() and the others, but from @ini's own device:
 * the fabric's host or another host port attached to the fabric.
 *
 * Return: 0, -EINVAL for an unaligned offset, or -EIO if the request is
 * lost or a fault is injected.
 */
int rio_sim_access(struct rio_sim_initiator *ini, bool local, u16 destid,
		   u8 hopcount, u32 offset, bool write, u32 *val)
{
	return sim_access(ini->fab, ini, local, destid, hopcount, offset, write, val);
}

/**
 * rio_sim_set_latency() - set the busy-wait added to every access
 * @fab: the fabric
 * @us: microseconds, 0 to RIO_SIM_MAX_LATENCY_US
 *
 * Return: 0, or -EINVAL (nothing changed) beyond the bound.
 */
int rio_sim_set_latency(struct rio_sim_fabric *fab, unsigned int us)
{
	if (us > RIO_SIM_MAX_LATENCY_US)
		return -EINVAL;
	spin_lock_irq(&fab->lock);
	fab->latency_us = us;
	spin_unlock_irq(&fab->lock);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_set_latency);

/**
 * rio_sim_get_latency() - the busy-wait added to every access
 * @fab: the fabric
 *
 * Return: microseconds.
 */
unsigned int rio_sim_get_latency(struct rio_sim_fabric *fab)
{
	unsigned int us;

	spin_lock_irq(&fab->lock);
	us = fab->latency_us;
	spin_unlock_irq(&fab->lock);
	return us;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_get_latency);

/**
 * rio_sim_set_wfault() - make writes to a port's VoQ CSR not stick
 * @dev: the device
 * @port: the port, one with a VoQ CSR
 * @mode: how, or RIO_SIM_WFAULT_NONE to clear the fault
 * @mask: the bits concerned: stuck, or inverted in reads (ignored for
 *	RIO_SIM_WFAULT_IGNORE)
 * @nth: the fault begins with this write to the CSR from now (0 or 1:
 *	the next) and stays until cleared
 *
 * Return: 0, or -EINVAL (nothing changed) for a port without a VoQ CSR
 * or an unknown mode.
 */
int rio_sim_set_wfault(struct rio_sim_dev *dev, unsigned int port,
		       enum rio_sim_wfault mode, u32 mask, unsigned int nth)
{
	struct rio_sim_port *p;

	spin_lock_irq(&dev->fabric->lock);
	if (!dev->voq_ef || port >= dev->voq_nports || mode >= RIO_SIM_NR_WFAULTS) {
		spin_unlock_irq(&dev->fabric->lock);
		return -EINVAL;
	}
	p = &dev->port[port];
	p->wfault = mode;
	p->wfault_mask = mask;
	p->wfault_nth = nth ?: 1;
	p->wfault_seen = 0;
	p->wfault_stuck = 0;
	spin_unlock_irq(&dev->fabric->lock);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_set_wfault);

/**
 * rio_sim_set_stg_wfault() - make writes to a port's staging map not stick
 * @dev: the device, a switch with a RAM staging map
 * @port: the port whose reverse map entries are concerned
 * @mode: how, from now on, or RIO_SIM_WFAULT_NONE to clear the fault:
 *	writes ignored; the bits of @mask of each entry keep their value;
 *	or the writes land and reads invert the bits of @mask
 * @mask: the bits concerned (ignored for RIO_SIM_WFAULT_IGNORE)
 *
 * None of them fails the access: only a read-back shows them.
 *
 * Return: 0, or -EINVAL (nothing changed) for a device without a RAM
 * staging map, a port it does not have or an unknown mode.
 */
int rio_sim_set_stg_wfault(struct rio_sim_dev *dev, unsigned int port,
			   enum rio_sim_wfault mode, u32 mask)
{
	int ret = -EINVAL;

	spin_lock_irq(&dev->fabric->lock);
	if (dev->staging == RIO_SIM_STAGING_RAM && port < dev->nports &&
	    mode < RIO_SIM_NR_WFAULTS) {
		dev->port[port].stg_wfault = mode;
		dev->port[port].stg_wfault_mask = mask;
		ret = 0;
	}
	spin_unlock_irq(&dev->fabric->lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_set_stg_wfault);

/**
 * rio_sim_set_lat_wfault() - make writes to a port's latency CSR not stick
 * @dev: the device, with an LP-Serial map II block
 * @port: the port
 * @ignore: from now on, writes to the port's Latency Optimization CSR
 *	are taken and change nothing (they are still counted, and their
 *	violations); false: they land again
 *
 * The access does not fail: only a read-back shows the fault.
 *
 * Return: 0, or -EINVAL (nothing changed) for a map I device (it has no
 * such CSR) or a port it does not have.
 */
int rio_sim_set_lat_wfault(struct rio_sim_dev *dev, unsigned int port,
			   bool ignore)
{
	int ret = -EINVAL;

	spin_lock_irq(&dev->fabric->lock);
	if (dev->map == RIO_SIM_MAP_II && port < dev->nports) {
		dev->port[port].lat_wfault_ignore = ignore;
		ret = 0;
	}
	spin_unlock_irq(&dev->fabric->lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_set_lat_wfault);

/**
 * rio_sim_dev_peek() - read a device register without a transaction
 * @dev: the device
 * @offset: register offset
 *
 * For tests and debugfs: not counted, no faults, ingress port 0.
 *
 * Return: the register value.
 */
u32 rio_sim_dev_peek(struct rio_sim_dev *dev, u32 offset)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&dev->fabric->lock, flags);
	val = sim_reg_read(dev, offset, 0);
	spin_unlock_irqrestore(&dev->fabric->lock, flags);
	return val;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_dev_peek);
