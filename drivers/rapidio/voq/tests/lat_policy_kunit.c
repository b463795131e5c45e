// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the latency-optimization policy, pure: every capability
 * combination of both ends of a link, over CS48 and CS64, under every
 * admin choice, against the rules restated here (the oracle); the reasons
 * and Part 6 violations the plan names; the checks of an admin's choice;
 * and the order of the writes.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/string.h>
#include <linux/version.h>

#include "../lat_internal.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* Capabilities of an end, as a 3-bit number: bit 0, bit 1, bit 2 of Part 6 */
#define C0	BIT(0)
#define C1	BIT(1)
#define C2	BIT(2)
#define NR_CAPS	8

#define CS48	RIO_VOQ_FMT_CS48
#define CS64	RIO_VOQ_FMT_CS64
#define NONE	RIO_LAT_CHOICE_NONE
#define OFF	RIO_LAT_CHOICE_OFF
#define ON	RIO_LAT_CHOICE_ON
#define NR_CHOICES	3

static u32 lat_caps_csr(unsigned int caps)
{
	return (caps & C0 ? RIO_LAT_CSR_MACK_SUP : 0) |
	       (caps & C1 ? RIO_LAT_CSR_PNA_SUP : 0) |
	       (caps & C2 ? RIO_LAT_CSR_PNA_TX_SUP : 0);
}

struct lat_combo {
	unsigned int ca, cb;
	enum rio_voq_fmt fmt;
};

/* Every capability combination of both ends, over CS48 and over CS64 */
static const void *lat_combo_gen(const void *prev, char *desc)
{
	static struct lat_combo combos[NR_CAPS * NR_CAPS * 2];
	const struct lat_combo *c = prev;
	unsigned int i = c ? c - combos + 1 : 0;

	if (i >= ARRAY_SIZE(combos))
		return NULL;
	combos[i] = (struct lat_combo) {
		.ca = i % NR_CAPS, .cb = i / NR_CAPS % NR_CAPS,
		.fmt = i < NR_CAPS * NR_CAPS ? CS48 : CS64,
	};
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "a bits %s%s%s, b bits %s%s%s, %s",
		 combos[i].ca & C0 ? "0" : "-", combos[i].ca & C1 ? "1" : "-",
		 combos[i].ca & C2 ? "2" : "-", combos[i].cb & C0 ? "0" : "-",
		 combos[i].cb & C1 ? "1" : "-", combos[i].cb & C2 ? "2" : "-",
		 combos[i].fmt == CS64 ? "CS64" : "CS48");
	return &combos[i];
}

/* The rules, restated from part6-latency-optimization.md and voq.rst */
static bool lat_oracle_sup(unsigned int caps, enum rio_lat_feat f)
{
	/* Bit 2 follows bit 1: bit 1 alone is not trusted */
	return f == RIO_LAT_MACK ? caps & C0 : (caps & C1) && (caps & C2);
}

static void lat_check_plan(struct kunit *test, const struct lat_combo *c,
			   const struct rio_lat_end e[2], u32 ctl,
			   const struct rio_lat_plan plan[RIO_LAT_NR_FEATS])
{
	const unsigned int caps[2] = { c->ca, c->cb };
	unsigned int f, i;

	for (f = 0; f < RIO_LAT_NR_FEATS; f++) {
		const struct rio_lat_plan *p = &plan[f];
		bool required = f == RIO_LAT_PNA && c->fmt == CS64;
		bool both = lat_oracle_sup(caps[0], f) && lat_oracle_sup(caps[1], f);
		bool admin_off = e[0].choice[f] == OFF || e[1].choice[f] == OFF;
		bool on = both && (required || !admin_off);
		u32 cap = f == RIO_LAT_MACK ? C0 : C1;
		u32 en = f == RIO_LAT_MACK ? RIO_LAT_CSR_MACK_EN : RIO_LAT_CSR_PNA_EN;

		KUNIT_EXPECT_EQ_MSG(test, p->on, on, "feature %u, choices %u %u, ctl %x",
				    f, e[0].choice[f], e[1].choice[f], ctl);
		for (i = 0; i < 2; i++) {
			struct rio_lat_port got;
			enum rio_lat_bit bit;
			bool violation;
			u32 want;

			bit = on ? RIO_LAT_SET : caps[i] & cap ? RIO_LAT_CLEAR : RIO_LAT_LEAVE;
			violation = f == RIO_LAT_PNA &&
				    (((caps[i] & C1) && !(caps[i] & C2)) ||
				     (required && !(caps[i] & C1)));
			KUNIT_EXPECT_EQ_MSG(test, p->bit[i], bit, "feature %u end %u", f, i);
			KUNIT_EXPECT_EQ_MSG(test, !p->why[i], on, "feature %u end %u", f, i);
			KUNIT_EXPECT_EQ_MSG(test, p->violation[i], violation,
					    "feature %u end %u", f, i);

			/*
			 * The value written: the feature decodes on at an end
			 * exactly when it is on for the link, a reserved bit
			 * stays as read, nothing else changes
			 */
			KUNIT_ASSERT_EQ(test, rio_lat_want_csr(e[i].csr, plan, i, &want), 0);
			rio_lat_csr_decode(want, &got);
			KUNIT_EXPECT_EQ_MSG(test, f == RIO_LAT_MACK ? got.mack_en : got.pna_en,
					    on, "feature %u end %u", f, i);
			if (bit == RIO_LAT_LEAVE)
				KUNIT_EXPECT_EQ(test, want & en, e[i].csr & en);
			KUNIT_EXPECT_EQ(test, want & ~RIO_LAT_CSR_CONTROLS,
					e[i].csr & ~RIO_LAT_CSR_CONTROLS);
		}
	}
}

