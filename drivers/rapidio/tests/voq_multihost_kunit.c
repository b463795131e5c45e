// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq on a fabric with two hosts: rio-sim attaches two
 * mports to one fabric, one enumerates it, the other discovers it through
 * the core's rio_disc_mport() (the discovered bit the enumerator sets, the
 * host locks, the route tables it wrote).  rio-sim counts each mport's
 * accesses, so "the discovering host writes nothing" is counted, not
 * assumed.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/capability.h>
#include <linux/mm.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/string.h>
#include <linux/version.h>

#include "../rio.h"	/* rio_del_device(), rio_free_net(), as rio_mport_cdev calls them */
#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "log.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define R3	RIO_VOQ_LAYOUT_REV3

/* Host A on switch port 0 (it enumerates), host B on port 1, an endpoint on 2 */
struct voq_mh {
	struct rio_sim_mport *a, *b;
	struct rio_sim_dev *host_a, *sw, *host_b, *ep;
};

/*
 * The switch has an error management block (it sends port-writes) and
 * a RAM staging map, which its staging ops write and read
 */
static void voq_mh_build(struct kunit *test, struct voq_mh *mh)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc sw = {
		.name = "sw", .is_switch = true, .nports = 8, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH_RAM, .map = RIO_SIM_MAP_I, .em = true,
		.voq = true, .voq_layout = R3, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		.staging = RIO_SIM_STAGING_RAM, .staging_queues = 4,
	};

	KUNIT_ASSERT_NOT_NULL(test, fab);
	mh->host_a = voq_test_dev(test, fab, "host-a", false, 1, R3, RIO_SIM_VOQ_CAPS_ALL);
	mh->sw = rio_sim_dev_add(fab, &sw);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mh->sw);
	mh->host_b = voq_test_dev(test, fab, "host-b", false, 1, R3, RIO_SIM_VOQ_CAPS_ALL);
	mh->ep = voq_test_dev(test, fab, "ep", false, 1, R3,
			      RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP);
	KUNIT_ASSERT_EQ(test, rio_sim_link(mh->host_a, 0, mh->sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(mh->host_b, 0, mh->sw, 1, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(mh->ep, 0, mh->sw, 2, 2), 0);
	mh->a = rio_sim_kunit_mport(test, fab, 0);
	mh->b = rio_sim_kunit_attach(test, fab, mh->host_b, -1);
}

static u32 voq_mh_hw(const struct rio_sim_dev *dev, unsigned int port)
{
	return dev->port[port].voq_caps | dev->port[port].voq_ctl;
}

/* Every file of voq/port<N>/ (the ABI document's list) but csr_live */
static const char * const voq_mh_files[] = {
	"csr", "capabilities", "group_sizes_supported", "partner_device",
	"partner_port", "port_state", "tx_state", "tx_plan", "tx_reason",
	"symbol_format", "generation", "participation", "xoff", "per_vc",
	"tx_group_size", "rx_group_size", "staging_queues", "staging_map",
};

/*
 * What an admin reading sysfs on each host sees of @dev's port @p: the
 * same files with the same contents, except the partner's name (each
 * host names devices in its own net) and the plan where A's admin
 * turned generation off (B cannot know that choice: it plans it on)
 */
static void voq_mh_expect_sysfs(struct kunit *test, struct rio_voq_node *na,
				struct rio_voq_node *nb, const char *dev,
				unsigned int p)
{
	char *a = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	char *b = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	bool admin = false;
	ssize_t la, lb;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	if (voq_test_sysfs_read(na, p, "tx_reason", a) > 0)
		admin = !strcmp(a, "admin\n");
	for (i = 0; i < ARRAY_SIZE(voq_mh_files); i++) {
		la = voq_test_sysfs_read(na, p, voq_mh_files[i], a);
		lb = voq_test_sysfs_read(nb, p, voq_mh_files[i], b);
		KUNIT_EXPECT_EQ_MSG(test, la < 0 ? la : 0, lb < 0 ? lb : 0,
				    "%s port%u/%s", dev, p, voq_mh_files[i]);
		if (la < 0 || lb < 0 || !strcmp(voq_mh_files[i], "partner_device"))
			continue;
		if (admin && !strcmp(voq_mh_files[i], "tx_plan"))
			strscpy(a, "on\n", PAGE_SIZE);
		if (admin && !strcmp(voq_mh_files[i], "tx_reason"))
			strscpy(a, "none\n", PAGE_SIZE);
		KUNIT_EXPECT_STREQ_MSG(test, b, a, "%s port%u/%s (A, B)",
				       dev, p, voq_mh_files[i]);
	}
}

/*
 * Every VoQ CSR of the fabric as each host last read it: equal to the
 * hardware on both; the same links with the same symbol format; the
 * enumerator's configured, the discoverer's reported; and the same in
 * both hosts' sysfs.
 */
static void voq_mh_expect_views(struct kunit *test, struct voq_mh *mh)
{
	struct rio_sim_dev *devs[] = { mh->host_a, mh->sw, mh->host_b, mh->ep };
	struct rio_voq_node *of_a[ARRAY_SIZE(devs)], *of_b[ARRAY_SIZE(devs)];
	struct rio_voq_node *na, *nb, *far[2];
	struct rio_voq_link *la, *lb;
	unsigned int i, j, p;

	for (i = 0; i < ARRAY_SIZE(devs); i++) {
		of_a[i] = voq_test_node(mh->a, devs[i]);
		of_b[i] = voq_test_node(mh->b, devs[i]);
	}

	for (i = 0; i < ARRAY_SIZE(devs); i++) {
		na = of_a[i];
		nb = of_b[i];
		KUNIT_ASSERT_NOT_NULL_MSG(test, na, "%s: not followed by A", devs[i]->name);
		KUNIT_ASSERT_NOT_NULL_MSG(test, nb, "%s: not followed by B", devs[i]->name);
		KUNIT_ASSERT_EQ_MSG(test, nb->nports, na->nports, "%s", devs[i]->name);
		mutex_lock(&rio_voq_lock);
		for (p = 0; p < na->nports; p++) {
			KUNIT_EXPECT_EQ_MSG(test, na->port[p].csr, voq_mh_hw(devs[i], p),
					    "%s port %u (A)", devs[i]->name, p);
			KUNIT_EXPECT_EQ_MSG(test, nb->port[p].csr, voq_mh_hw(devs[i], p),
					    "%s port %u (B)", devs[i]->name, p);
			la = na->port[p].link;
			lb = nb->port[p].link;
			KUNIT_EXPECT_EQ_MSG(test, !la, !lb, "%s port %u: link", devs[i]->name, p);
			if (!la || !lb)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, la->state, RIO_VOQ_LINK_CONFIGURED,
					    "%s port %u", devs[i]->name, p);
			KUNIT_EXPECT_EQ_MSG(test, lb->state, RIO_VOQ_LINK_REPORTED,
					    "%s port %u", devs[i]->name, p);
			KUNIT_EXPECT_EQ_MSG(test, la->fmt, lb->fmt, "%s port %u",
					    devs[i]->name, p);
			/* The same partner device, by the same port */
			far[0] = la->end[!rio_voq_link_end(la, na, p)];
			far[1] = lb->end[!rio_voq_link_end(lb, nb, p)];
			for (j = 0; j < ARRAY_SIZE(devs); j++)
				if (of_a[j] == far[0])
					break;
			KUNIT_EXPECT_LT_MSG(test, j, ARRAY_SIZE(devs), "%s port %u",
					    devs[i]->name, p);
			if (j < ARRAY_SIZE(devs))
				KUNIT_EXPECT_PTR_EQ_MSG(test, far[1], of_b[j],
							"%s port %u", devs[i]->name, p);
			KUNIT_EXPECT_EQ_MSG(test, la->port[!rio_voq_link_end(la, na, p)],
					    lb->port[!rio_voq_link_end(lb, nb, p)],
					    "%s port %u", devs[i]->name, p);
		}
		mutex_unlock(&rio_voq_lock);
		for (p = 0; p < na->nports; p++)
			voq_mh_expect_sysfs(test, na, nb, devs[i]->name, p);
	}
}

