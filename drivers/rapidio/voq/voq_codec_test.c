// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the congestion-message codec and of the generator and
 * receiver reference models, against the tables of Part 12.
 */

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/rio_voq.h>

#include "voq_model.h"

#define ALL	RIO_VOQ_VC_ALL

/* Table 3-3: every VC_IND value */
static void voq_vc_ind_table(struct kunit *test)
{
	static const int want[16] = {
		1, 2, 3, 4, 5, 6, 7, 8, 0,
		-EBADMSG, -EBADMSG, -EBADMSG, -EBADMSG, -EBADMSG, -EBADMSG,
		RIO_VOQ_VC_ALL,
	};
	unsigned int ind;
	int vc, ret;
	u8 back;

	for (ind = 0; ind < 16; ind++) {
		vc = 99;
		ret = rio_voq_vc_ind_decode(ind, &vc);
		if (want[ind] == -EBADMSG) {
			KUNIT_EXPECT_EQ_MSG(test, ret, -EBADMSG, "VC_IND %u", ind);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "VC_IND %u", ind);
		KUNIT_EXPECT_EQ_MSG(test, vc, want[ind], "VC_IND %u", ind);
		KUNIT_EXPECT_EQ(test, rio_voq_vc_ind_encode(vc, &back), 0);
		KUNIT_EXPECT_EQ(test, back, (u8)ind);
	}
	KUNIT_EXPECT_EQ(test, rio_voq_vc_ind_decode(16, &vc), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_vc_ind_encode(9, &back), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_vc_ind_encode(-2, &back), -EINVAL);
}

/* Symbols written out by hand from the spec's figures */
static void voq_sym_known(struct kunit *test)
{
	struct rio_voq_msg m;
	u32 sym;

	/* CS48, 1 group bit (table 3-2): port 13 is group 1, status bit 1 */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS48, 1, RIO_VOQ_VC_ALL,
						 1, BIT(1), &sym), 0);
	KUNIT_EXPECT_EQ(test, sym, 0x2000U | BIT(1) << 1 | 1);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS48, 1, sym, ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.first_port + 1, 13U);
	KUNIT_EXPECT_EQ(test, m.nbits, 12U);
	KUNIT_EXPECT_EQ(test, m.vc, RIO_VOQ_VC_ALL);

	/* CS64, 4 group bits (table 3-4), VC0: port 255 is group 15 bit 15 */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS64, 4, 0, 15, BIT(15),
						 &sym), 0);
	KUNIT_EXPECT_EQ(test, sym, 0xd000000U | 0x8 << 20 | BIT(15) << 4 | 15);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS64, 4, sym, ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.vc, 0);
	KUNIT_EXPECT_EQ(test, m.first_port, 240U);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(15));

	/* Rev 2: CMD 0b001, stype2 bit 3 = offset 5, group 31 = base 0xBA */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_REV2, 0, RIO_VOQ_VC_ALL,
						 31, BIT(5), &sym), 0);
	KUNIT_EXPECT_EQ(test, sym, 0x0800U | BIT(13 - 3) | 31);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_REV2, 0, sym, ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.first_port, 0xbaU);
	KUNIT_EXPECT_EQ(test, m.first_port + 5, 191U);
}

/*
 * Rev 2.2 tables 3-1 to 3-3 in full: every group, every offset.  In the
 * 14-bit stype2 field, spec bit n is BIT(13 - n); bit 3 carries offset 5
 * and bit 8 offset 0; the port is group * 6 + offset.
 */
static void voq_sym_rev2_full(struct kunit *test)
{
	struct rio_voq_msg m;
	unsigned int group, off;
	u32 sym, want;

	for (group = 0; group < 32; group++) {
		for (off = 0; off < 6; off++) {
			KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_REV2, 0,
								 RIO_VOQ_VC_ALL, group,
								 BIT(off), &sym), 0);
			want = BIT(13 - 2) |		/* CMD 0b001: bits 0-2 */
			       BIT(13 - (8 - off)) |	/* offset 5..0: bits 3..8 */
			       group;			/* bits 9-13 */
			KUNIT_EXPECT_EQ_MSG(test, sym, want, "group %u offset %u", group, off);
			KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_REV2, 0, sym, ALL, &m),
					0);
			KUNIT_EXPECT_EQ(test, m.first_port + off, group * 6 + off);
			KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(off));
		}
	}
}