/*
 * For each combination: the controls as read (both off, both on, one
 * each) times every choice of each end for each feature
 */
static void lat_plan_all(struct kunit *test)
{
	const struct lat_combo *c = test->param_value;
	struct rio_lat_plan plan[RIO_LAT_NR_FEATS];
	struct rio_lat_end e[2];
	unsigned int ctl, k, n = 1, i;

	for (i = 0; i < 2 * RIO_LAT_NR_FEATS; i++)
		n *= NR_CHOICES;
	for (ctl = 0; ctl < 4; ctl++) {
		u32 bits = (ctl & 1 ? RIO_LAT_CSR_MACK_EN : 0) |
			   (ctl & 2 ? RIO_LAT_CSR_PNA_EN : 0);

		for (k = 0; k < n; k++) {
			unsigned int v = k;

			e[0].csr = lat_caps_csr(c->ca) | bits;
			e[1].csr = lat_caps_csr(c->cb) | bits;
			for (i = 0; i < 2 * RIO_LAT_NR_FEATS; i++, v /= NR_CHOICES)
				e[i / RIO_LAT_NR_FEATS].choice[i % RIO_LAT_NR_FEATS] =
					v % NR_CHOICES;
			rio_lat_plan_link(&e[0], &e[1], c->fmt, plan);
			lat_check_plan(test, c, e, bits, plan);
		}
	}
}

/* An admin's choice the plan does not follow: "on" while off, "off" while on */
static bool lat_unapplied(const struct rio_lat_plan *p, enum rio_lat_choice ch)
{
	return p->on ? ch == OFF : ch == ON;
}

/*
 * What the admin is told when choosing agrees with what the plan does:
 * a choice the check accepts is applied, one it refuses is not
 */
static void lat_choice_agrees(struct kunit *test)
{
	const struct lat_combo *c = test->param_value;
	struct rio_lat_plan plan[RIO_LAT_NR_FEATS];
	struct rio_lat_end e[2];
	unsigned int f, v;
	int ret;

	for (f = 0; f < RIO_LAT_NR_FEATS; f++) {
		for (v = OFF; v <= ON; v++) {
			memset(e, 0, sizeof(e));
			e[0].csr = lat_caps_csr(c->ca);
			e[1].csr = lat_caps_csr(c->cb);
			ret = rio_lat_choice_check(&e[0], &e[1], c->fmt, f, v);
			e[0].choice[f] = v;
			rio_lat_plan_link(&e[0], &e[1], c->fmt, plan);
			KUNIT_EXPECT_EQ_MSG(test, lat_unapplied(&plan[f], v), ret != 0,
					    "feature %u choice %u: %d", f, v, ret);
		}
	}
}

struct lat_why_case {
	const char *name;
	unsigned int ca, cb;
	enum rio_voq_fmt fmt;
	enum rio_lat_feat feat;
	enum rio_lat_choice cha, chb;
	const char *why_a, *why_b;
};

