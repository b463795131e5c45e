// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the rio-sim fabric model: register semantics, routing,
 * counters and fault injection, without the rio core.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/prandom.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

static struct rio_sim_fabric *sim_build(struct kunit *test, const char *spec)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, spec);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	return fab;
}

static u32 sim_rd(struct kunit *test, struct rio_sim_fabric *fab, u16 destid,
		  u8 hop, u32 off)
{
	u32 val = 0;

	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, destid, hop, off, &val), 0);
	return val;
}

static void sim_wr(struct kunit *test, struct rio_sim_fabric *fab, u16 destid,
		   u8 hop, u32 off, u32 val)
{
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, destid, hop, off, val), 0);
}

static void sim_host_lock(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "single");

	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR), 0xffffU);
	sim_wr(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR, 5);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR), 5U);
	/* Another host cannot take it, nor release it */
	sim_wr(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR, 7);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR), 5U);
	/* The holder releases it by writing its own ID */
	sim_wr(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR, 5);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_HOST_DID_LOCK_CSR), 0xffffU);
	rio_sim_kunit_release(test, fab);
}

static void sim_read_only_cars(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "single");
	u32 dev_id = sim_rd(test, fab, 0xff, 0, RIO_DEV_ID_CAR);

	KUNIT_EXPECT_EQ(test, dev_id, (u32)RIO_SIM_DID_ENDPOINT << 16 | RIO_SIM_VID);
	sim_wr(test, fab, 0xff, 0, RIO_DEV_ID_CAR, 0x12345678);
	sim_wr(test, fab, 0xff, 0, RIO_PEF_CAR, 0);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_DEV_ID_CAR), dev_id);
	KUNIT_EXPECT_NE(test, sim_rd(test, fab, 0xff, 0, RIO_PEF_CAR) & RIO_PEF_EXT_FEATURES, 0U);

	/* Base device ID: only bits 23..0 exist; reset value all ones */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_DID_CSR), 0x00ffffffU);
	sim_wr(test, fab, 0xff, 0, RIO_DID_CSR, 0xff05ffff);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_DID_CSR), 0x0005ffffU);

	/* Unimplemented space reads 0 and keeps nothing */
	sim_wr(test, fab, 0xff, 0, 0xf000, 0xffffffff);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, 0xf000), 0U);
	rio_sim_kunit_release(test, fab);
}

/* Hop counts and route tables carry requests, as on a real fabric */
static void sim_routing(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "star:3");
	u32 val = 0;

	/* Hop 0: the switch itself, entered on port 0 */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_DEV_ID_CAR) >> 16,
			(u32)RIO_SIM_DID_SWITCH);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SWP_INFO_CAR), 4U << 8 | 0);

	/* Hop 1 without a route is lost */
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0xff, 1, RIO_DEV_ID_CAR, &val), -EIO);
	KUNIT_EXPECT_EQ(test, val, ~0U);
	KUNIT_EXPECT_EQ(test, fab->failed, 1ULL);

	/* Program the switch's route for 0xff to port 2 through its registers */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xff);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 2);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR), 2U);
	sim_wr(test, fab, 0xff, 1, RIO_COMPONENT_TAG_CSR, 0x22);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_find(fab, 3)->comptag, 0x22U);

	/* Give that endpoint ID 9 and reach it by destination ID alone */
	sim_wr(test, fab, 0xff, 1, RIO_DID_CSR, 9 << 16);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 9);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 2);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 9, 0xff, RIO_COMPONENT_TAG_CSR), 0x22U);
	/* An endpoint does not take a request for another ID */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 8);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 2);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 8, 0xff, RIO_DEV_ID_CAR, &val), -EIO);
	/* Nor does a route to an unlinked port lead anywhere */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 7);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 3);
	rio_sim_unlink(rio_sim_dev_find(fab, 1), 3);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 7, 0xff, RIO_DEV_ID_CAR, &val), -EIO);
	rio_sim_kunit_release(test, fab);
}

/* In a ring the port a request enters by depends on the path it took */
static void sim_ring_ingress(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "ring:3");

	/* sw0 (index 1) sends 0xff out of port 2, toward the last switch */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xff);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 2);
	/* The last switch is entered by its port 1 */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, RIO_SWP_INFO_CAR) & 0xff, 1U);
	/* Out of port 1 instead: the next switch, entered by its port 2 */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, RIO_SWP_INFO_CAR) & 0xff, 2U);
	rio_sim_kunit_release(test, fab);
}

/* voqmix's 8-port switch has a map II block: port registers 0x40 apart */
static void sim_port_status(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "voqmix");
	struct rio_sim_dev *a = rio_sim_dev_find(fab, 1);
	u32 base = RIO_SIM_PHYS_EF;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_EQ(test, a->map, RIO_SIM_MAP_II);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base) & 0xffff, (u32)RIO_EFB_SER_EPF_SW_M2_ID);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_ERR_STS_CSR(0, 2)),
			(u32)RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_ERR_STS_CSR(7, 2)),
			(u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);
	a->port[1].unavailable = true;
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_ERR_STS_CSR(1, 2)),
			(u32)(RIO_PORT_N_ERR_STS_PORT_UA | RIO_PORT_N_ERR_STS_PORT_UNINIT));

	/* Selected baud rate by link class: 10.3125 (3), 6.25 (2), 3.125 (1) */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_CTL2_CSR(0, 2)) >> 28, 0x6U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_CTL2_CSR(2, 2)) >> 28, 0x5U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_CTL2_CSR(5, 2)) >> 28, 0x3U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, base + RIO_PORT_N_CTL2_CSR(7, 2)), 0U);
	rio_sim_kunit_release(test, fab);
}

static int sim_peek_read(void *ctx, u32 offset, u32 *val)
{
	*val = rio_sim_dev_peek(ctx, offset);
	return 0;
}

/* The VoQ block is where the model says, in the layout described */
static void sim_voq_block(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "voqmix");
	static const struct {
		unsigned int index;
		int ret;
		enum rio_voq_layout layout;
	} want[] = {
		{ 0, 0, RIO_VOQ_LAYOUT_REV3 },	/* host */
		{ 1, 0, RIO_VOQ_LAYOUT_REV3 },	/* sw-a */
		{ 2, 0, RIO_VOQ_LAYOUT_REV3 },	/* sw-48 */
		{ 6, 0, RIO_VOQ_LAYOUT_REV2 },	/* ep-rev2 */
		{ 7, 0, RIO_VOQ_LAYOUT_REV3 },	/* ep-norx */
		{ 8, -ENOENT, 0 },		/* ep-novoq */
	};
	enum rio_voq_layout layout;
	struct rio_sim_dev *dev;
	unsigned int i, ttl;
	u32 ptr, ef;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		dev = rio_sim_dev_find(fab, want[i].index);
		KUNIT_ASSERT_NOT_NULL(test, dev);
		KUNIT_ASSERT_EQ(test, rio_voq_ef_first(sim_peek_read, dev, &ptr), 0);
		KUNIT_EXPECT_EQ(test, ptr, (u32)RIO_SIM_PHYS_EF);
		ttl = RIO_VOQ_EF_TTL;
		KUNIT_ASSERT_EQ_MSG(test, rio_voq_ef_find(sim_peek_read, dev, ptr,
							  RIO_EFB_VOQ_ID, &ttl,
							  &ef),
				    want[i].ret, "device %s", dev->name);
		if (want[i].ret)
			continue;
		KUNIT_EXPECT_EQ(test, ef, dev->voq_ef);
		KUNIT_ASSERT_EQ(test, rio_voq_detect_layout(sim_peek_read, dev, ef,
							    &layout), 0);
		KUNIT_EXPECT_EQ_MSG(test, layout, want[i].layout, "device %s", dev->name);
	}
	rio_sim_kunit_release(test, fab);
}