/*
 * Host B discovers what host A enumerated and configured (with an admin
 * choice B knows nothing of: generation off toward the endpoint, and a
 * staging map toward host B).  B reads and reports the VoQ state A left,
 * staging maps included, writes no VoQ CSR and no staging register,
 * refuses every admin write with -EPERM without a single access, and
 * both hosts see the same registers, links and sysfs files.
 */
static void voq_mh_discovering_host(struct kunit *test)
{
	static const u8 map[8], b_map[1] = { 3 };
	struct rio_voq_node *na, *nb;
	struct voq_mh mh;
	struct rio_sim_dev *dev;
	unsigned int p;
	u64 writes;
	u32 *hw;

	voq_mh_build(test, &mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	KUNIT_EXPECT_GT(test, mh.a->ini.voq_writes, 0ULL);	/* A configured */
	na = voq_test_node(mh.a, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, na);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(na, 2, RIO_VOQ_KNOB_GEN, 0), 0);
	KUNIT_ASSERT_FALSE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN);
	/* Not the default map (queue 0): B must read it, not compute it */
	KUNIT_ASSERT_EQ(test, voq_test_staging_set_map(na, 1, b_map, 1), 0);
	KUNIT_ASSERT_TRUE(test, mh.sw->port[1].voq_ctl & RIO_VOQ_CSR_GEN_EN);

	hw = kunit_kcalloc(test, mh.a->fab->ndevs * RIO_SIM_MAX_PORTS, sizeof(*hw),
			   GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hw);
	list_for_each_entry(dev, &mh.a->fab->devs, node)
		for (p = 0; p < dev->nports; p++)
			hw[dev->index * RIO_SIM_MAX_PORTS + p] = dev->port[p].voq_ctl;

	/* Discovery through the core, to its end */
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	KUNIT_EXPECT_GE(test, mh.b->mport.host_deviceid, 0);
	KUNIT_EXPECT_TRUE(test, mh.a->mport.net->enumerated);
	KUNIT_EXPECT_FALSE(test, mh.b->mport.net->enumerated);
	KUNIT_EXPECT_NOT_NULL(test, rio_sim_rdev(mh.b, mh.host_a));
	KUNIT_EXPECT_NOT_NULL(test, rio_sim_rdev(mh.b, mh.sw));
	KUNIT_EXPECT_NOT_NULL(test, rio_sim_rdev(mh.b, mh.ep));
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&mh.b->mport), 4U);

	/* Nothing written: counted per initiator, and the registers agree */
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	list_for_each_entry(dev, &mh.a->fab->devs, node)
		for (p = 0; p < dev->nports; p++)
			KUNIT_EXPECT_EQ_MSG(test, dev->port[p].voq_ctl,
					    hw[dev->index * RIO_SIM_MAX_PORTS + p],
					    "%s port %u changed by B's scan", dev->name, p);
	voq_mh_expect_views(test, &mh);

	/* Admin writes on B: refused before any access */
	writes = mh.b->ini.writes;
	list_for_each_entry(dev, &mh.a->fab->devs, node) {
		nb = voq_test_node(mh.b, dev);
		KUNIT_ASSERT_NOT_NULL(test, nb);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_port_set(nb, 0, RIO_VOQ_KNOB_XOFF, 1),
				    -EPERM, "%s", dev->name);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_port_set(nb, 0, RIO_VOQ_KNOB_GEN, 1),
				    -EPERM, "%s", dev->name);
	}
	nb = voq_test_node(mh.b, mh.sw);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(nb, 2, RIO_VOQ_KNOB_GEN, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(nb, 1, RIO_VOQ_KNOB_TX_PGS, 2), -EPERM);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nb, 0, map, ARRAY_SIZE(map)), -EPERM);
	/* Latency optimization too, whatever the port has */
	list_for_each_entry(dev, &mh.a->fab->devs, node) {
		struct rio_voq_node *nd = voq_test_node(mh.b, dev);

		KUNIT_ASSERT_NOT_NULL(test, nd);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_lat_set(nd, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF),
				    -EPERM, "%s", dev->name);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_lat_set(nd, 0, RIO_LAT_PNA, RIO_LAT_CHOICE_NONE),
				    -EPERM, "%s", dev->name);
	}
	KUNIT_EXPECT_EQ(test, mh.b->ini.writes, writes);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	KUNIT_EXPECT_FALSE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN);

	/* A still owns the fabric, and B's view follows when it reads again */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(na, 2, RIO_VOQ_KNOB_GEN, 1), 0);
	KUNIT_EXPECT_TRUE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN);
	for (p = 0; p < 3; p++) {
		u32 csr;

		KUNIT_EXPECT_EQ(test, voq_test_csr_read(nb, p, &csr), 0);
		KUNIT_EXPECT_EQ(test, csr, voq_mh_hw(mh.sw, p));
	}
	KUNIT_EXPECT_EQ(test, mh.b->ini.writes, writes);
	/* ...its tx_state too, from what it read, not from its scan */
	voq_mh_expect_views(test, &mh);
}

