// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the rio-voq core on rio-sim fabrics enumerated by the
 * core's rio-scan: after each scan, both partners' VoQ CSRs are read
 * from the simulated devices and checked against the policy.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/rio_drv.h>
#include <linux/string.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../spec/voq_txrx.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define CAPS_ALL	RIO_SIM_VOQ_CAPS_ALL
#define CAPS_GEN_RX	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP)

static struct rio_voq_port voq_of(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(dev->voq_layout, dev->port[port].voq_caps |
			   dev->port[port].voq_ctl, &p);
	return p;
}

/* Part 12 holds on every link: nobody generates toward a partner that
 * cannot take it, and group sizes agree in each direction that generates.
 */
static void voq_expect_safe(struct kunit *test, struct rio_sim_fabric *fab)
{
	struct rio_sim_dev *dev, *peer;
	struct rio_voq_port me, them;
	unsigned int p;

	list_for_each_entry(dev, &fab->devs, node) {
		for (p = 0; p < dev->nports && dev->voq_ef; p++) {
			KUNIT_EXPECT_EQ_MSG(test, dev->port[p].voq_violations, 0U,
					    "%s port %u", dev->name, p);
			me = voq_of(dev, p);
			peer = dev->port[p].peer;
			if (!me.gen_en)
				continue;
			KUNIT_ASSERT_NOT_NULL(test, peer);
			KUNIT_ASSERT_NE_MSG(test, peer->voq_ef, 0U, "%s port %u", dev->name, p);
			them = voq_of(peer, dev->port[p].peer_port);
			KUNIT_EXPECT_TRUE_MSG(test, them.rx_sup, "%s port %u", dev->name, p);
			KUNIT_EXPECT_EQ_MSG(test, peer->voq_layout, dev->voq_layout,
					    "%s port %u", dev->name, p);
			KUNIT_EXPECT_EQ_MSG(test, me.tx_pgs, them.rx_pgs, "%s port %u",
					    dev->name, p);
		}
	}
}

struct voq_pair_case {
	const char *name;
	enum rio_voq_layout host_layout;
	u32 host_caps;
	bool peer_switch;
	unsigned int peer_ports;
	enum rio_voq_layout peer_layout;
	u32 peer_caps;
	u8 baud_class;
	enum rio_voq_fmt fmt;
	bool host_gen, peer_gen;
	u8 host_tx, peer_tx;
	bool host_vc, peer_vc;
	unsigned int peer_uncovered;
};

#define R3	RIO_VOQ_LAYOUT_REV3
#define R2	RIO_VOQ_LAYOUT_REV2

static const struct voq_pair_case voq_pair_cases[] = {
	{ "rev3 <-> rev3, all capabilities", R3, CAPS_ALL, false, 1, R3, CAPS_ALL, 2,
	  RIO_VOQ_FMT_CS48, true, true, 0, 0, true, true, 0 },
	{ "partner without reception", R3, CAPS_ALL, false, 1, R3,
	  RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_VC_SUP, 2,
	  RIO_VOQ_FMT_CS48, false, true, 0, 0, true, true, 0 },
	{ "per-VC on one side only", R3, CAPS_ALL, false, 1, R3, CAPS_GEN_RX, 2,
	  RIO_VOQ_FMT_CS48, true, true, 0, 0, false, false, 0 },
	{ "16-port switch, sizes meet at {0, 4}", R3, CAPS_ALL, true, 16, R3,
	  CAPS_GEN_RX, 2, RIO_VOQ_FMT_CS48, true, true, 0, 4, false, false, 0 },
	{ "255-port switch over CS48 to {0, 4}", R3, CAPS_GEN_RX, true, 255, R3,
	  CAPS_ALL, 2, RIO_VOQ_FMT_CS48, true, true, 0, 4, false, false, 144 },
	{ "48-port switch over CS64 (class 3)", R3, CAPS_ALL, true, 48, R3, CAPS_ALL, 3,
	  RIO_VOQ_FMT_CS64, true, true, 0, 2, true, true, 0 },
	{ "48-port switch over CS48 (class 2)", R3, CAPS_ALL, true, 48, R3, CAPS_ALL, 2,
	  RIO_VOQ_FMT_CS48, true, true, 0, 3, true, true, 0 },
	{ "48-port switch over class 1: CS48", R3, CAPS_ALL, true, 48, R3, CAPS_ALL, 1,
	  RIO_VOQ_FMT_CS48, true, true, 0, 3, true, true, 0 },
	{ "rev2 <-> rev2", R2, CAPS_ALL, false, 1, R2, CAPS_ALL, 2,
	  RIO_VOQ_FMT_REV2, true, true, 0, 0, true, true, 0 },
	{ "rev2 <-> rev3", R2, CAPS_ALL, false, 1, R3, CAPS_ALL, 2,
	  RIO_VOQ_FMT_REV2, false, false, 0, 0, false, false, 0 },
};

