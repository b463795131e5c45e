// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the VoQ Port n CSR model and layout detection.
 *
 * Field positions are checked against the specification's big-endian
 * bit numbers (bit 0 = MSB) through SPEC_BITS(), written independently of
 * the masks under test.
 */

#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/rio_regs.h>
#include <linux/rio_voq.h>

#include "../rio_spec.h"
#include "utils.h"

#define SPEC_BITS(first, last)	GENMASK(31 - (first), 31 - (last))
#define SPEC_BIT(n)		BIT(31 - (n))

#define R3_CAPS_ALL	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | \
			 RIO_VOQ_CSR_VC_SUP | RIO_VOQ_CSR_PGS_SUP_ALL)
#define R2_CAPS_ALL	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | \
			 RIO_VOQ_CSR_VC_SUP)
#define CONTROLS_ALL	(RIO_VOQ_CSR_GEN_EN | RIO_VOQ_CSR_PART_EN | \
			 RIO_VOQ_CSR_XOFF | RIO_VOQ_CSR_VC_EN)

struct voq_field_case {
	const char *name;
	u32 mask;
	unsigned int first;
	unsigned int last;
};

/* Table 5-3 of rev 4.1 and of rev 2.2 */
static const struct voq_field_case voq_field_cases[] = {
	{ "gen supported", RIO_VOQ_CSR_GEN_SUP, 0, 0 },
	{ "rx supported", RIO_VOQ_CSR_RX_SUP, 1, 1 },
	{ "per-VC supported", RIO_VOQ_CSR_VC_SUP, 2, 2 },
	{ "reserved 3-7", RIO_VOQ_CSR_RSVD_3_7, 3, 7 },
	{ "enable generation", RIO_VOQ_CSR_GEN_EN, 8, 8 },
	{ "enable participation", RIO_VOQ_CSR_PART_EN, 9, 9 },
	{ "port XOFF", RIO_VOQ_CSR_XOFF, 10, 10 },
	{ "per-VC transmission", RIO_VOQ_CSR_VC_EN, 11, 11 },
	{ "group sizes supported", RIO_VOQ_CSR_PGS_SUP_ALL, 12, 18 },
	{ "group size 0 supported", RIO_VOQ_CSR_PGS_SUP(0), 12, 12 },
	{ "group size 1 supported", RIO_VOQ_CSR_PGS_SUP(1), 13, 13 },
	{ "group size 2 supported", RIO_VOQ_CSR_PGS_SUP(2), 14, 14 },
	{ "group size 3 supported", RIO_VOQ_CSR_PGS_SUP(3), 15, 15 },
	{ "group size 4 supported", RIO_VOQ_CSR_PGS_SUP(4), 16, 16 },
	{ "group size 5 supported", RIO_VOQ_CSR_PGS_SUP(5), 17, 17 },
	{ "group size 6 supported", RIO_VOQ_CSR_PGS_SUP(6), 18, 18 },
	{ "rev 3 reserved 19-25", RIO_VOQ_CSR_R3_RSVD_19_25, 19, 25 },
	{ "TX port group size", RIO_VOQ_CSR_TX_PGS, 26, 28 },
	{ "RX port group size", RIO_VOQ_CSR_RX_PGS, 29, 31 },
	{ "rev 2 reserved 12-31", RIO_VOQ_CSR_R2_RSVD_12_31, 12, 31 },
	{ "EF_PTR", RIO_VOQ_EF_HDR_PTR, 0, 15 },
	{ "EF_ID", RIO_VOQ_EF_HDR_ID, 16, 31 },
	/* Part 6 Port n Latency Optimization CSR (part6-latency-optimization.md) */
	{ "latency: multiple acks supported", RIO_LAT_CSR_MACK_SUP, 0, 0 },
	{ "latency: ackID in PNA supported", RIO_LAT_CSR_PNA_SUP, 1, 1 },
	{ "latency: TX ackID_status in PNA supported", RIO_LAT_CSR_PNA_TX_SUP, 2, 2 },
	{ "latency: reserved 3-7", RIO_LAT_CSR_RSVD_3_7, 3, 7 },
	{ "latency: multiple acks enabled", RIO_LAT_CSR_MACK_EN, 8, 8 },
	{ "latency: ackID in PNA enabled", RIO_LAT_CSR_PNA_EN, 9, 9 },
	{ "latency: reserved 10-31", RIO_LAT_CSR_RSVD_10_31, 10, 31 },
};