/*
 * A switch whose staging RAM holds a queue its port does not have (all
 * ones, as a switch that does not answer): B, which reads the maps,
 * shows no map for that port and says so in one line; the other ports'
 * maps are read as they are
 */
static void voq_mh_hostile_map(struct kunit *test)
{
	char *buf = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rio_voq_node *nb;
	struct voq_mh mh;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	voq_mh_build(test, &mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	spin_lock(&mh.a->fab->lock);
	mh.sw->stg_map[0 * RIO_SIM_ROUTES_SMALL + 0] = 0xff;	/* toward host A */
	spin_unlock(&mh.a->fab->lock);

	voq_test_log_start(test);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "staging queues not read"), 1U);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	nb = voq_test_node(mh.b, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, nb);
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(nb, 0, "staging_queues", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "0\n");
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(nb, 0, "staging_map", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "\n");
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(nb, 1, "staging_queues", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "4\n");
}

/* Discovery before the enumeration is complete: refused, nothing written */
static void voq_mh_discovery_too_early(struct kunit *test)
{
	struct voq_mh mh;

	voq_mh_build(test, &mh);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(mh.b), -EAGAIN);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&mh.b->mport), 1U);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	voq_mh_expect_views(test, &mh);
}

/* The link's state as @sm's rio-voq shows it */
static void voq_mh_expect_state(struct kunit *test, struct rio_sim_mport *sm,
				struct rio_sim_dev *dev, unsigned int port,
				const char *state)
{
	struct rio_voq_node *n = voq_test_node(sm, dev);

	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_STREQ_MSG(test, rio_voq_port_link_state(n, port), state,
			       "%s port %u", dev->name, port);
	mutex_unlock(&rio_voq_lock);
}