static void voq_pair_desc(const struct voq_pair_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_pair, voq_pair_cases, voq_pair_desc);

/* The mport's own block and its first device, configured after the scan */
static void voq_pair(struct kunit *test)
{
	const struct voq_pair_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_voq_port h, p;
	struct rio_sim_dev *host, *peer;
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, c->host_layout, c->host_caps);
	peer = voq_test_dev(test, fab, "peer", c->peer_switch, c->peer_ports,
			    c->peer_layout, c->peer_caps);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, peer, 0, c->baud_class), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);

	h = voq_of(host, 0);
	p = voq_of(peer, 0);
	KUNIT_EXPECT_EQ(test, h.gen_en, c->host_gen);
	KUNIT_EXPECT_EQ(test, p.gen_en, c->peer_gen);
	KUNIT_EXPECT_TRUE(test, h.part_en && p.part_en);
	KUNIT_EXPECT_FALSE(test, h.xoff || p.xoff);
	KUNIT_EXPECT_EQ(test, h.vc_en, c->host_vc);
	KUNIT_EXPECT_EQ(test, p.vc_en, c->peer_vc);
	if (c->host_layout == R3 && c->peer_layout == R3) {
		KUNIT_EXPECT_EQ(test, h.tx_pgs, c->host_tx);
		KUNIT_EXPECT_EQ(test, p.rx_pgs, c->host_tx);
		KUNIT_EXPECT_EQ(test, p.tx_pgs, c->peer_tx);
		KUNIT_EXPECT_EQ(test, h.rx_pgs, c->peer_tx);
	}

	l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
	KUNIT_EXPECT_EQ(test, l->fmt, c->fmt);
	KUNIT_EXPECT_EQ(test, l->dir[1].uncovered, c->peer_uncovered);
	voq_expect_safe(test, fab);
	rio_sim_kunit_release(test, sm);
}

/* A switch's unused ports: participation off, XOFF where unavailable */
static void voq_idle_ports(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw, *ep;
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R3, CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 8, R3, CAPS_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, R3, 0);	/* no VoQ block */
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, ep, 0, 2), 0);
	sw->port[5].unavailable = true;
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);

	/* In use without a VoQ partner: participates, generates nothing */
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 1).part_en);
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 1).gen_en);
	KUNIT_EXPECT_NULL(test, rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, sw), 1));
	KUNIT_EXPECT_NOT_NULL(test, rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, sw), 0));
	/* Unused: no participation; unavailable: XOFF */
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 2).part_en);
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 2).xoff);
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 5).xoff);
	voq_expect_safe(test, fab);
	rio_sim_kunit_release(test, sm);
}

/*
 * An admin's XOFF on a port without a link, whose write does not read
 * back: refused, and the port set again by the choices that stand
 */
static void voq_idle_port_admin_fails(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R3, CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 8, R3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_FALSE(test, voq_of(sw, 2).xoff);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(sw, 2, RIO_SIM_WFAULT_READBACK,
						 RIO_VOQ_CSR_XOFF, 1), 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 2, RIO_VOQ_KNOB_XOFF, 1), -EIO);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(sw, 2, RIO_SIM_WFAULT_NONE, 0, 0), 0);
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 2).xoff);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, n->port[2].choice.set, 0UL);
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/* A discovering node reads and reports, and writes nothing */
static void voq_discovering_node(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	struct rio_sim_mport *sm;
	u64 writes;
	u32 csr;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	csr = fab->host->port[0].voq_ctl;
	sm = rio_sim_kunit_mport(test, fab, -1);
	writes = fab->writes;
	rio_sim_mport_scan(sm);
	KUNIT_EXPECT_EQ(test, fab->writes, writes);
	KUNIT_EXPECT_EQ(test, fab->host->port[0].voq_ctl, csr);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&sm->mport), 1U);
	rio_sim_kunit_release(test, sm);
}

