// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests that let the core's basic enumerator (rio-scan) walk
 * rio-sim fabrics, and compare the rio_dev tree it builds with the
 * simulated fabric: every device found once, destination IDs that route,
 * switch nextdev links matching the links of the fabric.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/rio.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/version.h>

#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

struct sim_enum_case {
	const char *spec;
	int host_destid;
};

static const struct sim_enum_case sim_enum_cases[] = {
	{ "single", 0 },
	{ "star:4", 0 },
	{ "tree:3", 0 },
	{ "ring:4", 0 },
	{ "big48", 0 },
	{ "big255", 0 },
	{ "voqmix", 0 },
	{ "bench:100", 0 },
	{ "star:4", 7 },
	{ "fat16:300", 0 },
	{ "fat48:200", 0 },
	{ "chain:255", 0 },
	{ "random:1", 0 },
	{ "random:5", 0 },
	{ "random:6", 0 },
};

static void sim_enum_desc(const struct sim_enum_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s host %d", c->spec, c->host_destid);
}

KUNIT_ARRAY_PARAM(sim_enum, sim_enum_cases, sim_enum_desc);

static struct rio_sim_mport *sim_enum_create(struct kunit *test, const char *spec,
					     int host_destid)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, spec);
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_kunit_mport(test, fab, host_destid);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	return sm;
}

static void sim_enum_topology(struct kunit *test)
{
	const struct sim_enum_case *c = test->param_value;
	struct rio_sim_mport *sm = sim_enum_create(test, c->spec, c->host_destid);
	struct rio_sim_fabric *fab = sm->fab;
	unsigned int found = 0, p;
	struct rio_sim_dev *dev;
	struct rio_dev *rdev;
	u32 val;

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_EXPECT_EQ(test, fab->failed, 0ULL);
	/* The enumerator (and rio-voq, if built in) write only registers */
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);

	list_for_each_entry(rdev, &sm->mport.net->devices, net_list)
		found++;
	KUNIT_EXPECT_EQ(test, found, fab->ndevs - 1);

	list_for_each_entry(dev, &fab->devs, node) {
		/* Every lock the enumerator took is released */
		KUNIT_EXPECT_EQ_MSG(test, dev->host_lock, 0xffffU, "%s", dev->name);
		if (dev == fab->host)
			continue;

		rdev = rio_sim_rdev(sm, dev);
		KUNIT_ASSERT_NOT_NULL_MSG(test, rdev, "%s #%u not found", dev->name,
					  dev->index);
		KUNIT_EXPECT_EQ(test, rdev->vid, dev->vid);
		KUNIT_EXPECT_EQ(test, rdev->did, dev->did);

		if (!dev->is_switch) {
			/* The ID the enumerator gave routes back to this device */
			KUNIT_EXPECT_EQ(test, rio_read_config_32(rdev, RIO_COMPONENT_TAG_CSR,
								 &val), 0);
			KUNIT_EXPECT_EQ(test, val, dev->comptag);
			continue;
		}

		KUNIT_ASSERT_TRUE(test, rdev->pef & RIO_PEF_SWITCH);
		KUNIT_EXPECT_EQ(test, RIO_GET_TOTAL_PORTS(rdev->swpinfo), dev->nports);
		for (p = 0; p < dev->nports; p++) {
			struct rio_sim_dev *peer = dev->port[p].peer;

			/* Port status for every port, beyond 32 too */
			KUNIT_EXPECT_EQ_MSG(test, test_bit(p, rdev->rswitch->port_ok),
					    !!peer, "%s #%u port %u", dev->name,
					    dev->index, p);
			if (!peer || p == RIO_GET_PORT_NUM(rdev->swpinfo))
				continue;
			KUNIT_EXPECT_PTR_EQ_MSG(test, rdev->rswitch->nextdev[p],
						rio_sim_rdev(sm, peer),
						"%s #%u port %u", dev->name, dev->index, p);
		}
	}

	rio_sim_kunit_release(test, sm);
}

/* Tear-down leaves nothing behind, and mport IDs come back */
static void sim_enum_create_destroy(struct kunit *test)
{
	struct rio_sim_mport *sm;
	unsigned int i;
	int first = -1;

	for (i = 0; i < 50; i++) {
		sm = sim_enum_create(test, "star:4", 0);
		if (first < 0)
			first = sm->mport.id;
		KUNIT_EXPECT_EQ(test, sm->mport.id, first);
		KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), 0);
		rio_sim_kunit_release(test, sm);
	}
}

/*
 * rio-scan does not enumerate an mport twice: the second scan is refused
 * and the first result stays reachable from the mport.
 */