/* Read-only, reserved and Part 12 ordering rules of the VoQ CSR */
static void sim_voq_csr_semantics(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "voqmix");
	struct rio_sim_dev *a = rio_sim_dev_find(fab, 1);
	struct rio_sim_dev *big = rio_sim_dev_find(fab, 2);
	u32 off = rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, 0, 1);
	struct rio_voq_port p;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, big);

	/* Reset: capabilities only; {0, 4} hard-wired on the 48-port switch */
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, rio_sim_dev_peek(big, big->voq_ef + off), &p);
	KUNIT_EXPECT_TRUE(test, p.gen_sup && p.rx_sup && !p.vc_sup);
	KUNIT_EXPECT_EQ(test, p.pgs_sup, (u8)(BIT(0) | BIT(4)));
	KUNIT_EXPECT_FALSE(test, p.gen_en || p.part_en || p.xoff || p.vc_en);

	/*
	 * Writing all ones: capabilities unchanged, reserved bits still 0,
	 * the write of reserved bits counted; the reserved group size 7 is
	 * refused and counted, in each field
	 */
	KUNIT_ASSERT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, a->voq_ef + off, ~0U), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, a->voq_ef + off) & RIO_VOQ_CSR_R3_RSVD, 0U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, a->voq_ef + off) & RIO_SIM_VOQ_CAPS_ALL,
			(u32)RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(a, a->voq_ef + off) &
			(RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_RX_PGS), 0U);
	KUNIT_EXPECT_EQ(test, a->port[1].voq_violations, 3U);

	/* TX group size cannot change while generating */
	KUNIT_ASSERT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, a->voq_ef + off,
						  RIO_VOQ_CSR_GEN_EN), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, a->voq_ef + off,
						  RIO_VOQ_CSR_GEN_EN |
						  FIELD_PREP(RIO_VOQ_CSR_TX_PGS, 4)), 0);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, rio_sim_dev_peek(a, a->voq_ef + off), &p);
	KUNIT_EXPECT_EQ(test, p.tx_pgs, 0);
	KUNIT_EXPECT_EQ(test, a->port[1].voq_violations, 4U);

	/* The partner's RX group size cannot change while a generates */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xff);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	KUNIT_ASSERT_EQ(test, rio_sim_maint_write(fab, 0xff, 1, big->voq_ef + off - 4,
						  FIELD_PREP(RIO_VOQ_CSR_RX_PGS, 4)), 0);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, rio_sim_dev_peek(big, big->voq_ef + off - 4),
			   &p);
	KUNIT_EXPECT_EQ(test, p.rx_pgs, 0);
	KUNIT_EXPECT_EQ(test, big->port[0].voq_violations, 1U);
	rio_sim_kunit_release(test, fab);
}

/*
 * Bit by bit, in the spec's numbering (bit 0 the most significant), the
 * reserved bits of the Port n VoQ CSR as Part 12 table 5-3 lists them:
 * rev 3+ (rev 4.1) bits 3-7 and 19-25, rev 2.x (rev 2.2) bits 3-7 and
 * 12-31.  Written here from the spec, not from the register model.
 */
struct sim_rsvd_case {
	const char *name;
	enum rio_voq_layout layout;
	unsigned int first[2], last[2];
};

static const struct sim_rsvd_case sim_rsvd_cases[] = {
	{ "rev 3+", RIO_VOQ_LAYOUT_REV3, { 3, 19 }, { 7, 25 } },
	{ "rev 2.x", RIO_VOQ_LAYOUT_REV2, { 3, 12 }, { 7, 31 } },
};

static void sim_rsvd_desc(const struct sim_rsvd_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(sim_rsvd, sim_rsvd_cases, sim_rsvd_desc);

static bool sim_rsvd_bit(const struct sim_rsvd_case *c, unsigned int bit)
{
	return (bit >= c->first[0] && bit <= c->last[0]) ||
	       (bit >= c->first[1] && bit <= c->last[1]);
}

/*
 * A write that sets a reserved bit of the Port n VoQ CSR is a violation
 * (and the bit still reads 0); one that sets any other bit alone is not:
 * rio-sim is the oracle of the driver's writes, with masks of its own.
 * The endpoint's partner (the host) cannot generate, so that RX group
 * sizes may change; bits are written one at a time, in order, so that
 * generation is off again when the TX group size bits come.
 */
static void sim_voq_reserved_bits(struct kunit *test)
{
	const struct sim_rsvd_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I, .voq = true, .voq_layout = c->layout,
		.voq_caps = RIO_VOQ_CSR_RX_SUP,
	};
	unsigned int bit, before;
	struct rio_sim_dev *ep;
	u32 off;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rio_sim_dev_add(fab, &d));
	d.name = "ep";
	d.did = RIO_SIM_DID_ENDPOINT;
	d.voq_caps = RIO_SIM_VOQ_CAPS_ALL;
	ep = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ep);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, ep, 0, 2), 0);
	off = ep->voq_ef + rio_voq_csr_offset(c->layout, 0, 0);

	for (bit = 0; bit < 32; bit++) {
		before = ep->port[0].voq_violations;
		sim_wr(test, fab, 0xff, 0, off, BIT(31 - bit));
		KUNIT_EXPECT_EQ_MSG(test, ep->port[0].voq_violations - before,
				    sim_rsvd_bit(c, bit) ? 1U : 0U, "bit %u", bit);
		if (sim_rsvd_bit(c, bit))
			KUNIT_EXPECT_EQ_MSG(test, rio_sim_dev_peek(ep, off) & BIT(31 - bit), 0U,
					    "bit %u", bit);
	}
	rio_sim_kunit_release(test, fab);
}

/*
 * The Port n Latency Optimization CSR as Part 6 rev 4.1 section 7.6.15
 * defines it, written here from the spec and not from the model: only in
 * LP-Serial map II blocks, port n's at block offset 0x6c + 0x40 n; bits
 * (bit 0 the most significant) 0-2 read-only capabilities, 8 and 9
 * controls, reserved when bit 0, respectively bit 1, is clear; the
 * others reserved.
 */
#define SIM_LAT_BIT(n)		BIT(31 - (n))

static u32 sim_lat_off(const struct rio_sim_dev *dev, unsigned int port)
{
	return dev->phys_ef + 0x6c + 0x40 * port;
}