/*
 * A fabric that appears later is configured at its scan; one configured
 * before is not touched again, not even by a repeated scan; removal
 * forgets a fabric's nodes.
 */
static void voq_later_fabric_and_removal(struct kunit *test)
{
	struct rio_sim_mport *a, *b;
	struct rio_sim_fabric *fa;
	struct rio_mport *gone;
	u64 writes;

	a = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:3"), 0);
	fa = a->fab;
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(a), 0);
	KUNIT_EXPECT_TRUE(test, voq_of(fa->host, 0).gen_en);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&a->mport), 5U);
	writes = fa->writes;

	b = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "single"), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(b), 0);
	KUNIT_EXPECT_TRUE(test, voq_of(rio_sim_dev_find(b->fab, 1), 0).gen_en);
	KUNIT_EXPECT_EQ(test, fa->writes, writes);

	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(a), -EBUSY);
	KUNIT_EXPECT_EQ(test, fa->writes, writes);

	gone = &a->mport;
	rio_sim_kunit_release(test, a);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(gone), 0U);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&b->mport), 2U);
	rio_sim_kunit_release(test, b);
}

static void voq_core_test_exit(struct kunit *test)
{
	rio_voq_test_policy(false);
}

/* Host and an 8-port switch with two endpoints, scanned with nothing written */
static struct rio_sim_mport *voq_campaign_fabric(struct kunit *test,
						 struct rio_voq_link **l)
{
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);

	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	*l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, *l);
	KUNIT_EXPECT_EQ(test, (*l)->state, RIO_VOQ_LINK_REPORTED);
	return sm;
}

/*
 * Fault campaign: fail each maintenance access of one link's
 * configuration in turn, every index, and check the fabric is safe each
 * time; then that a retry without faults configures the link.
 */
static void voq_fault_campaign(struct kunit *test)
{
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;
	unsigned int n, k;
	u64 before;

	/* How many accesses a clean configuration takes */
	sm = voq_campaign_fabric(test, &l);
	/* Reported only: no VoQ control written yet */
	KUNIT_EXPECT_EQ(test, sm->fab->host->port[0].voq_ctl, 0U);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_find(sm->fab, 1)->port[0].voq_ctl, 0U);
	before = sm->fab->reads + sm->fab->writes;
	KUNIT_ASSERT_EQ(test, rio_voq_test_configure(l), 0);
	n = sm->fab->reads + sm->fab->writes - before;
	KUNIT_EXPECT_GT(test, n, 4U);
	voq_expect_safe(test, sm->fab);
	rio_sim_kunit_release(test, sm);

	for (k = 1; k <= n; k++) {
		sm = voq_campaign_fabric(test, &l);
		sm->fab->fail_nth = k;
		sm->fab->fail_seen = 0;
		KUNIT_EXPECT_NE_MSG(test, rio_voq_test_configure(l), 0, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, l->state, RIO_VOQ_LINK_FAILED, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, sm->fab->failed, 1ULL, "access %u", k);
		voq_expect_safe(test, sm->fab);
		/* Generation is left off at both ends */
		KUNIT_EXPECT_FALSE_MSG(test, voq_of(sm->fab->host, 0).gen_en, "access %u", k);
		KUNIT_EXPECT_FALSE_MSG(test, voq_of(rio_sim_dev_find(sm->fab, 1), 0).gen_en,
				       "access %u", k);

		/* Recovery: the same link configures once the fault is gone */
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_test_configure(l), 0, "access %u", k);
		KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
		KUNIT_EXPECT_TRUE(test, voq_of(sm->fab->host, 0).gen_en);
		voq_expect_safe(test, sm->fab);
		rio_sim_kunit_release(test, sm);
	}
}

/*
 * Symbols end to end on rio-sim: with the group sizes rio-voq
 * configured, congestion of a switch port stops exactly that port at
 * the host; with a receiver whose RX size differs, a wrong port.
 */
