// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq when boards are swapped in place and devices
 * are cut off, on rio-sim fabrics the core enumerates: an endpoint or a
 * switch replaced by another board (another layout, no VoQ block, a
 * vendor's staging queues), while links to it are down, while it is
 * cut off from the host, or when it cannot be discovered again; an
 * admin's choice the new board lacks; the far ends of a board found
 * again.  The checks read rio-sim's registers.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/rio_drv.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* star:4: host (0), a 5-port switch (1), endpoints 2..5 on its ports 1..4 */
#define SW	1
#define EP(n)	(1 + (n))

/*
 * An endpoint swapped for a rev 2.x board, for one without a VoQ block,
 * for one that cannot receive, and back: each time its partner is
 * planned from what the board in place is made of
 */
static void voq_event_replace_endpoint(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_sim_dev_desc d;
	struct rio_voq_node *n = voq_test_node(sm, ep);

	KUNIT_ASSERT_NOT_NULL(test, n);
	voq_test_expect_link_up(test, sw, 1, ep, 0);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV2, RIO_SIM_VOQ_CAPS_ALL);
	voq_test_replace(test, sm, ep, &d);
	/* rev 2.x and rev 3+ symbols are incompatible: off both ways */
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).gen_en);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, n->ef, ep->voq_ef);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, 0);
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);
	KUNIT_EXPECT_EQ(test, n->ef, 0U);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_VOQ_CSR_GEN_SUP);
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);	/* cannot receive */
	KUNIT_EXPECT_TRUE(test, voq_test_hw(ep, 0).gen_en);
	KUNIT_EXPECT_EQ(test, voq_test_hw(ep, 0).tx_pgs, voq_test_hw(sw, 1).rx_pgs);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	voq_test_replace(test, sm, ep, &d);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * The 16-port switch of star:15 swapped for a 3-port board, then for a
 * 12-port one without per-VC support: rio-voq's ports follow the block
 * in place, and nothing is written outside it
 */
static void voq_event_replace_switch(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:15");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev_desc d = {
		.name = "sw-swapped", .is_switch = true, .nports = 3, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_I, .em = true, .voq = true,
		.voq_layout = RIO_VOQ_LAYOUT_REV3, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};
	struct rio_voq_node *n = voq_test_node(sm, sw);
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_EQ(test, n->nports, 16U);
	voq_test_replace(test, sm, sw, &d);
	KUNIT_EXPECT_EQ(test, n->nports, 3U);
	voq_test_expect_link_up(test, sw, 1, rio_sim_dev_find(sm->fab, EP(1)), 0);
	voq_test_expect_link_up(test, sw, 2, rio_sim_dev_find(sm->fab, EP(2)), 0);
	voq_test_expect_link_up(test, sm->fab->host, 0, sw, 0);

	d.nports = 12;
	d.voq_caps = RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP;
	voq_test_replace(test, sm, sw, &d);
	KUNIT_EXPECT_EQ(test, n->nports, 12U);
	for (p = 1; p <= 2; p++) {
		voq_test_expect_link_up(test, sw, p, rio_sim_dev_find(sm->fab, EP(p)), 0);
		KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, p).vc_en);
		KUNIT_EXPECT_FALSE(test, voq_test_hw(rio_sim_dev_find(sm->fab, EP(p)), 0).vc_en);
	}
	voq_test_expect_link_up(test, sm->fab->host, 0, sw, 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * Kernel review finding 15: star:4's switch swapped for a board like it
 * but without per-VC support (so that it is another board) while the
 * cable to its port 2 is down.  The new board's link on that
 * port is new and down: its baud-rate class is not known, so neither is
 * the symbol format of its two rev 3+ ends ("unknown", not the "rev2"
 * of a format never planned).  Once up, it is planned: class 2, CS48.
 */
static void voq_event_new_link_down_format(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(2));
	struct rio_sim_dev_desc d = {
		.name = "sw-swapped", .is_switch = true, .nports = sw->nports,
		.vid = RIO_SIM_VID, .did = RIO_SIM_DID_SWITCH, .map = sw->map,
		.em = sw->em_ef != 0, .em_hs = sw->em_hs, .voq = true,
		.voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL & ~RIO_VOQ_CSR_VC_SUP,
	};
	struct rio_voq_node *n = voq_test_node(sm, sw);
	struct rio_voq_node *ne = voq_test_node(sm, ep);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, ne);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 2, false), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_replace(test, sm, sw, &d);
	voq_test_expect_link_up(test, sw, 1, rio_sim_dev_find(sm->fab, EP(1)), 0);
	mutex_lock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, n->port[2].link);
	KUNIT_EXPECT_EQ(test, n->port[2].link->state, RIO_VOQ_LINK_DOWN);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 2, "symbol_format", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "unknown\n");
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(ne, 0, "symbol_format", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "unknown\n");
	/* A link that is up shows its own */
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 1, "symbol_format", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "cs48\n");

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 2, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_link_up(test, sw, 2, ep, 0);
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 2, "symbol_format", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "cs48\n");
	/* Down again: the format it was planned with stays shown */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 2, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 2, "symbol_format", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "cs48\n");
	rio_sim_kunit_release(test, sm);
}