static void sim_enum_twice(struct kunit *test)
{
	struct rio_sim_mport *sm = sim_enum_create(test, "single", 0);
	struct rio_net *net;

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	net = sm->mport.net;
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), -EBUSY);
	KUNIT_EXPECT_PTR_EQ(test, sm->mport.net, net);
	KUNIT_EXPECT_TRUE(test, list_is_singular(&net->devices));
	KUNIT_EXPECT_EQ(test, sm->fab->failed, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/* A lost link: the enumerator reports an inactive master port */
static void sim_enum_no_link(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	rio_sim_unlink(fab->host, 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), -EINVAL);
	KUNIT_EXPECT_NULL(test, sm->mport.net);
	rio_sim_kunit_release(test, sm);
}

/*
 * After teardown the devices the enumerator found are released: holding
 * one across the teardown, ours is the only reference left.
 */
static void sim_enum_devices_released(struct kunit *test)
{
	struct rio_sim_mport *sm = sim_enum_create(test, "star:2", 0);
	struct rio_dev *rdev;

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rdev = list_first_entry(&sm->mport.net->devices, struct rio_dev, net_list);
	get_device(&rdev->dev);
	rio_sim_kunit_release(test, sm);
	KUNIT_EXPECT_EQ(test, kref_read(&rdev->dev.kobj.kref), 1U);
	put_device(&rdev->dev);
}

/*
 * The enumerator walks the hostile topology: every device found, its
 * LP-Serial block found wherever it sits in the extended-feature chain,
 * the port counts switches claim taken as they are, no access failed.
 */
static void sim_enum_hostile(struct kunit *test)
{
	struct rio_sim_mport *sm = sim_enum_create(test, "hostile", 0);
	struct rio_sim_dev *dev;
	struct rio_dev *rdev;
	unsigned int found = 0;

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_EXPECT_EQ(test, sm->fab->failed, 0ULL);
	list_for_each_entry(rdev, &sm->mport.net->devices, net_list)
		found++;
	KUNIT_EXPECT_EQ(test, found, sm->fab->ndevs - 1);
	list_for_each_entry(dev, &sm->fab->devs, node) {
		if (dev == sm->fab->host)
			continue;
		rdev = rio_sim_rdev(sm, dev);
		KUNIT_EXPECT_NOT_NULL_MSG(test, rdev, "%s #%u not found", dev->name,
					  dev->index);
		if (!rdev)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, rdev->phys_efptr, dev->phys_ef,
				    "%s #%u: LP-Serial block", dev->name, dev->index);
		if (dev->is_switch)
			KUNIT_EXPECT_EQ_MSG(test, RIO_GET_TOTAL_PORTS(rdev->swpinfo),
					    dev->swp_ports, "%s", dev->name);
	}
	rio_sim_kunit_release(test, sm);
}

/*
 * A host destination ID must fit the fabric's IDs: the enumerator
 * reserves it in a table of 256 (8-bit) or 65536 (16-bit) bits, and the
 * "any" ID (0xff, 0xffff) is not an ID a host can have.  IDs that fit
 * enumerate; the others are refused before the mport exists.
 */
struct sim_hdid_case {
	const char *spec;
	int host_destid;
	int ret;
};

static const struct sim_hdid_case sim_hdid_cases[] = {
	{ "single", 300, -EINVAL },
	{ "single", 0xff, -EINVAL },
	{ "single", 0x10000, -EINVAL },
	{ "single", -3, -EINVAL },
	{ "single", 0xfe, 0 },
	{ "bench:3", 300, 0 },
	{ "bench:3", 0xffff, -EINVAL },
	{ "bench:3", 0xfffe, 0 },
};

static void sim_hdid_desc(const struct sim_hdid_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s host %d", c->spec, c->host_destid);
}

KUNIT_ARRAY_PARAM(sim_hdid, sim_hdid_cases, sim_hdid_desc);

static void sim_enum_host_destid(struct kunit *test)
{
	const struct sim_hdid_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, c->spec);
	struct rio_sim_mport *sm;
	struct rio_dev *rdev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	if (c->ret) {
		/* Refused, it takes its fabric reference with it */
		sm = rio_sim_mport_create(rio_sim_fabric_get(fab), c->host_destid);
		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(sm), c->ret);
		if (!IS_ERR(sm))
			rio_sim_mport_destroy(sm);
		return;
	}
	sm = rio_sim_kunit_mport(test, fab, c->host_destid);

	/* An ID let through is enumerated: an ID that does not fit overruns here */
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_EQ(test, sm->mport.host_deviceid, c->host_destid);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	/* Nobody else got the host's ID */
	list_for_each_entry(rdev, &sm->mport.net->devices, net_list)
		if (!(rdev->pef & RIO_PEF_SWITCH))
			KUNIT_EXPECT_NE(test, (int)rdev->destid, c->host_destid);
	rio_sim_kunit_release(test, sm);
}