static void voq_symbols_end_to_end(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw, *ep13, *ep14;
	struct rio_sim_mport *sm;
	struct rio_voq_rx *rx;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R3, CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 24, R3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	/* Ports 13 and 14 in use, so they participate; port 20 unused */
	ep13 = voq_test_dev(test, fab, "ep13", false, 1, R3, CAPS_ALL);
	ep14 = voq_test_dev(test, fab, "ep14", false, 1, R3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 13, ep13, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 14, ep14, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_EQ(test, voq_of(sw, 0).tx_pgs, 1);	/* 24 ports over CS48 */

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 13, true), 0);
	rx = host->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 13));
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, 1ULL);
	KUNIT_EXPECT_EQ(test, host->port[0].sym_received, 1ULL);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 13, false), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 13));
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, 2ULL);
	/* An unused switch port does not participate: no symbol */
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 20, true), 0);
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, 2ULL);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 20));

	/* The host's RX size set to 2 behind rio-voq's back: wrong port */
	host->port[0].voq_ctl = (host->port[0].voq_ctl & ~RIO_VOQ_CSR_RX_PGS) |
				FIELD_PREP(RIO_VOQ_CSR_RX_PGS, 2);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 14, true), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 14));
	/* group 1, status bit 2 with 1 group bit is group 1, bit 1 with 2 */
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 12));
	rio_sim_kunit_release(test, sm);
}

/*
 * Part 12 5.1.2: a device has one VoQ CSR per port, even for a port that
 * does not support backpressure; a rev 2.x such port reads 0 at reset.
 * Its participation and XOFF still decide whether its status goes in
 * the symbols the other ports send (table 5-4), so it is kept: an
 * 8-port rev 2.x switch whose ports 6 and 7 have no capability, port 6
 * cabled to an endpoint, reports port 6's congestion to the host.
 */
static void voq_rev2_ports_without_caps(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw, *ep6;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	struct rio_voq_rx *rx;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R2, CAPS_GEN_RX);
	sw = voq_test_dev(test, fab, "sw", true, 8, R2, CAPS_GEN_RX);
	ep6 = voq_test_dev(test, fab, "ep6", false, 1, R2, CAPS_GEN_RX);
	sw->port[6].voq_caps = 0;
	sw->port[7].voq_caps = 0;
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 6, ep6, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);

	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, n->nports, 8U);
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 6).part_en);		/* in use */
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 7).part_en);	/* no cable */
	KUNIT_EXPECT_FALSE(test, voq_of(sw, 6).gen_en);		/* cannot generate */
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 0).gen_en);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 6, true), 0);
	rx = host->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 6));
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 6, false), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 6));
	rio_sim_kunit_release(test, sm);
}

/*
 * A rev 3+ switch whose port-0 CSR has a reserved bit set (bit 19), or
 * reads group size 7 in its TX field, is still rev 3+: its ports are
 * found at block offset 0x20 + 4n, nothing is written at rev 2.x's
 * offsets, and its link to the host is configured.
 */
static const u32 voq_r3_odd_port0[] = {
	BIT(31 - 19),				/* reserved bit 19 */
	BIT(31 - 3),				/* reserved bit 3 */
	RIO_VOQ_CSR_TX_PGS,			/* TX size 7 (reserved) */
	RIO_VOQ_CSR_RX_PGS,			/* RX size 7 (reserved) */
};

static void voq_rev3_odd_port0_desc(const u32 *v, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "port 0 reads 0x%08x more", *v);
}

KUNIT_ARRAY_PARAM(voq_rev3_odd_port0, voq_r3_odd_port0, voq_rev3_odd_port0_desc);

static void voq_rev3_odd_port0(struct kunit *test)
{
	const u32 *odd = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R3, CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 8, R3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	/* Behind the write filter's back, as a board may come out of reset */
	if (*odd & (RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_RX_PGS))
		sw->port[0].voq_ctl |= *odd;
	else
		sw->port[0].voq_caps |= *odd;
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);

	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV3);
	KUNIT_EXPECT_EQ(test, n->nports, 8U);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 0ULL);
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_of(host, 0).gen_en);
	KUNIT_EXPECT_EQ(test, voq_of(sw, 0).tx_pgs, voq_of(host, 0).rx_pgs);
	KUNIT_EXPECT_LE(test, voq_of(sw, 0).tx_pgs, RIO_VOQ_PGS_MAX);
	rio_sim_kunit_release(test, sm);
}

/*
 * Part 12 chapter 3: class 2 links run control symbol 48.  CS64 asked
 * for on such a link is refused (nothing changed), so that the group
 * sizes stay those of CS48 arithmetic: 16 ports need one group bit, and
 * the congestion of port 14 reaches the host.
 */