/* Is spec bit @bit reserved in a CSR whose capabilities are @caps */
static bool sim_lat_rsvd(u32 caps, unsigned int bit)
{
	if (bit == 8)
		return !(caps & SIM_LAT_BIT(0));
	if (bit == 9)
		return !(caps & SIM_LAT_BIT(1));
	return bit > 2;
}

/*
 * A fabric of the host (map I, an endpoint) and, at hop 0, a 4-port map
 * II switch whose ports have the latency capabilities @caps
 */
static struct rio_sim_dev *sim_lat_fabric(struct kunit *test, u32 caps,
					  struct rio_sim_fabric **fabp)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I,
	};
	struct rio_sim_dev *sw;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rio_sim_dev_add(fab, &d));
	d = (struct rio_sim_dev_desc){
		.name = "sw", .is_switch = true, .nports = 4, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_II, .em = true,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL, .lat_caps = caps,
	};
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, sw, 0, 2), 0);
	*fabp = fab;
	return sw;
}

struct sim_lat_case {
	const char *name;
	u32 caps;
};

static const struct sim_lat_case sim_lat_cases[] = {
	{ "every capability", SIM_LAT_BIT(0) | SIM_LAT_BIT(1) | SIM_LAT_BIT(2) },
	{ "multiple acks only", SIM_LAT_BIT(0) },
	{ "ackID in PNA only", SIM_LAT_BIT(1) | SIM_LAT_BIT(2) },
	{ "none", 0 },
};

static void sim_lat_desc(const struct sim_lat_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(sim_lat, sim_lat_cases, sim_lat_desc);

/*
 * Bit by bit, through maintenance writes: the capabilities read as
 * described whatever is written; a control sticks only where its
 * capability is set; a reserved bit (a control without its capability
 * included) reads 0 and is counted as a violation, once per write; the
 * write lands on a register all the same (no stray write), and the
 * other ports' CSRs do not change.
 */
static void sim_lat_bits(struct kunit *test)
{
	const struct sim_lat_case *c = test->param_value;
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *sw = sim_lat_fabric(test, c->caps, &fab);
	unsigned int bit, before, p;
	u32 want;

	for (p = 0; p < sw->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(sw, p)), c->caps,
				    "port %u at reset", p);
	for (bit = 0; bit < 32; bit++) {
		before = sw->port[2].lat_violations;
		sim_wr(test, fab, 0xff, 0, sim_lat_off(sw, 2), SIM_LAT_BIT(bit));
		KUNIT_EXPECT_EQ_MSG(test, sw->port[2].lat_violations - before,
				    sim_lat_rsvd(c->caps, bit) ? 1U : 0U, "bit %u", bit);
		want = c->caps | ((bit == 8 || bit == 9) && !sim_lat_rsvd(c->caps, bit) ?
				  SIM_LAT_BIT(bit) : 0);
		KUNIT_EXPECT_EQ_MSG(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(sw, 2)), want,
				    "bit %u", bit);
	}
	KUNIT_EXPECT_EQ(test, sw->port[2].lat_writes, 32ULL);

	/* All ones: the controls there are, one violation */
	before = sw->port[2].lat_violations;
	sim_wr(test, fab, 0xff, 0, sim_lat_off(sw, 2), ~0U);
	want = c->caps | (c->caps & SIM_LAT_BIT(0) ? SIM_LAT_BIT(8) : 0) |
	       (c->caps & SIM_LAT_BIT(1) ? SIM_LAT_BIT(9) : 0);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(sw, 2)), want);
	KUNIT_EXPECT_EQ(test, sw->port[2].lat_violations - before, 1U);
	/* Writing back what was read is no violation, nor are the capabilities */
	sim_wr(test, fab, 0xff, 0, sim_lat_off(sw, 2), want);
	sim_wr(test, fab, 0xff, 0, sim_lat_off(sw, 2), SIM_LAT_BIT(0) | SIM_LAT_BIT(1) |
	       SIM_LAT_BIT(2));
	KUNIT_EXPECT_EQ(test, sw->port[2].lat_violations - before, 1U);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(sw, 2)), c->caps);

	for (p = 0; p < sw->nports; p++) {
		if (p == 2)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, rio_sim_dev_peek(sw, sim_lat_off(sw, p)), c->caps,
				    "port %u", p);
		KUNIT_EXPECT_EQ_MSG(test, sw->port[p].lat_writes, 0ULL, "port %u", p);
		KUNIT_EXPECT_EQ_MSG(test, sw->port[p].lat_violations, 0U, "port %u", p);
	}
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	KUNIT_EXPECT_EQ(test, fab->failed, 0ULL);
	rio_sim_kunit_release(test, fab);
}

/*
 * Map I has no Latency Optimization CSR: a description giving one
 * capabilities is refused, as is one with other bits than 0-2; the word
 * at 0x6c of a map I block is port 1's reserved 0x4c (a stray write);
 * no fault can be set there.  Canned topologies have none but voqmix.
 */
static void sim_lat_map_i(struct kunit *test)
{
	static const char * const topos[] = {
		"single", "star:4", "tree:2", "ring:3", "big48", "staging", "hostile",
		"random:1", "random:5", "chain:3", "fat48:60",
	};
	static const u32 bad_caps[] = {
		SIM_LAT_BIT(3), SIM_LAT_BIT(8), SIM_LAT_BIT(9), SIM_LAT_BIT(31),
	};
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "sw", .is_switch = true, .nports = 4, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_I,
		.lat_caps = SIM_LAT_BIT(0),
	};
	struct rio_sim_dev *sw, *dev;
	unsigned int i, p;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_EXPECT_EQ(test, PTR_ERR(rio_sim_dev_add(fab, &d)), -EINVAL);
	d.map = RIO_SIM_MAP_II;
	for (i = 0; i < ARRAY_SIZE(bad_caps); i++) {
		d.lat_caps = SIM_LAT_BIT(0) | bad_caps[i];
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(rio_sim_dev_add(fab, &d)), -EINVAL,
				    "caps 0x%08x", d.lat_caps);
	}
	KUNIT_EXPECT_EQ(test, fab->ndevs, 0U);
	rio_sim_kunit_release(test, fab);

	/* A 4-port map I switch at hop 0 */
	fab = sim_build(test, "star:3");
	sw = rio_sim_dev_find(fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, sw->map, RIO_SIM_MAP_I);
	sim_wr(test, fab, 0xff, 0, sw->phys_ef + 0x6c, ~0U);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, sw->phys_ef + 0x6c), 0U);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 1ULL);
	for (p = 0; p < sw->nports; p++) {
		KUNIT_EXPECT_EQ(test, sw->port[p].lat_ctl, 0U);
		KUNIT_EXPECT_EQ(test, sw->port[p].lat_writes, 0ULL);
		KUNIT_EXPECT_EQ(test, sw->port[p].lat_violations, 0U);
	}
	KUNIT_EXPECT_EQ(test, rio_sim_set_lat_wfault(sw, 1, true), -EINVAL);
	KUNIT_EXPECT_FALSE(test, sw->port[1].lat_wfault_ignore);
	rio_sim_kunit_release(test, fab);

	for (i = 0; i < ARRAY_SIZE(topos); i++) {
		fab = sim_build(test, topos[i]);
		list_for_each_entry(dev, &fab->devs, node)
			for (p = 0; p < dev->nports; p++)
				KUNIT_EXPECT_EQ_MSG(test, dev->port[p].lat_caps, 0U,
						    "%s: %s port %u", topos[i], dev->name, p);
		rio_sim_kunit_release(test, fab);
	}
}