/*
 * chain:3 (host, then switches 1, 3 and 5 in a line, each on port 1 of
 * the one before by its port 0, each with an endpoint on its port 2):
 * the endpoint behind the third switch is swapped for a rev 2.x board
 * while the link from the first switch to the second is down.  The third
 * switch's port-writes about it are lost (it has no path to the host);
 * they stay pending in its Port n Error and Status CSR, which rio-voq
 * reads when the link comes back, two switches away.  The new board is
 * found and its link planned from what it is: a rev 3+ switch port and a
 * rev 2.x endpoint do not generate toward each other, and an admin write
 * to the new board is encoded for its layout.  The same where the mport
 * delivers no port-writes and the poll sees the link come back.
 */
/*
 * With the link from switch 1 to switch 3 down, swap @ep for @d, then
 * bring the link back; the poll follows if @poll, else the port-writes
 * that reach the host.  Switch 5's port-writes about @ep are lost.
 */
static void voq_swap_cut_off(struct kunit *test, struct rio_sim_mport *sm,
			     struct rio_sim_dev *ep,
			     const struct rio_sim_dev_desc *d, bool poll)
{
	struct rio_sim_dev *sw1 = rio_sim_dev_find(sm->fab, 1);
	u64 lost;

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw1, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	if (poll)
		rio_voq_test_poll();
	lost = sm->fab->pw_lost;
	voq_test_replace(test, sm, ep, d);
	/* sw5's, about ep (with the poll, rio-sim counts every one as lost) */
	if (!poll)
		KUNIT_EXPECT_GT(test, sm->fab->pw_lost, lost);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw1, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	if (poll)
		rio_voq_test_poll();
}

