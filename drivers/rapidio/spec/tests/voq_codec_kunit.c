// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the congestion-message codec and of the generator and
 * receiver reference models, against the tables of Part 12.
 */

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/rio_voq.h>

#include "../rio_spec.h"
#include "../voq_txrx.h"

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
	struct rio_voq_txsym syms[4];

	KUNIT_ASSERT_NOT_NULL(test, gen);
	gen->fmt = RIO_VOQ_FMT_CS48;
	gen->pgs = 0;
	gen->nports = 8;

	/* Generation off: nothing, whatever happens */
	__set_bit(1, gen->part);
	__set_bit(1, gen->congested[0]);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);

	gen->gen_en = true;
	/* bit9=1 bit10=0: congestion is reported, one symbol */
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 4), 1);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(gen->fmt, 0, syms[0].sym, ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(1));
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);	/* no change */

	/* bit9=0 bit10=0: port 2's congestion is not reported, no symbol */
	__set_bit(2, gen->congested[0]);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);
	/* bit9=0 bit10=1: always congested, but still no symbol */
	__set_bit(3, gen->xoff);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 4), 0);
	/* bit9=1 bit10=1: congested; from normal and clear, one symbol */
	__set_bit(4, gen->part);
	__set_bit(4, gen->xoff);
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 4), 1);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(gen->fmt, 0, syms[0].sym, ALL, &m), 0);
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
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, ALL), 0);
	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
		KUNIT_EXPECT_TRUE(test, rio_voq_rx_queue_stopped(rx, vc, 0));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 1));	/* still flows */
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 1));

	/* Clear: queue 0 resumes */
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, 3, 0, 0, &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, ALL), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 0));

	/* Per-VC on: only VC3; "all VCs" still means all */
	rx->per_vc = true;
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, 3, 0, BIT(1), &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, ALL), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_queue_stopped(rx, 3, 0));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 2, 0));
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, 1, RIO_VOQ_VC_ALL, 0, BIT(2), &sym),
			0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, ALL), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 7, 2));

	/* A reserved VC_IND is ignored without error and changes nothing */
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, 0xd000000 | 0xa << 20 | 0xffffe, ALL), 0);
	KUNIT_EXPECT_EQ(test, rx->ignored, 1U);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 10));
	/* Not a VoQ symbol: an error */
	KUNIT_EXPECT_EQ(test, rio_voq_rx_symbol(rx, 0x1234, ALL), -EINVAL);
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
	struct rio_voq_txsym syms[4];
	int n, i;

	KUNIT_ASSERT_NOT_NULL(test, gen);
	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_NOT_NULL(test, bad);
	*gen = (struct rio_voq_gen) { .fmt = RIO_VOQ_FMT_CS48, .pgs = 1,
				      .gen_en = true, .nports = 24 };
	good->fmt = RIO_VOQ_FMT_CS48;
	good->pgs = 1;
	bad->fmt = RIO_VOQ_FMT_CS48;
	bad->pgs = 2;

	bitmap_fill(gen->part, 24);
	__set_bit(13, gen->congested[0]);
	n = rio_voq_gen_update(gen, syms, 4);
	KUNIT_ASSERT_EQ(test, n, 1);
	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(good, syms[i].sym, syms[i].vc), 0);
		KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(bad, syms[i].sym, syms[i].vc), 0);
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

/*
 * The receiver and the VC a CS48 or rev 2.x field came with (3.3): by
 * its own bit 11 it stops that VC only, or every VC; with bit 11 a field
 * that came with no Status or VC_Status symbol names no VC and is
 * ignored (table 5-3, bit 11: it may only come with those).
 */
struct voq_rx_vc_case {
	const char *name;
	enum rio_voq_fmt fmt;
	bool per_vc;
	int carrier;
	u16 stopped;		/* the VCs on which the port stops */
	unsigned int ignored;
};

#define VCS_ALL		GENMASK(RIO_VOQ_NR_VCS - 1, 0)