static void voq_field_case_desc(const struct voq_field_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_field, voq_field_cases, voq_field_case_desc);

static void voq_csr_field_position(struct kunit *test)
{
	const struct voq_field_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, c->mask, SPEC_BITS(c->first, c->last));
}

/* The values the engineering guide spells out, as a second opinion */
static void voq_csr_guide_values(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_GEN_SUP, 0x80000000U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_GEN_EN, 0x00800000U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_PGS_SUP(0), 0x00080000U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_PGS_SUP(6), 0x00002000U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_TX_PGS, 0x38U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_CSR_RX_PGS, 0x7U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_R2_PORT_CSR(0), 0xcU);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_R2_PORT_CSR(191), 0x308U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_R3_PORT_CSR(0), 0x20U);
	KUNIT_EXPECT_EQ(test, RIO_VOQ_R3_PORT_CSR(255), 0x41cU);
	/* rev 3's port 0 sits where rev 2 puts port 5 */
	KUNIT_EXPECT_EQ(test, RIO_VOQ_R3_PORT_CSR(0), RIO_VOQ_R2_PORT_CSR(5));
}

/* Each layout's fields cover the word exactly once */
static void voq_csr_fields_partition(struct kunit *test)
{
	static const u32 r3[] = {
		R3_CAPS_ALL, RIO_VOQ_CSR_RSVD_3_7, CONTROLS_ALL,
		RIO_VOQ_CSR_R3_RSVD_19_25, RIO_VOQ_CSR_TX_PGS,
		RIO_VOQ_CSR_RX_PGS,
	};
	static const u32 r2[] = {
		R2_CAPS_ALL, RIO_VOQ_CSR_RSVD_3_7, CONTROLS_ALL,
		RIO_VOQ_CSR_R2_RSVD_12_31,
	};
	unsigned int i, weight;
	u32 all;

	for (all = 0, weight = 0, i = 0; i < ARRAY_SIZE(r3); i++) {
		all |= r3[i];
		weight += hweight32(r3[i]);
	}
	KUNIT_EXPECT_EQ(test, all, ~0U);
	KUNIT_EXPECT_EQ(test, weight, 32U);

	for (all = 0, weight = 0, i = 0; i < ARRAY_SIZE(r2); i++) {
		all |= r2[i];
		weight += hweight32(r2[i]);
	}
	KUNIT_EXPECT_EQ(test, all, ~0U);
	KUNIT_EXPECT_EQ(test, weight, 32U);

	KUNIT_EXPECT_EQ(test, rio_voq_csr_reserved(RIO_VOQ_LAYOUT_REV3),
			RIO_VOQ_CSR_RSVD_3_7 | RIO_VOQ_CSR_R3_RSVD_19_25);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_reserved(RIO_VOQ_LAYOUT_REV2),
			RIO_VOQ_CSR_RSVD_3_7 | RIO_VOQ_CSR_R2_RSVD_12_31);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_writable(RIO_VOQ_LAYOUT_REV3),
			CONTROLS_ALL | RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_RX_PGS);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_writable(RIO_VOQ_LAYOUT_REV2),
			CONTROLS_ALL);
}

static void voq_expect_port_eq(struct kunit *test,
			       const struct rio_voq_port *got,
			       const struct rio_voq_port *want,
			       unsigned int bit)
{
	KUNIT_EXPECT_EQ_MSG(test, got->gen_sup, want->gen_sup, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->rx_sup, want->rx_sup, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->vc_sup, want->vc_sup, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->pgs_sup, want->pgs_sup, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->gen_en, want->gen_en, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->part_en, want->part_en, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->xoff, want->xoff, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->vc_en, want->vc_en, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->tx_pgs, want->tx_pgs, "bit %u", bit);
	KUNIT_EXPECT_EQ_MSG(test, got->rx_pgs, want->rx_pgs, "bit %u", bit);
}