static void voq_replace_cut_off(struct kunit *test, bool poll)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "chain:3");
	struct rio_sim_dev *sw1 = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *sw2 = rio_sim_dev_find(sm->fab, 3);
	struct rio_sim_dev *sw3 = rio_sim_dev_find(sm->fab, 5);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 6);
	struct rio_sim_dev_desc d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV2,
						 RIO_SIM_VOQ_CAPS_ALL);
	struct rio_voq_node *n = voq_test_node(sm, ep);

	KUNIT_ASSERT_NOT_NULL(test, n);
	voq_test_expect_link_up(test, sw3, 2, ep, 0);
	sm->fab->no_pw = poll;
	voq_swap_cut_off(test, sm, ep, &d, poll);

	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, n->ef, ep->voq_ef);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw3, 2).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).gen_en);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(ep, 0).xoff);
	voq_test_expect_link_up(test, sw1, 1, sw2, 0);
	voq_test_expect_link_up(test, sw2, 1, sw3, 0);

	/*
	 * Again, back to a rev 3+ board: the third switch's port-write is
	 * lost again, with the same transitions latched (nobody cleared
	 * them), and must be followed again
	 */
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	voq_swap_cut_off(test, sm, ep, &d, poll);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV3);
	voq_test_expect_link_up(test, sw3, 2, ep, 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * ring:4 (host, switches 1, 3, 5 and 7 in a ring by their ports 1 and
 * 2, each with an endpoint on its port 3): the core reached switch 7
 * through 5, not by the cable from its port 1 to switch 1's port 2,
 * which closes the ring and which it does not route over.  That cable
 * going down cuts nothing off: both ends are reached, written (generation
 * off toward it), and stay known; nothing fails.
 */
static void voq_event_ring_closing_link(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "ring:4");
	struct rio_sim_dev *sw1 = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *sw7 = rio_sim_dev_find(sm->fab, 7);
	struct rio_voq_node *n1 = voq_test_node(sm, sw1), *n7 = voq_test_node(sm, sw7);
	u64 failed;

	KUNIT_ASSERT_NOT_NULL(test, n1);
	KUNIT_ASSERT_NOT_NULL(test, n7);
	KUNIT_ASSERT_PTR_EQ(test, sw7->port[1].peer, sw1);
	voq_test_expect_link_up(test, sw7, 1, sw1, 2);
	failed = rio_voq_count.failed;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw7, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw7, 1).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw1, 2).gen_en);
	KUNIT_EXPECT_FALSE(test, n1->unknown);
	KUNIT_EXPECT_FALSE(test, n7->unknown);
	KUNIT_EXPECT_EQ(test, rio_voq_count.failed, failed);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n7, 3, RIO_VOQ_KNOB_XOFF, 1), 0);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw7, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_link_up(test, sw7, 1, sw1, 2);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * Which devices a link recovery cut off, from the tree the core built
 * (chain:3, as above): those it reached through the cable's far end
 */
static void voq_event_cut_off_scope(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "chain:3");
	struct rio_voq_node *n[7];
	unsigned int i;

	for (i = 1; i < ARRAY_SIZE(n); i++) {
		n[i] = voq_test_node(sm, rio_sim_dev_find(sm->fab, i));
		KUNIT_ASSERT_NOT_NULL(test, n[i]);
	}
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_PTR_EQ(test, rio_voq_port_child(n[1], 1), n[3]);
	KUNIT_EXPECT_PTR_EQ(test, rio_voq_port_child(n[3], 0), n[3]);
	KUNIT_EXPECT_PTR_EQ(test, rio_voq_port_child(n[3], 2), n[4]);
	KUNIT_EXPECT_PTR_EQ(test, rio_voq_port_child(n[6], 0), n[6]);
	KUNIT_EXPECT_NULL(test, rio_voq_port_child(n[3], 3));	/* no cable */
	for (i = 3; i < ARRAY_SIZE(n); i++)
		KUNIT_EXPECT_TRUE_MSG(test, rio_voq_behind(n[i], n[3]), "dev%u", i);
	KUNIT_EXPECT_FALSE(test, rio_voq_behind(n[1], n[3]));
	KUNIT_EXPECT_FALSE(test, rio_voq_behind(n[2], n[3]));
	KUNIT_EXPECT_FALSE(test, rio_voq_behind(n[4], n[5]));
	KUNIT_EXPECT_TRUE(test, rio_voq_behind(n[6], n[1]));
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

static void voq_event_replace_cut_off(struct kunit *test)
{
	voq_replace_cut_off(test, false);
}

static void voq_event_replace_cut_off_poll(struct kunit *test)
{
	voq_replace_cut_off(test, true);
}

/*
 * An admin's group size that the swapped board lacks: reported as not
 * applied, the link planned without it; applied again when a board that
 * has it is back
 */