static const struct voq_rx_vc_case voq_rx_vc_cases[] = {
	{ "CS48 per-VC, Status", RIO_VOQ_FMT_CS48, true, 0, BIT(0), 0 },
	{ "CS48 per-VC, VC_Status VC4", RIO_VOQ_FMT_CS48, true, 4, BIT(4), 0 },
	{ "CS48 per-VC, no VC symbol", RIO_VOQ_FMT_CS48, true, ALL, 0, 1 },
	{ "CS48 aggregate, VC_Status VC4", RIO_VOQ_FMT_CS48, false, 4, VCS_ALL, 0 },
	{ "CS48 aggregate, no VC symbol", RIO_VOQ_FMT_CS48, false, ALL, VCS_ALL, 0 },
	{ "rev 2.x VC linking, VC_Status VC7", RIO_VOQ_FMT_REV2, true, 7, BIT(7), 0 },
	{ "rev 2.x no linking, VC_Status VC7", RIO_VOQ_FMT_REV2, false, 7, VCS_ALL, 0 },
};

static void voq_rx_vc_desc(const struct voq_rx_vc_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_rx_vc, voq_rx_vc_cases, voq_rx_vc_desc);

static void voq_receiver_carrier(struct kunit *test)
{
	const struct voq_rx_vc_case *c = test->param_value;
	struct rio_voq_rx *rx = kunit_kzalloc(test, sizeof(*rx), GFP_KERNEL);
	u32 sym;
	int vc;

	KUNIT_ASSERT_NOT_NULL(test, rx);
	rx->fmt = c->fmt;
	rx->per_vc = c->per_vc;
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(c->fmt, 0, ALL, 0, BIT(2), &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, c->carrier), 0);
	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++) {
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_rx_port_stopped(rx, vc, 2),
				    !!(c->stopped & BIT(vc)), "VC%d", vc);
		KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, vc, 1));
	}
	KUNIT_EXPECT_EQ(test, rx->ignored, c->ignored);
	KUNIT_EXPECT_EQ(test, rio_voq_rx_symbol(rx, sym, RIO_VOQ_NR_VCS), -EINVAL);
}

static const enum rio_voq_fmt voq_fmts[] = {
	RIO_VOQ_FMT_REV2, RIO_VOQ_FMT_CS48, RIO_VOQ_FMT_CS64,
};

static void voq_fmt_desc(const enum rio_voq_fmt *f, char *desc)
{
	static const char * const names[] = { "rev2", "cs48", "cs64" };

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", names[*f]);
}

KUNIT_ARRAY_PARAM(voq_fmt, voq_fmts, voq_fmt_desc);

/* Deliver @n symbols of a generator to a receiver, as the link carries them */
static void voq_deliver(struct kunit *test, struct rio_voq_rx *rx,
			const struct rio_voq_txsym *syms, int n)
{
	int i;

	KUNIT_ASSERT_GE(test, n, 0);
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, syms[i].sym, syms[i].vc), 0);
}