/* What table 5-3 says a CSR with only spec bit @n set decodes to */
static struct rio_voq_port voq_spec_single_bit(enum rio_voq_layout layout,
					       unsigned int n)
{
	struct rio_voq_port p = { };

	switch (n) {
	case 0:
		p.gen_sup = true;
		break;
	case 1:
		p.rx_sup = true;
		break;
	case 2:
		p.vc_sup = true;
		break;
	case 8:
		p.gen_en = true;
		break;
	case 9:
		p.part_en = true;
		break;
	case 10:
		p.xoff = true;
		break;
	case 11:
		/* Rev 3+: reserved while per-VC supported (bit 2) is 0 */
		p.vc_en = layout == RIO_VOQ_LAYOUT_REV2;
		break;
	case 12 ... 18:
		if (layout == RIO_VOQ_LAYOUT_REV3)
			p.pgs_sup = BIT(n - 12);
		break;
	case 26 ... 28:		/* bit 26 is the field's MSB */
		if (layout == RIO_VOQ_LAYOUT_REV3)
			p.tx_pgs = BIT(28 - n);
		break;
	case 29 ... 31:
		if (layout == RIO_VOQ_LAYOUT_REV3)
			p.rx_pgs = BIT(31 - n);
		break;
	}
	return p;
}

static void voq_csr_decode_each_bit(struct kunit *test)
{
	static const enum rio_voq_layout layouts[] = {
		RIO_VOQ_LAYOUT_REV2, RIO_VOQ_LAYOUT_REV3,
	};
	struct rio_voq_port got, want;
	unsigned int l, n;

	for (l = 0; l < ARRAY_SIZE(layouts); l++) {
		for (n = 0; n < 32; n++) {
			rio_voq_csr_decode(layouts[l], SPEC_BIT(n), &got);
			want = voq_spec_single_bit(layouts[l], n);
			voq_expect_port_eq(test, &got, &want, n);
		}
	}
}

/*
 * Part 12 rev 4.1, table 5-3 bit 11: "reserved when VoQ Backpressure per
 * VC Supported is 0".  Rev 2.x's bit 11 (Enable VC linking) is not.
 */
static void voq_csr_decode_vc_en_reserved(struct kunit *test)
{
	const u32 r3 = RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4);
	struct rio_voq_port p;

	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, r3 | RIO_VOQ_CSR_VC_EN, &p);
	KUNIT_EXPECT_FALSE(test, p.vc_en);
	KUNIT_EXPECT_FALSE(test, p.vc_sup);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, r3 | RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_GEN_EN |
			   RIO_VOQ_CSR_VC_EN, &p);
	KUNIT_EXPECT_FALSE(test, p.vc_en);
	KUNIT_EXPECT_TRUE(test, p.gen_en);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, r3 | RIO_VOQ_CSR_VC_SUP | RIO_VOQ_CSR_VC_EN, &p);
	KUNIT_EXPECT_TRUE(test, p.vc_en);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, r3 | RIO_VOQ_CSR_VC_SUP, &p);
	KUNIT_EXPECT_FALSE(test, p.vc_en);
	rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV2, RIO_VOQ_CSR_VC_EN, &p);
	KUNIT_EXPECT_TRUE(test, p.vc_en);
}

