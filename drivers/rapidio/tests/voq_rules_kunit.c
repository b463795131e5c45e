// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rules of "what must never happen" (voq.rst) that the
 * other suites left untested, found by breaking each rule on purpose: a
 * node that only discovers takes no staging map, a write the hardware
 * does not take fails, an all-ones read is no value; every transition
 * of a live link between two planned states keeps Part 12's order;
 * writes that do not stick (rio-sim's write faults, at every write) are
 * detected and leave the link safe.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/mm.h>
#include <linux/rio_drv.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "log.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* The host and one endpoint, enumerated by this host */
static struct rio_sim_mport *voq_single(struct kunit *test)
{
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "single"), 0);

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	return sm;
}

/* A node that only discovers refuses an admin's staging map too */
static void voq_rules_discovering_staging(struct kunit *test)
{
	static const u8 map[1] = { 0 };
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "single"), -1);
	rio_sim_mport_scan(sm);
	n = voq_test_node(sm, sm->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 0, map, 1), -EPERM);
	rio_sim_kunit_release(test, sm);
}

/*
 * The endpoint's generation was turned off by the admin, then turned on
 * again behind rio-voq's back (another agent), and the host's RX group
 * size moved.  An admin's XOFF at the host reads the host's port, whose
 * plan puts the RX size back: an RX size changes only while the partner
 * does not generate, so the endpoint, last known not to generate, is
 * read too, and its generation goes off first (rio-sim, like hardware
 * that latches only legal values, would refuse the size and count it).
 */
static void voq_rules_rx_partner_read(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *host = sm->fab->host, *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *nh = voq_test_node(sm, host), *ne = voq_test_node(sm, ep);
	struct rio_voq_link *l = rio_voq_test_link(&sm->mport, NULL, 0);
	u8 planned;

	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_ASSERT_NOT_NULL(test, ne);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(ne, 0, RIO_VOQ_KNOB_GEN, 0), 0);
	KUNIT_ASSERT_FALSE(test, voq_test_hw(ep, 0).gen_en);
	planned = voq_test_hw(host, 0).rx_pgs;

	spin_lock(&sm->fab->lock);
	ep->port[0].voq_ctl |= RIO_VOQ_CSR_GEN_EN;
	host->port[0].voq_ctl = (host->port[0].voq_ctl & ~RIO_VOQ_CSR_RX_PGS) |
				FIELD_PREP(RIO_VOQ_CSR_RX_PGS, planned ^ 4);
	spin_unlock(&sm->fab->lock);

	KUNIT_EXPECT_EQ(test, voq_test_port_set(nh, 0, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_EXPECT_EQ(test, host->port[0].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, ep->port[0].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, voq_test_hw(host, 0).rx_pgs, planned);
	KUNIT_EXPECT_EQ(test, voq_test_hw(ep, 0).tx_pgs, planned);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(host, 0).xoff);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).gen_en);	/* the admin's choice */
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
	rio_sim_kunit_release(test, sm);
}

/*
 * A write the hardware does not take: the host's XOFF bit is stuck at 0
 * (rio-sim's write fault), so the admin's XOFF is written and reads back
 * without it.  rio-voq must say so: -EIO, the link failed, generation
 * off at both ends.
 */
static void voq_rules_write_not_taken(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *host = sm->fab->host, *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *nh = voq_test_node(sm, host);
	struct rio_voq_link *l = rio_voq_test_link(&sm->mport, NULL, 0);

	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_TRUE(test, voq_test_hw(host, 0).gen_en);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(host, 0, RIO_SIM_WFAULT_STUCK,
						 RIO_VOQ_CSR_XOFF, 0), 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(nh, 0, RIO_VOQ_KNOB_XOFF, 1), -EIO);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(host, 0).xoff);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_FAILED);
	KUNIT_EXPECT_FALSE(test, nh->port[0].choice.set & BIT(RIO_VOQ_KNOB_XOFF));
	KUNIT_EXPECT_FALSE(test, voq_test_hw(host, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).gen_en);
	rio_sim_kunit_release(test, sm);
}