/* A generator and a receiver on the two ends of a link of format @fmt */
static void voq_pair_models(struct kunit *test, enum rio_voq_fmt fmt, bool per_vc,
			    unsigned int nports, struct rio_voq_gen **gen,
			    struct rio_voq_rx **rx)
{
	*gen = kunit_kzalloc(test, sizeof(**gen), GFP_KERNEL);
	*rx = kunit_kzalloc(test, sizeof(**rx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, *gen);
	KUNIT_ASSERT_NOT_NULL(test, *rx);
	(*gen)->fmt = fmt;
	(*gen)->per_vc = per_vc;
	(*gen)->gen_en = true;
	(*gen)->nports = nports;
	bitmap_fill((*gen)->part, nports);
	(*rx)->fmt = fmt;
	(*rx)->per_vc = per_vc;
}

/*
 * Rule 4.2 c, table 3-3: with per-VC transmission each VC's status is
 * its own and goes in that VC's symbols, never "all VCs"; random
 * congestion of every VC reaches the receiver VC by VC.
 */
static void voq_generator_per_vc(struct kunit *test)
{
	enum rio_voq_fmt fmt = *(const enum rio_voq_fmt *)test->param_value;
	struct rio_voq_txsym *syms;
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	struct rio_voq_msg m;
	unsigned int p, round, covered = rio_voq_ports_covered(fmt, 0);
	u32 state = 777;
	int n, i, vc;

	syms = kunit_kcalloc(test, RIO_VOQ_NR_VCS * RIO_VOQ_GEN_MAX_GROUPS, sizeof(*syms),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, syms);
	voq_pair_models(test, fmt, true, 40, &gen, &rx);

	/* Port 1 congests on VC3: one symbol, for VC3 only */
	__set_bit(1, gen->congested[3]);
	n = rio_voq_gen_update(gen, syms, 8);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, syms[0].vc, 3);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(fmt, 0, syms[0].sym, syms[0].vc, &m), 0);
	KUNIT_EXPECT_EQ(test, m.vc, 3);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(1));
	voq_deliver(test, rx, syms, n);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 3, 1));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 4, 1));

	/* Port 2 on VC5: VC5's own status, without VC3's port 1 */
	__set_bit(2, gen->congested[5]);
	n = rio_voq_gen_update(gen, syms, 8);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, syms[0].vc, 5);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(fmt, 0, syms[0].sym, syms[0].vc, &m), 0);
	KUNIT_EXPECT_EQ(test, m.status, (u32)BIT(2));
	voq_deliver(test, rx, syms, n);

	/* Random congestion on every VC, in rounds: the receiver follows */
	for (round = 0; round < 16; round++) {
		for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
			for (p = 0; p < gen->nports; p++)
				if (voq_lcg(&state) % 8 == 0)
					__change_bit(p, gen->congested[vc]);
		n = rio_voq_gen_update(gen, syms, RIO_VOQ_NR_VCS * RIO_VOQ_GEN_MAX_GROUPS);
		for (i = 0; i < n; i++) {
			KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(fmt, 0, syms[i].sym,
								 syms[i].vc, &m), 0);
			KUNIT_EXPECT_NE(test, m.vc, ALL);
		}
		voq_deliver(test, rx, syms, n);
		for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
			for (p = 0; p < min(gen->nports, covered); p++)
				KUNIT_EXPECT_EQ_MSG(test, rio_voq_rx_port_stopped(rx, vc, p),
						    test_bit(p, gen->congested[vc]),
						    "round %u VC%d port %u", round, vc, p);
	}

	/* Link recovery: every group of every VC, each VC once per group */
	n = rio_voq_gen_resync(gen, syms, RIO_VOQ_NR_VCS * RIO_VOQ_GEN_MAX_GROUPS);
	KUNIT_EXPECT_EQ(test, n, (int)(RIO_VOQ_NR_VCS *
				       rio_voq_refresh_symbols(fmt, 0, gen->nports)));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, syms[i].vc,
				i / (int)rio_voq_refresh_symbols(fmt, 0, gen->nports));
	/* Too little room: an error, and nothing counts as sent */
	__set_bit(0, gen->congested[0]);
	__set_bit(0, gen->congested[8]);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 1), -ENOSPC);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 8), 2);
}

/*
 * Rule 4.2 b, table 3-3: without per-VC transmission a port's status is
 * that of all its VCs together, sent once for all VCs (VC_IND 0b1111)
 */
static void voq_generator_all_vcs(struct kunit *test)
{
	enum rio_voq_fmt fmt = *(const enum rio_voq_fmt *)test->param_value;
	struct rio_voq_txsym syms[8];
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	struct rio_voq_msg m;
	int vc;

	voq_pair_models(test, fmt, false, 6, &gen, &rx);
	__set_bit(1, gen->congested[3]);
	__set_bit(1, gen->congested[5]);
	__set_bit(2, gen->congested[0]);
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 8), 1);
	KUNIT_EXPECT_EQ(test, syms[0].vc, ALL);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_decode(fmt, 0, syms[0].sym, ALL, &m), 0);
	KUNIT_EXPECT_EQ(test, m.vc, ALL);
	KUNIT_EXPECT_EQ(test, m.status, (u32)(BIT(1) | BIT(2)));
	voq_deliver(test, rx, syms, 1);
	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
		KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, vc, 1));

	/* VC3 clears, VC5 still congested: the port's status holds, no symbol */
	__clear_bit(1, gen->congested[3]);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 8), 0);
	__clear_bit(1, gen->congested[5]);
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 8), 1);
	voq_deliver(test, rx, syms, 1);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 5, 1));
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 5, 2));
	KUNIT_EXPECT_EQ(test, rio_voq_gen_resync(gen, syms, 8), 1);
	KUNIT_EXPECT_EQ(test, syms[0].vc, ALL);
}

/*
 * Rule 4.2 f: the timed refresh resends the full status whether or not
 * it changed: on a VC's VC_status timer that VC's groups (with per-VC
 * transmission; without, the status of all VCs), on a timer of its own
 * every VC's.  It heals a receiver that lost a symbol, and sends nothing
 * while generation is off.
 */
