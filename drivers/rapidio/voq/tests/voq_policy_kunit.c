// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq's planner, pure: the plan of a link from two
 * ends' capabilities, the policy and the admin's choices; the checks of
 * an admin's choice; and when a write must stop generation.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/version.h>

#include "../voq_core.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define R2	RIO_VOQ_LAYOUT_REV2
#define R3	RIO_VOQ_LAYOUT_REV3
#define GEN	BIT(0)
#define RX	BIT(1)
#define VC	BIT(2)
#define ALL	(GEN | RX | VC)
#define SIZES_ALL	0x7f
#define SIZES_MIN	(BIT(0) | BIT(4))

struct voq_plan_case {
	const char *name;
	enum rio_voq_layout la, lb;
	unsigned int ca, cb;		/* GEN | RX | VC */
	u8 sa, sb;			/* supported group sizes */
	unsigned int na, nb;		/* ports */
	enum rio_voq_fmt fmt;
	bool per_vc;
	/* choices of end a: knob + 1 (0: none) and value */
	unsigned int knob_a, val_a, knob_b, val_b;
	/* expected: a -> b, then b -> a */
	bool gen_ab, gen_ba;
	u8 pgs_ab, pgs_ba;
	bool vc_ab, vc_ba;
	unsigned int unc_ab;
};

#define K(knob)	((knob) + 1)
#define TXS	K(RIO_VOQ_KNOB_TX_PGS)
#define RXS	K(RIO_VOQ_KNOB_RX_PGS)
#define CS48	RIO_VOQ_FMT_CS48

static const struct voq_plan_case voq_plan_cases[] = {
	{ "both all, endpoints, CS48", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, 0, 0, 0, 0, true, true, 0, 0, true, true, 0 },
	{ "per-VC policy off", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  RIO_VOQ_FMT_CS48, false, 0, 0, 0, 0, true, true, 0, 0, false, false, 0 },
	/* Bit 11 on both ends or neither: a receives b's per-VC symbols */
	{ "b cannot receive", R3, R3, ALL, GEN | VC, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, 0, 0, 0, 0, false, true, 0, 0, true, true, 0 },
	{ "b cannot generate", R3, R3, ALL, RX, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, 0, 0, 0, 0, true, false, 0, 0, false, false, 0 },
	{ "rev 2 against rev 3", R3, R2, ALL, ALL, SIZES_ALL, 0, 1, 1,
	  RIO_VOQ_FMT_REV2, true, 0, 0, 0, 0, false, false, 0, 0, false, false, 0 },
	{ "rev 2 both", R2, R2, ALL, ALL, 0, 0, 1, 1,
	  RIO_VOQ_FMT_REV2, true, 0, 0, 0, 0, true, true, 0, 0, true, true, 0 },
	{ "48 ports over CS48 need size 3", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 48, 1,
	  CS48, true, 0, 0, 0, 0, true, true, 3, 0, true, true, 0 },
	{ "48 ports over CS64 need size 2", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 48, 1,
	  RIO_VOQ_FMT_CS64, true, 0, 0, 0, 0, true, true, 2, 0, true, true, 0 },
	{ "48 ports, sizes meet at {0, 4}", R3, R3, ALL, ALL, SIZES_ALL, SIZES_MIN, 48, 1,
	  CS48, true, 0, 0, 0, 0, true, true, 4, 0, true, true, 0 },
	{ "255 ports over CS48 at {0, 4}: 144 covered", R3, R3, ALL, ALL, SIZES_MIN, SIZES_MIN,
	  255, 1, CS48, true, 0, 0, 0, 0, true, true, 4, 0, true, true, 144 },
	{ "admin: a's generation off", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, K(RIO_VOQ_KNOB_GEN), 0, 0, 0, false, true, 0, 0, true, true, 0 },
	{ "admin: a's TX size 5", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, TXS, 5, 0, 0, true, true, 5, 0, true, true, 0 },
	{ "admin: b's RX size 2 is a's TX size", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, 0, 0, RXS, 2, true, true, 2, 0, true, true, 0 },
	{ "admin: a's TX size beats b's RX size", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, TXS, 6, RXS, 2,
	  true, true, 6, 0, true, true, 0 },
	{ "admin: a size b lost is ignored", R3, R3, ALL, ALL, SIZES_ALL, SIZES_MIN, 1, 1,
	  CS48, true, TXS, 5, 0, 0, true, true, 0, 0, true, true, 0 },
	{ "admin: a size that uncovers ports", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 48, 1,
	  CS48, true, TXS, 1, 0, 0, true, true, 1, 0, true, true, 24 },
	{ "admin: a's per-VC off", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, K(RIO_VOQ_KNOB_VC), 0, 0, 0, true, true, 0, 0, false, false, 0 },
	{ "admin: b's per-VC off", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, 1, 1,
	  CS48, true, 0, 0, K(RIO_VOQ_KNOB_VC), 0, true, true, 0, 0, false, false, 0 },
	{ "per-VC over CS64, a cannot generate", R3, R3, RX | VC, ALL, SIZES_ALL, SIZES_ALL,
	  1, 1, RIO_VOQ_FMT_CS64, true, 0, 0, 0, 0, false, true, 0, 0, true, true, 0 },
	{ "no symbols either way: per-VC off", R3, R3, RX | VC, RX | VC, SIZES_ALL,
	  SIZES_ALL, 1, 1, CS48, true, 0, 0, 0, 0, false, false, 0, 0, false, false, 0 },
};