static void voq_event_replace_choice(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_node *n = voq_test_node(sm, sw);
	struct rio_sim_dev_desc d;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_TX_PGS, 2), 0);
	KUNIT_EXPECT_EQ(test, voq_test_hw(sw, 1).tx_pgs, 2);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP |
			 RIO_VOQ_CSR_PGS_SUP(1));
	voq_test_replace(test, sm, ep, &d);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_NE(test, voq_test_hw(sw, 1).tx_pgs, 2);
	KUNIT_EXPECT_EQ(test, n->port[1].unapplied, BIT(RIO_VOQ_KNOB_TX_PGS));
	KUNIT_EXPECT_EQ(test, n->port[1].choice.val[RIO_VOQ_KNOB_TX_PGS], 2);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	voq_test_replace(test, sm, ep, &d);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_EQ(test, voq_test_hw(sw, 1).tx_pgs, 2);
	KUNIT_EXPECT_EQ(test, n->port[1].unapplied, 0UL);

	/*
	 * Not applied again; then the endpoint's RX size, the same knob of
	 * the link seen from the other end, replaces the choice, which is
	 * no longer reported as not applied
	 */
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP |
			 RIO_VOQ_CSR_PGS_SUP(1));
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_EQ(test, n->port[1].unapplied, BIT(RIO_VOQ_KNOB_TX_PGS));
	KUNIT_EXPECT_EQ(test, voq_test_port_set(voq_test_node(sm, ep), 0,
						RIO_VOQ_KNOB_RX_PGS, 1), 0);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, n->port[1].unapplied, 0UL);
	KUNIT_EXPECT_EQ(test, n->port[1].choice.set, 0UL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_hw(sw, 1).tx_pgs, 1);
	rio_sim_kunit_release(test, sm);
}

/*
 * A swap whose rediscovery fails, at any of its accesses (or at one
 * around it): what the board in place is made of is not known, so
 * nothing is written to it by the old board's layout (a rev 3 CSR lies
 * past a one-port rev 2 block, a rev 2 one on a rev 3 block's reserved
 * words), and no rev 3 port generates toward a rev 2 board.  The next
 * event finds the board.
 */
static void voq_event_replace_fault(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_fabric *fab = sm->fab;
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP(1));
	struct rio_voq_node *n = voq_test_node(sm, ep);
	struct rio_sim_dev_desc d;
	unsigned int k;
	u64 stray;

	KUNIT_ASSERT_NOT_NULL(test, n);
	for (k = 1; k <= 120; k++) {
		d = voq_test_ep_board(k & 1 ? RIO_VOQ_LAYOUT_REV2 : RIO_VOQ_LAYOUT_REV3,
				      RIO_SIM_VOQ_CAPS_ALL);
		KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(ep, &d), 0);
		stray = fab->stray_writes;
		voq_test_fail_nth(fab, k);
		rio_sim_mport_pw_flush(sm);
		KUNIT_EXPECT_EQ_MSG(test, fab->stray_writes, stray, "access %u", k);
		if (k & 1)
			KUNIT_EXPECT_FALSE_MSG(test, voq_test_hw(sw, 1).gen_en,
					       "access %u: toward a rev 2 board", k);
	}
	voq_test_fail_nth(fab, 0);
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	voq_test_replace(test, sm, ep, &d);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV3);
	KUNIT_EXPECT_EQ(test, n->ef, ep->voq_ef);
	mutex_unlock(&rio_voq_lock);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	voq_test_expect_link_up(test, fab->host, 0, sw, 0);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * A board that cannot be discovered again (its extended-feature chain
 * loops: -ELOOP): it is not known, so nothing is written to it, its
 * partner stops generating toward it and the link shows failed; the poll
 * tries again, and finds the board once its chain ends
 */
static void voq_event_replace_unknown(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_link *l = rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, sw), 1);
	struct rio_voq_node *n = voq_test_node(sm, ep);
	struct rio_sim_dev_desc d;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_NOT_NULL(test, n);
	/* The same make as the old board but for the loop */
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	d.ef_loop = true;
	writes = ep->writes;
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_EQ(test, ep->writes, writes);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_FAILED);
	mutex_unlock(&rio_voq_lock);
	rio_voq_test_poll();		/* still looping: nothing written */
	KUNIT_EXPECT_EQ(test, ep->writes, writes);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);
	voq_test_set_ef_loop(ep, false);
	rio_voq_test_poll();
	voq_test_expect_link_up(test, sw, 1, ep, 0);

	/* A rev 2 board: the old layout's CSR lies past its block */
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV2, RIO_SIM_VOQ_CAPS_ALL);
	d.ef_loop = true;
	writes = ep->writes;
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_EQ(test, ep->writes, writes);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);
	voq_test_set_ef_loop(ep, false);
	rio_voq_test_poll();
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, n->layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, n->ef, ep->voq_ef);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 1).gen_en);	/* rev 2.x and rev 3 */
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * Another vendor's board with the same blocks in the RAM staging
 * switch's place: a swap all the same (the Device Identity CAR is read
 * again), whose staging ops follow the identity read, not the core's
 * stale one: the generic default, and no write to the old vendor's
 * staging registers, which the new board does not have
 */