static const struct lat_why_case lat_why_cases[] = {
	{ "a lacks multiple acks", 0, C0, CS48, RIO_LAT_MACK, NONE, NONE,
	  "not supported", "partner does not support it" },
	{ "b lacks ackID in PNA", C1 | C2, C0, CS48, RIO_LAT_PNA, NONE, NONE,
	  "partner does not support it", "not supported" },
	{ "b has bit 1 without bit 2", C1 | C2, C1, CS48, RIO_LAT_PNA, NONE, NONE,
	  "partner has bit 1 without bit 2 (breaks Part 6)",
	  "bit 1 without bit 2 (breaks Part 6)" },
	{ "CS64, b lacks ackID in PNA", C1 | C2, C0, CS64, RIO_LAT_PNA, NONE, NONE,
	  "partner is a CS64 port without support (breaks Part 6)",
	  "CS64 port without support (breaks Part 6)" },
	{ "CS64, the admin's off is not kept", C1 | C2, C1 | C2, CS64, RIO_LAT_PNA, OFF, NONE,
	  NULL, NULL },
	{ "CS48, the admin's off is kept", C1 | C2, C1 | C2, CS48, RIO_LAT_PNA, NONE, OFF,
	  "turned off by the admin", "turned off by the admin" },
	{ "CS64, the admin's off of multiple acks is kept", C0, C0, CS64, RIO_LAT_MACK,
	  OFF, NONE, "turned off by the admin", "turned off by the admin" },
	{ "the admin's on to a partner without", C0, 0, CS48, RIO_LAT_MACK, ON, NONE,
	  "partner does not support it", "not supported" },
	{ "off wins over on", C0, C0, CS48, RIO_LAT_MACK, ON, OFF,
	  "turned off by the admin", "turned off by the admin" },
};

static void lat_why_desc(const struct lat_why_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_why, lat_why_cases, lat_why_desc);

static void lat_why_test(struct kunit *test)
{
	const struct lat_why_case *c = test->param_value;
	struct rio_lat_end a = { .csr = lat_caps_csr(c->ca) };
	struct rio_lat_end b = { .csr = lat_caps_csr(c->cb) };
	struct rio_lat_plan plan[RIO_LAT_NR_FEATS];

	a.choice[c->feat] = c->cha;
	b.choice[c->feat] = c->chb;
	rio_lat_plan_link(&a, &b, c->fmt, plan);
	if (c->why_a) {
		KUNIT_ASSERT_NOT_NULL(test, plan[c->feat].why[0]);
		KUNIT_EXPECT_STREQ(test, plan[c->feat].why[0], c->why_a);
	} else {
		KUNIT_EXPECT_NULL(test, plan[c->feat].why[0]);
	}
	if (c->why_b) {
		KUNIT_ASSERT_NOT_NULL(test, plan[c->feat].why[1]);
		KUNIT_EXPECT_STREQ(test, plan[c->feat].why[1], c->why_b);
	} else {
		KUNIT_EXPECT_NULL(test, plan[c->feat].why[1]);
	}
}

struct lat_check_case {
	const char *name;
	unsigned int cme, cfar;
	bool linked;
	enum rio_voq_fmt fmt;
	enum rio_lat_feat feat;
	unsigned int val;
	int ret;
};

static const struct lat_check_case lat_check_cases[] = {
	{ "no choice", 0, 0, false, CS48, RIO_LAT_MACK, NONE, 0 },
	{ "off without a link", 0, 0, false, CS64, RIO_LAT_PNA, OFF, 0 },
	{ "on without a link", C0, C0, false, CS48, RIO_LAT_MACK, ON, -ENOLINK },
	{ "on, both support", C0, C0, true, CS48, RIO_LAT_MACK, ON, 0 },
	{ "on, this end lacks bit 0", C1 | C2, C0, true, CS48, RIO_LAT_MACK, ON, -EOPNOTSUPP },
	{ "on, the partner lacks bit 0", C0, C1 | C2, true, CS48, RIO_LAT_MACK, ON, -EXDEV },
	{ "on, this end has bit 1 alone", C1, C1 | C2, true, CS48, RIO_LAT_PNA, ON,
	  -EOPNOTSUPP },
	{ "on, the partner has bit 1 alone", C1 | C2, C1, true, CS48, RIO_LAT_PNA, ON, -EXDEV },
	{ "off of bit 9 on CS64", C1 | C2, C1 | C2, true, CS64, RIO_LAT_PNA, OFF, -EPERM },
	{ "off of bit 9 on CS48", C1 | C2, C1 | C2, true, CS48, RIO_LAT_PNA, OFF, 0 },
	{ "off of bit 8 on CS64", C0, C0, true, CS64, RIO_LAT_MACK, OFF, 0 },
	{ "off of bit 9 on CS64, partner lacks it", C1 | C2, C0, true, CS64, RIO_LAT_PNA,
	  OFF, 0 },
	{ "choice 3", C0, C0, true, CS48, RIO_LAT_MACK, 3, -EINVAL },
	{ "unknown feature", C0, C0, true, CS48, RIO_LAT_NR_FEATS, ON, -EINVAL },
};

static void lat_check_desc(const struct lat_check_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_check, lat_check_cases, lat_check_desc);

static void lat_check_test(struct kunit *test)
{
	const struct lat_check_case *c = test->param_value;
	struct rio_lat_end me = { .csr = lat_caps_csr(c->cme) };
	struct rio_lat_end far = { .csr = lat_caps_csr(c->cfar) };

	KUNIT_EXPECT_EQ(test, rio_lat_choice_check(&me, c->linked ? &far : NULL, c->fmt,
						   c->feat, c->val), c->ret);
}