static void voq_plan_desc(const struct voq_plan_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_plan, voq_plan_cases, voq_plan_desc);

static void voq_end(struct rio_voq_end *e, enum rio_voq_layout layout,
		    unsigned int caps, u8 sizes, unsigned int nports,
		    struct rio_voq_choice *ch, unsigned int knob, unsigned int val)
{
	*e = (struct rio_voq_end) {
		.layout = layout, .nports = nports, .choice = ch,
		.caps = { .gen_sup = caps & GEN, .rx_sup = caps & RX,
			  .vc_sup = caps & VC, .pgs_sup = sizes },
	};
	*ch = (struct rio_voq_choice) { };
	if (knob) {
		ch->set = BIT(knob - 1);
		ch->val[knob - 1] = val;
	}
}

static void voq_plan_test(struct kunit *test)
{
	const struct voq_plan_case *c = test->param_value;
	struct rio_voq_choice cha, chb;
	struct rio_voq_end a, b;
	struct rio_voq_dir d[2];

	voq_end(&a, c->la, c->ca, c->sa, c->na, &cha, c->knob_a, c->val_a);
	voq_end(&b, c->lb, c->cb, c->sb, c->nb, &chb, c->knob_b, c->val_b);
	rio_voq_plan_link(&a, &b, c->fmt, c->per_vc, d);
	KUNIT_EXPECT_EQ(test, d[0].gen, c->gen_ab);
	KUNIT_EXPECT_EQ(test, d[1].gen, c->gen_ba);
	KUNIT_EXPECT_EQ(test, d[0].pgs, c->pgs_ab);
	KUNIT_EXPECT_EQ(test, d[1].pgs, c->pgs_ba);
	KUNIT_EXPECT_EQ(test, d[0].vc, c->vc_ab);
	KUNIT_EXPECT_EQ(test, d[1].vc, c->vc_ba);
	/* Bit 11 is one value for the link (voq.rst "Per-VC transmission") */
	KUNIT_EXPECT_EQ(test, d[0].vc, d[1].vc);
	KUNIT_EXPECT_EQ(test, d[0].uncovered, c->unc_ab);
	/* Off means a reason; on means none */
	KUNIT_EXPECT_EQ(test, !d[0].why, d[0].gen);
	KUNIT_EXPECT_EQ(test, !d[1].why, d[1].gen);
}