static void voq_format_by_class(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw, *ep14;
	struct rio_sim_mport *sm;
	struct rio_voq_node *hn, *sn;
	struct rio_voq_link *l;
	struct rio_voq_rx *rx;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, R3, CAPS_ALL);
	sw = voq_test_dev(test, fab, "sw", true, 16, R3, CAPS_ALL);
	ep14 = voq_test_dev(test, fab, "ep14", false, 1, R3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 14, ep14, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	hn = voq_test_node(sm, host);
	sn = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, hn);
	KUNIT_ASSERT_NOT_NULL(test, sn);
	l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_EQ(test, voq_of(sw, 0).tx_pgs, 1);

	writes = sm->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(hn, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(sn, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sm->fab->writes, writes);
	/* What class 2 allows anyway is taken */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(hn, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS48), 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(hn, 0, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_AUTO), 0);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, l->fmt, RIO_VOQ_FMT_CS48);
	KUNIT_EXPECT_EQ(test, l->dir[1].pgs, 1);
	KUNIT_EXPECT_EQ(test, l->dir[1].uncovered, 0U);
	KUNIT_EXPECT_EQ(test, sn->port[0].choice.set & BIT(RIO_VOQ_KNOB_FMT), 0UL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_of(sw, 0).tx_pgs, 1);
	KUNIT_EXPECT_EQ(test, voq_of(host, 0).rx_pgs, 1);

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 14, true), 0);
	rx = host->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 14));
	voq_expect_safe(test, sm->fab);
	rio_sim_kunit_release(test, sm);
}

/*
 * rio-voq's transactions on the fabrics of the scaling benchmark equal
 * the lower bound of voq.rst ("Maintenance transactions"), computed from
 * the fabric's shape: the mport's PE features, assembly information, 2
 * block headers, CSR and status; 3 headers, a CSR and a status per port
 * of a switch; 2 headers, CSR and status of an endpoint; the Latency
 * Optimization CSR of each of the first 16 ports of a map II device, and
 * the headers of its chain past the VoQ block; per link (one
 * per device in a tree) the baud rate, and per end a configuration write
 * and a generation-on write, each read back.  Every device gets its
 * voq/ directory.
 */
static const char * const voq_scale_specs[] = {
	"bench:100", "fat16:300", "fat48:200", "chain:255",
};

