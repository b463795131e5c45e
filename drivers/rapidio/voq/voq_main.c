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

static bool auto_config = true;
module_param(auto_config, bool, 0644);
MODULE_PARM_DESC(auto_config,
		 "configure VoQ on every link after each scan (default: on; off: discover and report only)");

static const char * const rio_voq_per_vc_names[] = { "off", "auto" };

/* An enum module parameter: one of a table of names, anything else refused */
struct rio_voq_enum_param {
	int val;
	const char * const *names;
	unsigned int count;
};

static int rio_voq_enum_set(const char *buf, const struct kernel_param *kp)
{
	struct rio_voq_enum_param *p = kp->arg;
	int i = __sysfs_match_string(p->names, p->count, buf);

	if (i < 0)
		return -EINVAL;
	WRITE_ONCE(p->val, i);
	return 0;
}

static int rio_voq_enum_get(char *buf, const struct kernel_param *kp)
{
	const struct rio_voq_enum_param *p = kp->arg;

	return sysfs_emit(buf, "%s\n", p->names[READ_ONCE(p->val)]);
}

static const struct kernel_param_ops rio_voq_enum_ops = {
	.set = rio_voq_enum_set,
	.get = rio_voq_enum_get,
};

static struct rio_voq_enum_param symbol_format = {
	.val = RIO_VOQ_PREF_AUTO,
	.names = rio_voq_pref_names,
	.count = ARRAY_SIZE(rio_voq_pref_names),
};
module_param_cb(symbol_format, &rio_voq_enum_ops, &symbol_format, 0644);
MODULE_PARM_DESC(symbol_format,
		 "symbol format of rev 3+ links of baud-rate class 1 or unknown: auto (cs48), cs48 or cs64; class 2 links run cs48, class 3 cs64");

static struct rio_voq_enum_param per_vc = {
	.val = 1,
	.names = rio_voq_per_vc_names,
	.count = ARRAY_SIZE(rio_voq_per_vc_names),
};
module_param_cb(per_vc, &rio_voq_enum_ops, &per_vc, 0644);
MODULE_PARM_DESC(per_vc,
		 "per-VC backpressure: auto (where both ends support it) or off");

/* All state, and every maintenance access */
DEFINE_MUTEX(rio_voq_lock);
EXPORT_SYMBOL_IF_KUNIT(rio_voq_lock);
/* Adding and removing sysfs directories; outside rio_voq_lock */
static DEFINE_MUTEX(rio_voq_sysfs_lock);

/**
 * rio_voq_policy_get() - the module's policy, as the parameters say now
 * @pol: filled in
 */
void rio_voq_policy_get(struct rio_voq_policy *pol)
{
	pol->auto_config = READ_ONCE(auto_config);
	pol->fmt = READ_ONCE(symbol_format.val);
	pol->per_vc = READ_ONCE(per_vc.val);
}

/* Probe a node, give it its remembered choices; log a failure once */
static void rio_voq_node_discover(struct rio_voq_node *n)
{
	int ret = rio_voq_node_probe(n);

	if (ret) {
		rio_voq_err(n, "discovery failed (%pe), will retry at the next scan\n",
			    ERR_PTR(ret));
		return;
	}
	rio_voq_choices_load(n);
}

/*
 * Does @mport own its fabric: the core enumerated its net through it to
 * the end (rio_net.enumerated).  A discovery, an enumeration that
 * failed or was lost to another host (the core keeps its net and the
 * devices it registered), a net built from userspace (rio_mport_cdev)
 * and an mport not scanned yet own nothing.  Called with the mport's
 * scan_lock held, under which the core makes and removes its net.
 */
static bool rio_voq_mport_owns(struct rio_mport *mport)
{
	struct rio_net *net = mport->net;

	return net && net->hport == mport && net->enumerated;
}

/*
 * Discover what is new on @mport's net and configure its new links and
 * the ports of new nodes that have none (not those of a device a fabric
 * manager added: rio_voq_node_auto()).  @scanned: after a successful
 * scan (else rio-voq catches up with a net scanned before it was
 * loaded).  Called with rio_voq_lock held, while the mport's scan_lock
 * is held (by the scanning task or on its behalf).
 */