static void voq_csr_roundtrip_rev3(struct kunit *test)
{
	const u32 old = R3_CAPS_ALL;
	struct rio_voq_port want = { }, got;
	unsigned int ctl, tx, rx;
	u32 csr;

	for (ctl = 0; ctl < 16; ctl++) {
		for (tx = 0; tx <= RIO_VOQ_PGS_MAX; tx++) {
			for (rx = 0; rx <= RIO_VOQ_PGS_MAX; rx++) {
				want.gen_en = ctl & 1;
				want.part_en = ctl & 2;
				want.xoff = ctl & 4;
				want.vc_en = ctl & 8;
				want.tx_pgs = tx;
				want.rx_pgs = rx;
				KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV3,
									 old, &want, &csr), 0);
				KUNIT_EXPECT_EQ(test, csr & R3_CAPS_ALL, old);
				rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV3, csr, &got);
				want.gen_sup = true;
				want.rx_sup = true;
				want.vc_sup = true;
				want.pgs_sup = RIO_VOQ_PGS_MASK_ALL;
				voq_expect_port_eq(test, &got, &want, ctl);
			}
		}
	}
}

static void voq_csr_roundtrip_rev2(struct kunit *test)
{
	struct rio_voq_port want = { }, got;
	unsigned int ctl;
	u32 csr;

	for (ctl = 0; ctl < 16; ctl++) {
		want.gen_en = ctl & 1;
		want.part_en = ctl & 2;
		want.xoff = ctl & 4;
		want.vc_en = ctl & 8;
		KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV2,
							 R2_CAPS_ALL, &want, &csr), 0);
		KUNIT_EXPECT_EQ(test, csr & ~CONTROLS_ALL, R2_CAPS_ALL);
		rio_voq_csr_decode(RIO_VOQ_LAYOUT_REV2, csr, &got);
		want.gen_sup = true;
		want.rx_sup = true;
		want.vc_sup = true;
		voq_expect_port_eq(test, &got, &want, ctl);
	}
}

/* Encoding keeps reserved and read-only bits exactly as they were read */
static void voq_csr_encode_preserves_reserved(struct kunit *test)
{
	struct rio_voq_port none = { }, all = {
		.gen_en = true, .part_en = true, .xoff = true, .vc_en = true,
		.tx_pgs = 6, .rx_pgs = 3,
	};
	u32 keep3 = R3_CAPS_ALL | RIO_VOQ_CSR_R3_RSVD;
	u32 keep2 = R2_CAPS_ALL | RIO_VOQ_CSR_R2_RSVD;
	u32 csr;

	KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV3, ~0U, &none, &csr), 0);
	KUNIT_EXPECT_EQ(test, csr, keep3);

	KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV3, keep3, &all, &csr), 0);
	KUNIT_EXPECT_EQ(test, csr, keep3 | CONTROLS_ALL | 0x30U | 0x3U);

	KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV2, ~0U, &none, &csr), 0);
	KUNIT_EXPECT_EQ(test, csr, keep2);

	all.tx_pgs = 0;
	all.rx_pgs = 0;
	KUNIT_ASSERT_EQ(test, rio_voq_csr_encode(RIO_VOQ_LAYOUT_REV2, keep2, &all, &csr), 0);
	KUNIT_EXPECT_EQ(test, csr, ~0U);
}

struct voq_encode_bad_case {
	const char *name;
	enum rio_voq_layout layout;
	u32 old;
	struct rio_voq_port want;
};

static const struct voq_encode_bad_case voq_encode_bad_cases[] = {
	{ "generation without support", RIO_VOQ_LAYOUT_REV3,
	  R3_CAPS_ALL & ~RIO_VOQ_CSR_GEN_SUP, { .gen_en = true } },
	{ "per-VC without support", RIO_VOQ_LAYOUT_REV3,
	  R3_CAPS_ALL & ~RIO_VOQ_CSR_VC_SUP, { .vc_en = true } },
	{ "rev 2 VC linking without support", RIO_VOQ_LAYOUT_REV2,
	  R2_CAPS_ALL & ~RIO_VOQ_CSR_VC_SUP, { .vc_en = true } },
	{ "TX size 7 reserved", RIO_VOQ_LAYOUT_REV3, R3_CAPS_ALL, { .tx_pgs = 7 } },
	{ "RX size 7 reserved", RIO_VOQ_LAYOUT_REV3, R3_CAPS_ALL, { .rx_pgs = 7 } },
	{ "TX size unsupported", RIO_VOQ_LAYOUT_REV3,
	  RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4), { .tx_pgs = 1 } },
	{ "RX size unsupported", RIO_VOQ_LAYOUT_REV3,
	  RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4), { .rx_pgs = 6 } },
	{ "rev 2 has no group size", RIO_VOQ_LAYOUT_REV2, R2_CAPS_ALL, { .tx_pgs = 1 } },
};

