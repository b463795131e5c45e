// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated mports for rio-voq's KUnit tests, torn down as KUnit
 * resources.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/mutex.h>

#include "../sim/sim.h"
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
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_mport_create(fab, host_destid);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	if (!kunit_alloc_resource(test, voq_test_mport_init, voq_test_mport_free,
				  GFP_KERNEL, sm)) {
		rio_sim_mport_destroy(sm);
		KUNIT_FAIL(test, "cannot track the mport as a resource");
		return ERR_PTR(-ENOMEM);
	}
	return sm;
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
 * voq_test_node() - rio-voq's node of a simulated device
 * @sm: the mport, scanned
 * @dev: a device of its fabric (its host: the mport's own node)
 *
 * Return: the node, or NULL if rio-voq does not follow the device.
 */
struct rio_voq_node *voq_test_node(struct rio_sim_mport *sm, struct rio_sim_dev *dev)
{
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, dev == sm->fab->host ? NULL : rio_sim_rdev(sm, dev));
	mutex_unlock(&rio_voq_lock);
	return n;
}

/**
 * voq_test_hw() - a simulated port's VoQ CSR, decoded, from the register
 * @dev: the device, with a VoQ block
 * @port: the port
 *
 * Return: the decoded CSR.
 */
struct rio_voq_port voq_test_hw(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(dev->voq_layout, dev->port[port].voq_caps |
			   dev->port[port].voq_ctl, &p);
	return p;
}
