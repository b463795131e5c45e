// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq's admin operations (what the sysfs files do) on
 * rio-sim fabrics: after each change both partners' CSRs are read from
 * the simulated devices.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
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

struct voq_admin {
	struct rio_sim_mport *sm;
	struct rio_sim_dev *host;
	struct rio_sim_dev *peer;
	struct rio_voq_node *n;		/* the mport's own node */
};

static struct rio_voq_port voq_csr(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(dev->voq_layout, dev->port[port].voq_caps |
			   dev->port[port].voq_ctl, &p);
	return p;
}

/* host (all capabilities) == @peer_caps endpoint, scanned and configured */
static void voq_admin_setup(struct kunit *test, struct voq_admin *a, u32 peer_caps,
			    int host_destid)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	a->host = fab->host;
	a->peer = rio_sim_dev_find(fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, a->peer);
	/* Rev 3 hard-wires group sizes 0 and 4 as supported */
	a->peer->port[0].voq_caps = peer_caps | RIO_VOQ_CSR_PGS_SUP(0) |
				    RIO_VOQ_CSR_PGS_SUP(4);
	a->sm = rio_sim_kunit_mport(test, fab, host_destid);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a->sm);
	rio_sim_mport_scan(a->sm);
	mutex_lock(&rio_voq_lock);
	a->n = rio_voq_node_of(&a->sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, a->n);
}

static void voq_expect_unchanged(struct kunit *test, struct voq_admin *a,
				 u32 host_ctl, u32 peer_ctl)
{
	KUNIT_EXPECT_EQ(test, a->host->port[0].voq_ctl, host_ctl);
	KUNIT_EXPECT_EQ(test, a->peer->port[0].voq_ctl, peer_ctl);
}

/* A TX group size is the partner's RX size: both ends change, in order */
static void voq_admin_group_size(struct kunit *test)
{
	struct voq_admin a;
	u64 reads, writes;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	KUNIT_ASSERT_TRUE(test, voq_csr(a.host, 0).gen_en);

	/*
	 * The mport's own Error and Status CSR (a local read: no port-write
	 * follows the host's link), both CSRs read once; gen off, TX, RX,
	 * gen on, each read back; then the host's generation was on again:
	 * XOFF set and cleared on its port, each read back
	 */
	reads = a.sm->fab->reads;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 3), 0);
	KUNIT_EXPECT_EQ(test, a.sm->fab->reads - reads, 1ULL + 2 + 4 + 2);
	KUNIT_EXPECT_EQ(test, voq_csr(a.host, 0).tx_pgs, 3);
	KUNIT_EXPECT_EQ(test, voq_csr(a.peer, 0).rx_pgs, 3);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.host, 0).gen_en);	/* back on */

	/* The same size again: nothing to write */
	writes = a.sm->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 3), 0);
	KUNIT_EXPECT_EQ(test, a.sm->fab->writes, writes);

	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_RX_PGS, 5), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(a.host, 0).rx_pgs, 5);
	KUNIT_EXPECT_EQ(test, voq_csr(a.peer, 0).tx_pgs, 5);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.peer, 0).gen_en);

	/* rio-sim refuses and counts any change out of Part 12's order */
	KUNIT_EXPECT_EQ(test, a.host->port[0].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, a.peer->port[0].voq_violations, 0U);
	rio_sim_kunit_release(test, a.sm);
}

struct voq_admin_bad {
	const char *name;
	u32 peer_caps;
	enum rio_voq_knob knob;
	unsigned int val;
	int ret;
};

#define CAPS_GEN_RX	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP)

static const struct voq_admin_bad voq_admin_bad_cases[] = {
	{ "size the partner does not support", CAPS_GEN_RX, RIO_VOQ_KNOB_TX_PGS, 2, -EXDEV },
	{ "size 7 (reserved)", RIO_SIM_VOQ_CAPS_ALL, RIO_VOQ_KNOB_TX_PGS, 7, -EINVAL },
	{ "generation toward no reception", RIO_VOQ_CSR_GEN_SUP, RIO_VOQ_KNOB_GEN, 1, -EXDEV },
	{ "per-VC the partner lacks", CAPS_GEN_RX, RIO_VOQ_KNOB_VC, 1, -EXDEV },
	{ "participation 2", RIO_SIM_VOQ_CAPS_ALL, RIO_VOQ_KNOB_PART, 2, -EINVAL },
	{ "unknown knob", RIO_SIM_VOQ_CAPS_ALL, RIO_VOQ_NR_KNOBS, 0, -EINVAL },
};

static void voq_admin_bad_desc(const struct voq_admin_bad *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_admin_bad, voq_admin_bad_cases, voq_admin_bad_desc);

