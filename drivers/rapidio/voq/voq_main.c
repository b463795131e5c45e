// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq module, the top tier: every way into rio-voq starts here.  It
 * follows every RapidIO device (subsys_interface on rio_bus_type) and
 * every mport (class_interface on rio_mport_class), and once a scan of
 * an mport has succeeded (the core's scan notifier), discovers the VoQ
 * block of each device and configures both partners of every link
 * between VoQ-capable ports; port-writes and the poll follow the links
 * afterwards.  Each entry point takes rio_voq_lock, calls one operation
 * of voq_events.c, drops the lock and makes sysfs follow.
 *
 * Device add callbacks only record the device: during enumeration a new
 * device's link partner and the routes to it are not set up yet, so the
 * maintenance traffic of a scan waits for its end (the notifier's
 * RIO_SCAN_START and RIO_SCAN_DONE delimit it).  A device added outside
 * a scan was added from userspace (rio_mport_cdev): it is discovered
 * when it is added, and gets no link.  A scan that failed or was
 * refused configures nothing.  Only an mport whose net the core
 * enumerated through it to the end owns its fabric and is written to
 * (the core says so in rio_scan_info.owner): not one whose enumeration
 * failed or was lost to another host, nor one that discovered, nor one
 * whose net userspace built.  What rio-voq missed before it was loaded
 * the core replays when its notifier is registered.
 *
 * Locks, outermost first (see voq_core.h): the mport's scan_lock (the
 * core holds it around its scan notifications and around device adds
 * and removals, so around the bus interface's callbacks; rio-voq never
 * takes it), the bus and class mutexes (the interfaces' callbacks),
 * the mport's lock (port-writes), rio_voq_sysfs_lock (adding and
 * removing sysfs directories, which waits for their readers), then
 * rio_voq_lock (all state, and every maintenance access rio-voq makes).
 * Sysfs handlers take only rio_voq_lock.
 */

#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/ktime.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#include "voq_core.h"

/* Remove a node taken out with rio_voq_node_unlink() */
static void rio_voq_node_remove(struct rio_voq_node *n)
{
	rio_voq_sysfs_remove(n);	/* waits for the handlers in progress */
	rio_voq_node_free(n);
}

/* Mark a node dead and take it out, unless that is done already */
static struct rio_voq_node *rio_voq_node_kill(struct rio_mport *mport,
					      struct rio_dev *rdev)
{
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	n = rio_voq_node_of(mport, rdev);
	if (!n || n->dead)
		return NULL;
	n->dead = true;
	rio_voq_node_unlink(n);
	return n;
}

/* Count the time from @t0 as rio-voq's share of a scan */
static void rio_voq_scan_time(u64 t0)
{
	mutex_lock(&rio_voq_lock);
	rio_voq_count.scan_ns += ktime_get_ns() - t0;
	mutex_unlock(&rio_voq_lock);
}

static int rio_voq_scan_event(struct notifier_block *nb, unsigned long event,
			      void *data)
{
	struct rio_scan_info *info = data;
	u64 t0 = ktime_get_ns();
	bool followed;

	mutex_lock(&rio_voq_lock);
	if (event == RIO_SCAN_START)
		followed = rio_voq_scan_start(info->mport);
	else if (info->replay)
		followed = rio_voq_caught_up(info->mport, info->result,
					     info->owner);
	else
		followed = rio_voq_scan_done(info->mport, info->result,
					     info->owner);
	mutex_unlock(&rio_voq_lock);
	if (!followed)
		return NOTIFY_DONE;
	if (event == RIO_SCAN_START)
		return NOTIFY_OK;
	rio_voq_sysfs_sync();
	if (!info->replay)	/* not a scan's end: a load's */
		rio_voq_scan_time(t0);
	return NOTIFY_OK;
}

static struct notifier_block rio_voq_scan_nb = {
	.notifier_call = rio_voq_scan_event,
};

static int rio_voq_add_dev(struct device *dev, struct subsys_interface *sif)
{
	struct rio_dev *rdev = to_rio_dev(dev);
	u64 t0 = ktime_get_ns();
	bool added;

	mutex_lock(&rio_voq_lock);
	added = rio_voq_dev_add(rdev->net->hport, rdev, t0);
	mutex_unlock(&rio_voq_lock);
	if (added)
		rio_voq_sysfs_sync();
	return 0;
}