static void voq_generator_refresh(struct kunit *test)
{
	enum rio_voq_fmt fmt = *(const enum rio_voq_fmt *)test->param_value;
	unsigned int per = rio_voq_refresh_symbols(fmt, 1, 30);
	struct rio_voq_txsym *syms;
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	int n, i;

	syms = kunit_kcalloc(test, RIO_VOQ_NR_VCS * RIO_VOQ_GEN_MAX_GROUPS, sizeof(*syms),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, syms);
	KUNIT_ASSERT_GT(test, per, 1U);
	voq_pair_models(test, fmt, false, 30, &gen, &rx);
	gen->pgs = 1;
	rx->pgs = 1;

	/* A symbol lost on the way: the refresh puts it right */
	__set_bit(20, gen->congested[4]);
	KUNIT_ASSERT_EQ(test, rio_voq_gen_update(gen, syms, 8), 1);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 4, 20));
	n = rio_voq_gen_refresh(gen, ALL, syms, 8);
	KUNIT_ASSERT_EQ(test, n, (int)per);
	voq_deliver(test, rx, syms, n);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 4, 20));
	/* Nothing changed, yet each timer resends; the refresh is no change */
	KUNIT_EXPECT_EQ(test, rio_voq_gen_refresh(gen, 6, syms, 8), (int)per);
	for (i = 0; i < (int)per; i++)
		KUNIT_EXPECT_EQ(test, syms[i].vc, ALL);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_update(gen, syms, 8), 0);

	/* Per-VC: VC6's timer resends VC6, a timer of its own every VC */
	gen->per_vc = true;
	n = rio_voq_gen_refresh(gen, 6, syms, 8);
	KUNIT_ASSERT_EQ(test, n, (int)per);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, syms[i].vc, 6);
	n = rio_voq_gen_refresh(gen, ALL, syms, RIO_VOQ_NR_VCS * RIO_VOQ_GEN_MAX_GROUPS);
	KUNIT_EXPECT_EQ(test, n, (int)(RIO_VOQ_NR_VCS * per));
	KUNIT_EXPECT_EQ(test, rio_voq_gen_refresh(gen, RIO_VOQ_NR_VCS, syms, 8), -EINVAL);

	/* Rule 4.2 a: generation off, nothing */
	gen->gen_en = false;
	KUNIT_EXPECT_EQ(test, rio_voq_gen_refresh(gen, ALL, syms, 8), 0);
	KUNIT_EXPECT_EQ(test, rio_voq_gen_refresh(gen, 2, syms, 8), 0);
}

/*
 * Stale state: released, the receiver holds nothing on any VC, and the
 * generator's resend after recovery (rule 4.2 g) puts back what is true
 */
static void voq_receiver_release(struct kunit *test)
{
	struct rio_voq_txsym syms[RIO_VOQ_NR_VCS];
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	int vc;

	voq_pair_models(test, RIO_VOQ_FMT_CS64, true, 8, &gen, &rx);
	__set_bit(3, gen->congested[0]);
	__set_bit(5, gen->congested[7]);
	voq_deliver(test, rx, syms, rio_voq_gen_update(gen, syms, ARRAY_SIZE(syms)));
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(rx, 7, 5));

	rio_voq_rx_release(rx);
	KUNIT_EXPECT_EQ(test, rx->released, 1U);
	for (vc = 0; vc < RIO_VOQ_NR_VCS; vc++)
		KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, vc, 0));
	__clear_bit(3, gen->congested[0]);
	voq_deliver(test, rx, syms, rio_voq_gen_resync(gen, syms, ARRAY_SIZE(syms)));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 7, 5));
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
	KUNIT_CASE_PARAM(voq_receiver_carrier, voq_rx_vc_gen_params),
	KUNIT_CASE_PARAM(voq_generator_per_vc, voq_fmt_gen_params),
	KUNIT_CASE_PARAM(voq_generator_all_vcs, voq_fmt_gen_params),
	KUNIT_CASE_PARAM(voq_generator_refresh, voq_fmt_gen_params),
	KUNIT_CASE(voq_receiver_release),
	{}
};

static struct kunit_suite voq_codec_test_suite = {
	.name = "rio_voq_codec",
	.test_cases = voq_codec_test_cases,
};

kunit_test_suite(voq_codec_test_suite);