/*
 * Port-writes go to the host that enumerated: A follows the switch's
 * links while B is attached and discovered, and still once B is gone
 * (B's going does not take A's port-writes with it).
 */
static void voq_mh_pw_to_enumerator(struct kunit *test)
{
	struct rio_sim_fabric *fab;
	struct voq_mh mh;
	u64 lost;

	voq_mh_build(test, &mh);
	fab = mh.a->fab;
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	voq_mh_expect_state(test, mh.a, mh.sw, 2, "up");

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, false), 0);
	rio_sim_mport_pw_flush(mh.a);
	rio_sim_mport_pw_flush(mh.b);
	voq_mh_expect_state(test, mh.a, mh.sw, 2, "down");

	lost = fab->pw_lost;
	rio_sim_kunit_release(test, mh.b);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, true), 0);
	rio_sim_mport_pw_flush(mh.a);
	voq_mh_expect_state(test, mh.a, mh.sw, 2, "up");
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 1, false), 0);
	rio_sim_mport_pw_flush(mh.a);
	voq_mh_expect_state(test, mh.a, mh.sw, 1, "down");
	KUNIT_EXPECT_EQ(test, fab->pw_lost, lost);
}

/*
 * A port-write B receives is about B's view of the device: B's handler
 * reaches the switch through B's mport, never through A's (both nets
 * have a device with the switch's component tag)
 */
static void voq_mh_port_write_own_net(struct kunit *test)
{
	union rio_pw_msg msg = { };
	struct rio_dev *rsw;
	struct voq_mh mh;
	u64 reads, writes, b_reads;

	voq_mh_build(test, &mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	rsw = rio_sim_rdev(mh.b, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, rsw);
	KUNIT_ASSERT_NOT_NULL(test, rio_sim_rdev(mh.a, mh.sw));
	KUNIT_ASSERT_PTR_NE(test, rio_sim_rdev(mh.a, mh.sw), rsw);

	msg.em.comptag = rsw->comp_tag;
	msg.em.is_port = 2;
	reads = mh.a->ini.reads;
	writes = mh.a->ini.writes;
	b_reads = mh.b->ini.reads;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&mh.b->mport, &msg), 0);
	KUNIT_EXPECT_EQ(test, mh.a->ini.reads, reads);
	KUNIT_EXPECT_EQ(test, mh.a->ini.writes, writes);
	KUNIT_EXPECT_GT(test, mh.b->ini.reads, b_reads);
}

/*
 * Both hosts scanned, host A's admin choice (no generation toward the
 * endpoint) in place: a choice host B knows nothing of, so that B's own
 * plan of the switch's port 2 differs from the hardware and a B that
 * took itself for the owner would write.
 */
static void voq_mh_scanned_with_choice(struct kunit *test, struct voq_mh *mh)
{
	struct rio_voq_node *na;

	voq_mh_build(test, mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh->a), 0);
	na = voq_test_node(mh->a, mh->sw);
	KUNIT_ASSERT_NOT_NULL(test, na);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(na, 2, RIO_VOQ_KNOB_GEN, 0), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh->b), 0);
	KUNIT_ASSERT_EQ(test, mh->b->ini.voq_writes, 0ULL);
	KUNIT_ASSERT_FALSE(test, mh->sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN);
	KUNIT_ASSERT_TRUE(test, mh->ep->port[0].voq_ctl & RIO_VOQ_CSR_GEN_EN);
}

/* B wrote nothing, and A's choice still holds */
static void voq_mh_expect_b_wrote_nothing(struct kunit *test, struct voq_mh *mh,
					  const char *when)
{
	KUNIT_EXPECT_EQ_MSG(test, mh->b->ini.voq_writes, 0ULL, "%s", when);
	KUNIT_EXPECT_FALSE_MSG(test, mh->sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN,
			       "%s: the switch generates toward the endpoint", when);
}

/* A port-write about the switch's port 2, handed to B's mport */
static void voq_mh_pw_to_b(struct kunit *test, struct voq_mh *mh, u32 errdetect)
{
	union rio_pw_msg msg = { };
	struct rio_dev *rsw = rio_sim_rdev(mh->b, mh->sw);

	KUNIT_ASSERT_NOT_NULL(test, rsw);
	msg.em.comptag = rsw->comp_tag;
	msg.em.is_port = 2;
	msg.em.errdetect = errdetect;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&mh->b->mport, &msg), 0);
}