static void voq_scale_desc(const char * const *spec, char *desc)
{
	strscpy(desc, *spec, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(voq_scale, voq_scale_specs, voq_scale_desc);

static void voq_scale_bound(struct kunit *test)
{
	const char * const *topo = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, *topo);
	u64 reads, writes, bound, links = 0;
	struct rio_sim_mport *sm;
	struct rio_sim_dev *dev;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	reads = 6;
	list_for_each_entry(dev, &fab->devs, node) {
		if (dev == fab->host)
			continue;
		links++;
		reads += dev->is_switch ? 3 + 2 * dev->nports : 4;
		/*
		 * Map II: the Latency Optimization CSRs of the first 16 ports,
		 * and the headers of the chain past the VoQ block (the
		 * register's bound needs the whole chain)
		 */
		if (dev->map == RIO_SIM_MAP_II)
			reads += min(dev->nports, RIO_LAT_MAX_PORTS) +
				 (dev->em_ef > dev->voq_ef) + (dev->phys_ef > dev->voq_ef);
	}
	reads += links;
	bound = reads + 2 * 4 * links;

	mutex_lock(&rio_voq_lock);
	reads = rio_voq_count.reads;
	writes = rio_voq_count.writes;
	mutex_unlock(&rio_voq_lock);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	mutex_lock(&rio_voq_lock);
	reads = rio_voq_count.reads - reads;
	writes = rio_voq_count.writes - writes;
	mutex_unlock(&rio_voq_lock);

	KUNIT_EXPECT_EQ(test, reads + writes, bound);
	KUNIT_EXPECT_EQ(test, writes, 4 * links);
	voq_expect_safe(test, fab);
	list_for_each_entry(dev, &fab->devs, node) {
		mutex_lock(&rio_voq_lock);
		n = rio_voq_node_of(&sm->mport,
				    dev == fab->host ? NULL : rio_sim_rdev(sm, dev));
		KUNIT_EXPECT_TRUE_MSG(test, n && n->kdir, "%s #%u", dev->name, dev->index);
		mutex_unlock(&rio_voq_lock);
	}
	rio_sim_kunit_release(test, sm);
}

/*
 * Policy per fabric: each mport's voq/ holds its fabric's auto_config
 * and poll_ms, set apart from every other fabric's.
 */

static const char *voq_dir_file(struct kunit *test, struct rio_voq_node *n,
				const char *name, char *buf)
{
	ssize_t ret = voq_test_dir_read(n, name, buf);

	if (ret < 0)
		snprintf(buf, PAGE_SIZE, "error %zd\n", ret);
	return buf;
}

/*
 * Two fabrics, one observed (auto_config 0), one configured: each is
 * scanned by its own policy; writing 1 to the first's auto_config
 * configures it at once, and nothing of the other is written.
 */
static void voq_policy_per_fabric(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_mport *a, *b;
	struct rio_voq_node *na, *nb;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	a = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	b = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&a->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(a), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(b), 0);
	KUNIT_EXPECT_FALSE(test, voq_of(a->fab->host, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_of(rio_sim_dev_find(a->fab, 1), 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_of(b->fab->host, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_of(rio_sim_dev_find(b->fab, 1), 0).gen_en);

	na = voq_test_node(a, a->fab->host);
	nb = voq_test_node(b, b->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, na);
	KUNIT_ASSERT_NOT_NULL(test, nb);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, na, "auto_config", buf), "0\n");
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nb, "auto_config", buf), "1\n");

	writes = b->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(na, "auto_config", "1\n", 2), 2L);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, na, "auto_config", buf), "1\n");
	KUNIT_EXPECT_TRUE(test, voq_of(a->fab->host, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_of(rio_sim_dev_find(a->fab, 1), 0).gen_en);
	voq_expect_safe(test, a->fab);
	KUNIT_EXPECT_EQ(test, b->fab->writes, writes);

	/* Back to 0: nothing is written, the links stay as configured */
	writes = a->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(na, "auto_config", "0", 1), 1L);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, na, "auto_config", buf), "0\n");
	KUNIT_EXPECT_EQ(test, a->fab->writes, writes);
	KUNIT_EXPECT_TRUE(test, voq_of(a->fab->host, 0).gen_en);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nb, "auto_config", buf), "1\n");
	rio_sim_kunit_release(test, a);
	rio_sim_kunit_release(test, b);
}

/*
 * The poll of one fabric reads that fabric only: two fabrics without
 * port-writes, a port of each becomes unavailable, and only the one
 * whose poll_ms is set follows it
 */
static void voq_policy_poll_per_fabric(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_mport *a = voq_test_scanned(test, "star:2");
	struct rio_sim_mport *b = voq_test_scanned(test, "star:2");
	struct rio_sim_dev *swa = rio_sim_dev_find(a->fab, 1);
	struct rio_sim_dev *swb = rio_sim_dev_find(b->fab, 1);
	unsigned int i;
	bool xoff = false;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	a->fab->no_pw = true;
	b->fab->no_pw = true;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(swa, 2, true), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(swb, 2, true), 0);
	rio_sim_mport_pw_flush(a);
	rio_sim_mport_pw_flush(b);
	KUNIT_ASSERT_FALSE(test, voq_of(swa, 2).xoff);
	KUNIT_ASSERT_FALSE(test, voq_of(swb, 2).xoff);

	KUNIT_ASSERT_EQ(test, rio_voq_test_poll_ms(&a->mport, 10), 0);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, voq_test_node(a, a->fab->host),
					      "poll_ms", buf), "10\n");
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, voq_test_node(b, b->fab->host),
					      "poll_ms", buf), "0\n");
	for (i = 0; i < 500 && !xoff; i++) {
		msleep(20);
		mutex_lock(&rio_voq_lock);
		xoff = voq_of(swa, 2).xoff;
		mutex_unlock(&rio_voq_lock);
	}
	KUNIT_EXPECT_TRUE(test, xoff);
	msleep(100);	/* ten more periods of the first */
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, voq_of(swb, 2).xoff);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, rio_voq_test_poll_ms(&a->mport, 0), 0);
	rio_sim_kunit_release(test, a);
	rio_sim_kunit_release(test, b);
}

/*
 * A fabric torn down while its poll is pending leaves no work behind:
 * no pass runs after its mport is gone
 */