static void voq_event_replace_vendor(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "staging");
	struct rio_sim_dev *ram = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *n = voq_test_node(sm, ram);
	static const u8 map[8] = { 0, 0, 1, 1, 2, 2, 3, 3 };
	struct rio_sim_dev_desc d = {
		.name = "sw-other-vendor", .is_switch = true, .nports = 8,
		.vid = RIO_SIM_VID + 1, .did = RIO_SIM_DID_SWITCH_RAM,
		.map = RIO_SIM_MAP_I, .em = true, .voq = true,
		.voq_layout = RIO_VOQ_LAYOUT_REV3, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};

	KUNIT_ASSERT_NOT_NULL(test, n);
	voq_test_replace(test, sm, ram, &d);
	voq_test_expect_link_up(test, sm->fab->host, 0, ram, 0);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, map, 8), 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * debugfs's replace file on a RAM staging switch: the new board keeps
 * the identity, and so the staging hardware, that its ops are chosen by
 * (a board made otherwise is planned again, and its staging set up)
 */
static void voq_event_replace_debugfs_staging(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "staging");
	struct rio_sim_dev *ram = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *n = voq_test_node(sm, ram);
	struct rio_sim_dev_desc d;
	char buf[32];
	u8 want[8];

	KUNIT_ASSERT_NOT_NULL(test, n);
	snprintf(buf, sizeof(buf), "8 rev3 %x",
		 (u32)(RIO_SIM_VOQ_CAPS_ALL & ~RIO_VOQ_CSR_VC_SUP));
	KUNIT_ASSERT_EQ(test, rio_sim_replace_desc(ram, buf, &d), 0);
	voq_test_replace(test, sm, ram, &d);
	KUNIT_EXPECT_EQ(test, ram->staging, RIO_SIM_STAGING_RAM);
	KUNIT_EXPECT_EQ(test, ram->staging_queues, 4U);
	rio_voq_staging_contiguous(8, 4, want);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ram, 1).vc_en);	/* planned again */
	KUNIT_EXPECT_EQ(test, n->port[1].smap ? n->port[1].nqueues : 0, 4U);
	KUNIT_EXPECT_EQ(test, ram->stg_map ?
			memcmp(&ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], want, 8) : -1, 0);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * The RAM staging switch swapped for a board that cannot be read (a
 * looping chain), then found again with its staging map not taking
 * writes: the setup of its staging queues fails, and its port keeps no
 * map, not the one the old board had
 */
static void voq_event_staging_setup_fails(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "staging");
	struct rio_sim_dev *ram = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *n = voq_test_node(sm, ram);
	struct rio_sim_dev_desc d;
	char buf[32];

	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, n->port[1].smap);
	mutex_unlock(&rio_voq_lock);
	snprintf(buf, sizeof(buf), "8 rev3 %x", (u32)RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_replace_desc(ram, buf, &d), 0);
	d.ef_loop = true;
	voq_test_replace(test, sm, ram, &d);
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_IGNORE, 0), 0);
	voq_test_set_ef_loop(ram, false);
	rio_voq_test_poll();
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, n->unknown);
	KUNIT_EXPECT_NULL(test, n->port[1].smap);
	KUNIT_EXPECT_NOT_NULL(test, n->port[2].smap);	/* its other ports set up */
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * A partner's staging map goes with its link: the endpoint on the RAM
 * switch's port 2 swapped for a board without a VoQ block leaves that
 * port without staging queues (-ENOENT), not with a map for a device no
 * longer there; a board with a block brings a map back
 */