/*
 * Port events on the discovering host: the link from the switch to the
 * endpoint goes down and comes back, twice.  A follows by the switch's
 * port-writes; B, to whom the switch does not send them, follows by its
 * poll the first time and by port-writes handed to its mport the second
 * (both reach rio_voq_port_event()).  B records each state and writes
 * nothing: its plan would turn generation back on toward the endpoint,
 * against A's choice.
 */
static void voq_mh_discovering_events(struct kunit *test)
{
	struct voq_mh mh;

	voq_mh_scanned_with_choice(test, &mh);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, false), 0);
	rio_sim_mport_pw_flush(mh.a);
	rio_voq_test_poll();
	voq_mh_expect_state(test, mh.b, mh.sw, 2, "down");
	voq_mh_expect_b_wrote_nothing(test, &mh, "poll, link down");
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, true), 0);
	rio_sim_mport_pw_flush(mh.a);
	rio_voq_test_poll();
	voq_mh_expect_state(test, mh.a, mh.sw, 2, "up");
	voq_mh_expect_state(test, mh.b, mh.sw, 2, "up");
	voq_mh_expect_b_wrote_nothing(test, &mh, "poll, link up");

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, false), 0);
	rio_sim_mport_pw_flush(mh.a);
	voq_mh_pw_to_b(test, &mh, REM_PED_LINK_OK2U);
	voq_mh_expect_state(test, mh.b, mh.sw, 2, "down");
	voq_mh_expect_b_wrote_nothing(test, &mh, "port-write, link down");
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(mh.sw, 2, true), 0);
	rio_sim_mport_pw_flush(mh.a);
	voq_mh_pw_to_b(test, &mh, REM_PED_LINK_OK2U | REM_PED_LINK_U2OK);
	voq_mh_expect_state(test, mh.b, mh.sw, 2, "up");
	voq_mh_expect_b_wrote_nothing(test, &mh, "port-write, link up");
	voq_mh_expect_views(test, &mh);
}

/*
 * A port without a link (the switch's port 3 is not cabled) becomes
 * unavailable.  A, which owns the fabric, sets XOFF and keeps its
 * admin's participation off; B follows by its poll, records the state,
 * and writes nothing, although its own plan of the port (no choice:
 * participation on) differs from the hardware.
 */
static void voq_mh_discovering_lone_port(struct kunit *test)
{
	struct rio_voq_node *na;
	struct voq_mh mh;

	voq_mh_build(test, &mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	na = voq_test_node(mh.a, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, na);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(na, 3, RIO_VOQ_KNOB_PART, 0), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	KUNIT_ASSERT_EQ(test, mh.b->ini.voq_writes, 0ULL);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(mh.sw, 3, true), 0);
	rio_sim_mport_pw_flush(mh.a);
	rio_voq_test_poll();
	voq_mh_expect_state(test, mh.a, mh.sw, 3, "unavailable");
	voq_mh_expect_state(test, mh.b, mh.sw, 3, "unavailable");
	KUNIT_EXPECT_TRUE(test, mh.sw->port[3].voq_ctl & RIO_VOQ_CSR_XOFF);
	KUNIT_EXPECT_FALSE(test, mh.sw->port[3].voq_ctl & RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(mh.sw, 3, false), 0);
	rio_sim_mport_pw_flush(mh.a);
	rio_voq_test_poll();
	voq_mh_expect_state(test, mh.b, mh.sw, 3, "down");
	KUNIT_EXPECT_FALSE(test, mh.sw->port[3].voq_ctl & RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
}

/*
 * The endpoint is swapped for a board without a VoQ block.  A sets the
 * switch's port up as a port without a link, its admin's participation
 * off kept; B, handed a port-write that says the link bounced, discovers
 * the new board too and loses the link, but writes nothing to the port
 * the board left (its own plan, without A's choice, would turn
 * participation on).
 */
static void voq_mh_discovering_swap(struct kunit *test)
{
	struct rio_sim_dev_desc d = {
		.name = "ep-novoq", .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_ENDPOINT, .map = RIO_SIM_MAP_I,
	};
	struct rio_voq_node *na, *nb;
	struct voq_mh mh;

	voq_mh_build(test, &mh);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.a), 0);
	na = voq_test_node(mh.a, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, na);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(na, 2, RIO_VOQ_KNOB_PART, 0), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(mh.b), 0);
	KUNIT_ASSERT_EQ(test, mh.b->ini.voq_writes, 0ULL);
	nb = voq_test_node(mh.b, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, nb);

	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(mh.ep, &d), 0);
	rio_sim_mport_pw_flush(mh.a);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, na->port[2].link);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_FALSE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_PART_EN);

	voq_mh_pw_to_b(test, &mh, REM_PED_LINK_OK2U | REM_PED_LINK_U2OK);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, nb->port[2].link);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, mh.sw->port[2].voq_ctl & RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, mh.b->ini.voq_writes, 0ULL);
}