static void voq_sym_errors(struct kunit *test)
{
	struct rio_voq_msg m;
	u32 sym = 0;

	/* Not VoQ: CS48 CMD 0, CS64 another stype0, rev 2 another CMD */
	KUNIT_EXPECT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS48, 0, 0x1fff, ALL, &m), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS48, 0, 0x4000, ALL, &m), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS64, 0, 0xc000000, ALL, &m), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_REV2, 0, 0x1000, ALL, &m), -EINVAL);
	/* A reserved VC_IND: ignored by receivers, but still shown */
	KUNIT_EXPECT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS64, 0,
						 0xd000000 | 0x9 << 20 | 0x5, ALL, &m), -EBADMSG);
	KUNIT_EXPECT_EQ(test, m.status, 0x5U);
	/* Encoding out of range */
	KUNIT_EXPECT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS48, 1, RIO_VOQ_VC_ALL, 2, 0,
						 &sym), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS48, 1, RIO_VOQ_VC_ALL, 0,
						 BIT(12), &sym), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS64, 1, 9, 0, 0, &sym), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_encode(RIO_VOQ_FMT_CS64, 7, 0, 0, 0, &sym), -EINVAL);
	KUNIT_EXPECT_EQ(test, sym, 0U);
}

/* A small deterministic generator for "random" bitmaps */
static u32 voq_lcg(u32 *state)
{
	*state = *state * 1664525 + 1013904223;
	return *state >> 8;
}

/* Decode @cnt symbols into the status bitmap @back */
static void voq_decode_all(struct kunit *test, enum rio_voq_fmt fmt, unsigned int g,
			   const u32 *syms, int cnt, unsigned long *back)
{
	struct rio_voq_msg m;
	unsigned int b;
	int i;

	bitmap_zero(back, RIO_VOQ_MAX_PORTS);
	for (i = 0; i < cnt; i++) {
		KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(fmt, g, syms[i], ALL, &m), 0);
		for (b = 0; b < m.nbits && m.first_port + b < RIO_VOQ_MAX_PORTS; b++)
			__assign_bit(m.first_port + b, back, m.status & BIT(b));
	}
}

/* One random bitmap of a random port count: a full refresh carries it */
static void voq_roundtrip_one(struct kunit *test, enum rio_voq_fmt fmt,
			      unsigned int g, u32 *state)
{
	DECLARE_BITMAP(cur, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(back, RIO_VOQ_MAX_PORTS);
	unsigned int n = 1 + voq_lcg(state) % RIO_VOQ_MAX_PORTS, covered, i;
	u32 syms[64];
	int cnt;

	covered = min(n, rio_voq_ports_covered(fmt, g));
	bitmap_zero(cur, RIO_VOQ_MAX_PORTS);
	for (i = 0; i < covered; i++)
		if (voq_lcg(state) & 1)
			__set_bit(i, cur);

	cnt = rio_voq_sym_changes(fmt, g, RIO_VOQ_VC_ALL, NULL, cur, n, syms,
				  ARRAY_SIZE(syms));
	KUNIT_ASSERT_EQ(test, cnt, (int)rio_voq_refresh_symbols(fmt, g, n));
	voq_decode_all(test, fmt, g, syms, cnt, back);
	KUNIT_EXPECT_TRUE_MSG(test, bitmap_equal(cur, back, covered),
			      "fmt %d g %u ports %u", fmt, g, n);
}

/* Every group size, both widths and rev 2: random bitmaps survive */
static void voq_sym_roundtrip(struct kunit *test)
{
	static const enum rio_voq_fmt fmts[] = {
		RIO_VOQ_FMT_REV2, RIO_VOQ_FMT_CS48, RIO_VOQ_FMT_CS64,
	};
	unsigned int f, g, round;
	u32 state = 12345;

	for (f = 0; f < ARRAY_SIZE(fmts); f++)
		for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
			for (round = 0; round < 8; round++)
				voq_roundtrip_one(test, fmts[f], g, &state);
}

/* Rule 4.2 d-e: one symbol per changed group, none if nothing changed */
static void voq_sym_minimal(struct kunit *test)
{
	DECLARE_BITMAP(old, RIO_VOQ_MAX_PORTS);
	DECLARE_BITMAP(cur, RIO_VOQ_MAX_PORTS);
	struct rio_voq_msg m;
	u32 syms[8];

	bitmap_zero(old, RIO_VOQ_MAX_PORTS);
	bitmap_zero(cur, RIO_VOQ_MAX_PORTS);
	KUNIT_EXPECT_EQ(test, rio_voq_sym_changes(RIO_VOQ_FMT_CS48, 2, RIO_VOQ_VC_ALL, old,
						  cur, 44, syms, 8), 0);
	__set_bit(12, cur);	/* group 1 of 11-port groups */
	__set_bit(40, cur);	/* group 3 */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_changes(RIO_VOQ_FMT_CS48, 2, RIO_VOQ_VC_ALL, old,
						  cur, 44, syms, 8), 2);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS48, 2, syms[0], ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.group, 1U);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(1));
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(RIO_VOQ_FMT_CS48, 2, syms[1], ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.group, 3U);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(7));
	KUNIT_EXPECT_EQ(test, rio_voq_sym_changes(RIO_VOQ_FMT_CS48, 2, RIO_VOQ_VC_ALL, NULL,
						  cur, 44, syms, 1), -ENOSPC);
}