/*
 * The path from the last device built (an endpoint) back to the host:
 * the endpoint 255 hops away, reached by its ID, behind 255 switches
 * whose hop counts count down from 254
 */
static void sim_chain_check(struct kunit *test, struct rio_sim_mport *sm,
			    unsigned int ndevs)
{
	struct rio_sim_dev *dev, *last = NULL;
	struct rio_dev *rdev;
	unsigned int hops = 0, found = 0;
	u32 val;

	list_for_each_entry(rdev, &sm->mport.net->devices, net_list)
		found++;
	KUNIT_EXPECT_EQ(test, found, ndevs);

	list_for_each_entry(dev, &sm->fab->devs, node)
		last = dev;
	KUNIT_ASSERT_FALSE(test, last->is_switch);
	rdev = rio_sim_rdev(sm, last);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	KUNIT_EXPECT_EQ(test, rio_read_config_32(rdev, RIO_COMPONENT_TAG_CSR, &val), 0);
	KUNIT_EXPECT_EQ(test, val, last->comptag);

	for (rdev = rdev->prev; rdev && hops <= 255; rdev = rdev->prev, hops++) {
		KUNIT_ASSERT_TRUE(test, rdev->pef & RIO_PEF_SWITCH);
		KUNIT_EXPECT_EQ(test, rdev->hopcount, 254 - hops);
	}
	KUNIT_EXPECT_EQ(test, hops, 255U);
}

/*
 * The enumerator walks a chain 255 hops deep, the most a hop count
 * addresses.  rio_enum_peer() recursed once per switch and overflowed
 * the kernel stack here (UML, 16 KiB stacks) before it walked the path
 * with a heap array.
 */
static void sim_enum_deep_chain(struct kunit *test)
{
	struct rio_sim_mport *sm = sim_enum_create(test, "chain:255", 0);

	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_EXPECT_EQ(test, sm->fab->failed, 0ULL);
	sim_chain_check(test, sm, 2 * 255);
	rio_sim_kunit_release(test, sm);
}

/*
 * What an enumeration left in @from (IDs, tags, routes, the discovered
 * bit) copied to @to, a fresh fabric of the same shape: the fabric a
 * discovering host finds
 */
static void sim_enum_copy(struct kunit *test, struct rio_sim_fabric *to_fab,
			  struct rio_sim_fabric *from_fab)
{
	struct rio_sim_dev *from, *to;

	KUNIT_ASSERT_EQ(test, to_fab->ndevs, from_fab->ndevs);
	to = list_first_entry(&to_fab->devs, struct rio_sim_dev, node);
	list_for_each_entry(from, &from_fab->devs, node) {
		to->did_csr = from->did_csr;
		to->comptag = from->comptag;
		to->port_gen_ctl = from->port_gen_ctl;
		to->route_any = from->route_any;
		if (from->route)
			memcpy(to->route, from->route, to_fab->routes);
		to = list_next_entry(to, node);
	}
}

/*
 * 255 4-port switches in a line and one endpoint at its end, with 8-bit
 * IDs: discovery reads every switch's whole route table back (two
 * accesses per ID), which 256 IDs keep short
 */
static struct rio_sim_fabric *sim_disc_line(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_HOST, .map = RIO_SIM_MAP_I,
	};
	struct rio_sim_dev *prev, *dev;
	unsigned int i, port = 0;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	prev = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, prev);
	d.name = "line";
	d.is_switch = true;
	d.nports = 4;
	d.did = RIO_SIM_DID_SWITCH;
	for (i = 0; i <= 255; i++) {
		if (i == 255) {
			d.name = "ep";
			d.is_switch = false;
			d.nports = 1;
			d.did = RIO_SIM_DID_ENDPOINT;
		}
		dev = rio_sim_dev_add(fab, &d);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
		KUNIT_ASSERT_EQ(test, rio_sim_link(prev, port, dev, 0, 2), 0);
		prev = dev;
		port = 1;
	}
	return fab;
}

/*
 * A node discovers a line 255 hops deep that another host enumerated:
 * the enumerated fabric's state (IDs, tags, routes, the discovered bit)
 * copied to a fresh one, then the core's discovery walks it;
 * rio_disc_peer() recursed once per switch too.
 */