/*
 * The write fault of the CSR: while set, writes are taken (counted, and
 * their violations) and change nothing; the access does not fail; only
 * the port it was set on; cleared, writes land again
 */
static void sim_lat_wfault(struct kunit *test)
{
	u32 caps = SIM_LAT_BIT(0) | SIM_LAT_BIT(1) | SIM_LAT_BIT(2);
	u32 ctls = SIM_LAT_BIT(8) | SIM_LAT_BIT(9);
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *sw = sim_lat_fabric(test, caps, &fab);
	u32 off = sim_lat_off(sw, 1);

	KUNIT_EXPECT_EQ(test, rio_sim_set_lat_wfault(sw, 4, true), -EINVAL);
	sim_wr(test, fab, 0xff, 0, off, SIM_LAT_BIT(9));
	KUNIT_ASSERT_EQ(test, rio_sim_set_lat_wfault(sw, 1, true), 0);
	sim_wr(test, fab, 0xff, 0, off, SIM_LAT_BIT(8));
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, off), caps | SIM_LAT_BIT(9));
	sim_wr(test, fab, 0xff, 0, off, 0);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, off), caps | SIM_LAT_BIT(9));
	sim_wr(test, fab, 0xff, 0, off, ~0U);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, off), caps | SIM_LAT_BIT(9));
	KUNIT_EXPECT_EQ(test, sw->port[1].lat_writes, 4ULL);
	KUNIT_EXPECT_EQ(test, sw->port[1].lat_violations, 1U);

	/* The other ports take their writes */
	sim_wr(test, fab, 0xff, 0, sim_lat_off(sw, 2), ctls);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(sw, 2)), caps | ctls);

	KUNIT_ASSERT_EQ(test, rio_sim_set_lat_wfault(sw, 1, false), 0);
	sim_wr(test, fab, 0xff, 0, off, SIM_LAT_BIT(8));
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, off), caps | SIM_LAT_BIT(8));
	KUNIT_EXPECT_EQ(test, fab->failed, 0ULL);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, fab);
}

static void sim_faults_and_counters(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "single");
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, 1);
	u32 val = 0;

	KUNIT_ASSERT_NOT_NULL(test, ep);
	fab->fail_nth = 3;
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0xff, 0, RIO_DEV_ID_CAR, &val), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_local_read(fab, RIO_DEV_ID_CAR, &val), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, RIO_COMPONENT_TAG_CSR, 1), -EIO);
	KUNIT_EXPECT_EQ(test, ep->comptag, 0U);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, RIO_COMPONENT_TAG_CSR, 1), 0);
	KUNIT_EXPECT_EQ(test, ep->comptag, 1U);
	KUNIT_EXPECT_EQ(test, fab->reads, 2ULL);
	KUNIT_EXPECT_EQ(test, fab->writes, 2ULL);
	KUNIT_EXPECT_EQ(test, fab->failed, 1ULL);
	KUNIT_EXPECT_EQ(test, ep->reads, 1ULL);
	KUNIT_EXPECT_EQ(test, ep->writes, 1ULL);
	KUNIT_EXPECT_EQ(test, fab->host->reads, 1ULL);

	ep->all_ones = true;
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0xff, 0, RIO_DEV_ID_CAR, &val), 0);
	KUNIT_EXPECT_EQ(test, val, ~0U);
	ep->all_ones = false;
	ep->fail_all = true;
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0xff, 0, RIO_DEV_ID_CAR, &val), -EIO);
	KUNIT_EXPECT_EQ(test, rio_sim_local_read(fab, RIO_DEV_ID_CAR, &val), 0);
	rio_sim_kunit_release(test, fab);
}

static void sim_large_ids(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "bench:3");
	u32 val = 0;

	KUNIT_EXPECT_TRUE(test, fab->large);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xffff, 0, RIO_SWITCH_RT_LIMIT), 1023U);
	KUNIT_EXPECT_NE(test, sim_rd(test, fab, 0xffff, 0, RIO_PEF_CAR) & RIO_PEF_CTLS, 0U);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0x300);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xffff);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	sim_wr(test, fab, 0xffff, 1, RIO_DID_CSR, 0x300);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0x300, 0xff, RIO_DID_CSR), 0x300U);
	/* The 8-bit field does not address it */
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0x00, 0xff, RIO_DID_CSR, &val), -EIO);
	rio_sim_kunit_release(test, fab);
}

/* The staging registers of the two vendor models */
static void sim_staging_registers(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "staging");
	struct rio_sim_dev *ram = rio_sim_dev_find(fab, 1), *fixed = rio_sim_dev_find(fab, 2);

	KUNIT_ASSERT_NOT_NULL(test, ram);
	KUNIT_ASSERT_NOT_NULL(test, fixed);
	/* Hop 0 is the RAM model: 4 queues; its map takes only 0..3 */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_CAP),
			(u32)(RIO_SIM_STAGING_RAM << 8 | 4));
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3), 2);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 2U);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3), 9);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 2U);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_HOP(1, 7), 5);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_HOP(1, 7)), 5U);
	/* A port beyond the switch has no entries */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(9, 0)), 0U);

	/* The fixed decoder: port mod 2, and writes change nothing */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(fixed, RIO_SIM_STG_CAP),
			(u32)(RIO_SIM_STAGING_FIXED << 8 | 2));
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(fixed, RIO_SIM_STG_MAP(0, 5)), 1U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(fixed, RIO_SIM_STG_MAP(3, 6)), 0U);

	/* Staging map write faults: one port only, and no access fails */
	KUNIT_EXPECT_EQ(test, rio_sim_set_stg_wfault(fixed, 0, RIO_SIM_WFAULT_IGNORE, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_set_stg_wfault(ram, 8, RIO_SIM_WFAULT_IGNORE, 0),
			-EINVAL);
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_IGNORE, 0), 0);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3), 1);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 2U);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(2, 3), 1);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(2, 3)), 1U);
	/* Bit 1 stuck at its value (1): 0 reads 2 */
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_STUCK, BIT(1)), 0);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3), 0);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 2U);
	/* Bit 0 inverted in reads: 3 lands, reads 2 */
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_READBACK, BIT(0)), 0);
	sim_wr(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3), 3);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 2U);
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_NONE, 0), 0);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, RIO_SIM_STG_MAP(1, 3)), 3U);
	KUNIT_EXPECT_EQ(test, fab->failed, 0ULL);
	rio_sim_kunit_release(test, fab);
}