/* Refused with -EINVAL, and nothing written */
static void voq_admin_refused(struct kunit *test)
{
	const struct voq_admin_bad *c = test->param_value;
	struct voq_admin a;
	u32 hc, pc;
	u64 writes;

	voq_admin_setup(test, &a, c->peer_caps, 0);
	hc = a.host->port[0].voq_ctl;
	pc = a.peer->port[0].voq_ctl;
	writes = a.sm->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, c->knob, c->val), c->ret);
	voq_expect_unchanged(test, &a, hc, pc);
	KUNIT_EXPECT_EQ(test, a.sm->fab->writes, writes);
	rio_sim_kunit_release(test, a.sm);
}

static void voq_admin_switches(struct kunit *test)
{
	struct voq_admin a;
	u64 reads, writes;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_GEN, 0), 0);
	KUNIT_EXPECT_FALSE(test, voq_csr(a.host, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.peer, 0).gen_en);	/* the other direction */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_GEN, 1), 0);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.host, 0).gen_en);
	/*
	 * XOFF needs only this port: one read, one write, one read back,
	 * and the mport's own status (a local read)
	 */
	reads = a.sm->fab->reads;
	writes = a.sm->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.host, 0).xoff);
	KUNIT_EXPECT_EQ(test, a.sm->fab->reads - reads, 1ULL + 2);
	KUNIT_EXPECT_EQ(test, a.sm->fab->writes - writes, 1ULL);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_PART, 0), 0);
	KUNIT_EXPECT_FALSE(test, voq_csr(a.host, 0).part_en);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_VC, 0), 0);
	KUNIT_EXPECT_FALSE(test, voq_csr(a.host, 0).vc_en);

	/*
	 * XOFF (on by the admin's choice above) cleared behind rio-voq's
	 * back: the admin's XOFF 1 again is planned from the port read just
	 * now, not from the value rio-voq last wrote, which it matches
	 */
	KUNIT_ASSERT_TRUE(test, voq_csr(a.host, 0).xoff);
	spin_lock_irq(&a.sm->fab->lock);
	a.host->port[0].voq_ctl &= ~RIO_VOQ_CSR_XOFF;
	spin_unlock_irq(&a.sm->fab->lock);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.host, 0).xoff);
	rio_sim_kunit_release(test, a.sm);
}

/*
 * The partner's board no longer supports group size 1 (it was swapped,
 * and no event said so yet): the admin's size 1, allowed by what
 * discovery read, is refused once the ends are read, nothing written and
 * the choice not kept, rather than planned away while 0 is returned.
 */
static void voq_admin_caps_changed(struct kunit *test)
{
	struct voq_admin a;
	u32 hc, pc;
	u64 reads;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	KUNIT_ASSERT_NE(test, voq_csr(a.host, 0).tx_pgs, 1);
	spin_lock_irq(&a.sm->fab->lock);
	a.peer->port[0].voq_caps &= ~RIO_VOQ_CSR_PGS_SUP(1);
	spin_unlock_irq(&a.sm->fab->lock);
	hc = a.host->port[0].voq_ctl;
	pc = a.peer->port[0].voq_ctl;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 1), -EXDEV);
	voq_expect_unchanged(test, &a, hc, pc);
	KUNIT_EXPECT_FALSE(test, a.n->port[0].choice.set & BIT(RIO_VOQ_KNOB_TX_PGS));
	KUNIT_EXPECT_EQ(test, a.n->port[0].link->state, RIO_VOQ_LINK_CONFIGURED);
	/* Now known: refused at once, as bad input, with no access */
	reads = rio_voq_count.reads;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 1), -EXDEV);
	KUNIT_EXPECT_EQ(test, rio_voq_count.reads, reads);
	/* A size both still support goes through */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 2), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(a.host, 0).tx_pgs, 2);
	KUNIT_EXPECT_EQ(test, voq_csr(a.peer, 0).rx_pgs, 2);
	rio_sim_kunit_release(test, a.sm);
}

/*
 * Forcing CS64 on a class 1 link (which may be built either way)
 * re-plans it with the CS64 widths
 */