/*
 * The format: rev 2 wins, then the baud-rate class (Part 12 chapter 3:
 * class 2 runs CS48, class 3 CS64, whatever is preferred), then on class 1
 * or an unknown class the admin's choice, then the policy
 */
static void voq_plan_format(struct kunit *test)
{
	struct rio_voq_choice cha, chb;
	struct rio_voq_end a, b;

	voq_end(&a, R3, ALL, SIZES_ALL, 1, &cha, 0, 0);
	voq_end(&b, R3, ALL, SIZES_ALL, 1, &chb, 0, 0);
	KUNIT_EXPECT_EQ(test, rio_voq_link_pref(&a, &b, RIO_VOQ_PREF_AUTO), RIO_VOQ_PREF_AUTO);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 3, RIO_VOQ_PREF_AUTO), RIO_VOQ_FMT_CS64);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 2, RIO_VOQ_PREF_AUTO), RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 1, RIO_VOQ_PREF_AUTO), RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 1, RIO_VOQ_PREF_CS64), RIO_VOQ_FMT_CS64);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 1, RIO_VOQ_PREF_CS48), RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 3, RIO_VOQ_PREF_CS48), RIO_VOQ_FMT_CS64);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 2, RIO_VOQ_PREF_CS64), RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 0, RIO_VOQ_PREF_AUTO), RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R3, R3, 0, RIO_VOQ_PREF_CS64), RIO_VOQ_FMT_CS64);
	KUNIT_EXPECT_EQ(test, rio_voq_link_fmt(R2, R3, 3, RIO_VOQ_PREF_CS64), RIO_VOQ_FMT_REV2);

	voq_end(&b, R3, ALL, SIZES_ALL, 1, &chb, K(RIO_VOQ_KNOB_FMT), RIO_VOQ_PREF_CS64);
	KUNIT_EXPECT_EQ(test, rio_voq_link_pref(&a, &b, RIO_VOQ_PREF_CS48), RIO_VOQ_PREF_CS64);
	voq_end(&a, R3, ALL, SIZES_ALL, 1, &cha, K(RIO_VOQ_KNOB_FMT), RIO_VOQ_PREF_AUTO);
	KUNIT_EXPECT_EQ(test, rio_voq_link_pref(&a, &b, RIO_VOQ_PREF_CS48), RIO_VOQ_PREF_AUTO);
}

struct voq_check_case {
	const char *name;
	enum rio_voq_layout lme, lfar;
	unsigned int cme, cfar;
	u8 sme, sfar;
	bool linked;
	enum rio_voq_knob knob;
	unsigned int val;
	int ret;
};