static void voq_event_replace_staging_gone(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "staging");
	struct rio_sim_dev *ram = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *ep = ram->port[2].peer;
	struct rio_voq_node *n = voq_test_node(sm, ram);
	static const u8 map[1] = { 1 };
	struct rio_sim_dev_desc d;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, ep);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NOT_NULL(test, n->port[2].smap);
	mutex_unlock(&rio_voq_lock);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, 0);
	voq_test_replace(test, sm, ep, &d);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, n->port[2].smap);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 2, map, 1), -ENOENT);
	KUNIT_EXPECT_EQ(test, ram->stg_map[2 * RIO_SIM_ROUTES_SMALL], 0);

	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	voq_test_replace(test, sm, ep, &d);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 2, map, 1), 0);
	KUNIT_EXPECT_EQ(test, ram->stg_map[2 * RIO_SIM_ROUTES_SMALL], 1);
	rio_sim_kunit_release(test, sm);
}

/*
 * Found by the soak (tree:2 seed 20261122): a link comes back whose
 * switch end lost its VoQ block while the link was down.  The endpoint
 * kept generating toward the old board (it could not be reached while
 * the link was down); once it can, it is a port without a VoQ link, and
 * generates toward nothing.
 */
static void voq_event_partner_lost_block(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_sim_dev_desc d = {
		.name = "sw-novoq", .is_switch = true, .nports = sw->nports,
		.vid = RIO_SIM_VID, .did = sw->did, .map = sw->map, .em = true,
	};

	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(ep, 0).gen_en);	/* not reached */
	voq_test_replace(test, sm, sw, &d);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(ep, 0).vc_en);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(ep, 0).part_en);
	KUNIT_EXPECT_EQ(test, ep->port[0].voq_violations, 0U);
	rio_sim_kunit_release(test, sm);
}

/*
 * Found by the soak (random:22, 31, 54 and 60): a switch swapped for a
 * board like it (the same identity, blocks and capabilities) while the
 * cable to its port 2 is down.  The new board's CSRs come out of reset;
 * the links that were up bounce and are set up again, but port 2 sends
 * no port-write: it must be set all the same, with the admin's XOFF=1,
 * which stays across the swap.
 */
static void voq_event_like_board_link_down(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev_desc d = {
		.name = "sw-like", .is_switch = true, .nports = sw->nports,
		.vid = RIO_SIM_VID, .did = sw->did, .map = sw->map,
		.em = sw->em_ef != 0, .em_hs = sw->em_hs, .voq = true,
		.voq_layout = sw->voq_layout, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};
	struct rio_voq_node *n = voq_test_node(sm, sw);

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 2, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 2, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_ASSERT_TRUE(test, voq_test_hw(sw, 2).xoff);
	voq_test_replace(test, sm, sw, &d);
	voq_test_expect_link_up(test, sw, 1, rio_sim_dev_find(sm->fab, EP(1)), 0);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(sw, 2).xoff);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 2).gen_en);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * Found by the soak (random:59): star:4's switch, whose port 1 leads to a
 * board without a VoQ block, swapped for a board like it that cannot be
 * discovered (its chain loops), so not known; then, its chain mended, a
 * port goes unavailable: port 1 (no VoQ link), then port 2 (a VoQ link,
 * down with it).  The switch answers (it sent the port-write, its port
 * was just read): it is discovered again and set up, the port with XOFF,
 * although that port is not up.
 */
static void voq_event_unknown_port_unavailable(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_sim_dev_desc e = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, 0);
	struct rio_sim_dev_desc d = {
		.name = "sw-like", .is_switch = true, .nports = sw->nports,
		.vid = RIO_SIM_VID, .did = sw->did, .map = sw->map,
		.em = sw->em_ef != 0, .em_hs = sw->em_hs, .voq = true,
		.voq_layout = sw->voq_layout, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		.ef_loop = true,
	};
	struct rio_voq_node *n = voq_test_node(sm, sw);
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, n);
	voq_test_replace(test, sm, ep, &e);
	for (p = 1; p <= 2; p++) {
		voq_test_replace(test, sm, sw, &d);
		mutex_lock(&rio_voq_lock);
		KUNIT_ASSERT_TRUE(test, n->unknown);
		mutex_unlock(&rio_voq_lock);
		voq_test_set_ef_loop(sw, false);
		KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(sw, p, true), 0);
		rio_sim_mport_pw_flush(sm);
		KUNIT_EXPECT_TRUE_MSG(test, voq_test_hw(sw, p).xoff, "port %u", p);
		KUNIT_EXPECT_FALSE_MSG(test, voq_test_hw(sw, p).gen_en, "port %u", p);
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_FALSE_MSG(test, n->unknown, "port %u", p);
		mutex_unlock(&rio_voq_lock);
	}
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * chain:3.  The cable from switch 1 to switch 3 goes down
 * (switch 3 is not known: it may be swapped meanwhile); while it is
 * down, the cable from switch 3 to endpoint 4 goes down too (their
 * port-writes are lost).  When the first cable is back, switch 3 is
 * found again as it was: endpoint 4, behind a link that is down, must
 * not be "a device that cannot be discovered again".
 */