static struct rio_sim_dev *sim_find_name(struct kunit *test,
					 struct rio_sim_fabric *fab, const char *name)
{
	struct rio_sim_dev *dev;

	list_for_each_entry(dev, &fab->devs, node)
		if (!strcmp(dev->name, name))
			return dev;
	KUNIT_FAIL(test, "no device %s", name);
	return NULL;
}

/*
 * Writes that land on no writable register are counted, per device and
 * per fabric; writes to registers are not.  A short VoQ block placed
 * first: its CSRs take writes, the word after its last CSR is the
 * LP-Serial block's header.
 */
static void sim_stray_writes(struct kunit *test)
{
	struct rio_sim_dev_desc desc = {
		.name = "short", .is_switch = true, .nports = 16, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_I, .em = true,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL, .voq_nports = 4,
		.voq_place = RIO_SIM_VOQ_FIRST,
	};
	struct rio_sim_fabric *fab = sim_build(test, "single");
	struct rio_sim_dev *sw, *ep = rio_sim_dev_find(fab, 1);
	u32 csr = RIO_VOQ_CSR_PART_EN, ef;
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, ep);
	/* Put the switch between the host and the endpoint */
	rio_sim_unlink(fab->host, 0);
	sw = rio_sim_dev_add(fab, &desc);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, ep, 0, 2), 0);
	ef = sw->voq_ef;
	KUNIT_EXPECT_EQ(test, ef, (u32)RIO_SIM_PHYS_EF);
	KUNIT_EXPECT_EQ(test, sw->phys_ef, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, 4));

	/* Registers: the block's CSRs, the standard CSRs, Port n Control */
	for (p = 0; p < 4; p++)
		sim_wr(test, fab, 0xff, 0, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, p), csr);
	sim_wr(test, fab, 0xff, 0, RIO_COMPONENT_TAG_CSR, 7);
	sim_wr(test, fab, 0xff, 0, sw->phys_ef + RIO_PORT_N_CTL_CSR(3, 1), 0x00600000);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	KUNIT_EXPECT_EQ(test, sw->port[3].voq_ctl, csr);
	KUNIT_EXPECT_EQ(test, sw->port[3].ctl, 0x00600000U);

	/* Past the last CSR: the LP-Serial header, read-only */
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0,
				     rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, 4)) & 0xffff,
			(u32)RIO_EFB_SER_EPF_SW_M1_ID);
	sim_wr(test, fab, 0xff, 0, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, 4), csr);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 1ULL);
	KUNIT_EXPECT_EQ(test, sw->port[4].voq_ctl, 0U);
	/* A reserved word of the VoQ block, and its header */
	sim_wr(test, fab, 0xff, 0, ef + 4, csr);
	sim_wr(test, fab, 0xff, 0, ef, csr);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, ef + 4), 0U);
	/* A read-only CAR, a route register of an endpoint, space beyond */
	sim_wr(test, fab, 0xff, 0, RIO_DEV_ID_CAR, 0);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 4ULL);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xff);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	sim_wr(test, fab, 0xff, 1, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 3);
	sim_wr(test, fab, 0xff, 1, 0xfff0, 1);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, 0xfff0), 0U);
	KUNIT_EXPECT_EQ(test, ep->stray_writes, 2ULL);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 4ULL);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 6ULL);
	/* Local writes count too */
	KUNIT_EXPECT_EQ(test, rio_sim_local_write(fab, RIO_PEF_CAR, 0), 0);
	KUNIT_EXPECT_EQ(test, fab->host->stray_writes, 1ULL);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 7ULL);
	rio_sim_kunit_release(test, fab);
}

/*
 * voqmix's switches have latency optimizations: the 8-port one (hop 0)
 * all three capabilities, the 48-port one (hop 1) multiple acknowledges
 * only, on every port; no other device has any.  Through the fabric, on
 * the 48-port switch bit 9 is reserved and bit 8 is not.  A board
 * swapped in for the 8-port one through its replace file keeps them.
 */
static void sim_lat_voqmix(struct kunit *test)
{
	u32 all = SIM_LAT_BIT(0) | SIM_LAT_BIT(1) | SIM_LAT_BIT(2);
	struct rio_sim_fabric *fab = sim_build(test, "voqmix");
	struct rio_sim_dev *a = sim_find_name(test, fab, "sw-a");
	struct rio_sim_dev *big = sim_find_name(test, fab, "sw-48");
	struct rio_sim_dev_desc d;
	struct rio_sim_dev *dev;
	unsigned int p;

	KUNIT_ASSERT_TRUE(test, a && big);
	KUNIT_ASSERT_EQ(test, a->map, RIO_SIM_MAP_II);
	KUNIT_ASSERT_EQ(test, big->map, RIO_SIM_MAP_II);
	KUNIT_EXPECT_EQ(test, a->nports, 8U);
	for (p = 0; p < a->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(a, p)), all,
				    "sw-a port %u", p);
	/* The host's route out of sw-a to sw-48 */
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xff);
	sim_wr(test, fab, 0xff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 1);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, RIO_SWP_INFO_CAR) >> 8, 48U);
	for (p = 0; p < big->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, sim_rd(test, fab, 0xff, 1, sim_lat_off(big, p)),
				    (u32)SIM_LAT_BIT(0), "sw-48 port %u", p);
	list_for_each_entry(dev, &fab->devs, node) {
		if (dev == a || dev == big)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, dev->map, RIO_SIM_MAP_I, "%s", dev->name);
		KUNIT_EXPECT_EQ_MSG(test, dev->port[0].lat_caps, 0U, "%s", dev->name);
	}

	sim_wr(test, fab, 0xff, 1, sim_lat_off(big, 0), SIM_LAT_BIT(9));
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, sim_lat_off(big, 0)),
			(u32)SIM_LAT_BIT(0));
	KUNIT_EXPECT_EQ(test, big->port[0].lat_violations, 1U);
	sim_wr(test, fab, 0xff, 1, sim_lat_off(big, 0), SIM_LAT_BIT(8) | SIM_LAT_BIT(9));
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 1, sim_lat_off(big, 0)),
			(u32)(SIM_LAT_BIT(0) | SIM_LAT_BIT(8)));
	KUNIT_EXPECT_EQ(test, big->port[0].lat_violations, 2U);
	sim_wr(test, fab, 0xff, 0, sim_lat_off(a, 1), SIM_LAT_BIT(8) | SIM_LAT_BIT(9));
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xff, 0, sim_lat_off(a, 1)),
			all | SIM_LAT_BIT(8) | SIM_LAT_BIT(9));
	KUNIT_EXPECT_EQ(test, a->port[1].lat_violations, 0U);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);

	/* A new board: the same capabilities, its controls as after reset */
	KUNIT_ASSERT_EQ(test, rio_sim_replace_desc(a, "8 rev3", &d), 0);
	KUNIT_EXPECT_EQ(test, d.map, RIO_SIM_MAP_II);
	KUNIT_EXPECT_EQ(test, d.lat_caps, all);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(a, &d), 0);
	for (p = 0; p < a->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, rio_sim_dev_peek(a, sim_lat_off(a, p)), all,
				    "sw-a port %u", p);
	rio_sim_kunit_release(test, fab);
}