static const struct voq_check_case voq_check_cases[] = {
	{ "xoff on a port without a link", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, false,
	  RIO_VOQ_KNOB_XOFF, 1, 0 },
	{ "xoff 2", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, true, RIO_VOQ_KNOB_XOFF, 2, -EINVAL },
	{ "generation off needs nothing", R3, R3, 0, 0, 0, 0, false, RIO_VOQ_KNOB_GEN, 0, 0 },
	{ "generation without a link", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, false,
	  RIO_VOQ_KNOB_GEN, 1, -ENOLINK },
	{ "generation this end cannot", R3, R3, RX, ALL, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_GEN, 1, -EOPNOTSUPP },
	{ "generation to no reception", R3, R3, ALL, GEN, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_GEN, 1, -EXDEV },
	{ "generation to rev 2", R3, R2, ALL, ALL, SIZES_ALL, 0, true,
	  RIO_VOQ_KNOB_GEN, 1, -EXDEV },
	{ "per-VC this end lacks", R3, R3, GEN | RX, ALL, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_VC, 1, -EOPNOTSUPP },
	{ "per-VC the partner lacks", R3, R3, ALL, GEN | RX, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_VC, 1, -EXDEV },
	{ "size 7 is reserved", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_TX_PGS, 7, -EINVAL },
	{ "size without a link", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, false,
	  RIO_VOQ_KNOB_TX_PGS, 3, -ENOLINK },
	{ "size this end lacks", R3, R3, ALL, ALL, SIZES_MIN, SIZES_ALL, true,
	  RIO_VOQ_KNOB_RX_PGS, 3, -EOPNOTSUPP },
	{ "size the partner lacks", R3, R3, ALL, ALL, SIZES_ALL, SIZES_MIN, true,
	  RIO_VOQ_KNOB_TX_PGS, 3, -EXDEV },
	{ "size on rev 2", R2, R2, ALL, ALL, 0, 0, true, RIO_VOQ_KNOB_TX_PGS, 0, -EOPNOTSUPP },
	{ "size both support", R3, R3, ALL, ALL, SIZES_MIN, SIZES_MIN, true,
	  RIO_VOQ_KNOB_TX_PGS, 4, 0 },
	{ "format cs64", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, true,
	  RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64, 0 },
	{ "format 3", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, true, RIO_VOQ_KNOB_FMT, 3, -EINVAL },
	{ "format on rev 2", R2, R2, ALL, ALL, 0, 0, true, RIO_VOQ_KNOB_FMT, 0, -EOPNOTSUPP },
	{ "format toward rev 2", R3, R2, ALL, ALL, SIZES_ALL, 0, true, RIO_VOQ_KNOB_FMT, 0,
	  -EXDEV },
	{ "unknown knob", R3, R3, ALL, ALL, SIZES_ALL, SIZES_ALL, true, RIO_VOQ_NR_KNOBS, 0,
	  -EINVAL },
};

static void voq_check_desc(const struct voq_check_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_check, voq_check_cases, voq_check_desc);

static void voq_check_test(struct kunit *test)
{
	const struct voq_check_case *c = test->param_value;
	struct rio_voq_choice chm, chf;
	struct rio_voq_end me, far;

	voq_end(&me, c->lme, c->cme, c->sme, 1, &chm, 0, 0);
	voq_end(&far, c->lfar, c->cfar, c->sfar, 1, &chf, 0, 0);
	KUNIT_EXPECT_EQ(test, rio_voq_choice_check(&me, c->linked ? &far : NULL,
						   c->knob, c->val), c->ret);
}

/* A VoQ CSR with these controls */
static u32 C(bool gen, u8 tx, u8 rx, bool vc)
{
	return (gen ? RIO_VOQ_CSR_GEN_EN : 0) | (vc ? RIO_VOQ_CSR_VC_EN : 0) |
	       FIELD_PREP(RIO_VOQ_CSR_TX_PGS, tx) | FIELD_PREP(RIO_VOQ_CSR_RX_PGS, rx);
}

/* Part 12: TX size only with own generation off, RX size only with the partner's */
static void voq_gen_off_rules(struct kunit *test)
{
	/* Not generating: nothing to stop */
	KUNIT_EXPECT_FALSE(test, rio_voq_need_gen_off(C(0, 1, 1, 0), C(1, 2, 2, 0),
						      C(0, 1, 1, 0), C(1, 2, 2, 0), true));
	/* Own TX size changes */
	KUNIT_EXPECT_TRUE(test, rio_voq_need_gen_off(C(1, 1, 0, 0), C(1, 2, 0, 0),
						     C(1, 0, 1, 0), C(1, 0, 1, 0), true));
	/* Only the partner's RX size changes */
	KUNIT_EXPECT_TRUE(test, rio_voq_need_gen_off(C(1, 2, 0, 0), C(1, 2, 0, 0),
						     C(1, 0, 1, 0), C(1, 0, 2, 0), true));
	/* Own RX size changes: that is the partner's generation to stop */
	KUNIT_EXPECT_FALSE(test, rio_voq_need_gen_off(C(1, 2, 1, 0), C(1, 2, 3, 0),
						      C(1, 1, 2, 0), C(1, 3, 2, 0), true));
	/* Per-VC changes; generation planned off */
	KUNIT_EXPECT_TRUE(test, rio_voq_need_gen_off(C(1, 0, 0, 0), C(1, 0, 0, 1),
						     0, 0, true));
	KUNIT_EXPECT_TRUE(test, rio_voq_need_gen_off(C(1, 0, 0, 0), C(0, 0, 0, 0),
						     0, 0, false));
	/*
	 * Only the partner's per-VC bit changes: it says how the partner
	 * reads what this end sends (3.3), so this end stops meanwhile
	 */
	KUNIT_EXPECT_TRUE(test, rio_voq_need_gen_off(C(1, 0, 0, 1), C(1, 0, 0, 1),
						     C(1, 0, 0, 0), C(1, 0, 0, 1), true));
	KUNIT_EXPECT_FALSE(test, rio_voq_need_gen_off(C(1, 0, 0, 1), C(1, 0, 0, 1),
						      C(1, 0, 0, 1), C(1, 0, 0, 1), true));
	/* XOFF alone: generation goes on */
	KUNIT_EXPECT_FALSE(test, rio_voq_need_gen_off(C(1, 2, 2, 0),
						      C(1, 2, 2, 0) | RIO_VOQ_CSR_XOFF,
						      C(1, 2, 2, 0), C(1, 2, 2, 0), true));
}