/*
 * rio-voq comes after both hosts scanned (its interfaces registered
 * again, as a module load does) and catches up with each net.  B has a
 * host device ID once it has discovered, but did not enumerate: its
 * catch-up must not take it for the fabric's owner, so it writes nothing
 * although its plan differs from the hardware, and still refuses admin
 * writes.
 */
static void voq_mh_catch_up_discovering(struct kunit *test)
{
	struct rio_voq_node *nb;
	struct voq_mh mh;

	voq_mh_scanned_with_choice(test, &mh);
	KUNIT_ASSERT_GE(test, mh.b->mport.host_deviceid, 0);

	rio_voq_test_reload();
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&mh.a->mport), 4U);
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&mh.b->mport), 4U);
	voq_mh_expect_b_wrote_nothing(test, &mh, "catch-up");
	voq_mh_expect_views(test, &mh);

	nb = voq_test_node(mh.b, mh.sw);
	KUNIT_ASSERT_NOT_NULL(test, nb);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(nb, 2, RIO_VOQ_KNOB_GEN, 1), -EPERM);
	voq_mh_expect_b_wrote_nothing(test, &mh, "admin write on B");
}

/* How many of @n's ports rio-voq has a link for */
static unsigned int voq_mh_links(struct rio_voq_node *n)
{
	unsigned int p, links = 0;

	for (p = 0; p < n->nports; p++)
		links += !!n->port[p].link;
	return links;
}

/*
 * Kernel review finding 4: host A loses its first enumeration to a host
 * of higher priority, whose lock the second endpoint holds.  rio-scan
 * returns -EBUSY and keeps the net, its enumerator's data and the
 * devices registered so far (the switch, the first endpoint): A does not
 * own that fabric.  It refuses admin writes before any access, writes
 * nothing on a port event about them (a port-write, the poll), and a
 * catch-up (rio-voq loaded after the lost scan) does not take it for the
 * owner either.  The catch-up follows the failed scan as its end did:
 * it discovers the devices and plans no link.
 */
static void voq_mh_lost_enumeration(struct kunit *test)
{
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *ep1 = rio_sim_dev_find(sm->fab, 2);
	struct rio_sim_dev *ep2 = rio_sim_dev_find(sm->fab, 3);
	struct rio_voq_node *n, *host;
	u64 writes, sw_writes;

	KUNIT_ASSERT_NOT_NULL(test, ep2);
	spin_lock(&sm->fab->lock);
	ep2->host_lock = 0x10;	/* another host, of a higher ID, enumerates */
	spin_unlock(&sm->fab->lock);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), -EBUSY);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_EXPECT_NOT_NULL(test, sm->mport.net->enum_data);
	KUNIT_EXPECT_FALSE(test, sm->mport.net->enumerated);	/* the core says so */
	KUNIT_ASSERT_NOT_NULL(test, rio_sim_rdev(sm, sw));
	KUNIT_ASSERT_NOT_NULL(test, rio_sim_rdev(sm, ep1));
	KUNIT_EXPECT_NULL(test, rio_sim_rdev(sm, ep2));
	KUNIT_EXPECT_EQ(test, sm->ini.voq_writes, 0ULL);

	/* Admin writes: refused before any access */
	n = voq_test_node(sm, sw);
	host = voq_test_node(sm, sm->ini.local);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, host);
	writes = sm->ini.writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 2, RIO_VOQ_KNOB_PART, 0), -EPERM);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(host, 0, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, sm->ini.writes, writes);
	KUNIT_EXPECT_EQ(test, sm->ini.voq_writes, 0ULL);

	/* A link event on the switch: followed, nothing written */
	sw_writes = sw->port[1].voq_writes;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	rio_voq_test_poll();
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	rio_voq_test_poll();
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_writes, sw_writes);
	KUNIT_EXPECT_EQ(test, sm->ini.voq_writes, 0ULL);
	KUNIT_EXPECT_EQ(test, voq_mh_links(n), 0U);
	KUNIT_EXPECT_EQ(test, voq_mh_links(host), 0U);

	/* rio-voq loaded after the lost scan: the catch-up writes nothing */
	rio_voq_test_reload();
	KUNIT_EXPECT_EQ(test, rio_voq_test_nodes(&sm->mport), 3U);
	KUNIT_EXPECT_EQ(test, sm->ini.voq_writes, 0ULL);
	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	host = voq_test_node(sm, sm->ini.local);
	KUNIT_ASSERT_NOT_NULL(test, host);
	KUNIT_EXPECT_TRUE(test, n->probed);
	KUNIT_EXPECT_EQ(test, voq_mh_links(n), 0U);
	KUNIT_EXPECT_EQ(test, voq_mh_links(host), 0U);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 1, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, sm->ini.voq_writes, 0ULL);
}