/* What the hostile topology's devices look like from the fabric */
static void sim_hostile_layout(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_build(test, "hostile");
	struct rio_sim_dev *first, *end, *r2, *big, *zero;
	unsigned int ttl = RIO_VOQ_EF_TTL;
	enum rio_voq_layout layout;
	u32 ptr, ef, phys;

	first = sim_find_name(test, fab, "sw-short-first");
	end = sim_find_name(test, fab, "sw-short-end");
	r2 = sim_find_name(test, fab, "sw-255-rev2");
	big = sim_find_name(test, fab, "sw-claims-255");
	zero = sim_find_name(test, fab, "sw-claims-0");
	KUNIT_ASSERT_TRUE(test, first && end && r2 && big && zero);

	/* Placed first: the chain starts with it, LP-Serial right after */
	KUNIT_ASSERT_EQ(test, rio_voq_ef_first(sim_peek_read, first, &ptr), 0);
	KUNIT_EXPECT_EQ(test, ptr, first->voq_ef);
	KUNIT_ASSERT_EQ(test, rio_voq_ef_find(sim_peek_read, first, ptr,
					      RIO_EFB_SER_EPF_SW_M2_ID, &ttl,
					      &phys), 0);
	KUNIT_EXPECT_EQ(test, phys, first->phys_ef);
	KUNIT_EXPECT_EQ(test, phys, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ptr, 8));
	KUNIT_ASSERT_EQ(test, rio_voq_detect_layout(sim_peek_read, first, ptr, &layout), 0);
	KUNIT_EXPECT_EQ(test, layout, RIO_VOQ_LAYOUT_REV3);
	/* Its 32nd "CSR" is the Port 0 Control CSR */
	first->port[0].ctl = 0x00600000;
	ef = rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ptr, 31);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(first, ef), 0x00600000U);

	/* At the end: its last CSR is the last word of the space */
	KUNIT_ASSERT_EQ(test, rio_voq_ef_first(sim_peek_read, end, &ptr), 0);
	ttl = RIO_VOQ_EF_TTL;
	KUNIT_ASSERT_EQ(test, rio_voq_ef_find(sim_peek_read, end, ptr,
					      RIO_EFB_VOQ_ID, &ttl, &ef), 0);
	KUNIT_EXPECT_EQ(test, ef, end->voq_ef);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, 3),
			(u32)RIO_VOQ_EF_SPACE_END);
	KUNIT_EXPECT_NE(test, rio_sim_dev_peek(end, RIO_VOQ_EF_SPACE_END) & RIO_VOQ_CSR_GEN_SUP,
			0U);
	/* Past it there is nothing: reads 0 */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(end, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, ef, 4)),
			0U);
	KUNIT_ASSERT_EQ(test, rio_voq_detect_layout(sim_peek_read, end, ef, &layout), 0);
	KUNIT_EXPECT_EQ(test, layout, RIO_VOQ_LAYOUT_REV3);

	/* rev 2: 192 CSRs for 255 ports */
	KUNIT_EXPECT_EQ(test, r2->voq_nports, (unsigned int)RIO_VOQ_R2_MAX_PORTS);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(r2, RIO_SWP_INFO_CAR) >> 8, 255U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(r2, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV2,
								      r2->voq_ef, 192)),
			0U);
	KUNIT_ASSERT_EQ(test, rio_voq_detect_layout(sim_peek_read, r2, r2->voq_ef, &layout), 0);
	KUNIT_EXPECT_EQ(test, layout, RIO_VOQ_LAYOUT_REV2);

	/* Port counts claimed, not real */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(big, RIO_SWP_INFO_CAR) >> 8, 255U);
	KUNIT_EXPECT_EQ(test, big->nports, 8U);
	KUNIT_EXPECT_EQ(test, big->voq_nports, 8U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(zero, RIO_SWP_INFO_CAR) >> 8, 0U);
	KUNIT_EXPECT_EQ(test, zero->nports, 4U);
	rio_sim_kunit_release(test, fab);
}

/* Hostile descriptions that still cannot be built */
static void sim_hostile_refused(struct kunit *test)
{
	static const struct {
		const char *what;
		bool is_switch;
		unsigned int nports;
		enum rio_voq_layout layout;
		unsigned int voq_nports;
		enum rio_sim_voq_place place;
		bool claim;
	} bad[] = {
		{ "more CSRs than ports", true, 8, RIO_VOQ_LAYOUT_REV3, 9, RIO_SIM_VOQ_LAST },
		{ "rev 2, 255 ports, one CSR each", true, 255, RIO_VOQ_LAYOUT_REV2, 0,
		  RIO_SIM_VOQ_LAST },
		{ "rev 2, 193 CSRs", true, 255, RIO_VOQ_LAYOUT_REV2, 193, RIO_SIM_VOQ_LAST },
		{ "unknown placement", true, 8, RIO_VOQ_LAYOUT_REV3, 0, 3 },
		{ "an endpoint claiming ports", false, 1, RIO_VOQ_LAYOUT_REV3, 0,
		  RIO_SIM_VOQ_LAST, true },
	};
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		d = (struct rio_sim_dev_desc){
			.name = "bad", .is_switch = bad[i].is_switch,
			.nports = bad[i].nports, .map = RIO_SIM_MAP_II,
			.voq = true, .voq_layout = bad[i].layout,
			.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
			.voq_nports = bad[i].voq_nports, .voq_place = bad[i].place,
			.swp_claim = bad[i].claim,
		};
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(rio_sim_dev_add(fab, &d)), -EINVAL,
				    "%s", bad[i].what);
	}
	KUNIT_EXPECT_EQ(test, fab->ndevs, 0U);
	rio_sim_kunit_release(test, fab);
}

static void sim_topo_errors(struct kunit *test)
{
	static const char * const bad[] = {
		"", "nope", "star:0", "star:255", "star:x", "single:3", "ring:2",
		"tree:16", "bench:1", "bench:3827", "chain:0", "chain:256",
		"fat16:2", "fat48:65536", "fat16:x", "a-name-longer-than-sixteen",
		"random:x", "random:4294967296", "random:-1",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(rio_sim_topo_build(bad[i])),
				    -EINVAL, "'%s'", bad[i]);
}

static void sim_topo_sizes(struct kunit *test)
{
	static const struct {
		const char *spec;
		unsigned int ndevs;
	} want[] = {
		{ "single", 2 }, { "star:4", 6 }, { "tree:2", 1 + 1 + 2 * 16 },
		{ "ring:4", 1 + 8 }, { "big48", 49 }, { "big255", 256 },
		{ "voqmix", 10 }, { "bench:10", 10 }, { "bench:1000", 1000 },
		{ "staging", 8 }, { "hostile", 18 }, { "bench:3826", 3826 },
		{ "chain:255", 1 + 2 * 255 }, { "fat16:1000", 1000 },
		{ "fat48:16000", 16000 },
	};
	struct rio_sim_fabric *fab;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		fab = sim_build(test, want[i].spec);
		KUNIT_EXPECT_EQ_MSG(test, fab->ndevs, want[i].ndevs, "%s", want[i].spec);
		rio_sim_kunit_release(test, fab);
	}
}

