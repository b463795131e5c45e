// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim for KUnit tests: fabrics and mports that are test resources.
 *
 * A fabric or mport made here is torn down when its test ends, also when
 * an assertion ends it early: a failed test does not leave a registered
 * mport (and its rio_devs, and rio-voq's nodes) to the tests after it.
 * A test may tear one down sooner, to check what teardown does.
 *
 * Built as rio_sim_kunit_helpers.ko, selected by the KUnit tests that use it, as
 * drm_kunit_helpers.ko is for DRM's tests.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "../../rio.h"	/* the core's calls, as rio_mport_cdev makes them */
#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

static int rio_sim_kunit_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

static void rio_sim_kunit_fabric_put(struct kunit_resource *res)
{
	rio_sim_fabric_free(res->data);
}

static void rio_sim_kunit_mport_destroy(struct kunit_resource *res)
{
	rio_sim_mport_destroy(res->data);
}

/* A doorbell range a test took */
struct rio_sim_kunit_dbell {
	struct rio_sim_mport *sm;
	u16 start;
	u16 end;
};

/*
 * The doorbells the mport has received are handled; the range is
 * released, and once the doorbell interrupt that may have found it
 * meanwhile has returned, its handler is called no more
 */
static void rio_sim_kunit_dbell_release(struct kunit_resource *res)
{
	struct rio_sim_kunit_dbell *db = res->data;

	rio_sim_mport_dbell_flush(db->sm);
	rio_release_inb_dbell(&db->sm->mport, db->start, db->end);
	rio_sim_mport_dbell_flush(db->sm);
	kfree(db);
}

/* Make @data a resource of @test that @free releases; on failure release it now */
static void *rio_sim_kunit_track(struct kunit *test, void *data,
				 kunit_resource_free_t free)
{
	bool tracked = kunit_alloc_resource(test, rio_sim_kunit_init, free,
					    GFP_KERNEL, data);

	if (!tracked) {
		struct kunit_resource res = { .data = data };

		free(&res);
	}
	KUNIT_ASSERT_TRUE_MSG(test, tracked, "cannot make a test resource");
	return data;
}

static bool rio_sim_kunit_match(struct kunit *test, struct kunit_resource *res,
				void *match_data)
{
	return (res->free == rio_sim_kunit_fabric_put ||
		res->free == rio_sim_kunit_mport_destroy) && res->data == match_data;
}

static bool rio_sim_kunit_dbell_of(struct kunit *test, struct kunit_resource *res,
				   void *sm)
{
	return res->free == rio_sim_kunit_dbell_release &&
	       ((struct rio_sim_kunit_dbell *)res->data)->sm == sm;
}

/**
 * rio_sim_kunit_fabric() - make a fabric a resource of a test
 * @test: the test; the fabric loses the caller's reference when it ends
 * @fab: a fabric, fresh from rio_sim_fabric_alloc() or rio_sim_topo_build()
 *	(an error pointer fails the test)
 *
 * Return: @fab.
 */
struct rio_sim_fabric *rio_sim_kunit_fabric(struct kunit *test,
					    struct rio_sim_fabric *fab)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	return rio_sim_kunit_track(test, fab, rio_sim_kunit_fabric_put);
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_fabric);

/**
 * rio_sim_kunit_topo() - a canned topology as a resource of a test
 * @test: the test (assertion if the topology cannot be built)
 * @spec: the topology, as rio_sim_topo_build() takes it
 *
 * Return: the fabric.
 */
struct rio_sim_fabric *rio_sim_kunit_topo(struct kunit *test, const char *spec)
{
	return rio_sim_kunit_fabric(test, rio_sim_topo_build(spec));
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_topo);

/**
 * rio_sim_kunit_mport() - register a simulated mport for a test
 * @test: the test; the mport is destroyed when it ends, if not before
 * @fab: a fabric of the test (rio_sim_kunit_fabric()); the mport takes a
 *	reference of its own
 * @host_destid: as for rio_sim_mport_create()
 *
 * Fails the test (assertion) if the mport cannot be made.
 *
 * Return: the mport.
 */
struct rio_sim_mport *rio_sim_kunit_mport(struct kunit *test,
					  struct rio_sim_fabric *fab,
					  int host_destid)
{
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_mport_create(rio_sim_fabric_get(fab), host_destid);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	return rio_sim_kunit_track(test, sm, rio_sim_kunit_mport_destroy);
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_mport);