/* Table 5-4 through the generator model, with generation on and off */
static void voq_generator(struct kunit *test)
{
	struct rio_voq_gen *gen = kunit_kzalloc(test, sizeof(*gen), GFP_KERNEL);
	struct rio_voq_msg m;
	u32 syms[4];

	KUNIT_ASSERT_NOT_NULL(test, gen);
	gen->fmt = RIO_VOQ_FMT_CS48;
	gen->pgs = 0;
	gen->vc = RIO_VOQ_VC_ALL;
	gen->nports = 8;

	/* Generation off: nothing, whatever happens */
	__set_bit(1, gen->part);
	__set_bit(1, gen->congested);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);

	gen->gen_en = true;
	/* bit9=1 bit10=0: congestion is reported, one symbol */
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 4), 1);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(gen->fmt, 0, syms[0], ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(1));
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);	/* no change */

	/* bit9=0 bit10=0: port 2's congestion is not reported, no symbol */
	__set_bit(2, gen->congested);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);
	/* bit9=0 bit10=1: always congested, but still no symbol */
	__set_bit(3, gen->xoff);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);
	/* bit9=1 bit10=1: congested; from normal and clear, one symbol */
	__set_bit(4, gen->part);
	__set_bit(4, gen->xoff);
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 4), 1);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(gen->fmt, 0, syms[0], ALL, &m), 0);
	/* ...carrying port 3's fixed XOFF too, not port 2's congestion */
	KUNIT_EXPECT_EQ(test, m.status, (u32)(BIT(1) | BIT(3) | BIT(4)));
	/* XOFF set on a port already congested: no change, no symbol */
	__set_bit(1, gen->xoff);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);

	/* Link recovery: every group again (30 ports, 11 per group) */
	gen->nports = 30;
	gen->pgs = 2;
	KUNIT_EXPECT_EQ(test, rio_voq_gen_resync(gen, syms, 4), 3);
}

/* Receiver: per-VC and all-VC application, reserved VC_IND, co-mingling */
static void voq_receiver(struct kunit *test)
{
	struct rio_voq_rx *rx = kunit_kzalloc(test, sizeof(*rx), GFP_KERNEL);
	u32 sym;
	int vc;

	KUNIT_ASSERT_NOT_NULL(test, rx);
	rx->fmt = RIO_VOQ_FMT_CS64;
	rx->pgs = 1;
	rx->nqueues = 2;
	memset(rx->queue, 1, sizeof(rx->queue));
	rx->queue[1] = 0;	/* ports 1 and 5 share queue 0 */
	rx->queue[5] = 0;

	/* Per-VC off: a symbol for VC3 stops port 5 on every VC */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, 3, 0, BIT(5), &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym), 0);
	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
		KUNIT_EXPECT_TRUE(test, rio_voq_rx_queue_stopped(rx, vc, 0));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 1));	/* still flows */
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 1));

	/* Clear: queue 0 resumes */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, 3, 0, 0, &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 0));

	/* Per-VC on: only VC3; "all VCs" still means all */
	rx->per_vc = true;
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, 3, 0, BIT(1), &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_queue_stopped(rx, 3, 0));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 2, 0));
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, RIO_VOQ_VC_ALL, 0, BIT(2), &sym),
			0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 7, 2));

	/* A reserved VC_IND is ignored without error and changes nothing */
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, 0xd000000 | 0xa << 20 | 0xffffe), 0);
	KUNIT_EXPECT_EQ(test, rx->ignored, 1U);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 10));
	/* Not a VoQ symbol: an error */
	KUNIT_EXPECT_EQ(test, rio_voq_rx_symbol(rx, 0x1234), -EINVAL);
}

/*
 * End to end through both models: the transmitter's TX group size must
 * be the receiver's RX size, or the wrong port is gated.
 */
