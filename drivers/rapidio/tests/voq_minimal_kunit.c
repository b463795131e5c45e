// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq on minimal silicon: devices that implement only
 * what Part 12 requires (no full-status resend, no receiver release;
 * rio_sim_dev.minimal), on rio-sim fabrics the core enumerates.  rio-voq
 * refreshes the partner's view itself after a link flaps, bounces or
 * gets a new board.  The checks read rio-sim's registers.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/rio_drv.h>
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

/* star:4: host (0), a 5-port switch (1), endpoints 2..5 on its ports 1..4 */
#define SW	1
#define EP(n)	(1 + (n))

/* Every device of @fab becomes minimal silicon (rio_sim_dev.minimal) */
static void voq_minimal(struct rio_sim_fabric *fab)
{
	struct rio_sim_dev *dev;

	spin_lock_irq(&fab->lock);
	list_for_each_entry(dev, &fab->devs, node)
		dev->minimal = true;
	spin_unlock_irq(&fab->lock);
}

/*
 * Minimal silicon (G17, I1): no full status when generation is turned on
 * or a link recovers, and a receiver keeps what its partner said.  What
 * changed while a link was down reaches the partner all the same, both
 * ways: a port cleared meanwhile runs again, one congested meanwhile is
 * stopped.  rio-voq's extra writes are in the log.
 */
static void voq_event_minimal_flap(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_rx *at_ep, *at_sw;
	u64 writes;

	voq_minimal(sm->fab);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(ep, 0, true), 0);
	at_ep = ep->port[0].rx;
	at_sw = sw->port[1].rx;
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(at_ep, 0, 3));
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 4, true), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(ep, 0, false), 0);
	writes = rio_voq_count.writes;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	kunit_info(test, "link up on minimal silicon: %llu VoQ writes\n",
		   rio_voq_count.writes - writes);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_ep, 0, 3));
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(at_ep, 0, 4));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_vc_violations, 0U);
	rio_sim_kunit_release(test, sm);
}

/*
 * Minimal silicon and a board swap: the switch's receiver keeps what the
 * old board said, the new board sends nothing when its generation is
 * turned on; the switch's queue for it runs once rio-voq has set it up
 */
static void voq_event_minimal_swap(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_sim_dev_desc d = voq_test_ep_board(RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	struct rio_voq_rx *at_sw;
	u64 writes;

	voq_minimal(sm->fab);
	d.minimal = true;
	KUNIT_ASSERT_EQ(test, rio_sim_congest(ep, 0, true), 0);
	at_sw = sw->port[1].rx;
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));

	writes = rio_voq_count.writes;
	voq_test_replace(test, sm, ep, &d);
	kunit_info(test, "board swap on minimal silicon: %llu VoQ writes\n",
		   rio_voq_count.writes - writes);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));
	rio_sim_kunit_release(test, sm);
}

/* A link that bounces before rio-voq looks: a flap for minimal silicon */
static void voq_event_minimal_bounce(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_rx *at_ep;
	u64 writes;

	voq_minimal(sm->fab);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	at_ep = ep->port[0].rx;
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(at_ep, 0, 3));
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);
	writes = rio_voq_count.writes;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	kunit_info(test, "bounce: %llu VoQ writes\n", rio_voq_count.writes - writes);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_ep, 0, 3));
	rio_sim_kunit_release(test, sm);
}

/* A switch swapped on minimal silicon: the writes its refresh costs */
static void voq_event_minimal_switch_swap_cost(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	char buf[32];
	u64 before = 0, after = 0;
	unsigned int k;

	voq_minimal(sm->fab);
	for (k = 0; k < sw->nports; k++)
		before += sw->port[k].voq_writes;
	snprintf(buf, sizeof(buf), "%u rev3", sw->nports);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace_board(sw, buf), 0);
	rio_sim_mport_pw_flush(sm);
	for (k = 0; k < sw->nports; k++)
		after += sw->port[k].voq_writes;
	kunit_info(test, "switch swap: %llu VoQ writes to the new switch (old had %llu), %u ports\n",
		   after, before, sw->nports);
	rio_sim_kunit_release(test, sm);
}

/* Every participating port congested while the link was down: not told */
static void voq_event_minimal_all_congested(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	unsigned int k;

	voq_minimal(sm->fab);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);	/* models */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	for (k = 0; k < sw->nports; k++)
		KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, k, true), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	/*
	 * The limit voq.rst states: XOFF set on a congested port changes no
	 * status, so table 5-4 sends no symbol, and the partner keeps what it
	 * was told before the link went down
	 */
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 3));
	rio_sim_kunit_release(test, sm);
}

/* One port whose XOFF write does not stick does not stop the refresh */
static void voq_event_minimal_refresh_fault(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_rx *at_ep;

	voq_minimal(sm->fab);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	at_ep = ep->port[0].rx;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);
	/* port 0 (the host's link) takes no more writes */
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(sw, 0, RIO_SIM_WFAULT_IGNORE, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_state(test, sm, sw, 1, "up");
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_ep, 0, 3));
	rio_sim_kunit_release(test, sm);
}

/* Congestion present when generation is first turned on: not told */
static void voq_event_minimal_first_congested(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP(4));
	struct rio_sim_mport *sm;
	unsigned int k;

	voq_minimal(fab);
	for (k = 0; k < 4; k++)
		KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, k, true), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	voq_test_expect_link_up(test, sw, 4, ep, 0);
	kunit_info(test, "ep4 sees sw.0 %d sw.1 %d sw.2 %d sw.3 %d\n",
		   rio_voq_rx_port_stopped(ep->port[0].rx, 0, 0),
		   rio_voq_rx_port_stopped(ep->port[0].rx, 0, 1),
		   rio_voq_rx_port_stopped(ep->port[0].rx, 0, 2),
		   rio_voq_rx_port_stopped(ep->port[0].rx, 0, 3));
	/*
	 * The limit voq.rst states: a link's first configuration is not
	 * refreshed, and minimal silicon takes its status as known when its
	 * generation is turned on, so the partner hears of it at its next
	 * change only
	 */
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 3));
	rio_sim_kunit_release(test, sm);
}

/* A minimal flap on a link without per-VC refreshes the far end */
static void voq_event_minimal_flap_no_vc(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP(1));
	struct rio_voq_node *n = voq_test_node(sm, sw);
	struct rio_voq_rx *at_sw;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_VC, 0), 0);
	KUNIT_ASSERT_FALSE(test, voq_test_hw(ep, 0).vc_en);
	voq_minimal(sm->fab);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(ep, 0, true), 0);
	at_sw = sw->port[1].rx;
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(ep, 0, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	voq_test_expect_link_up(test, sw, 1, ep, 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(at_sw, 0, 0));
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_minimal_test_cases[] = {
	KUNIT_CASE(voq_event_minimal_flap),
	KUNIT_CASE(voq_event_minimal_swap),
	KUNIT_CASE(voq_event_minimal_bounce),
	KUNIT_CASE(voq_event_minimal_switch_swap_cost),
	KUNIT_CASE(voq_event_minimal_all_congested),
	KUNIT_CASE(voq_event_minimal_refresh_fault),
	KUNIT_CASE(voq_event_minimal_first_congested),
	KUNIT_CASE(voq_event_minimal_flap_no_vc),
	{}
};

static void voq_minimal_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_minimal_test_suite = {
	.name = "rio_voq_minimal",
	.exit = voq_minimal_test_exit,
	.test_cases = voq_minimal_test_cases,
};

kunit_test_suite(voq_minimal_test_suite);