/**
 * rio_sim_kunit_attach() - register another host's mport on a test's fabric
 * @test: the test; the mport is destroyed when it ends, if not before
 * @fab: the fabric
 * @local: the new mport's own device, as for rio_sim_mport_attach()
 * @host_destid: as for rio_sim_mport_attach()
 *
 * Fails the test (assertion) if the mport cannot be made.
 *
 * Return: the mport.
 */
struct rio_sim_mport *rio_sim_kunit_attach(struct kunit *test,
					   struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid)
{
	struct rio_sim_mport *sm = rio_sim_mport_attach(fab, local, host_destid);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	return rio_sim_kunit_track(test, sm, rio_sim_kunit_mport_destroy);
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_attach);

/**
 * rio_sim_kunit_dbell() - a doorbell handler for the length of a test
 * @test: the test; the handler is released when it ends, if not before
 * @sm: the mport whose doorbells it takes
 * @dev_id: the handler's context
 * @start: first information field of its range
 * @end: last one
 * @dinb: the handler, as for rio_request_inb_dbell()
 *
 * As rio_request_inb_dbell(); the range is released
 * (rio_release_inb_dbell()) when the test ends, also when an assertion
 * ends it early, before its mport goes, and the doorbells already
 * delivered to the handler have been handled by then.
 *
 * Return: 0, or the error of rio_request_inb_dbell() (or -ENOMEM).
 */