/* A device that reads all ones: a failed access, not a CSR */
static void voq_rules_all_ones(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *ne = voq_test_node(sm, ep);
	u32 csr = 0;

	KUNIT_ASSERT_NOT_NULL(test, ne);
	KUNIT_ASSERT_EQ(test, voq_test_csr_read(ne, 0, &csr), 0);
	KUNIT_EXPECT_NE(test, csr, ~0U);

	spin_lock(&sm->fab->lock);
	ep->all_ones = true;
	spin_unlock(&sm->fab->lock);
	KUNIT_EXPECT_EQ(test, voq_test_csr_read(ne, 0, &csr), -EIO);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NE(test, ne->port[0].csr, ~0U);	/* not remembered either */
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * Live reconfiguration: a host and a 16-port switch, both generating
 * (CS48, host -> switch group size 0, switch -> host 1, per-VC on), are
 * brought to a first planned state, then to a second, by an admin's
 * choice, by a capability of one end that changes, or by reconfiguring
 * after a receiver's RX size moved behind rio-voq's back (then only that
 * RX size changes).  rio-sim refuses and counts every write Part 12
 * forbids: none may happen, and both ends must end as planned.
 */
enum voq_live_kind {
	VOQ_LIVE_NONE,
	VOQ_LIVE_SET,		/* voq_test_port_set(end, knob, val) */
	VOQ_LIVE_CAPS,		/* end's capabilities become val; reconfigure */
	VOQ_LIVE_RX,		/* end's RX size moves to val; reconfigure */
};

struct voq_live_step {
	enum voq_live_kind kind;
	unsigned int end;	/* 0: the host, 1: the switch */
	enum rio_voq_knob knob;
	u32 val;
};

struct voq_live_case {
	const char *name;
	struct voq_live_step from, to;
	/* after @to: each end's TX size, generation and per-VC; the format */
	u8 tx[2];
	bool gen[2], vc[2];
	enum rio_voq_fmt fmt;
};

#define LIVE_SET(e, k, v)	{ VOQ_LIVE_SET, e, RIO_VOQ_KNOB_##k, v }
#define LIVE_CAPS(e, v)		{ VOQ_LIVE_CAPS, e, 0, v }
#define LIVE_RX(e, v)		{ VOQ_LIVE_RX, e, 0, v }
#define CAPS_NO_PGS	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | RIO_VOQ_CSR_VC_SUP)
#define CS48		RIO_VOQ_FMT_CS48
#define CS64		RIO_VOQ_FMT_CS64

static const struct voq_live_case voq_live_cases[] = {
	{ "host->switch size up 0->2", {}, LIVE_SET(0, TX_PGS, 2),
	  { 2, 1 }, { true, true }, { true, true }, CS48 },
	{ "host->switch size down 2->0", LIVE_SET(0, TX_PGS, 2), LIVE_SET(0, TX_PGS, 0),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "switch->host size up 1->3", {}, LIVE_SET(1, TX_PGS, 3),
	  { 0, 3 }, { true, true }, { true, true }, CS48 },
	{ "switch->host size down 3->1", LIVE_SET(1, TX_PGS, 3), LIVE_SET(1, TX_PGS, 1),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "host RX size 1->2 (switch->host)", {}, LIVE_SET(0, RX_PGS, 2),
	  { 0, 2 }, { true, true }, { true, true }, CS48 },
	{ "switch RX size 0->5 (host->switch)", {}, LIVE_SET(1, RX_PGS, 5),
	  { 5, 1 }, { true, true }, { true, true }, CS48 },
	{ "format CS48->CS64", {}, LIVE_SET(0, FMT, RIO_VOQ_PREF_CS64),
	  { 0, 0 }, { true, true }, { true, true }, CS64 },
	{ "format CS64->CS48", LIVE_SET(1, FMT, RIO_VOQ_PREF_CS64),
	  LIVE_SET(1, FMT, RIO_VOQ_PREF_CS48),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	/* Bit 11 is set on both ends of a link or neither */
	{ "per-VC off at the host", {}, LIVE_SET(0, VC, 0),
	  { 0, 1 }, { true, true }, { false, false }, CS48 },
	{ "per-VC back on at the switch", LIVE_SET(1, VC, 0), LIVE_SET(1, VC, 1),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	/* ...a link's knob: the last choice at either end wins */
	{ "per-VC off at the host, on at the switch", LIVE_SET(0, VC, 0), LIVE_SET(1, VC, 1),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "switch loses group size 1", {}, LIVE_CAPS(1, CAPS_NO_PGS),
	  { 0, 4 }, { true, true }, { true, true }, CS48 },
	{ "switch regains group size 1", LIVE_CAPS(1, CAPS_NO_PGS),
	  LIVE_CAPS(1, RIO_SIM_VOQ_CAPS_ALL),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "switch loses reception", {}, LIVE_CAPS(1, CAPS_NO_PGS & ~RIO_VOQ_CSR_RX_SUP),
	  { 0, 4 }, { false, true }, { true, true }, CS48 },
	{ "switch loses per-VC", {}, LIVE_CAPS(1, RIO_SIM_VOQ_CAPS_ALL & ~RIO_VOQ_CSR_VC_SUP),
	  { 0, 1 }, { true, true }, { false, false }, CS48 },
	{ "only the switch's RX size changes", {}, LIVE_RX(1, 4),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "only the host's RX size changes", {}, LIVE_RX(0, 3),
	  { 0, 1 }, { true, true }, { true, true }, CS48 },
	{ "only an RX size changes, after a size change", LIVE_SET(1, TX_PGS, 2),
	  LIVE_RX(0, 5), { 0, 2 }, { true, true }, { true, true }, CS48 },
};

static void voq_live_desc(const struct voq_live_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_live, voq_live_cases, voq_live_desc);

struct voq_live {
	struct rio_sim_mport *sm;
	struct rio_sim_dev *dev[2];
	struct rio_voq_node *n[2];
	struct rio_voq_link *l;
};

/* Take one step; @before: both ends' controls right before the change */
static void voq_live_step(struct kunit *test, struct voq_live *lv,
			  const struct voq_live_step *st, u32 before[2])
{
	struct rio_sim_port *p = &lv->dev[st->end]->port[0];
	unsigned int i;

	spin_lock(&lv->sm->fab->lock);
	if (st->kind == VOQ_LIVE_CAPS) {
		p->voq_caps = (p->voq_caps & ~(CAPS_NO_PGS | RIO_VOQ_CSR_PGS_SUP_ALL)) |
			      st->val | RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4);
		/* Without per-VC support bit 11 is reserved: it reads 0 */
		if (!(st->val & RIO_VOQ_CSR_VC_SUP))
			p->voq_ctl &= ~RIO_VOQ_CSR_VC_EN;
	} else if (st->kind == VOQ_LIVE_RX) {
		p->voq_ctl = (p->voq_ctl & ~RIO_VOQ_CSR_RX_PGS) |
			     FIELD_PREP(RIO_VOQ_CSR_RX_PGS, st->val);
	}
	for (i = 0; i < 2; i++)
		before[i] = lv->dev[i]->port[0].voq_ctl;
	spin_unlock(&lv->sm->fab->lock);

	if (st->kind == VOQ_LIVE_SET)
		KUNIT_EXPECT_EQ(test, voq_test_port_set(lv->n[st->end], 0, st->knob, st->val), 0);
	else if (st->kind != VOQ_LIVE_NONE)
		KUNIT_EXPECT_EQ(test, rio_voq_test_configure(lv->l), 0);
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ_MSG(test, lv->dev[i]->port[0].voq_violations, 0U,
				    "%s: Part 12 order broken", lv->dev[i]->name);
	KUNIT_EXPECT_EQ(test, lv->l->state, RIO_VOQ_LINK_CONFIGURED);
}

static void voq_rules_live(struct kunit *test)
{
	const struct voq_live_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_voq_port hw[2];
	struct voq_live lv;
	u32 before[2];
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	lv.dev[0] = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
				 RIO_SIM_VOQ_CAPS_ALL);
	lv.dev[1] = voq_test_dev(test, fab, "sw", true, 16, RIO_VOQ_LAYOUT_REV3,
				 RIO_SIM_VOQ_CAPS_ALL);
	/* Class 1: either format may be chosen on it */
	KUNIT_ASSERT_EQ(test, rio_sim_link(lv.dev[0], 0, lv.dev[1], 0, 1), 0);
	lv.sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(lv.sm), 0);
	for (i = 0; i < 2; i++) {
		lv.n[i] = voq_test_node(lv.sm, lv.dev[i]);
		KUNIT_ASSERT_NOT_NULL(test, lv.n[i]);
	}
	lv.l = rio_voq_test_link(&lv.sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, lv.l);

	voq_live_step(test, &lv, &c->from, before);
	/* Live: both ends generate when the change comes */
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_TRUE_MSG(test, voq_test_hw(lv.dev[i], 0).gen_en,
				      "%s does not generate", lv.dev[i]->name);
	voq_live_step(test, &lv, &c->to, before);

	for (i = 0; i < 2; i++)
		hw[i] = voq_test_hw(lv.dev[i], 0);
	/* Something changed, as the case says */
	KUNIT_EXPECT_TRUE(test, before[0] != lv.dev[0]->port[0].voq_ctl ||
			  before[1] != lv.dev[1]->port[0].voq_ctl);
	KUNIT_EXPECT_EQ(test, lv.l->fmt, c->fmt);
	for (i = 0; i < 2; i++) {
		const struct rio_voq_dir *d = &lv.l->dir[rio_voq_link_end(lv.l, lv.n[i], 0)];

		/* The registers are the plan */
		KUNIT_EXPECT_EQ_MSG(test, hw[i].gen_en, d->gen, "%s", lv.dev[i]->name);
		KUNIT_EXPECT_EQ_MSG(test, hw[i].vc_en, d->vc, "%s", lv.dev[i]->name);
		KUNIT_EXPECT_EQ_MSG(test, hw[i].tx_pgs, d->pgs, "%s", lv.dev[i]->name);
		KUNIT_EXPECT_EQ_MSG(test, hw[!i].rx_pgs, d->pgs, "%s", lv.dev[i]->name);
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_EQ_MSG(test, lv.n[i]->port[0].csr,
				    lv.dev[i]->port[0].voq_caps | lv.dev[i]->port[0].voq_ctl,
				    "%s: rio-voq's copy", lv.dev[i]->name);
		mutex_unlock(&rio_voq_lock);
		/* ...and the plan is the case's */
		KUNIT_EXPECT_EQ_MSG(test, hw[i].tx_pgs, c->tx[i], "%s", lv.dev[i]->name);
		KUNIT_EXPECT_EQ_MSG(test, hw[i].gen_en, c->gen[i], "%s", lv.dev[i]->name);
		KUNIT_EXPECT_EQ_MSG(test, hw[i].vc_en, c->vc[i], "%s", lv.dev[i]->name);
	}
}