static void voq_admin_symbol_format(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I, .voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};
	struct rio_sim_dev *host, *sw;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = rio_sim_dev_add(fab, &d);
	d.name = "sw";
	d.is_switch = true;
	d.nports = 48;
	d.map = RIO_SIM_MAP_II;
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 1), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(sw, 0).tx_pgs, 3);	/* CS48: 48 ports need 3 */

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_FMT,
						RIO_VOQ_PREF_CS64), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(sw, 0).tx_pgs, 2);	/* CS64: 2 is enough */
	KUNIT_EXPECT_EQ(test, voq_csr(host, 0).rx_pgs, 2);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_AUTO), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(sw, 0).tx_pgs, 3);
	KUNIT_EXPECT_EQ(test, sw->port[0].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, host->port[0].voq_violations, 0U);

	/*
	 * CS64 again, but the switch's TX size does not read back: refused,
	 * and the link shows the plan of the choice that stands (CS48, as
	 * class 1 is taken by default), not the refused one
	 */
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(sw, 0, RIO_SIM_WFAULT_READBACK,
						 FIELD_PREP(RIO_VOQ_CSR_TX_PGS, 1), 1), 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64), -EIO);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(sw, 0, RIO_SIM_WFAULT_NONE, 0, 0), 0);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, n->port[0].link->fmt, RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, n->port[0].link->dir[1].pgs, 3);
	/* The choice that stands: auto, written above */
	KUNIT_EXPECT_EQ(test, n->port[0].choice.val[RIO_VOQ_KNOB_FMT], RIO_VOQ_PREF_AUTO);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, voq_csr(sw, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_csr(host, 0).gen_en);
	rio_sim_kunit_release(test, sm);
}

/*
 * Per-VC transmission turned off by the admin on a link between two
 * rev 3 switches that both generate (spec audit G7): each end's bit 11
 * changes only while its partner's generation is off, so that no symbol
 * is read by another rule than it was sent by (rio-sim counts such a
 * change apart from the Part 12 violations); both ends then generate
 * again, bit 11 off
 */
static void voq_admin_per_vc_order(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *a, *b;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	a = voq_test_dev(test, fab, "sw-a", true, 8, RIO_VOQ_LAYOUT_REV3,
			 RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | RIO_VOQ_CSR_VC_SUP);
	b = voq_test_dev(test, fab, "sw-b", true, 8, RIO_VOQ_LAYOUT_REV3,
			 RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | RIO_VOQ_CSR_VC_SUP);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, a, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(a, 1, b, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, a);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_TRUE(test, voq_csr(a, 1).gen_en && voq_csr(a, 1).vc_en);
	KUNIT_ASSERT_TRUE(test, voq_csr(b, 0).gen_en && voq_csr(b, 0).vc_en);
	KUNIT_ASSERT_EQ(test, a->port[1].voq_vc_violations + b->port[0].voq_vc_violations, 0U);
	KUNIT_ASSERT_EQ(test, a->port[1].voq_violations + b->port[0].voq_violations, 0U);

	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_VC, 0), 0);
	KUNIT_EXPECT_FALSE(test, voq_csr(a, 1).vc_en);
	KUNIT_EXPECT_FALSE(test, voq_csr(b, 0).vc_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(a, 1).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(b, 0).gen_en);
	KUNIT_EXPECT_EQ(test, a->port[1].voq_vc_violations, 0U);
	KUNIT_EXPECT_EQ(test, b->port[0].voq_vc_violations, 0U);

	/* And on again, from the other end */
	n = voq_test_node(sm, b);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_VC, 1), 0);
	KUNIT_EXPECT_TRUE(test, voq_csr(a, 1).vc_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(b, 0).vc_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(a, 1).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_csr(b, 0).gen_en);
	KUNIT_EXPECT_EQ(test, a->port[1].voq_vc_violations, 0U);
	KUNIT_EXPECT_EQ(test, b->port[0].voq_vc_violations, 0U);
	rio_sim_kunit_release(test, sm);
}

/*
 * A format chosen on a class 1 link stays the admin's choice when the link
 * trains at class 2 after a flap, but class 2 runs CS48 (Part 12 chapter
 * 3): the plan ignores it, and one log line says so; back at class 1 the
 * choice applies again
 */