/* @sm's node of @rdev, NULL if rio-voq does not follow it */
static struct rio_voq_node *voq_mh_node_of(struct rio_sim_mport *sm, struct rio_dev *rdev)
{
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, rdev);
	mutex_unlock(&rio_voq_lock);
	return n;
}

/*
 * Kernel review finding 7: a net that a userspace fabric manager builds
 * through rio_mport_cdev (RIO_DEV_ADD on an mport never scanned, with a
 * host device ID) was not enumerated by the core, and rio-voq does not
 * own it, whether it was loaded before the first device was added or
 * after: the same admin writes are refused with -EPERM both ways, and
 * nothing is written.
 */
static void voq_mh_cdev_net_load_order(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_voq_node *n, *host;
	struct rio_sim_dev *h, *ep;
	struct rio_sim_mport *sm;
	struct rio_dev *rdev;
	unsigned int pass;
	u64 writes;
	u32 ef;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	h = voq_test_dev(test, fab, "host", false, 1, R3, RIO_SIM_VOQ_CAPS_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, R3, RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(h, 0, ep, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, sm->mport.host_deviceid, 0);
	KUNIT_ASSERT_NULL(test, sm->mport.net);

	/* rio-voq first (it follows the mport), then the fabric manager */
	rdev = rio_sim_kunit_dev_add(test, &sm->mport, "voq-mh-cdev-ep", 0x21,
				     RIO_ANY_DESTID(sm->mport.sys_size), 0);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	KUNIT_ASSERT_NULL(test, sm->mport.net->enum_data);
	KUNIT_EXPECT_FALSE(test, sm->mport.net->enumerated);

	/* Pass 0 as loaded first; pass 1 as loaded after the first add */
	for (pass = 0; pass < 2; pass++) {
		if (pass)
			rio_voq_test_reload();
		n = voq_mh_node_of(sm, rdev);
		host = voq_mh_node_of(sm, NULL);
		KUNIT_ASSERT_NOT_NULL_MSG(test, n, "pass %u", pass);
		KUNIT_ASSERT_NOT_NULL_MSG(test, host, "pass %u", pass);
		mutex_lock(&rio_voq_lock);
		ef = n->ef;
		mutex_unlock(&rio_voq_lock);
		KUNIT_ASSERT_NE_MSG(test, ef, 0U, "pass %u: no VoQ block found", pass);
		writes = sm->ini.writes;
		KUNIT_EXPECT_EQ_MSG(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1),
				    -EPERM, "pass %u: the added endpoint", pass);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_port_set(host, 0, RIO_VOQ_KNOB_XOFF, 1),
				    -EPERM, "pass %u: the mport's port", pass);
		KUNIT_EXPECT_EQ_MSG(test, sm->ini.writes, writes, "pass %u", pass);
		KUNIT_EXPECT_EQ_MSG(test, sm->ini.voq_writes, 0ULL, "pass %u", pass);
		KUNIT_EXPECT_FALSE_MSG(test, ep->port[0].voq_ctl & RIO_VOQ_CSR_XOFF,
				       "pass %u", pass);
	}
}

/*
 * The same on an mport that the core enumerated: the admin may write
 * there, until userspace deletes every device of the net (rio_mport_cdev
 * frees the net with its last device) and adds one back, which makes a
 * net of its own.  That one is userspace's, before a reload of rio-voq
 * as after it.
 */
static void voq_mh_cdev_net_after_enumeration(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "single");
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *n;
	struct rio_dev *rdev;
	struct rio_net *net;
	unsigned int pass;
	u64 writes;

	KUNIT_EXPECT_TRUE(test, sm->mport.net->enumerated);
	rdev = rio_sim_rdev(sm, ep);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	n = voq_mh_node_of(sm, rdev);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_EXPECT_TRUE(test, ep->port[0].voq_ctl & RIO_VOQ_CSR_XOFF);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 0), 0);
	KUNIT_EXPECT_FALSE(test, ep->port[0].voq_ctl & RIO_VOQ_CSR_XOFF);

	/* RIO_DEV_DEL of the only device: its net goes with it */
	mutex_lock(&sm->mport.scan_lock);
	net = rdev->net;
	rio_dev_get(rdev);	/* the lookup's reference */
	rio_del_device(rdev, RIO_DEVICE_SHUTDOWN);
	rio_dev_put(rdev);
	KUNIT_EXPECT_TRUE(test, list_empty(&net->devices));
	if (list_empty(&net->devices)) {
		rio_free_net(net);
		sm->mport.net = NULL;
	}
	mutex_unlock(&sm->mport.scan_lock);
	KUNIT_ASSERT_NULL(test, sm->mport.net);

	rdev = rio_sim_kunit_dev_add(test, &sm->mport, "voq-mh-cdev-again", 0x22,
				     RIO_ANY_DESTID(sm->mport.sys_size), 0);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	for (pass = 0; pass < 2; pass++) {
		if (pass)
			rio_voq_test_reload();
		n = voq_mh_node_of(sm, rdev);
		KUNIT_ASSERT_NOT_NULL_MSG(test, n, "pass %u", pass);
		writes = sm->ini.voq_writes;
		KUNIT_EXPECT_EQ_MSG(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1),
				    -EPERM, "pass %u", pass);
		KUNIT_EXPECT_EQ_MSG(test, sm->ini.voq_writes, writes, "pass %u", pass);
		KUNIT_EXPECT_FALSE_MSG(test, ep->port[0].voq_ctl & RIO_VOQ_CSR_XOFF,
				       "pass %u", pass);
	}
}