/*
 * Writes that do not stick, at every write rio-voq makes to one end of a
 * link being configured: ignored, a stuck bit, a read-back that differs,
 * on each writable field the read-back must compare (generation, XOFF,
 * participation, per-VC, the TX and RX group sizes), in both layouts
 * where the field exists.  None of them fails an access; rio-voq must
 * notice by its read-back, fail the link, leave generation off at both
 * ends, and configure it as planned once the fault is gone.
 */
enum voq_stick_fabric {
	VOQ_STICK_SINGLE,	/* rev 3 host and endpoint, both generate */
	VOQ_STICK_REV2,		/* the same in rev 2.x */
	VOQ_STICK_SWITCH,	/* rev 3 host that cannot receive, 16-port switch */
};

struct voq_stick_case {
	const char *name;
	enum rio_sim_wfault mode;
	u32 mask;
	unsigned int end;	/* 0: the host, 1: its partner */
	enum voq_stick_fabric fabric;
};

static const struct voq_stick_case voq_stick_cases[] = {
	{ "host ignores writes", RIO_SIM_WFAULT_IGNORE, 0, 0 },
	{ "endpoint ignores writes", RIO_SIM_WFAULT_IGNORE, 0, 1 },
	{ "host generation stuck", RIO_SIM_WFAULT_STUCK, RIO_VOQ_CSR_GEN_EN, 0 },
	{ "endpoint generation stuck", RIO_SIM_WFAULT_STUCK, RIO_VOQ_CSR_GEN_EN, 1 },
	{ "host reads back XOFF inverted", RIO_SIM_WFAULT_READBACK, RIO_VOQ_CSR_XOFF, 0 },
	/* the low bit of the RX group size */
	{ "endpoint reads back a size inverted", RIO_SIM_WFAULT_READBACK, BIT(0), 1 },
	{ "host reads back per-VC inverted", RIO_SIM_WFAULT_READBACK, RIO_VOQ_CSR_VC_EN, 0 },
	{ "endpoint reads back participation inverted", RIO_SIM_WFAULT_READBACK,
	  RIO_VOQ_CSR_PART_EN, 1 },
	{ "rev 2 host ignores writes", RIO_SIM_WFAULT_IGNORE, 0, 0, VOQ_STICK_REV2 },
	{ "rev 2 host reads back per-VC inverted", RIO_SIM_WFAULT_READBACK,
	  RIO_VOQ_CSR_VC_EN, 0, VOQ_STICK_REV2 },
	{ "rev 2 endpoint reads back participation inverted", RIO_SIM_WFAULT_READBACK,
	  RIO_VOQ_CSR_PART_EN, 1, VOQ_STICK_REV2 },
	/*
	 * The switch sends group size 1 and, toward a host that cannot
	 * receive, does not generate: one write carries its TX size
	 */
	/* bit 28, the low bit of the TX group size (1 here) */
	{ "switch reads back its TX size inverted", RIO_SIM_WFAULT_READBACK, BIT(3), 1,
	  VOQ_STICK_SWITCH },
	{ "switch TX size stuck", RIO_SIM_WFAULT_STUCK, RIO_VOQ_CSR_TX_PGS, 1,
	  VOQ_STICK_SWITCH },
	{ "switch participation stuck", RIO_SIM_WFAULT_STUCK, RIO_VOQ_CSR_PART_EN, 1,
	  VOQ_STICK_SWITCH },
	{ "switch reads back per-VC inverted", RIO_SIM_WFAULT_READBACK, RIO_VOQ_CSR_VC_EN, 1,
	  VOQ_STICK_SWITCH },
};