static void rio_voq_sync(struct rio_mport *mport, bool scanned)
{
	struct rio_voq_node *host = rio_voq_node_of(mport, NULL), *n;
	struct rio_voq_policy pol;
	struct rio_voq_link *l;
	unsigned int p, ndevs = 0;
	bool write;

	lockdep_assert_held(&rio_voq_lock);
	if (!host || host->dead)
		return;		/* not followed (yet, or any more) */
	rio_voq_policy_get(&pol);
	write = pol.auto_config && host->owner;

	list_for_each_entry(n, &rio_voq_nodes, node)
		ndevs += n->mport == mport && n->rdev && !n->dead;
	list_for_each_entry(n, &rio_voq_nodes, node) {
		if (n->mport != mport || n->dead || n->probed)
			continue;
		if (n->rdev)
			rio_voq_place(n, scanned && n->from_scan, ndevs);
		rio_voq_node_discover(n);
	}

	rio_voq_find_links(mport);
	list_for_each_entry(l, &rio_voq_links, node) {
		if (l->state != RIO_VOQ_LINK_NEW || l->end[0]->mport != mport)
			continue;
		/*
		 * A host that does not own the fabric reads both ends again:
		 * its own port was read when its mport registered, before the
		 * enumerating host configured it.
		 */
		rio_voq_link_configure(l, &pol, write, !host->owner);
		rio_voq_staging_follow_link(l, write);
	}

	list_for_each_entry(n, &rio_voq_nodes, node) {
		if (n->mport != mport || n->dead || !n->ef || n->configured)
			continue;
		n->configured = true;
		for (p = 0; write && rio_voq_node_auto(n) && p < n->nports; p++)
			if (!n->port[p].link)
				rio_voq_port_configure(n, p, false);
	}
}

/**
 * rio_voq_sysfs_sync() - make the sysfs directories follow the nodes
 *
 * Every node that has a VoQ block gets its voq/ directory, and a node
 * whose device was replaced gets its directories made again for its
 * new block (or loses them with it).  A node cannot be freed while
 * rio_voq_sysfs_lock is held; sysfs directories are made and removed
 * without rio_voq_lock, which their handlers take.  The walk goes on
 * after the node it did last, which stays in the list unless it died
 * meanwhile (then it starts over): one pass over the nodes, not a pass
 * per node.  Called without rio_voq_lock.
 */
void rio_voq_sysfs_sync(void)
{
	struct rio_voq_node *n = NULL;
	bool stale, has;

	mutex_lock(&rio_voq_sysfs_lock);
	for (;;) {
		mutex_lock(&rio_voq_lock);
		if (!n || n->dead)
			n = list_first_entry(&rio_voq_nodes, struct rio_voq_node, node);
		else
			n = list_next_entry(n, node);
		list_for_each_entry_from(n, &rio_voq_nodes, node)
			if (!n->dead && !n->sysfs_failed &&
			    (n->sysfs_stale || (n->ef && !n->kdir)))
				break;
		if (list_entry_is_head(n, &rio_voq_nodes, node))
			n = NULL;
		stale = n && n->sysfs_stale;
		has = n && n->ef;
		if (n)
			n->sysfs_stale = false;
		mutex_unlock(&rio_voq_lock);
		if (!n)
			break;
		if (stale)
			rio_voq_sysfs_del(n);
		if (has && rio_voq_sysfs_add(n)) {
			rio_voq_err(n, "cannot create the voq/ directory, will retry at the next scan\n");
			n->sysfs_failed = true;
		}
	}
	/* Those that failed are tried again next time */
	mutex_lock(&rio_voq_lock);
	list_for_each_entry(n, &rio_voq_nodes, node)
		n->sysfs_failed = false;
	mutex_unlock(&rio_voq_lock);
	mutex_unlock(&rio_voq_sysfs_lock);
}