static void rio_voq_remove_dev(struct device *dev, struct subsys_interface *sif)
{
	struct rio_dev *rdev = to_rio_dev(dev);
	struct rio_voq_net *net = NULL;
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_kill(rdev->net->hport, rdev);
	/* A fabric whose mport rio-voq never followed goes with its last device */
	if (n && !n->net->host && list_empty(&n->net->nodes)) {
		net = n->net;
		rio_voq_net_unlink(net);
	}
	mutex_unlock(&rio_voq_lock);
	if (n)
		rio_voq_node_remove(n);
	if (net)
		rio_voq_net_free(net);
}

static struct subsys_interface rio_voq_sif = {
	.name = "rio_voq",
	.subsys = &rio_bus_type,
	.add_dev = rio_voq_add_dev,
	.remove_dev = rio_voq_remove_dev,
};

/*
 * A port-write reached @mport, whose fabric is @context (the handler is
 * registered while the fabric exists).  The handler runs in the mport's
 * port-write context with the mport's lock held (see
 * rio_inb_pwrite_handler()); it takes rio_voq_lock, which is never held
 * while the mport's lock is taken.
 */
static int rio_voq_pw(struct rio_mport *mport, void *context,
		      union rio_pw_msg *msg, int step)
{
	struct rio_voq_net *net = context;

	mutex_lock(&rio_voq_lock);
	rio_voq_pw_event(net, msg);
	mutex_unlock(&rio_voq_lock);
	/* A replaced device's voq/ follows its new block */
	rio_voq_sysfs_sync();
	return 0;
}

/*
 * Follow the port-writes an mport receives (the core takes its lock),
 * with a reference of its port-write reception of rio-voq's own, as
 * rio_mport_cdev takes one per range: rio-scan takes one only after an
 * enumeration, and a node that discovers, or a net userspace builds,
 * has no other.
 */
static void rio_voq_pw_register(struct rio_mport *mport, struct rio_voq_net *net)
{
	if (rio_add_mport_pw_handler(mport, net, rio_voq_pw)) {
		dev_warn(&mport->dev, "cannot follow port-writes; set voq/poll_ms to follow port events\n");
		return;
	}
	rio_pw_enable(mport, 1);
}

/*
 * Stop following an mport's port-writes, and give back the reference of
 * its reception: returns once no handler call for @mport is in progress
 * (the core calls handlers with the mport's lock held, which this
 * takes).  Called without rio_voq_lock.
 */
static void rio_voq_pw_unregister(struct rio_mport *mport,
				  struct rio_voq_net *net)
{
	if (!rio_del_mport_pw_handler(mport, net, rio_voq_pw))
		rio_pw_enable(mport, 0);
}

/* Passes of the fabrics' polls, for the tests */
static unsigned long rio_voq_poll_passes;

/*
 * A fabric's poll: one pass over its ports, the next one armed.  The
 * fabric is there while its work may run: its removal stops the poll
 * and waits for a pass in progress (rio_voq_poll_stop()).
 */
static void rio_voq_poll_work(struct work_struct *work)
{
	struct rio_voq_net *net = container_of(to_delayed_work(work),
					       struct rio_voq_net, poll);

	mutex_lock(&rio_voq_lock);
	if (net->polling && net->pol.poll_ms) {
		WRITE_ONCE(rio_voq_poll_passes, rio_voq_poll_passes + 1);
		rio_voq_poll_pass(net);
		rio_voq_poll_arm(net);
	}
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_sync();
}

/* Set up a fabric's poll, armed once its period is set.  Under rio_voq_lock. */
static void rio_voq_poll_setup(struct rio_voq_net *net)
{
	lockdep_assert_held(&rio_voq_lock);
	if (net->polling)
		return;
	INIT_DELAYED_WORK(&net->poll, rio_voq_poll_work);
	net->polling = true;
	rio_voq_poll_arm(net);
}

/*
 * Stop a fabric's poll for good: returns once no pass runs, and none is
 * armed; a later period arms nothing.  Called without rio_voq_lock.
 */