static void voq_encode_bad_desc(const struct voq_encode_bad_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_encode_bad, voq_encode_bad_cases, voq_encode_bad_desc);

static void voq_csr_encode_rejects(struct kunit *test)
{
	const struct voq_encode_bad_case *c = test->param_value;
	u32 csr = 0xdeadbeef;

	KUNIT_EXPECT_EQ(test, rio_voq_csr_encode(c->layout, c->old, &c->want, &csr),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, csr, 0xdeadbeefU);
}

struct voq_status_case {
	bool part_en, xoff, congested;
	bool status, trigger;
};

/* Table 5-4, each row with the port idle and congested */
static const struct voq_status_case voq_status_cases[] = {
	{ false, false, false, false, false },
	{ false, false, true, false, false },
	{ false, true, false, true, false },
	{ false, true, true, true, false },
	{ true, false, false, false, true },
	{ true, false, true, true, true },
	{ true, true, false, true, true },
	{ true, true, true, true, true },
};

static void voq_status_desc(const struct voq_status_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "bit9=%d bit10=%d congested=%d",
		 c->part_en, c->xoff, c->congested);
}

KUNIT_ARRAY_PARAM(voq_status, voq_status_cases, voq_status_desc);

static void voq_table_5_4(struct kunit *test)
{
	const struct voq_status_case *c = test->param_value;
	bool trigger = !c->trigger;

	KUNIT_EXPECT_EQ(test, rio_voq_reported_status(c->part_en, c->xoff,
						      c->congested, &trigger),
			c->status);
	KUNIT_EXPECT_EQ(test, trigger, c->trigger);
}

#define LAYOUT_EF	0x1000

struct voq_layout_case {
	const char *name;
	enum rio_voq_layout build;
	unsigned int nports;
	u32 ef;
	u32 fill;		/* value of every port CSR */
	bool next_after;	/* another block starts right after this one */
	u32 trap;		/* value at EF + 0x20 when it is not VoQ's */
	enum rio_voq_layout expect;
};

#define R3_MIN	(RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4))
#define R3_FULL	(R3_CAPS_ALL | CONTROLS_ALL | 0x28U | 0x5U)
#define R2_FULL	(R2_CAPS_ALL | CONTROLS_ALL)

