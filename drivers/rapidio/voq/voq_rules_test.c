// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rules of "what must never happen" (voq.rst) that the
 * other suites left untested, found by `make mutants`: a node that only
 * discovers takes no staging map, a write the hardware does not take
 * fails, an all-ones read is no value, and a VoQ block shorter than its
 * device is used only as far as it goes.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/rio_drv.h>

#include "../sim/sim.h"
#include "voq_core.h"
#include "voq_test_sim.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static struct rio_voq_port voq_hw(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(dev->voq_layout, dev->port[port].voq_caps |
			   dev->port[port].voq_ctl, &p);
	return p;
}

static struct rio_voq_node *voq_node(struct rio_sim_mport *sm, struct rio_sim_dev *dev)
{
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, dev == sm->fab->host ? NULL : rio_sim_rdev(sm, dev));
	mutex_unlock(&rio_voq_lock);
	return n;
}

/* The host and one endpoint, enumerated by this host */
static struct rio_sim_mport *voq_single(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_live(test, rio_sim_topo_build("single"), 0);

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	return sm;
}

/* A node that only discovers refuses an admin's staging map too */
static void voq_rules_discovering_staging(struct kunit *test)
{
	static const u8 map[1] = { 0 };
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	sm = voq_test_live(test, rio_sim_topo_build("single"), -1);
	rio_sim_mport_scan(sm);
	n = voq_node(sm, sm->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, rio_voq_staging_set_map(n, 0, map, 1), -EPERM);
	voq_test_destroy(test, sm);
}

/*
 * A write the hardware does not take: the endpoint's generation was
 * turned off by the admin, then turned on again behind rio-voq's back
 * (another agent), and the host's RX group size moved.  Putting the
 * host's port back changes its RX size while the partner generates:
 * rio-sim, like hardware that latches only legal values, keeps the old
 * size.  The write succeeds, the read-back differs, and rio-voq must
 * say so: -EIO, the link failed, generation off at both ends.
 */
static void voq_rules_write_not_taken(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *host = sm->fab->host, *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *nh = voq_node(sm, host), *ne = voq_node(sm, ep);
	struct rio_voq_link *l = rio_voq_test_link(&sm->mport, NULL, 0);
	u8 planned;

	KUNIT_ASSERT_NOT_NULL(test, nh);
	KUNIT_ASSERT_NOT_NULL(test, ne);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_EQ(test, rio_voq_port_set(ne, 0, RIO_VOQ_KNOB_GEN, 0), 0);
	KUNIT_ASSERT_FALSE(test, voq_hw(ep, 0).gen_en);
	planned = voq_hw(host, 0).rx_pgs;

	spin_lock(&sm->fab->lock);
	ep->port[0].voq_ctl |= RIO_VOQ_CSR_GEN_EN;
	host->port[0].voq_ctl = (host->port[0].voq_ctl & ~RIO_VOQ_CSR_RX_PGS) |
				FIELD_PREP(RIO_VOQ_CSR_RX_PGS, planned ^ 4);
	spin_unlock(&sm->fab->lock);

	KUNIT_EXPECT_EQ(test, rio_voq_port_set(nh, 0, RIO_VOQ_KNOB_XOFF, 1), -EIO);
	KUNIT_EXPECT_EQ(test, host->port[0].voq_violations, 1U);	/* refused */
	KUNIT_EXPECT_EQ(test, voq_hw(host, 0).rx_pgs, planned ^ 4);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_FAILED);
	KUNIT_EXPECT_FALSE(test, voq_hw(host, 0).gen_en);
	KUNIT_EXPECT_FALSE(test, voq_hw(ep, 0).gen_en);
	voq_test_destroy(test, sm);
}

/* A device that reads all ones: a failed access, not a CSR */
static void voq_rules_all_ones(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_single(test);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *ne = voq_node(sm, ep);
	u32 csr = 0;

	KUNIT_ASSERT_NOT_NULL(test, ne);
	KUNIT_ASSERT_EQ(test, rio_voq_port_read(ne, 0, &csr), 0);
	KUNIT_EXPECT_NE(test, csr, ~0U);

	spin_lock(&sm->fab->lock);
	ep->all_ones = true;
	spin_unlock(&sm->fab->lock);
	KUNIT_EXPECT_EQ(test, rio_voq_port_read(ne, 0, &csr), -EIO);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NE(test, ne->port[0].csr, ~0U);	/* not remembered either */
	mutex_unlock(&rio_voq_lock);
	voq_test_destroy(test, sm);
}

/*
 * A 16-port switch whose VoQ block has room for 8 port CSRs: its error
 * management block begins where port 8's CSR would be.  rio-voq uses 8
 * ports and never touches the other block.
 */
static void voq_rules_short_block(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_fabric_alloc(false);
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
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, host);
	d.name = "sw";
	d.is_switch = true;
	d.nports = 16;
	d.did = RIO_SIM_DID_SWITCH;
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	/* Chain: LP-Serial -> error management -> VoQ; EM shadows ports 8-15 */
	sw->em_ef = sw->voq_ef + RIO_VOQ_R3_PORT_CSR(8);
	sm = voq_test_live(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_rdev(sm, sw)->em_efptr, sw->em_ef);

	n = voq_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, n->ef, sw->voq_ef);
	KUNIT_EXPECT_EQ(test, n->nports, 8U);
	KUNIT_EXPECT_EQ(test, rio_voq_port_set(n, 8, RIO_VOQ_KNOB_XOFF, 1), -ENODEV);
	/* The link on port 0 is configured as usual */
	KUNIT_EXPECT_TRUE(test, voq_hw(sw, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_hw(host, 0).gen_en);
	voq_test_destroy(test, sm);
}

static struct kunit_case voq_rules_test_cases[] = {
	KUNIT_CASE(voq_rules_discovering_staging),
	KUNIT_CASE(voq_rules_write_not_taken),
	KUNIT_CASE(voq_rules_all_ones),
	KUNIT_CASE(voq_rules_short_block),
	{}
};

/* Each test starts with no remembered choice */
static void voq_rules_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_rules_test_suite = {
	.name = "rio-voq-rules",
	.exit = voq_rules_test_exit,
	.test_cases = voq_rules_test_cases,
};

kunit_test_suite(voq_rules_test_suite);