/* Remove a node taken out with rio_voq_node_unlink() */
static void rio_voq_node_remove(struct rio_voq_node *n)
{
	mutex_lock(&rio_voq_sysfs_lock);
	rio_voq_sysfs_del(n);	/* waits for the handlers in progress */
	mutex_unlock(&rio_voq_sysfs_lock);
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

/*
 * What a scan's end (or a catch-up, which stands for one) leaves: the
 * mport's nodes are no longer new from a scan, and the port events that
 * waited are followed.  Called with rio_voq_lock held.
 */
static void rio_voq_scan_over(struct rio_mport *mport)
{
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(n, &rio_voq_nodes, node)
		if (n->mport == mport)
			n->from_scan = false;
	rio_voq_events_replay(mport);
}

static int rio_voq_scan_event(struct notifier_block *nb, unsigned long event,
			      void *data)
{
	struct rio_scan_info *info = data;
	struct rio_voq_node *host, *n;
	u64 t0 = ktime_get_ns();

	mutex_lock(&rio_voq_lock);
	host = rio_voq_node_of(info->mport, NULL);
	if (!host || host->dead) {
		mutex_unlock(&rio_voq_lock);
		return NOTIFY_DONE;
	}
	if (event == RIO_SCAN_START) {
		host->scanning = true;
		mutex_unlock(&rio_voq_lock);
		return NOTIFY_OK;
	}
	host->scanning = false;
	/*
	 * Whatever the result: a scan the core refused leaves the net as it
	 * was, a lost enumeration leaves a net this host does not own
	 */
	host->owner = rio_voq_mport_owns(info->mport);
	if (!info->result) {
		rio_voq_sync(info->mport, true);
	} else {
		rio_voq_dbg(host, "scan ended with %d: nothing to configure\n",
			    info->result);
		/* What a failed scan registered: exposed, left alone */
		list_for_each_entry(n, &rio_voq_nodes, node)
			if (n->mport == info->mport && !n->probed && !n->dead)
				rio_voq_node_discover(n);
	}
	rio_voq_scan_over(info->mport);
	mutex_unlock(&rio_voq_lock);
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
	struct rio_mport *mport = rdev->net->hport;
	struct rio_voq_node *host, *n;
	u64 t0 = ktime_get_ns();
	bool user = false;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_find_or_add(mport, rdev);
	host = rio_voq_node_of(mport, NULL);
	if (n && host && host->scanning) {
		n->from_scan = true;	/* the scan's end discovers it */
		rio_voq_count.scan_ns += ktime_get_ns() - t0;
	} else if (n && host && !n->probed) {
		/*
		 * Added from userspace (rio_mport_cdev holds the scan_lock):
		 * no place in the topology, no link; the first one may have
		 * made the mport's net
		 */
		host->owner = rio_voq_mport_owns(mport);
		rio_voq_node_discover(n);
		user = true;
	}
	mutex_unlock(&rio_voq_lock);
	if (user)
		rio_voq_sysfs_sync();
	return 0;
}

static void rio_voq_remove_dev(struct device *dev, struct subsys_interface *sif)
{
	struct rio_dev *rdev = to_rio_dev(dev);
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_kill(rdev->net->hport, rdev);
	mutex_unlock(&rio_voq_lock);
	if (n)
		rio_voq_node_remove(n);
}

static struct subsys_interface rio_voq_sif = {
	.name = "rio_voq",
	.subsys = &rio_bus_type,
	.add_dev = rio_voq_add_dev,
	.remove_dev = rio_voq_remove_dev,
};

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
/* rio-voq's works: the catch-ups and the poll */
struct workqueue_struct *rio_voq_wq;

/*
 * Follow what @mport's net became while rio-voq was not looking:
 * discover and configure what is new, then the port events that
 * waited.  Called with the mport's scan_lock held.
 */
static void rio_voq_catch_up(struct rio_mport *mport)
{
	struct rio_voq_node *host;

	mutex_lock(&rio_voq_lock);
	host = rio_voq_node_of(mport, NULL);
	if (host && !host->dead) {
		host->scanning = false;
		host->owner = rio_voq_mport_owns(mport);
		if (mport->net)
			rio_voq_sync(mport, false);
		rio_voq_scan_over(mport);
	}
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
	struct rio_voq_node *host;
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
	host = rio_voq_node_find_or_add(mport, NULL);
	if (host && !host->probed) {
		host->scanning = true;
		rio_voq_node_discover(host);
	}
	if (host && !idle) {
		list_add_tail(&c->node, &rio_voq_catch_ups);
		queue_delayed_work(rio_voq_wq, &c->dw, 0);
		c = NULL;
	}
	mutex_unlock(&rio_voq_lock);
	if (host && idle)
		rio_voq_catch_up(mport);
	if (idle)
		mutex_unlock(&mport->scan_lock);
	kfree(c);
	if (host)
		rio_voq_pw_register(mport);
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
	LIST_HEAD(gone);

	rio_voq_catch_up_cancel(mport);
	/* Returns once no port-write handler runs for the mport */
	rio_voq_pw_unregister(mport);
	mutex_lock(&rio_voq_lock);
	list_for_each_entry_safe(n, tmp, &rio_voq_nodes, node) {
		if (n->mport != mport || !rio_voq_node_kill(mport, n->rdev))
			continue;
		list_add_tail(&n->node, &gone);
	}
	mutex_unlock(&rio_voq_lock);
	list_for_each_entry_safe(n, tmp, &gone, node) {
		list_del(&n->node);
		rio_voq_node_remove(n);
	}
}

static struct class_interface rio_voq_cif = {
	.class = &rio_mport_class,
	.add_dev = rio_voq_add_mport,
	.remove_dev = rio_voq_remove_mport,
};

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

#if IS_ENABLED(CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST)
#include "tests/voq_main.c"
#endif