/*
 * A host that owned its fabric does not own the next one: once userspace
 * deleted the only device (the net went with it), a new scan loses the
 * enumeration to a host of a higher ID that holds the endpoint's lock.
 * Ownership follows that scan, not the one before: the admin's write to
 * the mport's own port is refused before any access, and so is one to a
 * device userspace adds to the net the lost enumeration left.
 */
static void voq_mh_owner_lost_at_rescan(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "single");
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_node *host, *n;
	struct rio_dev *rdev;
	struct rio_net *net;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, ep);
	host = voq_test_node(sm, sm->ini.local);
	KUNIT_ASSERT_NOT_NULL(test, host);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(host, 0, RIO_VOQ_KNOB_XOFF, 0), 0);
	rdev = rio_sim_rdev(sm, ep);
	KUNIT_ASSERT_NOT_NULL(test, rdev);

	/* RIO_DEV_DEL of the only device: its net goes with it */
	mutex_lock(&sm->mport.scan_lock);
	net = rdev->net;
	rio_dev_get(rdev);	/* the lookup's reference */
	rio_del_device(rdev, RIO_DEVICE_SHUTDOWN);
	rio_dev_put(rdev);
	KUNIT_EXPECT_TRUE(test, list_empty(&net->devices));
	if (list_empty(&net->devices)) {
		rio_free_net(net);
		sm->mport.net = NULL;
	}
	mutex_unlock(&sm->mport.scan_lock);
	KUNIT_ASSERT_NULL(test, sm->mport.net);

	spin_lock(&sm->fab->lock);
	ep->host_lock = 0x10;	/* another host, of a higher ID, enumerates */
	spin_unlock(&sm->fab->lock);
	KUNIT_EXPECT_NE(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_FALSE(test, sm->mport.net && sm->mport.net->enumerated);

	writes = sm->ini.writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(host, 0, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, sm->ini.writes, writes);
	KUNIT_EXPECT_FALSE(test, sm->fab->host->port[0].voq_ctl & RIO_VOQ_CSR_XOFF);

	/*
	 * The lost enumeration left its net, with the enumerator's data:
	 * a device userspace adds to it is not this host's to write either.
	 */
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net->enum_data);
	rdev = rio_sim_kunit_dev_add(test, &sm->mport, "voq-mh-cdev-lost", 0x23,
				     RIO_ANY_DESTID(sm->mport.sys_size), 0);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	n = voq_mh_node_of(sm, rdev);
	KUNIT_ASSERT_NOT_NULL(test, n);
	writes = sm->ini.writes;
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, sm->ini.writes, writes);
	KUNIT_EXPECT_FALSE(test, ep->port[0].voq_ctl & RIO_VOQ_CSR_XOFF);
}

static struct kunit_case voq_mh_test_cases[] = {
	KUNIT_CASE(voq_mh_discovering_host),
	KUNIT_CASE(voq_mh_discovery_too_early),
	KUNIT_CASE(voq_mh_hostile_map),
	KUNIT_CASE(voq_mh_pw_to_enumerator),
	KUNIT_CASE(voq_mh_port_write_own_net),
	KUNIT_CASE(voq_mh_discovering_events),
	KUNIT_CASE(voq_mh_catch_up_discovering),
	KUNIT_CASE(voq_mh_lost_enumeration),
	KUNIT_CASE(voq_mh_discovering_lone_port),
	KUNIT_CASE(voq_mh_discovering_swap),
	KUNIT_CASE(voq_mh_cdev_net_load_order),
	KUNIT_CASE(voq_mh_cdev_net_after_enumeration),
	KUNIT_CASE(voq_mh_owner_lost_at_rescan),
	{}
};

static void voq_mh_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_mh_test_suite = {
	.name = "rio_voq_multihost",
	.exit = voq_mh_test_exit,
	.test_cases = voq_mh_test_cases,
};

kunit_test_suite(voq_mh_test_suite);