/* A plan made from another reading of the register is refused */
static void lat_want_stale(struct kunit *test)
{
	struct rio_lat_end a = { .csr = lat_caps_csr(C0 | C1 | C2) }, b = a;
	struct rio_lat_plan plan[RIO_LAT_NR_FEATS];
	u32 want = 0xdead;

	rio_lat_plan_link(&a, &b, CS48, plan);
	KUNIT_EXPECT_EQ(test, rio_lat_want_csr(lat_caps_csr(C1 | C2), plan, 0, &want),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, rio_lat_want_csr(lat_caps_csr(C0), plan, 1, &want), -EINVAL);
	KUNIT_EXPECT_EQ(test, want, 0xdeadU);
}

struct lat_order_case {
	const char *name;
	u32 cur[2], want[2];
	unsigned int near;
	unsigned int n;
	struct rio_lat_write w[RIO_LAT_MAX_WRITES];
};

#define M	RIO_LAT_CSR_MACK_EN
#define P	RIO_LAT_CSR_PNA_EN
#define CAPS	(RIO_LAT_CSR_MACK_SUP | RIO_LAT_CSR_PNA_SUP | RIO_LAT_CSR_PNA_TX_SUP)

static const struct lat_order_case lat_order_cases[] = {
	{ "nothing changes", { CAPS | M, CAPS | M }, { CAPS | M, CAPS | M }, 0, 0 },
	{ "on: far end first", { CAPS, CAPS }, { CAPS | M | P, CAPS | M | P }, 0, 2,
	  { { 1, CAPS, CAPS | M | P }, { 0, CAPS, CAPS | M | P } } },
	{ "off: far end first", { CAPS | M, CAPS | M }, { CAPS, CAPS }, 0, 2,
	  { { 1, CAPS | M, CAPS }, { 0, CAPS | M, CAPS } } },
	{ "near end 1", { CAPS, CAPS }, { CAPS | P, CAPS | P }, 1, 2,
	  { { 0, CAPS, CAPS | P }, { 1, CAPS, CAPS | P } } },
	{ "one on, the other off", { CAPS | M, CAPS | M }, { CAPS | P, CAPS | P }, 0, 2,
	  { { 1, CAPS | M, CAPS | P }, { 0, CAPS | M, CAPS | P } } },
	{ "only the near end", { CAPS | P, CAPS }, { CAPS, CAPS }, 0, 1,
	  { { 0, CAPS | P, CAPS } } },
	{ "only the far end", { CAPS, CAPS | P }, { CAPS, CAPS }, 0, 1,
	  { { 1, CAPS | P, CAPS } } },
};

static void lat_order_desc(const struct lat_order_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_order, lat_order_cases, lat_order_desc);

static void lat_order_test(struct kunit *test)
{
	const struct lat_order_case *c = test->param_value;
	struct rio_lat_write w[RIO_LAT_MAX_WRITES] = { };
	u32 now[2] = { c->cur[0], c->cur[1] };
	unsigned int i, n;

	n = rio_lat_order(c->cur, c->want, c->near, w);
	KUNIT_ASSERT_EQ(test, n, c->n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, w[i].end, c->w[i].end, "write %u", i);
		KUNIT_EXPECT_EQ_MSG(test, w[i].old, c->w[i].old, "write %u", i);
		KUNIT_EXPECT_EQ_MSG(test, w[i].val, c->w[i].val, "write %u", i);
		/* Each write starts from what the previous ones left */
		KUNIT_EXPECT_EQ_MSG(test, w[i].old, now[w[i].end], "write %u", i);
		now[w[i].end] = w[i].val;
	}
	/* The writes take both ends to their plan */
	KUNIT_EXPECT_EQ(test, now[0], c->want[0]);
	KUNIT_EXPECT_EQ(test, now[1], c->want[1]);
}

static struct kunit_case lat_policy_test_cases[] = {
	KUNIT_CASE_PARAM(lat_plan_all, lat_combo_gen),
	KUNIT_CASE_PARAM(lat_choice_agrees, lat_combo_gen),
	KUNIT_CASE_PARAM(lat_why_test, lat_why_gen_params),
	KUNIT_CASE_PARAM(lat_check_test, lat_check_gen_params),
	KUNIT_CASE(lat_want_stale),
	KUNIT_CASE_PARAM(lat_order_test, lat_order_gen_params),
	{}
};

static struct kunit_suite lat_policy_test_suite = {
	.name = "rio_lat_policy",
	.test_cases = lat_policy_test_cases,
};

kunit_test_suite(lat_policy_test_suite);