/*
 * Hop count of the farthest device, every device reached from the host:
 * breadth first over a queue, whatever the depth
 */
static unsigned int sim_hops(struct kunit *test, struct rio_sim_fabric *fab)
{
	struct rio_sim_dev **queue, *dev, *peer;
	unsigned int *dist, head = 0, tail = 0, p, far = 0;

	queue = kunit_kcalloc(test, fab->ndevs, sizeof(*queue), GFP_KERNEL);
	dist = kunit_kcalloc(test, fab->ndevs, sizeof(*dist), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, queue);
	KUNIT_ASSERT_NOT_NULL(test, dist);

	/* links from the host: 1 for the first switch, at hop count 0 */
	queue[tail++] = fab->host;
	dist[fab->host->index] = 0;
	while (head < tail) {
		dev = queue[head++];
		for (p = 0; p < dev->nports; p++) {
			peer = dev->port[p].peer;
			if (!peer || peer == fab->host || dist[peer->index])
				continue;
			dist[peer->index] = dist[dev->index] + 1;
			far = max(far, dist[peer->index]);
			queue[tail++] = peer;
		}
	}
	KUNIT_EXPECT_EQ(test, tail, fab->ndevs);
	kunit_kfree(test, queue);
	kunit_kfree(test, dist);
	return far - 1;
}

/*
 * The shapes that separate size from depth: how deep each is, route
 * tables that hold every ID the enumerator can give, and endpoints
 * without one, so that a device costs little
 */
static void sim_topo_shapes(struct kunit *test)
{
	static const struct {
		const char *spec;
		unsigned int ndevs, hops, switches, routes;
	} want[] = {
		{ "chain:1", 3, 1, 1, 1024 },
		{ "chain:255", 511, 255, 255, 1024 },
		{ "bench:3826", 3826, 255, 255, 4096 },
		{ "fat16:17", 17, 1, 1, 1024 },
		{ "fat16:18", 18, 2, 2, 1024 },
		{ "fat16:242", 242, 2, 16, 1024 },
		{ "fat16:243", 243, 3, 17, 1024 },
		{ "fat16:1000", 1000, 3, 69, 1024 },
		{ "fat16:3617", 3617, 3, 241, 4096 },
		{ "fat16:3618", 3618, 4, 242, 4096 },
		{ "fat16:16000", 16000, 4, 1069, 16384 },
		{ "fat48:2258", 2258, 2, 48, 4096 },
		{ "fat48:2259", 2259, 3, 49, 4096 },
		{ "fat48:4000", 4000, 3, 87, 4096 },
		{ "fat48:16000", 16000, 3, 343, 16384 },
	};
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *dev;
	unsigned int i, switches;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		fab = sim_build(test, want[i].spec);
		KUNIT_EXPECT_EQ_MSG(test, fab->ndevs, want[i].ndevs, "%s", want[i].spec);
		KUNIT_EXPECT_EQ_MSG(test, sim_hops(test, fab), want[i].hops, "%s",
				    want[i].spec);
		KUNIT_EXPECT_EQ_MSG(test, fab->routes, want[i].routes, "%s",
				    want[i].spec);
		switches = 0;
		list_for_each_entry(dev, &fab->devs, node) {
			switches += dev->is_switch;
			KUNIT_EXPECT_EQ(test, !dev->route, !dev->is_switch);
			/* an endpoint: the device and its one port */
			if (!dev->is_switch)
				KUNIT_EXPECT_LE_MSG(test, ksize(dev) + ksize(dev->port),
						    (size_t)512, "%s", want[i].spec);
		}
		KUNIT_EXPECT_EQ_MSG(test, switches, want[i].switches, "%s",
				    want[i].spec);
		rio_sim_kunit_release(test, fab);
	}
}

/* Route tables of a large fabric: every ID below the size routes */
static void sim_route_table_size(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(true));
	struct rio_sim_dev_desc h = {
		.name = "host", .nports = 1, .map = RIO_SIM_MAP_I,
	};
	struct rio_sim_dev_desc d = {
		.name = "sw", .is_switch = true, .nports = 4, .map = RIO_SIM_MAP_I,
	};
	struct rio_sim_dev *sw;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 512), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 3000), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 131072), -EINVAL);
	KUNIT_EXPECT_EQ(test, fab->routes, 1024U);
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 65536), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rio_sim_dev_add(fab, &h));
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	/* too late: the switch's table has its size */
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 1024), -EINVAL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, sw, 0, 2), 0);

	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xffff, 0, RIO_SWITCH_RT_LIMIT), 65535U);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_DESTID_SEL_CSR, 0xfffe);
	sim_wr(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR, 3);
	KUNIT_EXPECT_EQ(test, sim_rd(test, fab, 0xffff, 0, RIO_STD_RTE_CONF_PORT_SEL_CSR),
			3U);
	KUNIT_EXPECT_EQ(test, sw->route[0xfffe], 3);
	rio_sim_kunit_release(test, fab);

	/* an 8-bit fabric keeps its 256 */
	fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_EXPECT_EQ(test, rio_sim_fabric_set_routes(fab, 1024), -EINVAL);
	KUNIT_EXPECT_EQ(test, fab->routes, 256U);
	rio_sim_kunit_release(test, fab);
}

/* What a fabric is made of, in a few numbers, to tell two apart */
static u32 sim_topo_hash(struct rio_sim_fabric *fab)
{
	struct rio_sim_dev *dev;
	unsigned int p;
	u32 h = fab->ndevs;

	list_for_each_entry(dev, &fab->devs, node) {
		h = h * 31 + dev->nports + dev->is_switch * 1000 + dev->voq_layout * 7 +
		    !!dev->voq_ef * 3 + !!dev->em_ef * 5 + dev->voq_nports * 11;
		for (p = 0; p < dev->nports; p++) {
			h = h * 31 + dev->port[p].voq_caps;
			if (dev->port[p].peer)
				h = h * 31 + dev->port[p].peer->index * 256 +
				    dev->port[p].peer_port + dev->port[p].baud_class;
		}
	}
	return h;
}

/*
 * random:SEED: the same fabric for the same seed and another for
 * another; every device reached from the host over one cable each (a
 * tree); what the soaks need found among 32 seeds: rev 2.x and rev 3+
 * blocks, devices without one, 255-port switches (a rev 2.x one with a
 * block of 192 CSRs), endpoints with error management, every baud-rate
 * class, rev 3+ ports with optional group sizes, and some without
 * generation, reception or per-VC support
 */