static void voq_stick_desc(const struct voq_stick_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_stick, voq_stick_cases, voq_stick_desc);

/*
 * The case's fabric, scanned with nothing written (auto_config off): the
 * host and its partner.  @dev: the host and the partner.
 */
static struct rio_sim_mport *voq_stick_fabric(struct kunit *test,
					      const struct voq_stick_case *c,
					      struct rio_sim_dev *dev[2],
					      struct rio_voq_link **l)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	enum rio_voq_layout layout = c->fabric == VOQ_STICK_REV2 ? RIO_VOQ_LAYOUT_REV2 :
				     RIO_VOQ_LAYOUT_REV3;
	bool sw = c->fabric == VOQ_STICK_SWITCH;
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	dev[0] = voq_test_dev(test, fab, "host", false, 1, layout,
			      sw ? RIO_SIM_VOQ_CAPS_ALL & ~RIO_VOQ_CSR_RX_SUP :
			      RIO_SIM_VOQ_CAPS_ALL);
	dev[1] = voq_test_dev(test, fab, sw ? "sw" : "ep", sw, sw ? 16 : 1, layout,
			      RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(dev[0], 0, dev[1], 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	*l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, *l);
	KUNIT_ASSERT_EQ(test, (*l)->state, RIO_VOQ_LINK_REPORTED);
	return sm;
}