static void voq_group_size_mismatch(struct kunit *test)
{
	struct rio_voq_gen *gen = kunit_kzalloc(test, sizeof(*gen), GFP_KERNEL);
	struct rio_voq_rx *good = kunit_kzalloc(test, sizeof(*good), GFP_KERNEL);
	struct rio_voq_rx *bad = kunit_kzalloc(test, sizeof(*bad), GFP_KERNEL);
	u32 syms[4];
	int n, i;

	KUNIT_ASSERT_NOT_NULL(test, gen);
	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_NOT_NULL(test, bad);
	*gen = (struct rio_voq_gen) { .fmt = RIO_VOQ_FMT_CS48, .pgs = 1,
				      .vc = RIO_VOQ_VC_ALL, .gen_en = true, .nports = 24 };
	good->fmt = RIO_VOQ_FMT_CS48;
	good->pgs = 1;
	bad->fmt = RIO_VOQ_FMT_CS48;
	bad->pgs = 2;

	bitmap_fill(gen->part, 24);
	__set_bit(13, gen->congested);
	n = rio_voq_gen_update(gen, syms, 4);
	KUNIT_ASSERT_EQ(test, n, 1);
	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(good, syms[i]), 0);
		KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(bad, syms[i]), 0);
	}
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(good, 0, 13));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(bad, 0, 13));
	/* Group 1, status bit 1 read with 2 group bits: group 1, bit 0 */
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(bad, 0, 11));
}

/*
 * 3.3, rule 4.2 c: CS48 and rev 2.x VoQ fields carry no VC; the decoder
 * takes it from the Status (VC0) or VC_Status (VCID) symbol the field
 * came with.  CS64 names it in VC_IND, whatever the caller says.
 */
struct voq_carrier_case {
	const char *name;
	enum rio_voq_fmt fmt;
	int enc_vc;		/* the VC the encoder is given (CS64 only) */
	int carrier;		/* the carrying symbol's VC */
	int want_vc;
	int ret;
};

static const struct voq_carrier_case voq_carrier_cases[] = {
	{ "CS48 with a Status symbol: VC0", RIO_VOQ_FMT_CS48, ALL, 0, 0, 0 },
	{ "CS48 with VC_Status of VC5", RIO_VOQ_FMT_CS48, ALL, 5, 5, 0 },
	{ "CS48 with VC_Status of VC8", RIO_VOQ_FMT_CS48, ALL, 8, 8, 0 },
	{ "CS48 with another symbol: no VC", RIO_VOQ_FMT_CS48, 3, ALL, ALL, 0 },
	{ "rev 2.x with VC_Status of VC2", RIO_VOQ_FMT_REV2, ALL, 2, 2, 0 },
	{ "CS64: VC_IND VC2, not the caller's VC7", RIO_VOQ_FMT_CS64, 2, 7, 2, 0 },
	{ "CS64: VC_IND all VCs", RIO_VOQ_FMT_CS64, ALL, 0, ALL, 0 },
	{ "CS48 with a VC that does not exist", RIO_VOQ_FMT_CS48, ALL, 9, ALL, -EINVAL },
	{ "CS64 with a VC that does not exist", RIO_VOQ_FMT_CS64, 1, -2, ALL, -EINVAL },
};

static void voq_carrier_desc(const struct voq_carrier_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_carrier, voq_carrier_cases, voq_carrier_desc);

static void voq_sym_carrier(struct kunit *test)
{
	const struct voq_carrier_case *c = test->param_value;
	struct rio_voq_msg m = { .vc = 99 };
	u32 sym;

	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(c->fmt, 0, c->enc_vc, 0, BIT(3), &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(c->fmt, 0, sym, c->carrier, &m), c->ret);
	if (c->ret)
		return;
	KUNIT_EXPECT_EQ(test, m.vc, c->want_vc);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(3));
}

static struct kunit_case voq_codec_test_cases[] = {
	KUNIT_CASE(voq_vc_ind_table),
	KUNIT_CASE(voq_sym_known),
	KUNIT_CASE(voq_sym_rev2_full),
	KUNIT_CASE(voq_sym_errors),
	KUNIT_CASE(voq_sym_roundtrip),
	KUNIT_CASE(voq_sym_minimal),
	KUNIT_CASE(voq_generator),
	KUNIT_CASE(voq_receiver),
	KUNIT_CASE(voq_group_size_mismatch),
	KUNIT_CASE_PARAM(voq_sym_carrier, voq_carrier_gen_params),
	{}
};

static struct kunit_suite voq_codec_test_suite = {
	.name = "rio_voq_codec",
	.test_cases = voq_codec_test_cases,
};

kunit_test_suite(voq_codec_test_suite);