int rio_sim_kunit_dbell(struct kunit *test, struct rio_sim_mport *sm,
			void *dev_id, u16 start, u16 end,
			void (*dinb)(struct rio_mport *mport, void *dev_id,
				     u16 src, u16 dst, u16 info))
{
	struct rio_sim_kunit_dbell *db;
	int ret;

	db = kmalloc(sizeof(*db), GFP_KERNEL);
	if (!db)
		return -ENOMEM;
	db->sm = sm;
	db->start = start;
	db->end = end;
	ret = rio_request_inb_dbell(&sm->mport, dev_id, start, end, dinb);
	if (ret) {
		kfree(db);
		return ret;
	}
	/* A handler of a test is released when it ends (the mport after it) */
	if (!kunit_alloc_resource(test, rio_sim_kunit_init,
				  rio_sim_kunit_dbell_release, GFP_KERNEL, db)) {
		struct kunit_resource res = { .data = db };

		rio_sim_kunit_dbell_release(&res);
		return -ENOMEM;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_dbell);

/* A device or net freed by its last reference, as rio_mport_cdev's are */
static void rio_sim_kunit_dev_release(struct device *dev)
{
	kfree(to_rio_dev(dev));
}

static atomic_t rio_sim_kunit_nets_gone = ATOMIC_INIT(0);

static void rio_sim_kunit_net_release(struct device *dev)
{
	kfree(to_rio_net(dev));
	atomic_inc(&rio_sim_kunit_nets_gone);
}

/**
 * rio_sim_kunit_nets_freed() - nets of rio_sim_kunit_dev_add() freed so far
 *
 * Return: how many of the nets rio_sim_kunit_dev_add() made have been
 * freed by their last reference, since the module loaded.
 */
int rio_sim_kunit_nets_freed(void)
{
	return atomic_read(&rio_sim_kunit_nets_gone);
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_nets_freed);

/* The mport's net, made as rio_mport_cdev makes it if it has none */
static int rio_sim_kunit_net(struct rio_mport *mport)
{
	struct rio_net *net;
	int err;

	lockdep_assert_held(&mport->scan_lock);
	if (mport->net)
		return 0;
	net = rio_alloc_net(mport);
	if (!net)
		return -ENOMEM;
	net->id = mport->id;
	net->hport = mport;
	dev_set_name(&net->dev, "rnet_%d", net->id);
	net->dev.parent = &mport->dev;
	net->dev.release = rio_sim_kunit_net_release;
	err = rio_add_net(net);
	if (err) {
		put_device(&net->dev);
		mport->net = NULL;
	}
	return err;
}

/**
 * rio_sim_kunit_dev_add() - add a device as rio_mport_cdev's RIO_DEV_ADD does
 * @test: the test (assertion if the device cannot be read or added)
 * @mport: the mport
 * @name: the device's name
 * @comptag: its component tag
 * @destid: its destination ID
 * @hopcount: its hop count
 *
 * As __rio_mport_add_riodev(), under the mport's scan_lock: the mport's
 * net made for its first device if it has none (with no enumerator's
 * data), the registers read as it reads them (a switch sized by its
 * Switch Port Information CAR, the error management block looked for by
 * ERR_MGMNT only), no place in the topology (no prev, no route table).
 * The device and the net are freed by their last reference, as
 * rio_mport_cdev's are (rio_sim_kunit_nets_freed() counts the nets); the
 * device goes with its mport if it is not deleted before.
 *
 * Return: the device.
 */
struct rio_dev *rio_sim_kunit_dev_add(struct kunit *test, struct rio_mport *mport,
				      const char *name, u32 comptag, u16 destid,
				      u8 hopcount)
{
	struct rio_switch *rswitch = NULL;
	size_t size = sizeof(struct rio_dev);
	u32 pef, swpinfo = 0, rval;
	struct rio_dev *rdev;
	int err;

	KUNIT_ASSERT_EQ(test, rio_mport_read_config_32(mport, destid, hopcount,
						       RIO_PEF_CAR, &pef), 0);
	if (pef & RIO_PEF_SWITCH) {
		rio_mport_read_config_32(mport, destid, hopcount, RIO_SWP_INFO_CAR,
					 &swpinfo);
		size += struct_size(rswitch, nextdev, RIO_GET_TOTAL_PORTS(swpinfo));
	}
	rdev = kzalloc(size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rdev);

	mutex_lock(&mport->scan_lock);
	err = rio_sim_kunit_net(mport);
	if (err) {
		mutex_unlock(&mport->scan_lock);
		kfree(rdev);
		KUNIT_ASSERT_EQ_MSG(test, err, 0, "RIO_DEV_ADD of %s: its net", name);
	}
	rdev->net = mport->net;
	rdev->pef = pef;
	rdev->swpinfo = swpinfo;
	rio_mport_read_config_32(mport, destid, hopcount, RIO_DEV_ID_CAR, &rval);
	rdev->did = rval >> 16;
	rdev->vid = rval & 0xffff;
	rio_mport_read_config_32(mport, destid, hopcount, RIO_DEV_INFO_CAR,
				 &rdev->device_rev);
	rio_mport_read_config_32(mport, destid, hopcount, RIO_ASM_ID_CAR, &rval);
	rdev->asm_did = rval >> 16;
	rdev->asm_vid = rval & 0xffff;
	rio_mport_read_config_32(mport, destid, hopcount, RIO_ASM_INFO_CAR, &rval);
	rdev->asm_rev = rval >> 16;
	if (rdev->pef & RIO_PEF_EXT_FEATURES) {
		rdev->efptr = rval & 0xffff;
		rdev->phys_efptr = rio_mport_get_physefb(mport, 0, destid, hopcount,
							 &rdev->phys_rmap);
		rdev->em_efptr = rio_mport_get_feature(mport, 0, destid, hopcount,
						       RIO_EFB_ERR_MGMNT);
	}
	rio_mport_read_config_32(mport, destid, hopcount, RIO_SRC_OPS_CAR,
				 &rdev->src_ops);
	rio_mport_read_config_32(mport, destid, hopcount, RIO_DST_OPS_CAR,
				 &rdev->dst_ops);
	rdev->comp_tag = comptag;
	rdev->destid = destid;
	rdev->hopcount = hopcount;
	dev_set_name(&rdev->dev, "%s", name);
	INIT_LIST_HEAD(&rdev->net_list);
	rdev->dev.parent = &mport->net->dev;
	rio_attach_device(rdev);
	rdev->dev.release = rio_sim_kunit_dev_release;
	err = rio_add_device(rdev);
	if (err)
		put_device(&rdev->dev);
	mutex_unlock(&mport->scan_lock);
	KUNIT_ASSERT_EQ_MSG(test, err, 0, "RIO_DEV_ADD of %s", name);
	return rdev;
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_dev_add);

/**
 * rio_sim_kunit_release() - tear down a test's fabric or mport now
 * @test: the test
 * @res: a fabric or mport the test has from this file
 *
 * An mport is destroyed, after the doorbell handlers the test has on it
 * (rio_sim_kunit_dbell()) are released; a fabric loses the test's
 * reference (it lives on while an mport holds one).
 */
void rio_sim_kunit_release(struct kunit *test, void *res)
{
	/* An mport's doorbell handlers go first, as at the end of the test */
	while (!kunit_destroy_resource(test, rio_sim_kunit_dbell_of, res))
		;
	KUNIT_EXPECT_EQ(test, kunit_destroy_resource(test, rio_sim_kunit_match, res), 0);
}
EXPORT_SYMBOL_GPL(rio_sim_kunit_release);

MODULE_DESCRIPTION("rio-sim fabrics and mports as KUnit test resources");
MODULE_LICENSE("GPL");