static const struct voq_layout_case voq_layout_cases[] = {
	{ "rev2 1 port", RIO_VOQ_LAYOUT_REV2, 1, LAYOUT_EF, R2_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 1 port, next block holds a rev3-like word", RIO_VOQ_LAYOUT_REV2,
	  1, LAYOUT_EF, R2_FULL, true, R3_FULL, RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 4 ports", RIO_VOQ_LAYOUT_REV2, 4, LAYOUT_EF, R2_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 4 ports, next block holds a rev3-like word", RIO_VOQ_LAYOUT_REV2,
	  4, LAYOUT_EF, R2_FULL, true, R3_MIN, RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 5 ports blank", RIO_VOQ_LAYOUT_REV2, 5, LAYOUT_EF, 0, false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 6 ports", RIO_VOQ_LAYOUT_REV2, 6, LAYOUT_EF, R2_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 48 ports", RIO_VOQ_LAYOUT_REV2, 48, LAYOUT_EF, R2_FULL, true, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 192 ports", RIO_VOQ_LAYOUT_REV2, 192, LAYOUT_EF, R2_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 1 port at the end of EF space", RIO_VOQ_LAYOUT_REV2, 1, 0xfff0,
	  R2_FULL, false, 0, RIO_VOQ_LAYOUT_REV2 },
	{ "rev3 1 port minimal", RIO_VOQ_LAYOUT_REV3, 1, LAYOUT_EF, R3_MIN, false, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 1 port, next block right after", RIO_VOQ_LAYOUT_REV3, 1, LAYOUT_EF,
	  R3_FULL, true, 0, RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 4 ports", RIO_VOQ_LAYOUT_REV3, 4, LAYOUT_EF, R3_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 6 ports", RIO_VOQ_LAYOUT_REV3, 6, LAYOUT_EF, R3_MIN, true, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 48 ports", RIO_VOQ_LAYOUT_REV3, 48, LAYOUT_EF, R3_FULL, false, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 256 ports", RIO_VOQ_LAYOUT_REV3, 256, LAYOUT_EF, R3_FULL, true, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	/*
	 * Bits rev 3+ reserves, or a size at the reserved value 7: still
	 * rev 3+, whatever the port count (rev 2.x cannot have bits 12 and
	 * 16 both set at that offset)
	 */
	{ "rev3 1 port, reserved bits 19-25 set", RIO_VOQ_LAYOUT_REV3, 1,
	  LAYOUT_EF, R3_MIN | RIO_VOQ_CSR_R3_RSVD_19_25, false, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 1 port, TX size 7", RIO_VOQ_LAYOUT_REV3, 1, LAYOUT_EF,
	  R3_MIN | RIO_VOQ_CSR_TX_PGS, false, 0, RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 1 port, reserved bit 3 set, next block right after",
	  RIO_VOQ_LAYOUT_REV3, 1, LAYOUT_EF, R3_FULL | SPEC_BIT(3), true, 0,
	  RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 4 ports, reserved bit 19 set", RIO_VOQ_LAYOUT_REV3, 4, LAYOUT_EF,
	  R3_FULL | SPEC_BIT(19), false, 0, RIO_VOQ_LAYOUT_REV3 },
	{ "rev3 5 ports, RX size 7", RIO_VOQ_LAYOUT_REV3, 5, LAYOUT_EF,
	  R3_MIN | RIO_VOQ_CSR_RX_PGS, true, 0, RIO_VOQ_LAYOUT_REV3 },
	/* Not R3_FULL: with every other bit set too, the word is all ones */
	{ "rev3 8 ports, every reserved bit set, both sizes 7", RIO_VOQ_LAYOUT_REV3,
	  8, LAYOUT_EF, R3_MIN | RIO_VOQ_CSR_R3_RSVD | RIO_VOQ_CSR_TX_PGS |
	  RIO_VOQ_CSR_RX_PGS, false, 0, RIO_VOQ_LAYOUT_REV3 },
	/* Rev 2.x: reserved bits set at port 5, but never both 12 and 16 */
	{ "rev2 6 ports, bits 12-31 set but 16", RIO_VOQ_LAYOUT_REV2, 6, LAYOUT_EF,
	  R2_FULL | (SPEC_BITS(12, 31) & ~SPEC_BIT(16)), false, 0,
	  RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 8 ports, bits 13-31 set", RIO_VOQ_LAYOUT_REV2, 8, LAYOUT_EF,
	  R2_FULL | SPEC_BITS(13, 31), true, 0, RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 5 ports, reserved bits set", RIO_VOQ_LAYOUT_REV2, 5, LAYOUT_EF,
	  R2_FULL | SPEC_BITS(12, 31), false, 0, RIO_VOQ_LAYOUT_REV2 },
	{ "rev2 3 ports, next block holds a rev3-like word with reserved bits",
	  RIO_VOQ_LAYOUT_REV2, 3, LAYOUT_EF, R2_FULL, true,
	  R3_MIN | RIO_VOQ_CSR_R3_RSVD, RIO_VOQ_LAYOUT_REV2 },
};

static void voq_layout_desc(const struct voq_layout_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_layout, voq_layout_cases, voq_layout_desc);

static void voq_detect_layout_cases(struct kunit *test)
{
	const struct voq_layout_case *c = test->param_value;
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	enum rio_voq_layout got = 0;
	u32 end, next = 0;
	unsigned int p;

	end = rio_voq_csr_offset(c->build, c->ef, c->nports);
	if (c->next_after) {
		next = end;
		voq_test_regs_set(regs, next, RIO_EFB_ERR_MGMNT);
	}
	voq_test_regs_set(regs, c->ef, next << 16 | RIO_EFB_VOQ_ID);
	for (p = 0; p < c->nports; p++)
		voq_test_regs_set(regs, rio_voq_csr_offset(c->build, c->ef, p), c->fill);
	if (c->trap)
		voq_test_regs_set(regs, c->ef + RIO_VOQ_R3_PORT_CSR(0), c->trap);

	KUNIT_ASSERT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    c->ef, &got), 0);
	KUNIT_EXPECT_EQ(test, got, c->expect);
	KUNIT_EXPECT_LE(test, regs->reads, 2U);
}