/* The wanted CSR: the plan, the port's state, the admin's choices */
static void voq_want_csr(struct kunit *test)
{
	struct rio_voq_dir tx = { .gen = true, .pgs = 3, .vc = true };
	struct rio_voq_dir rx = { .gen = true, .pgs = 2 };
	struct rio_voq_choice ch = { };
	u32 caps = RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | RIO_VOQ_CSR_VC_SUP |
		   RIO_VOQ_CSR_PGS_SUP_ALL, want;

	KUNIT_ASSERT_EQ(test, rio_voq_want_csr(R3, caps, &tx, &rx, true, false, &ch, &want), 0);
	KUNIT_EXPECT_EQ(test, want, caps | C(1, 3, 2, 1) | RIO_VOQ_CSR_PART_EN);
	/* No link: generation and per-VC off, sizes kept */
	KUNIT_ASSERT_EQ(test, rio_voq_want_csr(R3, want, NULL, NULL, true, true, &ch, &want), 0);
	KUNIT_EXPECT_EQ(test, want, caps | C(0, 3, 2, 0) | RIO_VOQ_CSR_PART_EN |
			RIO_VOQ_CSR_XOFF);
	/* The admin's XOFF and participation win over the port's state */
	ch.set = BIT(RIO_VOQ_KNOB_XOFF) | BIT(RIO_VOQ_KNOB_PART);
	ch.val[RIO_VOQ_KNOB_XOFF] = 0;
	ch.val[RIO_VOQ_KNOB_PART] = 0;
	KUNIT_ASSERT_EQ(test, rio_voq_want_csr(R3, want, NULL, NULL, true, true, &ch, &want), 0);
	KUNIT_EXPECT_EQ(test, want, caps | C(0, 3, 2, 0));
	/* A plan the port cannot take is refused */
	KUNIT_EXPECT_EQ(test, rio_voq_want_csr(R3, RIO_VOQ_CSR_RX_SUP, &tx, &rx, true, false,
					       NULL, &want), -EINVAL);
}

static struct kunit_case voq_policy_test_cases[] = {
	KUNIT_CASE_PARAM(voq_plan_test, voq_plan_gen_params),
	KUNIT_CASE(voq_plan_format),
	KUNIT_CASE_PARAM(voq_check_test, voq_check_gen_params),
	KUNIT_CASE(voq_gen_off_rules),
	KUNIT_CASE(voq_want_csr),
	{}
};

static struct kunit_suite voq_policy_test_suite = {
	.name = "rio_voq_policy",
	.test_cases = voq_policy_test_cases,
};

kunit_test_suite(voq_policy_test_suite);

MODULE_DESCRIPTION("KUnit tests of rio-voq's planners");
MODULE_LICENSE("GPL");
