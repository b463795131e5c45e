// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated mports for rio-voq's KUnit tests, torn down as KUnit
 * resources.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/mutex.h>

#include "../sim/rio_sim.h"
#include "voq_core.h"
#include "voq_test_sim.h"

static int voq_test_mport_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

static void voq_test_mport_free(struct kunit_resource *res)
{
	rio_sim_mport_destroy(res->data);
}

/* Track @sm, fresh from rio-sim, as a resource of @test */
static struct rio_sim_mport *voq_test_track(struct kunit *test,
					    struct rio_sim_mport *sm)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	if (!kunit_alloc_resource(test, voq_test_mport_init, voq_test_mport_free,
				  GFP_KERNEL, sm)) {
		rio_sim_mport_destroy(sm);
		KUNIT_FAIL(test, "cannot track the mport as a resource");
		return ERR_PTR(-ENOMEM);
	}
	return sm;
}

/**
 * voq_test_live() - register a simulated mport for a test
 * @test: the test; the mport is destroyed when it ends, if not before
 * @fab: the fabric, which the mport owns from now on
 * @host_destid: as for rio_sim_mport_create()
 *
 * Fails the test (assertion) if the mport cannot be made.
 *
 * Return: the mport.
 */
struct rio_sim_mport *voq_test_live(struct kunit *test, struct rio_sim_fabric *fab,
				    int host_destid)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	return voq_test_track(test, rio_sim_mport_create(fab, host_destid));
}

/**
 * voq_test_attach() - register another host's mport on a test's fabric
 * @test: the test; the mport is destroyed when it ends, if not before
 * @fab: the fabric of an mport from voq_test_live()
 * @local: the new mport's own device, as for rio_sim_mport_attach()
 * @host_destid: as for rio_sim_mport_attach()
 *
 * Fails the test (assertion) if the mport cannot be made.
 *
 * Return: the mport.
 */
struct rio_sim_mport *voq_test_attach(struct kunit *test, struct rio_sim_fabric *fab,
				      struct rio_sim_dev *local, int host_destid)
{
	return voq_test_track(test, rio_sim_mport_attach(fab, local, host_destid));
}

static bool voq_test_mport_match(struct kunit *test, struct kunit_resource *res,
				 void *match_data)
{
	return res->free == voq_test_mport_free && res->data == match_data;
}

/**
 * voq_test_destroy() - destroy a test's mport now
 * @test: the test
 * @sm: an mport from voq_test_live()
 */
void voq_test_destroy(struct kunit *test, struct rio_sim_mport *sm)
{
	kunit_destroy_resource(test, voq_test_mport_match, sm);
}

/**
 * voq_test_scanned() - a canned topology, live and enumerated
 * @test: the test; the mport is destroyed when it ends, if not before
 * @topo: the topology, as rio_sim_topo_build() takes it
 *
 * Fails the test (assertion) if it cannot be built or scanned.
 *
 * Return: the mport.
 */
struct rio_sim_mport *voq_test_scanned(struct kunit *test, const char *topo)
{
	struct rio_sim_fabric *fab = rio_sim_topo_build(topo);
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = voq_test_live(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	return sm;
}

/**
 * voq_test_dev() - add a device to a test's fabric
 * @test: the test (assertion on failure)
 * @fab: the fabric
 * @name: the device's name
 * @sw: a switch, else an endpoint
 * @nports: its ports (1 for an endpoint)
 * @layout: layout of its VoQ block
 * @caps: VoQ capabilities of every port; 0 for no VoQ block
 *
 * Return: the device.
 */
struct rio_sim_dev *voq_test_dev(struct kunit *test, struct rio_sim_fabric *fab,
				 const char *name, bool sw, unsigned int nports,
				 enum rio_voq_layout layout, u32 caps)
{
	struct rio_sim_dev_desc desc = {
		.name = name, .is_switch = sw, .nports = nports,
		.vid = RIO_SIM_VID, .did = sw ? RIO_SIM_DID_SWITCH : RIO_SIM_DID_ENDPOINT,
		.map = nports > 16 ? RIO_SIM_MAP_II : RIO_SIM_MAP_I,
		.voq = caps != 0, .voq_layout = layout, .voq_caps = caps,
	};
	struct rio_sim_dev *dev = rio_sim_dev_add(fab, &desc);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	return dev;
}

/**
 * voq_test_hw() - a port's VoQ CSR as the simulated hardware holds it
 * @dev: the device
 * @port: the port
 *
 * Not a maintenance access: no count, no fault.
 *
 * Return: the decoded CSR.
 */
struct rio_voq_port voq_test_hw(const struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(dev->voq_layout, dev->port[port].voq_caps |
			   dev->port[port].voq_ctl, &p);
	return p;
}

/**
 * voq_test_node() - rio-voq's node for a simulated device
 * @sm: the mport whose view is wanted
 * @dev: its own device (the mport's node), or a device the core found
 *
 * Return: the node, or NULL if rio-voq (or the core) does not follow it.
 */
struct rio_voq_node *voq_test_node(struct rio_sim_mport *sm, struct rio_sim_dev *dev)
{
	struct rio_dev *rdev = NULL;
	struct rio_voq_node *n;

	if (dev != sm->ini.local) {
		rdev = rio_sim_rdev(sm, dev);
		if (!rdev)
			return NULL;
	}
	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, rdev);
	mutex_unlock(&rio_voq_lock);
	return n;
}