static void voq_detect_layout_errors(struct kunit *test)
{
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	enum rio_voq_layout got = 0;

	/* Not a VoQ block */
	voq_test_regs_set(regs, LAYOUT_EF, 0x0001);
	KUNIT_EXPECT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    LAYOUT_EF, &got), -ENODEV);

	/* Header read fails, or reads all ones */
	voq_test_regs_set(regs, LAYOUT_EF, RIO_EFB_VOQ_ID);
	voq_test_regs_set(regs, LAYOUT_EF + 0x20, R3_MIN);
	regs->reads = 0;
	regs->fail_at = 1;
	KUNIT_EXPECT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    LAYOUT_EF, &got), -EIO);
	regs->reads = 0;
	regs->fail_at = 2;
	KUNIT_EXPECT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    LAYOUT_EF, &got), -EIO);
	regs->fail_at = 0;
	voq_test_regs_set(regs, LAYOUT_EF + 0x20, ~0U);
	KUNIT_EXPECT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    LAYOUT_EF, &got), -EIO);
	voq_test_regs_set(regs, LAYOUT_EF, ~0U);
	KUNIT_EXPECT_EQ(test, rio_voq_detect_layout(voq_test_regs_read, regs,
						    LAYOUT_EF, &got), -EIO);
	KUNIT_EXPECT_EQ(test, got, 0);
}

static void voq_csr_offsets(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV2, 0x100, 0), 0x10cU);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV2, 0x100, 191), 0x408U);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, 0x100, 0), 0x120U);
	KUNIT_EXPECT_EQ(test, rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV3, 0x100, 255), 0x51cU);
	KUNIT_EXPECT_EQ(test, rio_voq_layout_max_ports(RIO_VOQ_LAYOUT_REV2), 192U);
	KUNIT_EXPECT_EQ(test, rio_voq_layout_max_ports(RIO_VOQ_LAYOUT_REV3), 256U);
}

static struct kunit_case voq_regs_test_cases[] = {
	KUNIT_CASE_PARAM(voq_csr_field_position, voq_field_gen_params),
	KUNIT_CASE(voq_csr_guide_values),
	KUNIT_CASE(voq_csr_fields_partition),
	KUNIT_CASE(voq_csr_decode_each_bit),
	KUNIT_CASE(voq_csr_decode_vc_en_reserved),
	KUNIT_CASE(voq_csr_roundtrip_rev3),
	KUNIT_CASE(voq_csr_roundtrip_rev2),
	KUNIT_CASE(voq_csr_encode_preserves_reserved),
	KUNIT_CASE_PARAM(voq_csr_encode_rejects, voq_encode_bad_gen_params),
	KUNIT_CASE_PARAM(voq_table_5_4, voq_status_gen_params),
	KUNIT_CASE(voq_csr_offsets),
	KUNIT_CASE_PARAM(voq_detect_layout_cases, voq_layout_gen_params),
	KUNIT_CASE(voq_detect_layout_errors),
	{}
};

static struct kunit_suite voq_regs_test_suite = {
	.name = "rio_voq_regs",
	.test_cases = voq_regs_test_cases,
};

kunit_test_suite(voq_regs_test_suite);