static void voq_rules_stick_campaign(struct kunit *test)
{
	const struct voq_stick_case *c = test->param_value;
	struct rio_sim_dev *dev[2];
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;
	unsigned int k, i, nwrites;
	u32 clean[2];
	u64 before;

	sm = voq_stick_fabric(test, c, dev, &l);
	before = dev[c->end]->port[0].voq_writes;
	KUNIT_ASSERT_EQ(test, rio_voq_test_configure(l), 0);
	nwrites = dev[c->end]->port[0].voq_writes - before;
	KUNIT_ASSERT_GT(test, nwrites, 0U);
	for (i = 0; i < 2; i++)
		clean[i] = dev[i]->port[0].voq_ctl;
	/* The host generates: the rollback has something to stop */
	KUNIT_ASSERT_TRUE(test, clean[0] & RIO_VOQ_CSR_GEN_EN);
	rio_sim_kunit_release(test, sm);

	voq_test_log_start(test);
	for (k = 1; k <= nwrites; k++) {
		sm = voq_stick_fabric(test, c, dev, &l);
		KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(dev[c->end], 0, c->mode, c->mask, k), 0);
		voq_test_log_clear();
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_test_configure(l), -EIO, "write %u", k);
		KUNIT_EXPECT_EQ_MSG(test, l->state, RIO_VOQ_LINK_FAILED, "write %u", k);
		/* One line, naming the link, and it says generation is off */
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "rio-voq: "), 1U,
				    "write %u", k);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "port 0 <-> "), 1U,
				    "write %u", k);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "generation left off"), 1U,
				    "write %u", k);
		for (i = 0; i < 2; i++) {
			KUNIT_EXPECT_FALSE_MSG(test, dev[i]->port[0].voq_ctl & RIO_VOQ_CSR_GEN_EN,
					       "write %u: %s generates", k, dev[i]->name);
			KUNIT_EXPECT_EQ_MSG(test, dev[i]->port[0].voq_violations, 0U,
					    "write %u: %s", k, dev[i]->name);
		}

		/* The fault gone, the link configures as planned */
		KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(dev[c->end], 0, RIO_SIM_WFAULT_NONE,
							 0, 0), 0);
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_test_configure(l), 0, "write %u", k);
		KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
		for (i = 0; i < 2; i++)
			KUNIT_EXPECT_EQ_MSG(test, dev[i]->port[0].voq_ctl, clean[i],
					    "write %u: %s", k, dev[i]->name);
		rio_sim_kunit_release(test, sm);
	}
}