static void voq_event_far_end_behind_down(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "chain:3");
	struct rio_sim_dev *sw1 = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *sw3 = rio_sim_dev_find(sm->fab, 3);
	struct rio_sim_dev *ep4 = rio_sim_dev_find(sm->fab, 4);
	struct rio_voq_node *n3 = voq_test_node(sm, sw3), *n4 = voq_test_node(sm, ep4);
	u64 failed;

	KUNIT_ASSERT_NOT_NULL(test, n3);
	KUNIT_ASSERT_NOT_NULL(test, n4);
	voq_test_expect_link_up(test, sw3, 2, ep4, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw1, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_TRUE(test, n3->unknown);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw3, 2, false), 0);
	rio_sim_mport_pw_flush(sm);
	failed = rio_voq_count.failed;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw1, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, n3->unknown);
	KUNIT_EXPECT_FALSE_MSG(test, n4->unknown_told,
			       "\"cannot discover the device again\" logged for a device behind a link down");
	mutex_unlock(&rio_voq_lock);
	/* Nothing is tried toward a device behind a link that is down */
	KUNIT_EXPECT_EQ(test, rio_voq_count.failed - failed, 0ULL);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw3, 2).gen_en);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw3, 2, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_link_up(test, sw3, 2, ep4, 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * An endpoint swapped; its far end is the switch the host
 * reaches it through, which was never cut off: it stays known
 */
static void voq_event_swap_upstream_stays_known(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_node *ns = voq_test_node(sm, sw);
	struct rio_sim_dev_desc d;

	KUNIT_ASSERT_NOT_NULL(test, ns);
	d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP);
	voq_test_replace(test, sm, ep, &d);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, ns->unknown);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(ns, 2, RIO_VOQ_KNOB_XOFF, 1), 0);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_swap_test_cases[] = {
	KUNIT_CASE(voq_event_replace_endpoint),
	KUNIT_CASE(voq_event_replace_switch),
	KUNIT_CASE(voq_event_new_link_down_format),
	KUNIT_CASE(voq_event_cut_off_scope),
	KUNIT_CASE(voq_event_ring_closing_link),
	KUNIT_CASE(voq_event_replace_cut_off),
	KUNIT_CASE(voq_event_replace_cut_off_poll),
	KUNIT_CASE(voq_event_replace_choice),
	KUNIT_CASE(voq_event_replace_fault),
	KUNIT_CASE(voq_event_replace_unknown),
	KUNIT_CASE(voq_event_replace_vendor),
	KUNIT_CASE(voq_event_replace_debugfs_staging),
	KUNIT_CASE(voq_event_staging_setup_fails),
	KUNIT_CASE(voq_event_replace_staging_gone),
	KUNIT_CASE(voq_event_partner_lost_block),
	KUNIT_CASE(voq_event_like_board_link_down),
	KUNIT_CASE(voq_event_unknown_port_unavailable),
	KUNIT_CASE(voq_event_far_end_behind_down),
	KUNIT_CASE(voq_event_swap_upstream_stays_known),
	{}
};

static void voq_swap_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_swap_test_suite = {
	.name = "rio_voq_swap",
	.exit = voq_swap_test_exit,
	.test_cases = voq_swap_test_cases,
};

kunit_test_suite(voq_swap_test_suite);