static void voq_admin_format_class_changed(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw, *ep;
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;
	struct rio_voq_node *n;
	unsigned int i;
	static const u8 classes[] = { 2, 2, 1 };
	static const u8 tx[] = { 3, 3, 2 };

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 48, RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, ep, 0, 1), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	l = n->port[1].link;
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, voq_csr(sw, 1).tx_pgs, 3);	/* CS48: 48 ports need 3 */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64), 0);
	KUNIT_EXPECT_EQ(test, voq_csr(sw, 1).tx_pgs, 2);

	voq_test_log_start(test);
	for (i = 0; i < ARRAY_SIZE(classes); i++) {
		spin_lock_irq(&fab->lock);
		sw->port[1].baud_class = classes[i];
		ep->port[0].baud_class = classes[i];
		spin_unlock_irq(&fab->lock);
		/* These devices send no port-writes: the poll sees the flap */
		KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
		rio_voq_test_poll();
		KUNIT_EXPECT_FALSE(test, voq_csr(sw, 1).gen_en);
		KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
		rio_voq_test_poll();
		KUNIT_EXPECT_EQ_MSG(test, voq_csr(sw, 1).tx_pgs, tx[i], "class %u", classes[i]);
		KUNIT_EXPECT_EQ_MSG(test, voq_csr(ep, 0).rx_pgs, tx[i], "class %u", classes[i]);
		KUNIT_EXPECT_TRUE(test, voq_csr(sw, 1).gen_en);
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_EQ(test, l->fmt,
				classes[i] == 2 ? RIO_VOQ_FMT_CS48 : RIO_VOQ_FMT_CS64);
		KUNIT_EXPECT_EQ(test, n->port[1].choice.val[RIO_VOQ_KNOB_FMT], RIO_VOQ_PREF_CS64);
		mutex_unlock(&rio_voq_lock);
	}
	/* Told once, though planned twice at class 2 */
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "symbol_format=cs64 ignored"), 1U);
	rio_sim_kunit_release(test, sm);
}

/* A node that only discovers refuses writes */
static void voq_admin_discovering(struct kunit *test)
{
	struct voq_admin a;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, -1);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_FALSE(test, voq_csr(a.host, 0).xoff);
	rio_sim_kunit_release(test, a.sm);
}

/* A failed hardware write: -EIO and generation off at both ends */
static void voq_admin_failure(struct kunit *test)
{
	struct voq_admin a;
	struct rio_voq_link *l;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	a.peer->fail_all = true;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 2), -EIO);
	KUNIT_EXPECT_FALSE(test, voq_csr(a.host, 0).gen_en);
	a.peer->fail_all = false;
	l = rio_voq_test_link(&a.sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_FAILED);
	rio_sim_kunit_release(test, a.sm);
}

/* Choices for the mport's own port come back with its next fabric */
static void voq_admin_remembered(struct kunit *test)
{
	struct voq_admin a, b;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(a.n, 0, RIO_VOQ_KNOB_TX_PGS, 1), 0);
	rio_sim_kunit_release(test, a.sm);

	voq_admin_setup(test, &b, RIO_SIM_VOQ_CAPS_ALL, 0);
	KUNIT_EXPECT_EQ(test, voq_csr(b.host, 0).tx_pgs, 1);
	KUNIT_EXPECT_EQ(test, voq_csr(b.peer, 0).rx_pgs, 1);
	KUNIT_EXPECT_TRUE(test, voq_csr(b.host, 0).gen_en);
	rio_sim_kunit_release(test, b.sm);
}

/*
 * A store is an entry point: after its operation sysfs follows the
 * nodes, as after any other (here the partner's directories, which were
 * missing, are made).
 */
static void voq_admin_store_syncs(struct kunit *test)
{
	struct rio_voq_node *peer;
	struct voq_admin a;

	voq_admin_setup(test, &a, RIO_SIM_VOQ_CAPS_ALL, 0);
	peer = voq_test_node(a.sm, a.peer);
	KUNIT_ASSERT_NOT_NULL(test, peer);
	KUNIT_ASSERT_NOT_NULL(test, peer->kdir);
	rio_voq_sysfs_remove(peer);
	KUNIT_ASSERT_NULL(test, peer->kdir);
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(a.n, 0, "xoff", "1\n", 2), 2);
	KUNIT_EXPECT_TRUE(test, voq_csr(a.host, 0).xoff);
	KUNIT_EXPECT_NOT_NULL(test, peer->kdir);
	KUNIT_EXPECT_EQ(test, peer->nkport, peer->nports);
	rio_sim_kunit_release(test, a.sm);
}

static struct kunit_case voq_admin_test_cases[] = {
	KUNIT_CASE(voq_admin_group_size),
	KUNIT_CASE_PARAM(voq_admin_refused, voq_admin_bad_gen_params),
	KUNIT_CASE(voq_admin_switches),
	KUNIT_CASE(voq_admin_symbol_format),
	KUNIT_CASE(voq_admin_format_class_changed),
	KUNIT_CASE(voq_admin_per_vc_order),
	KUNIT_CASE(voq_admin_caps_changed),
	KUNIT_CASE(voq_admin_discovering),
	KUNIT_CASE(voq_admin_failure),
	KUNIT_CASE(voq_admin_remembered),
	KUNIT_CASE(voq_admin_store_syncs),
	{}
};

/* Each test starts with no remembered choice */
static void voq_admin_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_admin_test_suite = {
	.name = "rio_voq_admin",
	.exit = voq_admin_test_exit,
	.test_cases = voq_admin_test_cases,
};

kunit_test_suite(voq_admin_test_suite);
