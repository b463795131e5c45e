// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq module: follows every RapidIO device (subsys_interface on
 * rio_bus_type) and every mport (class_interface on rio_mport_class),
 * and once a scan of an mport has succeeded (the core's scan notifier),
 * discovers the VoQ block of each device and configures both partners
 * of every link between VoQ-capable ports.
 *
 * Device add callbacks only record the device: during enumeration a new
 * device's link partner and the routes to it are not set up yet, so the
 * maintenance traffic of a scan waits for its end (the notifier's
 * RIO_SCAN_START and RIO_SCAN_DONE delimit it).  A device added outside
 * a scan was added from userspace (rio_mport_cdev): it is discovered
 * when it is added, and gets no link.  A scan that failed or was
 * refused configures nothing.  Only an mport whose net the core
 * enumerated through it to the end owns its fabric and is written to:
 * not one whose enumeration failed or was lost to another host, nor one
 * that discovered, nor one whose net userspace built.
 *
 * Locks, outermost first: the class and bus mutexes (the interfaces'
 * callbacks), the mport's scan_lock (the core holds it around a scan
 * and its notifications, and around rio_mport_cdev's device changes),
 * rio_voq_sysfs_lock (adding and removing sysfs directories, which
 * waits for their readers), then rio_voq_lock (all state, and every
 * maintenance access rio-voq makes).  Sysfs handlers take only
 * rio_voq_lock.
 */

#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/ktime.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#include "voq_core.h"

#define RIO_VOQ_POLL_MAX_MS	60000

/* rio-voq's works: the catch-ups and the poll */
static struct workqueue_struct *rio_voq_wq;

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
	else
		followed = rio_voq_scan_done(info->mport, info->result);
	mutex_unlock(&rio_voq_lock);
	if (!followed)
		return NOTIFY_DONE;
	if (event == RIO_SCAN_START)
		return NOTIFY_OK;
	rio_voq_sysfs_sync();
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

static unsigned int poll_ms;
static bool rio_voq_poll_on;
/* Arming and stopping the poll: the parameter may change during unload */
static DEFINE_MUTEX(rio_voq_poll_lock);

static void rio_voq_poll_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(rio_voq_poll_dw, rio_voq_poll_work);

static int rio_voq_poll_set(const char *val, const struct kernel_param *kp)
{
	unsigned int ms;
	int ret = kstrtouint(val, 0, &ms);

	if (ret || ms > RIO_VOQ_POLL_MAX_MS)
		return -EINVAL;
	mutex_lock(&rio_voq_poll_lock);
	WRITE_ONCE(poll_ms, ms);
	if (rio_voq_poll_on && ms)
		mod_delayed_work(rio_voq_wq, &rio_voq_poll_dw, msecs_to_jiffies(ms));
	mutex_unlock(&rio_voq_poll_lock);
	return 0;
}

static const struct kernel_param_ops rio_voq_poll_ops = {
	.set = rio_voq_poll_set,
	.get = param_get_uint,
};
module_param_cb(poll_ms, &rio_voq_poll_ops, &poll_ms, 0644);
MODULE_PARM_DESC(poll_ms,
		 "read every port's Error and Status CSR this often, for mports without port-writes (ms, 0 = off, the default; at most 60000)");

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

/* Follow the port-writes an mport receives (the core takes its lock) */
static void rio_voq_pw_register(struct rio_mport *mport, struct rio_voq_net *net)
{
	if (rio_add_mport_pw_handler(mport, net, rio_voq_pw))
		dev_warn(&mport->dev, "cannot follow port-writes; set poll_ms to follow port events\n");
}

/*
 * Stop following an mport's port-writes: returns once no handler call
 * for @mport is in progress (the core calls handlers with the mport's
 * lock held, which this takes).  Called without rio_voq_lock.
 */
static void rio_voq_pw_unregister(struct rio_mport *mport,
				  struct rio_voq_net *net)
{
	rio_del_mport_pw_handler(mport, net, rio_voq_pw);
}

/* One pass of the poll */
static void rio_voq_poll_once(void)
{
	mutex_lock(&rio_voq_lock);
	rio_voq_poll_pass();
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_sync();
}

static void rio_voq_poll_work(struct work_struct *work)
{
	unsigned int ms = READ_ONCE(poll_ms);

	if (!ms)
		return;
	rio_voq_poll_once();
	mutex_lock(&rio_voq_poll_lock);
	ms = READ_ONCE(poll_ms);
	if (rio_voq_poll_on && ms)
		queue_delayed_work(rio_voq_wq, &rio_voq_poll_dw, msecs_to_jiffies(ms));
	mutex_unlock(&rio_voq_poll_lock);
}

/* Start the poll if poll_ms asks for it */
static void rio_voq_poll_start(void)
{
	mutex_lock(&rio_voq_poll_lock);
	rio_voq_poll_on = true;
	if (poll_ms)
		mod_delayed_work(rio_voq_wq, &rio_voq_poll_dw, msecs_to_jiffies(poll_ms));
	mutex_unlock(&rio_voq_poll_lock);
}

/*
 * Stop the poll for good (module unload): returns once no pass is
 * running; a later change of poll_ms arms nothing.
 */
static void rio_voq_poll_stop(void)
{
	mutex_lock(&rio_voq_poll_lock);
	rio_voq_poll_on = false;
	mutex_unlock(&rio_voq_poll_lock);
	cancel_delayed_work_sync(&rio_voq_poll_dw);
}

/*
 * A catch-up that waits for an mport's scan_lock: rio-voq came while the
 * lock was held, and whoever holds it (a scan that began before rio-voq
 * was loaded, rio_mport_cdev changing devices, a discovery waiting for
 * its enumerator) may not end with a scan notification.  The work tries
 * the lock and comes back later while it is taken, so that cancelling
 * it (at the mport's removal, under the class mutex) never waits for the
 * holder.  Kept until the mport goes.
 */
struct rio_voq_catch_up {
	struct list_head node;
	struct delayed_work dw;
	struct rio_mport *mport;
	bool done;
};

#define RIO_VOQ_CATCH_UP_RETRY	msecs_to_jiffies(50)

/* Under rio_voq_lock */
static LIST_HEAD(rio_voq_catch_ups);

/*
 * Follow what @mport's net became while rio-voq was not looking:
 * discover and configure what is new, then the port events that
 * waited.  Called with the mport's scan_lock held.
 */
static void rio_voq_catch_up(struct rio_mport *mport)
{
	mutex_lock(&rio_voq_lock);
	rio_voq_caught_up(mport);
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_sync();
}

static void rio_voq_catch_up_work(struct work_struct *work)
{
	struct rio_voq_catch_up *c = container_of(to_delayed_work(work),
						  struct rio_voq_catch_up, dw);

	if (!mutex_trylock(&c->mport->scan_lock)) {
		queue_delayed_work(rio_voq_wq, &c->dw, RIO_VOQ_CATCH_UP_RETRY);
		return;
	}
	rio_voq_catch_up(c->mport);
	mutex_unlock(&c->mport->scan_lock);
	WRITE_ONCE(c->done, true);
}

/* Cancel @mport's catch-up, waiting for a run in progress (not for its lock) */
static void rio_voq_catch_up_cancel(struct rio_mport *mport)
{
	struct rio_voq_catch_up *c, *found = NULL;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry(c, &rio_voq_catch_ups, node) {
		if (c->mport == mport) {
			list_del(&c->node);
			found = c;
			break;
		}
	}
	mutex_unlock(&rio_voq_lock);
	if (found) {
		cancel_delayed_work_sync(&found->dw);
		kfree(found);
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static int rio_voq_add_mport(struct device *dev)
#else
static int rio_voq_add_mport(struct device *dev, struct class_interface *cif)
#endif
{
	struct rio_mport *mport = to_rio_mport(dev);
	struct rio_voq_catch_up *c;
	struct rio_voq_net *net;
	bool idle;

	/* Taken first: an mport rio-voq follows is always caught up */
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->mport = mport;
	INIT_DELAYED_WORK(&c->dw, rio_voq_catch_up_work);

	/*
	 * The mport's own node, probed at once.  If the mport was scanned
	 * before rio-voq was loaded, catch up, under its scan_lock; if the
	 * lock is held, from a work that waits for it (rio-voq does not
	 * wait under the class mutex).  Until then devices added are left
	 * to the catch-up and port events wait, as during a scan, and the
	 * mport owns nothing: the catch-up tells, from its net.
	 */
	idle = mutex_trylock(&mport->scan_lock);
	mutex_lock(&rio_voq_lock);
	net = rio_voq_mport_add(mport);
	if (net && !idle) {
		list_add_tail(&c->node, &rio_voq_catch_ups);
		queue_delayed_work(rio_voq_wq, &c->dw, 0);
		c = NULL;
	}
	mutex_unlock(&rio_voq_lock);
	if (net && idle)
		rio_voq_catch_up(mport);
	if (idle)
		mutex_unlock(&mport->scan_lock);
	kfree(c);
	if (net)
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

	rio_voq_catch_up_cancel(mport);
	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	mutex_unlock(&rio_voq_lock);
	if (!net)
		return;
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

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * rio_voq_test_link() - the link at a port, for tests
 * @mport: the mport
 * @rdev: the device, NULL for the mport's own port
 * @port: the port
 *
 * Return: the link, or NULL.
 */
struct rio_voq_link *rio_voq_test_link(struct rio_mport *mport,
				       struct rio_dev *rdev, unsigned int port)
{
	struct rio_voq_link *l = NULL;
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(mport, rdev);
	if (n && port < n->nports)
		l = n->port[port].link;
	mutex_unlock(&rio_voq_lock);
	return l;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_link);

/**
 * rio_voq_test_configure() - (re)configure one link, writing, for tests
 * @l: the link
 *
 * Return: what rio_voq_link_configure() returns.
 */
int rio_voq_test_configure(struct rio_voq_link *l)
{
	struct rio_voq_policy pol;
	int ret;

	rio_voq_policy_get(&pol);
	mutex_lock(&rio_voq_lock);
	ret = rio_voq_link_configure(l, &pol, true, true);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_configure);

/**
 * rio_voq_test_nodes() - number of nodes rio-voq follows on an mport
 * @mport: the mport
 *
 * Return: the count, the mport's own node included.
 */
unsigned int rio_voq_test_nodes(struct rio_mport *mport)
{
	struct rio_voq_node *n;
	struct rio_voq_net *net;
	unsigned int count = 0;

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	if (net)
		list_for_each_entry(n, &net->nodes, node)
			count++;
	mutex_unlock(&rio_voq_lock);
	return count;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_nodes);
/**
 * rio_voq_test_reload() - leave and follow every device and mport again,
 * as an unload and a load of the module do, for tests
 */
void rio_voq_test_reload(void)
{
	class_interface_unregister(&rio_voq_cif);
	subsys_interface_unregister(&rio_voq_sif);
	WARN_ON(subsys_interface_register(&rio_voq_sif));
	WARN_ON(class_interface_register(&rio_voq_cif));
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_reload);

/**
 * rio_voq_test_catch_up_flush() - run the pending catch-ups now and wait
 * for them, for tests (which neither add nor remove mports meanwhile)
 */
void rio_voq_test_catch_up_flush(void)
{
	struct rio_voq_catch_up *c;

	for (;;) {
		mutex_lock(&rio_voq_lock);
		list_for_each_entry(c, &rio_voq_catch_ups, node)
			if (!READ_ONCE(c->done))
				break;
		mutex_unlock(&rio_voq_lock);
		if (list_entry_is_head(c, &rio_voq_catch_ups, node))
			break;
		flush_delayed_work(&c->dw);
	}
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_catch_up_flush);

/**
 * rio_voq_test_poll() - run one pass of the poll now, for tests
 */
void rio_voq_test_poll(void)
{
	rio_voq_poll_once();
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll);

/**
 * rio_voq_test_poll_ms() - write the poll_ms parameter, for tests
 * @ms: the period; 0 turns the poll off, and waits for a pass in progress
 *
 * Return: 0, or -EINVAL for a period the parameter refuses.
 */
int rio_voq_test_poll_ms(unsigned int ms)
{
	char val[16];
	int ret;

	snprintf(val, sizeof(val), "%u", ms);
	ret = rio_voq_poll_set(val, NULL);
	if (!ret && !ms)
		cancel_delayed_work_sync(&rio_voq_poll_dw);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll_ms);
#endif

static int __init rio_voq_init(void)
{
	int ret;

	/*
	 * Catch-ups wait for scan locks, and a pass of the poll reads every
	 * port of every fabric: not on a system workqueue
	 */
	rio_voq_wq = alloc_workqueue("rio_voq", WQ_UNBOUND, 0);
	if (!rio_voq_wq)
		return -ENOMEM;
	rio_voq_debugfs_init();
	/*
	 * The notifier first, so that no scan is missed; then the devices
	 * that exist (recorded only), then the mports, each caught up under
	 * its scan lock: a scan's end and the catch-up may both see a net,
	 * and discovery is done once per node.
	 */
	ret = rio_register_scan_notifier(&rio_voq_scan_nb);
	if (ret)
		goto err_dbg;
	ret = subsys_interface_register(&rio_voq_sif);
	if (ret)
		goto err_nb;
	ret = class_interface_register(&rio_voq_cif);
	if (ret)
		goto err_sif;
	rio_voq_poll_start();
	return 0;

err_sif:
	subsys_interface_unregister(&rio_voq_sif);	/* frees device nodes */
err_nb:
	rio_unregister_scan_notifier(&rio_voq_scan_nb);
err_dbg:
	rio_voq_debugfs_exit();
	destroy_workqueue(rio_voq_wq);
	return ret;
}

static void __exit rio_voq_exit(void)
{
	/* No poll, no scan reaches rio-voq from here on; then every node goes */
	rio_voq_poll_stop();
	rio_unregister_scan_notifier(&rio_voq_scan_nb);
	class_interface_unregister(&rio_voq_cif);
	subsys_interface_unregister(&rio_voq_sif);
	destroy_workqueue(rio_voq_wq);	/* the mports' removal cancelled each catch-up */
	rio_voq_debugfs_exit();
	rio_voq_choices_free();
}

module_init(rio_voq_init);
module_exit(rio_voq_exit);

MODULE_DESCRIPTION("RapidIO Part 12 VoQ backpressure");
MODULE_LICENSE("GPL");