static void sim_disc_deep_chain(struct kunit *test)
{
	struct rio_sim_fabric *fab = sim_disc_line(test);
	struct rio_sim_mport *sm, *disc;
	struct rio_sim_dev *to;

	sm = rio_sim_kunit_mport(test, sim_disc_line(test), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	sim_chain_check(test, sm, 256);
	sim_enum_copy(test, fab, sm->fab);
	rio_sim_kunit_release(test, sm);

	disc = rio_sim_kunit_mport(test, fab, -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, disc);
	/* a node that discovers comes out of reset waiting for the enumerator */
	rio_sim_local_write(fab, fab->host->phys_ef + RIO_PORT_GEN_CTL_CSR,
			    RIO_PORT_GEN_DISCOVERED);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(disc), 0);
	KUNIT_ASSERT_NOT_NULL(test, disc->mport.net);
	KUNIT_EXPECT_EQ(test, disc->mport.host_deviceid, 0);
	KUNIT_EXPECT_EQ(test, fab->failed, 0ULL);
	sim_chain_check(test, disc, 256);
	/* discovery releases every lock it took */
	list_for_each_entry(to, &fab->devs, node)
		KUNIT_EXPECT_EQ(test, to->host_lock, 0xffffU);
	rio_sim_kunit_release(test, disc);
}

/*
 * A discovering host finds a switch port whose link is up but to which
 * no route leads (the enumerator routed nothing there): it skips the
 * port, and must release the switch's host lock it took to read the
 * route table.  The next lock of the same switch by the same host hides
 * a leak (writing the holder's ID releases, then takes again), as does
 * the route-table pass at the end of a discovery that succeeds; here the
 * unrouted port is the last of its switch and the discovery fails later,
 * in another switch's subtree: the leaked lock stays, and no host can
 * lock the switch any more.
 */
static void sim_disc_unrouted_port(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "tree:2");
	struct rio_sim_dev *leaf1, *leaf2_ep, *dev;
	struct rio_sim_mport *sm, *disc;
	unsigned int i, n;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	sm = sim_enum_create(test, "tree:2", 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	sim_enum_copy(test, fab, sm->fab);
	rio_sim_kunit_release(test, sm);
	/* host 0, root 1, leaf 2 and its endpoints 3-17, leaf 18, 19-33 */
	leaf1 = rio_sim_dev_find(fab, 2);
	leaf2_ep = rio_sim_dev_find(fab, 19);
	KUNIT_ASSERT_NOT_NULL(test, leaf1);
	KUNIT_ASSERT_NOT_NULL(test, leaf1->route);
	KUNIT_ASSERT_NOT_NULL(test, leaf2_ep);
	/* no route to the first leaf's last port; the second leaf's first
	 * endpoint answers nothing
	 */
	for (i = 0, n = 0; i < fab->routes; i++) {
		if (leaf1->route[i] == 15) {
			leaf1->route[i] = 0xff;
			n++;
		}
	}
	KUNIT_ASSERT_GT(test, n, 0U);
	KUNIT_ASSERT_EQ(test, leaf1->nports, 16U);
	leaf2_ep->fail_all = true;

	disc = rio_sim_kunit_mport(test, fab, -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, disc);
	rio_sim_local_write(fab, fab->host->phys_ef + RIO_PORT_GEN_CTL_CSR,
			    RIO_PORT_GEN_DISCOVERED);
	KUNIT_EXPECT_NE(test, rio_sim_mport_scan(disc), 0);
	list_for_each_entry(dev, &fab->devs, node)
		KUNIT_EXPECT_EQ_MSG(test, dev->host_lock, 0xffffU, "%s %u",
				    dev->name, dev->index);
	rio_sim_kunit_release(test, disc);
}

static struct kunit_case sim_enum_test_cases[] = {
	KUNIT_CASE_PARAM(sim_enum_topology, sim_enum_gen_params),
	KUNIT_CASE(sim_enum_create_destroy),
	KUNIT_CASE(sim_enum_twice),
	KUNIT_CASE(sim_enum_no_link),
	KUNIT_CASE(sim_enum_devices_released),
	KUNIT_CASE(sim_enum_hostile),
	KUNIT_CASE_PARAM(sim_enum_host_destid, sim_hdid_gen_params),
	KUNIT_CASE(sim_enum_deep_chain),
	KUNIT_CASE(sim_disc_deep_chain),
	KUNIT_CASE(sim_disc_unrouted_port),
	{}
};

static struct kunit_suite sim_enum_test_suite = {
	.name = "rio_sim_enum",
	.test_cases = sim_enum_test_cases,
};

kunit_test_suite(sim_enum_test_suite);

MODULE_DESCRIPTION("KUnit tests for rio-sim");
MODULE_LICENSE("GPL");