static void rio_voq_poll_stop(struct rio_voq_net *net)
{
	bool was;

	mutex_lock(&rio_voq_lock);
	was = net->polling;
	net->polling = false;
	mutex_unlock(&rio_voq_lock);
	if (was)
		cancel_delayed_work_sync(&net->poll);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static int rio_voq_add_mport(struct device *dev)
#else
static int rio_voq_add_mport(struct device *dev, struct class_interface *cif)
#endif
{
	struct rio_mport *mport = to_rio_mport(dev);
	struct rio_voq_net *net;

	/*
	 * The mport's own node, probed at once.  While rio-voq loads, the
	 * core tells it afterwards what became of the mport's scans
	 * (rio_voq_follow()); until then devices added are left to that,
	 * and port events wait, as during a scan.
	 */
	mutex_lock(&rio_voq_lock);
	net = rio_voq_mport_add(mport);
	if (net)
		rio_voq_poll_setup(net);
	mutex_unlock(&rio_voq_lock);
	if (!net)
		return 0;
	rio_voq_sysfs_sync();
	rio_voq_pw_register(mport, net);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static void rio_voq_remove_mport(struct device *dev)
#else
static void rio_voq_remove_mport(struct device *dev, struct class_interface *cif)
#endif
{
	struct rio_mport *mport = to_rio_mport(dev);
	struct rio_voq_node *n, *tmp;
	struct rio_voq_net *net;
	LIST_HEAD(gone);

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	mutex_unlock(&rio_voq_lock);
	if (!net)
		return;
	/* Returns once no pass of the fabric's poll runs, nor any is armed */
	rio_voq_poll_stop(net);
	/* Returns once no port-write handler runs for the mport */
	rio_voq_pw_unregister(mport, net);
	mutex_lock(&rio_voq_lock);
	list_for_each_entry_safe(n, tmp, &net->nodes, node) {
		n->dead = true;
		rio_voq_node_unlink(n);
		list_add_tail(&n->node, &gone);
	}
	rio_voq_net_unlink(net);
	mutex_unlock(&rio_voq_lock);
	list_for_each_entry_safe(n, tmp, &gone, node) {
		list_del(&n->node);
		rio_voq_node_remove(n);
	}
	rio_voq_net_free(net);
}

static struct class_interface rio_voq_cif = {
	.class = &rio_mport_class,
	.add_dev = rio_voq_add_mport,
	.remove_dev = rio_voq_remove_mport,
};

/*
 * Follow every device and mport, then be told by the core what became
 * of the mports' scans: the devices that exist are recorded (their
 * fabrics made), the mports' own nodes probed, and each mport waits,
 * as during a scan, until the scan notifier's registration replays, under
 * the mport's scan_lock, the end of the scan that made its net
 * (rio_voq_caught_up()): rio-voq never takes the core's scan_lock
 * itself.  A scan that ends meanwhile is told too; discovery is done
 * once per node.
 */
static int rio_voq_follow(void)
{
	int ret;

	mutex_lock(&rio_voq_lock);
	rio_voq_replay_begin();
	mutex_unlock(&rio_voq_lock);
	ret = subsys_interface_register(&rio_voq_sif);
	if (ret)
		return ret;
	ret = class_interface_register(&rio_voq_cif);
	if (ret)
		goto err_sif;
	ret = rio_register_scan_notifier(&rio_voq_scan_nb);
	if (ret)
		goto err_cif;
	mutex_lock(&rio_voq_lock);
	rio_voq_replay_end();
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_sync();
	return 0;

err_cif:
	class_interface_unregister(&rio_voq_cif);
err_sif:
	subsys_interface_unregister(&rio_voq_sif);	/* frees device nodes */
	return ret;
}

/* Leave every mport and device: no scan reaches rio-voq from here on */
static void rio_voq_leave(void)
{
	rio_unregister_scan_notifier(&rio_voq_scan_nb);
	class_interface_unregister(&rio_voq_cif);
	subsys_interface_unregister(&rio_voq_sif);
}

static int __init rio_voq_init(void)
{
	int ret;

	/* A pass of a poll reads every port of a fabric: not on a system workqueue */
	rio_voq_wq = alloc_workqueue("rio_voq", WQ_UNBOUND, 0);
	if (!rio_voq_wq)
		return -ENOMEM;
	rio_voq_debugfs_init();
	rio_voq_sysfs_init(&rio_voq_net_attr_group);
	ret = rio_voq_follow();
	if (ret) {
		rio_voq_debugfs_exit();
		destroy_workqueue(rio_voq_wq);
		rio_voq_sysfs_exit();
		return ret;
	}
	return 0;
}

static void __exit rio_voq_exit(void)
{
	/* No scan reaches rio-voq from here on; then every fabric goes, its poll first */
	rio_voq_leave();
	destroy_workqueue(rio_voq_wq);
	rio_voq_debugfs_exit();
	rio_voq_choices_free();
	rio_voq_sysfs_exit();	/* the last directory's release has run */
}

module_init(rio_voq_init);
module_exit(rio_voq_exit);

#if IS_ENABLED(CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST)
#include "tests/voq_main.c"
#endif