/*
 * A rollback reaches every end it can: one end of a live link stops
 * answering (every access to it fails), a reconfiguration fails on it,
 * and the other end must still stop generating, whichever end of the
 * link (the first or the second the rollback visits) is lost.
 */
static void voq_rules_rollback_unreachable(struct kunit *test)
{
	struct rio_sim_dev *dev[2];
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;
	unsigned int lost;

	voq_test_log_start(test);
	for (lost = 0; lost < 2; lost++) {
		sm = voq_single(test);
		l = rio_voq_test_link(&sm->mport, NULL, 0);
		KUNIT_ASSERT_NOT_NULL(test, l);
		KUNIT_ASSERT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
		/* The devices of the link's ends, in the link's order */
		dev[0] = l->end[0]->rdev ? rio_sim_dev_find(sm->fab, 1) : sm->fab->host;
		dev[1] = l->end[1]->rdev ? rio_sim_dev_find(sm->fab, 1) : sm->fab->host;
		KUNIT_ASSERT_PTR_NE(test, dev[0], dev[1]);
		KUNIT_ASSERT_TRUE(test, voq_test_hw(dev[!lost], 0).gen_en);

		spin_lock(&sm->fab->lock);
		dev[lost]->fail_all = true;
		spin_unlock(&sm->fab->lock);
		voq_test_log_clear();
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_test_configure(l), -EIO, "end %u lost", lost);
		KUNIT_EXPECT_EQ_MSG(test, l->state, RIO_VOQ_LINK_FAILED, "end %u lost", lost);
		/* The log does not claim what the rollback could not do */
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "configuration failed"), 1U,
				    "end %u lost", lost);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "generation left off"), 0U,
				    "end %u lost", lost);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "generation may be left on"),
				    1U, "end %u lost", lost);
		KUNIT_EXPECT_FALSE_MSG(test, voq_test_hw(dev[!lost], 0).gen_en,
				       "end %u lost: %s still generates", lost, dev[!lost]->name);
		KUNIT_EXPECT_EQ(test, dev[!lost]->port[0].voq_violations, 0U);
		rio_sim_kunit_release(test, sm);
	}
}