static void voq_policy_poll_teardown(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:2");
	unsigned long passes = rio_voq_test_poll_passes();
	unsigned int i;

	KUNIT_ASSERT_EQ(test, rio_voq_test_poll_ms(&sm->mport, 1), 0);
	for (i = 0; i < 500 && rio_voq_test_poll_passes() < passes + 2; i++)
		msleep(20);
	KUNIT_ASSERT_GE(test, rio_voq_test_poll_passes(), passes + 2);
	rio_sim_kunit_release(test, sm);
	passes = rio_voq_test_poll_passes();
	msleep(100);
	KUNIT_EXPECT_EQ(test, rio_voq_test_poll_passes(), passes);
}

/*
 * What a fuzzer writes to the fabric's files: each refused with -EINVAL,
 * neither value changed, nothing written to the fabric
 */
struct voq_policy_bad {
	const char *file;
	const char *data;
	size_t len;
};

#define VOQ_POLICY_BAD(_f, _s) { .file = _f, .data = _s, .len = sizeof(_s) - 1 }

static const struct voq_policy_bad voq_policy_bad_writes[] = {
	VOQ_POLICY_BAD("auto_config", "\0"),
	VOQ_POLICY_BAD("auto_config", "\0\n"),
	VOQ_POLICY_BAD("auto_config", "0\0"),
	VOQ_POLICY_BAD("auto_config", "0\0junk"),
	VOQ_POLICY_BAD("auto_config", "0 junk\n"),
	VOQ_POLICY_BAD("auto_config", "0x\n"),
	VOQ_POLICY_BAD("auto_config", "0\n\n"),
	VOQ_POLICY_BAD("auto_config", " 0\n"),
	VOQ_POLICY_BAD("auto_config", "+0\n"),
	VOQ_POLICY_BAD("auto_config", "-0\n"),
	VOQ_POLICY_BAD("auto_config", "0x0\n"),
	VOQ_POLICY_BAD("auto_config", "2\n"),
	VOQ_POLICY_BAD("auto_config", "00\n"),
	VOQ_POLICY_BAD("auto_config", "n\n"),
	VOQ_POLICY_BAD("auto_config", "off\n"),
	VOQ_POLICY_BAD("auto_config", "\xff\n"),
	VOQ_POLICY_BAD("auto_config", "0\xa0"),
	VOQ_POLICY_BAD("poll_ms", "\0"),
	VOQ_POLICY_BAD("poll_ms", "\0\n"),
	VOQ_POLICY_BAD("poll_ms", "10\0"),
	VOQ_POLICY_BAD("poll_ms", "10\0junk"),
	VOQ_POLICY_BAD("poll_ms", "10 junk\n"),
	VOQ_POLICY_BAD("poll_ms", "10\n\n"),
	VOQ_POLICY_BAD("poll_ms", " 10\n"),
	VOQ_POLICY_BAD("poll_ms", "+10\n"),
	VOQ_POLICY_BAD("poll_ms", "-10\n"),
	VOQ_POLICY_BAD("poll_ms", "0x10\n"),
	VOQ_POLICY_BAD("poll_ms", "1e3\n"),
	VOQ_POLICY_BAD("poll_ms", "60001\n"),
	VOQ_POLICY_BAD("poll_ms", "4294967296\n"),
	VOQ_POLICY_BAD("poll_ms", "\xff\xfe\x80\n"),
	VOQ_POLICY_BAD("poll_ms", "10\xa0"),
};

static void voq_policy_store_bad_bytes(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	char *big = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:2");
	struct rio_voq_node *nh = voq_test_node(sm, sm->fab->host);
	unsigned int i;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, big);
	KUNIT_ASSERT_NOT_NULL(test, nh);
	/* Good values, with and without their newline */
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", "60000", 5), 5L);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "poll_ms", buf), "60000\n");
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "auto_config", "1", 1), 1L);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", "0\n", 2), 2L);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "poll_ms", buf), "0\n");

	writes = sm->fab->writes;
	for (i = 0; i < ARRAY_SIZE(voq_policy_bad_writes); i++) {
		const struct voq_policy_bad *w = &voq_policy_bad_writes[i];

		KUNIT_EXPECT_EQ_MSG(test, voq_test_dir_write(nh, w->file, w->data, w->len),
				    -EINVAL, "write %u to %s", i, w->file);
		KUNIT_EXPECT_STREQ_MSG(test, voq_dir_file(test, nh, "auto_config", buf),
				       "1\n", "write %u", i);
		KUNIT_EXPECT_STREQ_MSG(test, voq_dir_file(test, nh, "poll_ms", buf),
				       "0\n", "write %u", i);
	}
	/* A page of digits, and a valid value followed by a page of junk */
	memset(big, '1', PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", big, PAGE_SIZE), -EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "auto_config", big, PAGE_SIZE), -EINVAL);
	memset(big, 'x', PAGE_SIZE);
	big[0] = '0';
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", big, PAGE_SIZE), -EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "auto_config", big, PAGE_SIZE), -EINVAL);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "auto_config", buf), "1\n");
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "poll_ms", buf), "0\n");
	KUNIT_EXPECT_EQ(test, sm->fab->writes, writes);
	rio_sim_kunit_release(test, sm);
}