static void sim_topo_random(struct kunit *test)
{
	unsigned int rev2 = 0, rev3 = 0, novoq = 0, big = 0, ep_em = 0, pgs = 0;
	unsigned int nogen = 0, norx = 0, novc = 0, seed, p, links, cls = 0;
	struct rio_sim_fabric *fab, *again;
	struct rio_sim_dev *dev;
	char spec[24];
	u32 prev = 0, h;

	for (seed = 0; seed < 32; seed++) {
		snprintf(spec, sizeof(spec), "random:%u", seed);
		fab = sim_build(test, spec);
		again = sim_build(test, spec);
		h = sim_topo_hash(fab);
		KUNIT_EXPECT_EQ_MSG(test, sim_topo_hash(again), h, "%s", spec);
		KUNIT_EXPECT_NE_MSG(test, h, prev, "%s", spec);
		prev = h;
		sim_hops(test, fab);	/* expects every device reached */
		links = 0;
		list_for_each_entry(dev, &fab->devs, node) {
			KUNIT_EXPECT_LE(test, dev->nports, RIO_SIM_MAX_PORTS);
			if (dev == fab->host)
				continue;
			big += dev->nports == RIO_SIM_MAX_PORTS;
			ep_em += !dev->is_switch && dev->em_ef;
			for (p = 0; p < dev->nports; p++) {
				if (!dev->port[p].peer)
					continue;
				links++;
				cls |= BIT(dev->port[p].baud_class);
				KUNIT_EXPECT_PTR_EQ(test, dev->port[p].peer->port
						    [dev->port[p].peer_port].peer, dev);
			}
			if (!dev->voq_ef) {
				novoq++;
				continue;
			}
			if (dev->voq_layout == RIO_VOQ_LAYOUT_REV2) {
				rev2++;
				KUNIT_EXPECT_LE(test, dev->voq_nports, RIO_VOQ_R2_MAX_PORTS);
				KUNIT_EXPECT_NE(test, dev->port[0].voq_caps &
						(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP), 0U);
			} else {
				rev3++;
				KUNIT_EXPECT_EQ(test, dev->voq_nports, dev->nports);
				pgs += (dev->port[0].voq_caps & RIO_VOQ_CSR_PGS_SUP_ALL) !=
				       (RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4));
			}
			nogen += !(dev->port[0].voq_caps & RIO_VOQ_CSR_GEN_SUP);
			norx += !(dev->port[0].voq_caps & RIO_VOQ_CSR_RX_SUP);
			novc += !(dev->port[0].voq_caps & RIO_VOQ_CSR_VC_SUP);
		}
		/* A tree: one cable less than devices, each counted at both ends */
		KUNIT_EXPECT_EQ_MSG(test, links + 1, 2 * (fab->ndevs - 1), "%s", spec);
		rio_sim_kunit_release(test, again);
		rio_sim_kunit_release(test, fab);
	}
	KUNIT_EXPECT_GT(test, rev2, 0U);
	KUNIT_EXPECT_GT(test, rev3, 0U);
	KUNIT_EXPECT_GT(test, novoq, 0U);
	KUNIT_EXPECT_GT(test, big, 0U);
	KUNIT_EXPECT_GT(test, ep_em, 0U);
	KUNIT_EXPECT_GT(test, pgs, 0U);
	KUNIT_EXPECT_GT(test, nogen, 0U);
	KUNIT_EXPECT_GT(test, norx, 0U);
	KUNIT_EXPECT_GT(test, novc, 0U);
	KUNIT_EXPECT_EQ(test, cls, BIT(1) | BIT(2) | BIT(3));
}

/*
 * random:SEED is the same fabric on every architecture: its draws are
 * taken in the order sim_random() lists them, never in an order the
 * compiler picks (the order of a call's arguments is unspecified in C).
 * Replay the first ones: the number of switches, which one is big, the
 * first switch's port count and board, then the port by which it hangs
 * on the host and that link's baud-rate class.
 */
static void sim_topo_random_order(struct kunit *test)
{
	static const u8 ports[] = SIM_RND_SW_PORTS;
	unsigned int seed, nsw, big, nports, port, cls;
	struct rio_sim_fabric *fab;
	struct rio_sim_port *hp;
	struct rnd_state r;
	char spec[24];

	for (seed = 0; seed < 16; seed++) {
		prandom_seed_state(&r, seed);
		nsw = 1 + prandom_u32_state(&r) % SIM_RND_MAX_SW;
		big = prandom_u32_state(&r) % 3 ? nsw : prandom_u32_state(&r) % nsw;
		nports = big ? ports[prandom_u32_state(&r) % ARRAY_SIZE(ports)] :
			       RIO_SIM_MAX_PORTS;
		prandom_u32_state(&r);		/* its board */
		port = prandom_u32_state(&r) % nports;	/* all ports are free */
		cls = 1 + prandom_u32_state(&r) % 3;

		snprintf(spec, sizeof(spec), "random:%u", seed);
		fab = sim_build(test, spec);
		hp = &fab->host->port[0];
		KUNIT_ASSERT_NOT_NULL_MSG(test, hp->peer, "%s", spec);
		KUNIT_EXPECT_EQ_MSG(test, hp->peer->nports, nports, "%s", spec);
		KUNIT_EXPECT_EQ_MSG(test, hp->peer_port, port, "%s", spec);
		KUNIT_EXPECT_EQ_MSG(test, hp->baud_class, cls, "%s", spec);
		rio_sim_kunit_release(test, fab);
	}
}

static struct kunit_case sim_fabric_test_cases[] = {
	KUNIT_CASE(sim_host_lock),
	KUNIT_CASE(sim_read_only_cars),
	KUNIT_CASE(sim_routing),
	KUNIT_CASE(sim_ring_ingress),
	KUNIT_CASE(sim_port_status),
	KUNIT_CASE(sim_voq_block),
	KUNIT_CASE(sim_voq_csr_semantics),
	KUNIT_CASE_PARAM(sim_voq_reserved_bits, sim_rsvd_gen_params),
	KUNIT_CASE_PARAM(sim_lat_bits, sim_lat_gen_params),
	KUNIT_CASE(sim_lat_map_i),
	KUNIT_CASE(sim_lat_wfault),
	KUNIT_CASE(sim_faults_and_counters),
	KUNIT_CASE(sim_large_ids),
	KUNIT_CASE(sim_staging_registers),
	KUNIT_CASE(sim_stray_writes),
	KUNIT_CASE(sim_lat_voqmix),
	KUNIT_CASE(sim_hostile_layout),
	KUNIT_CASE(sim_hostile_refused),
	KUNIT_CASE(sim_topo_errors),
	KUNIT_CASE(sim_topo_sizes),
	KUNIT_CASE(sim_topo_shapes),
	KUNIT_CASE(sim_topo_random),
	KUNIT_CASE(sim_topo_random_order),
	KUNIT_CASE(sim_route_table_size),
	{}
};

static struct kunit_suite sim_fabric_test_suite = {
	.name = "rio_sim_fabric",
	.test_cases = sim_fabric_test_cases,
};

kunit_test_suite(sim_fabric_test_suite);
