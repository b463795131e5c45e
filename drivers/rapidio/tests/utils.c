// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim fabrics as rio-voq's KUnit tests use them: canned and scanned,
 * devices added one by one, their CSRs and nodes looked up.  The fabrics
 * and mports are test resources (rio_sim_kunit_*()).
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

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
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, topo), 0);

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

/**
 * voq_test_csr_read() - read a port's VoQ CSR from the fabric, now
 * @n: the node
 * @port: the port
 * @csr: the value read
 *
 * Return: 0, -ENODEV if the node is going away, or the access's error.
 */
int voq_test_csr_read(struct rio_voq_node *n, unsigned int port, u32 *csr)
{
	int ret = -ENODEV;

	mutex_lock(&rio_voq_lock);
	if (!n->dead && port < n->nports)
		ret = rio_voq_csr_read(n, port, csr);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static ssize_t voq_test_kobj_read(struct kobject *kobj, const char *name, char *buf);

/* The kobject of a node's voq/port<N>/, NULL if it has none */
static struct kobject *voq_test_port_kobj(struct rio_voq_node *n, unsigned int port)
{
	return port < n->nkport && n->kport[port] ? &n->kport[port]->kobj : NULL;
}

static ssize_t voq_test_kobj_write(struct kobject *kobj, const char *name,
				   const void *data, size_t count);

/**
 * voq_test_sysfs_read() - read a file of a node's voq/port<N>/, as sysfs does
 * @n: the node
 * @port: the port
 * @name: the file's name
 * @buf: a page (sysfs_emit() insists)
 *
 * The file is looked up in sysfs itself, so a file hidden by the group's
 * .is_visible is not found, and its show runs through the directory's
 * sysfs_ops, as a read(2) of the file would.
 *
 * Return: the length read, -ENOENT if the port shows no such file, or
 * the show's error.
 */
ssize_t voq_test_sysfs_read(struct rio_voq_node *n, unsigned int port,
			    const char *name, char *buf)
{
	return voq_test_kobj_read(voq_test_port_kobj(n, port), name, buf);
}

/* A file of @kobj, read as sysfs does (see voq_test_sysfs_read()) */
static ssize_t voq_test_kobj_read(struct kobject *kobj, const char *name, char *buf)
{
	struct kernfs_node *kn;
	ssize_t ret;

	if (!kobj)
		return -ENOENT;
	kn = kernfs_find_and_get(kobj->sd, name);
	if (!kn)
		return -ENOENT;
	memset(buf, 0, PAGE_SIZE);
	ret = kobj->ktype->sysfs_ops->show(kobj, kn->priv, buf);
	kernfs_put(kn);
	return ret;
}

/**
 * voq_test_sysfs_write() - write bytes to a file of a node's voq/port<N>/
 * @n: the node
 * @port: the port
 * @name: the file's name
 * @data: the bytes written, NULs and all
 * @count: how many, 1 to PAGE_SIZE: kernfs passes no more (it cuts a
 *	longer write) and no empty write to a store
 *
 * The bytes are handed to the file's store through the directory's
 * sysfs_ops as kernfs hands a write(2) over: in a buffer of exactly
 * @count bytes plus the NUL kernfs puts at [@count], so that KASAN sees
 * any access past them.
 *
 * Return: the store's result: @count, or an error; -ENOENT if the port
 * shows no such file, -E2BIG for a @count kernfs would not pass.
 */
ssize_t voq_test_sysfs_write(struct rio_voq_node *n, unsigned int port,
			     const char *name, const void *data, size_t count)
{
	return voq_test_kobj_write(voq_test_port_kobj(n, port), name,
				   data, count);
}

/* A file of @kobj, written as kernfs does (see voq_test_sysfs_write()) */
static ssize_t voq_test_kobj_write(struct kobject *kobj, const char *name,
				   const void *data, size_t count)
{
	struct kernfs_node *kn;
	ssize_t ret;
	char *buf;

	if (!count || count > PAGE_SIZE)
		return -E2BIG;
	if (!kobj)
		return -ENOENT;
	kn = kernfs_find_and_get(kobj->sd, name);
	if (!kn)
		return -ENOENT;
	buf = kmemdup_nul(data, count, GFP_KERNEL);
	ret = buf ? kobj->ktype->sysfs_ops->store(kobj, kn->priv, buf, count) : -ENOMEM;
	kfree(buf);
	kernfs_put(kn);
	return ret;
}

/**
 * voq_test_dir_read() - read a file of a node's voq/ itself, as sysfs does
 * @n: the node
 * @name: the file's name
 * @buf: a page
 *
 * Return: as voq_test_sysfs_read(); -ENOENT if the node has no voq/.
 */
ssize_t voq_test_dir_read(struct rio_voq_node *n, const char *name, char *buf)
{
	return voq_test_kobj_read(n->kdir ? &n->kdir->kobj : NULL, name, buf);
}

/**
 * voq_test_dir_write() - write bytes to a file of a node's voq/ itself
 * @n: the node
 * @name: the file's name
 * @data: the bytes written, NULs and all
 * @count: how many, 1 to PAGE_SIZE
 *
 * Return: as voq_test_sysfs_write(); -ENOENT if the node has no voq/.
 */
ssize_t voq_test_dir_write(struct rio_voq_node *n, const char *name,
			   const void *data, size_t count)
{
	return voq_test_kobj_write(n->kdir ? &n->kdir->kobj : NULL, name, data, count);
}

/*
 * The admin's operations, called as an entry point calls them: with
 * rio_voq_lock held around the call, and nothing else of the entry
 * point's (no sysfs, no parsing).
 */

/**
 * voq_test_port_set() - rio_voq_port_set() with rio_voq_lock held
 * @n: the node
 * @port: the port
 * @knob: what to change
 * @val: the value
 *
 * Return: what rio_voq_port_set() returns.
 */
int voq_test_port_set(struct rio_voq_node *n, unsigned int port,
		      enum rio_voq_knob knob, unsigned int val)
{
	int ret;

	mutex_lock(&rio_voq_lock);
	ret = rio_voq_port_set(n, port, knob, val);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

/**
 * voq_test_lat_set() - rio_lat_port_set() with rio_voq_lock held
 * @n: the node
 * @port: the port
 * @feat: the feature
 * @val: the choice
 *
 * Return: what rio_lat_port_set() returns.
 */
int voq_test_lat_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_lat_feat feat, enum rio_lat_choice val)
{
	int ret;

	mutex_lock(&rio_voq_lock);
	ret = rio_lat_port_set(n, port, feat, val);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

/**
 * voq_test_staging_set_map() - rio_voq_staging_set_map() with rio_voq_lock held
 * @n: the node
 * @port: the port
 * @map: the queue of each downstream port
 * @count: entries in @map
 *
 * Return: what rio_voq_staging_set_map() returns.
 */
int voq_test_staging_set_map(struct rio_voq_node *n, unsigned int port,
			     const u8 *map, unsigned int count)
{
	int ret;

	mutex_lock(&rio_voq_lock);
	ret = rio_voq_staging_set_map(n, port, map, count);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

/**
 * voq_test_expect_link_up() - both directions of a link as Part 12 wants them
 * @test: the test (expectations)
 * @a: one end's device
 * @pa: its port
 * @b: the other end's device
 * @pb: its port
 *
 * From the registers: both ends generate, each direction's group sizes
 * agree, and rio-sim counted no Part 12 violation at either port.
 */
void voq_test_expect_link_up(struct kunit *test, struct rio_sim_dev *a,
			     unsigned int pa, struct rio_sim_dev *b, unsigned int pb)
{
	struct rio_voq_port x = voq_test_hw(a, pa), y = voq_test_hw(b, pb);

	KUNIT_EXPECT_TRUE(test, x.gen_en);
	KUNIT_EXPECT_TRUE(test, y.gen_en);
	KUNIT_EXPECT_EQ(test, x.tx_pgs, y.rx_pgs);
	KUNIT_EXPECT_EQ(test, y.tx_pgs, x.rx_pgs);
	KUNIT_EXPECT_EQ(test, a->port[pa].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, b->port[pb].voq_violations, 0U);
}

/**
 * voq_test_expect_state() - expect a link's state as rio-voq shows it
 * @test: the test (expectation; assertion if the device has no node)
 * @sm: the mport
 * @dev: the device
 * @port: its port
 * @state: the state expected, as rio_voq_port_link_state() names it
 */
void voq_test_expect_state(struct kunit *test, struct rio_sim_mport *sm,
			   struct rio_sim_dev *dev, unsigned int port,
			   const char *state)
{
	struct rio_voq_node *n = voq_test_node(sm, dev);

	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_STREQ(test, rio_voq_port_link_state(n, port), state);
	mutex_unlock(&rio_voq_lock);
}

/**
 * voq_test_ep_board() - an endpoint board like star:4's
 * @layout: its VoQ block's layout
 * @caps: its ports' capabilities (0: no VoQ block)
 *
 * Return: the board, for rio_sim_dev_replace().
 */
struct rio_sim_dev_desc voq_test_ep_board(enum rio_voq_layout layout, u32 caps)
{
	return (struct rio_sim_dev_desc) {
		.name = "ep-swapped", .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_ENDPOINT, .map = RIO_SIM_MAP_I,
		.voq = caps != 0, .voq_layout = layout, .voq_caps = caps,
	};
}

/**
 * voq_test_replace() - swap a device's board and let the port-writes through
 * @test: the test (assertion if the swap fails)
 * @sm: the mport the port-writes go to
 * @dev: the device
 * @desc: the new board
 */
void voq_test_replace(struct kunit *test, struct rio_sim_mport *sm,
		      struct rio_sim_dev *dev, const struct rio_sim_dev_desc *desc)
{
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(dev, desc), 0);
	rio_sim_mport_pw_flush(sm);
}

/**
 * voq_test_fail_nth() - arm rio-sim's fault injection
 * @fab: the fabric
 * @k: the access from now on that fails (1: the next), 0 for none
 */
void voq_test_fail_nth(struct rio_sim_fabric *fab, unsigned int k)
{
	spin_lock_irq(&fab->lock);
	fab->fail_nth = k;
	fab->fail_seen = 0;
	spin_unlock_irq(&fab->lock);
}

/**
 * voq_test_set_ef_loop() - make a device's extended-feature chain loop
 * @dev: the device
 * @loop: whether its last block leads back to its first
 */
void voq_test_set_ef_loop(struct rio_sim_dev *dev, bool loop)
{
	spin_lock_irq(&dev->fabric->lock);
	dev->ef_loop = loop;
	spin_unlock_irq(&dev->fabric->lock);
}