/*
 * Generation that sticks on: an admin's TX group size needs it off
 * first, that write does not stick, nor does the rollback's, and the
 * one log line says generation may be left on (not "left off")
 */
static void voq_rules_gen_stuck_on(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *host = sm->fab->host;
	struct rio_voq_node *nh = voq_test_node(sm, host);
	unsigned int size;

	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_ASSERT_TRUE(test, voq_test_hw(host, 0).gen_en);
	size = voq_test_hw(host, 0).tx_pgs == 1 ? 2 : 1;
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(host, 0, RIO_SIM_WFAULT_STUCK,
						 RIO_VOQ_CSR_GEN_EN, 1), 0);
	voq_test_log_start(test);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(nh, 0, RIO_VOQ_KNOB_TX_PGS, size), -EIO);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(host, 0).gen_en);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "configuration failed"), 1U);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "generation may be left on"), 1U);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "generation left off"), 0U);
}

/*
 * A host that does not write, on a link where the hardware generates
 * toward a partner that cannot receive (firmware, another host): its
 * tx_state says the port generates, tx_plan that it would have it off,
 * and tx_reason why
 */
static void voq_rules_reported_against_plan(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	char *buf = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_dev *host, *ep;
	struct rio_sim_mport *sm;
	struct rio_voq_node *nh;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, RIO_VOQ_LAYOUT_REV3,
			  RIO_SIM_VOQ_CAPS_ALL & ~RIO_VOQ_CSR_RX_SUP);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, ep, 0, 2), 0);
	host->port[0].voq_ctl |= RIO_VOQ_CSR_GEN_EN;	/* not rio-voq's doing */
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	nh = voq_test_node(sm, host);
	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_ASSERT_GT(test, voq_test_sysfs_read(nh, 0, "tx_state", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "on\n");
	KUNIT_ASSERT_GT(test, voq_test_sysfs_read(nh, 0, "tx_plan", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "off\n");
	KUNIT_ASSERT_GT(test, voq_test_sysfs_read(nh, 0, "tx_reason", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "partner_cannot_receive\n");
	KUNIT_EXPECT_TRUE(test, voq_test_hw(host, 0).gen_en);	/* nothing written */
}

static struct kunit_case voq_rules_test_cases[] = {
	KUNIT_CASE(voq_rules_discovering_staging),
	KUNIT_CASE(voq_rules_write_not_taken),
	KUNIT_CASE(voq_rules_rx_partner_read),
	KUNIT_CASE(voq_rules_all_ones),
	KUNIT_CASE_PARAM(voq_rules_live, voq_live_gen_params),
	KUNIT_CASE_PARAM(voq_rules_stick_campaign, voq_stick_gen_params),
	KUNIT_CASE(voq_rules_rollback_unreachable),
	KUNIT_CASE(voq_rules_gen_stuck_on),
	KUNIT_CASE(voq_rules_reported_against_plan),
	{}
};

/* Each test starts with no remembered choice */
static void voq_rules_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_rules_test_suite = {
	.name = "rio_voq_rules",
	.exit = voq_rules_test_exit,
	.test_cases = voq_rules_test_cases,
};

kunit_test_suite(voq_rules_test_suite);