/*
 * policy=observe: every fabric that comes starts with auto_config 0 (the
 * boot parameter is read-only; the test sets what it holds)
 */
static void voq_policy_observe(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_mport *sm;
	struct rio_voq_node *nh;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	rio_voq_test_policy(true);
	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	rio_voq_test_policy(false);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_FALSE(test, voq_of(sm->fab->host, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_of(rio_sim_dev_find(sm->fab, 1), 0).gen_en);
	nh = voq_test_node(sm, sm->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "auto_config", buf), "0\n");
	rio_sim_kunit_release(test, sm);
}

/*
 * An mport without a VoQ block has its fabric's files too, in a voq/ of
 * their own, and its fabric's poll follows the devices behind it
 */
static void voq_policy_mport_without_block(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_sim_dev *host, *sw, *ep;
	struct rio_sim_mport *sm;
	struct rio_voq_node *nh;
	unsigned int i;
	bool xoff = false;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3, 0);
	sw = voq_test_dev(test, fab, "sw", true, 4, RIO_VOQ_LAYOUT_REV3, CAPS_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, RIO_VOQ_LAYOUT_REV3, CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, ep, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_TRUE(test, voq_of(sw, 1).gen_en);
	nh = voq_test_node(sm, host);
	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_EXPECT_EQ(test, nh->ef, 0U);
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "auto_config", buf), "1\n");
	KUNIT_EXPECT_STREQ(test, voq_dir_file(test, nh, "poll_ms", buf), "0\n");
	KUNIT_EXPECT_EQ(test, voq_test_dir_read(nh, "layout", buf), -ENOENT);

	fab->no_pw = true;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", "10\n", 3), 3L);
	for (i = 0; i < 500 && !xoff; i++) {
		msleep(20);
		mutex_lock(&rio_voq_lock);
		xoff = voq_of(sw, 1).xoff;
		mutex_unlock(&rio_voq_lock);
	}
	KUNIT_EXPECT_TRUE(test, xoff);
	KUNIT_EXPECT_EQ(test, voq_test_dir_write(nh, "poll_ms", "0", 1), 1L);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_core_test_cases[] = {
	KUNIT_CASE_PARAM(voq_pair, voq_pair_gen_params),
	KUNIT_CASE(voq_idle_ports),
	KUNIT_CASE(voq_idle_port_admin_fails),
	KUNIT_CASE(voq_discovering_node),
	KUNIT_CASE(voq_later_fabric_and_removal),
	KUNIT_CASE(voq_fault_campaign),
	KUNIT_CASE(voq_symbols_end_to_end),
	KUNIT_CASE(voq_rev2_ports_without_caps),
	KUNIT_CASE_PARAM(voq_rev3_odd_port0, voq_rev3_odd_port0_gen_params),
	KUNIT_CASE(voq_format_by_class),
	KUNIT_CASE_PARAM(voq_scale_bound, voq_scale_gen_params),
	KUNIT_CASE(voq_policy_per_fabric),
	KUNIT_CASE(voq_policy_poll_per_fabric),
	KUNIT_CASE(voq_policy_poll_teardown),
	KUNIT_CASE(voq_policy_store_bad_bytes),
	KUNIT_CASE(voq_policy_observe),
	KUNIT_CASE(voq_policy_mport_without_block),
	{}
};

static struct kunit_suite voq_core_test_suite = {
	.name = "rio_voq_core",
	.exit = voq_core_test_exit,
	.test_cases = voq_core_test_cases,
};

kunit_test_suite(voq_core_test_suite);

MODULE_DESCRIPTION("KUnit tests of the rio-voq core on rio-sim");
MODULE_LICENSE("GPL");
