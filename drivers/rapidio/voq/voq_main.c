// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq core: follows every RapidIO device (subsys_interface on
 * rio_bus_type) and every mport (class_interface on rio_mport_class),
 * and once a scan of an mport completes (the core's scan notifier),
 * discovers the VoQ block of each device and configures both partners
 * of every link between VoQ-capable ports.
 *
 * Device add callbacks only record the device: during enumeration a new
 * device's link partner and the routes to it are not set up yet, so all
 * maintenance traffic waits for the end of the scan.
 *
 * All state is under rio_voq_lock, and so are all of rio-voq's
 * maintenance accesses.
 */

#include <kunit/visibility.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "voq_core.h"

bool rio_voq_auto_config = true;
EXPORT_SYMBOL_IF_KUNIT(rio_voq_auto_config);
module_param_named(auto_config, rio_voq_auto_config, bool, 0644);
MODULE_PARM_DESC(auto_config,
		 "configure VoQ on every link after each scan (default: on; off: discover and report only)");

static char *symbol_format = "auto";
module_param(symbol_format, charp, 0644);
MODULE_PARM_DESC(symbol_format,
		 "symbol format of rev 3+ links: auto (by baud-rate class), cs48 or cs64");

static char *per_vc = "auto";
module_param(per_vc, charp, 0644);
MODULE_PARM_DESC(per_vc,
		 "per-VC backpressure: auto (where both ends support it) or off");

/* Nodes, links, overrides, sysfs state and every maintenance access */
DEFINE_MUTEX(rio_voq_lock);
static LIST_HEAD(rio_voq_nodes);
static LIST_HEAD(rio_voq_links);
static struct dentry *rio_voq_dbg;

/**
 * rio_voq_fmt_policy() - the symbol_format module parameter
 *
 * Return: the policy; an unknown value counts as auto.
 */
enum rio_voq_fmt_policy rio_voq_fmt_policy(void)
{
	if (sysfs_streq(symbol_format, "cs48"))
		return RIO_VOQ_FMT_FORCE_CS48;
	if (sysfs_streq(symbol_format, "cs64"))
		return RIO_VOQ_FMT_FORCE_CS64;
	return RIO_VOQ_FMT_AUTO;
}

/**
 * rio_voq_per_vc_policy() - the per_vc module parameter
 *
 * Return: false if per-VC backpressure is off by policy.
 */
bool rio_voq_per_vc_policy(void)
{
	return !sysfs_streq(per_vc, "off");
}

/**
 * rio_voq_node_of() - the node of a device or mport
 * @mport: the mport
 * @rdev: the device, NULL for the mport's own configuration space
 *
 * Called with rio_voq_lock held.
 *
 * Return: the node, or NULL if rio-voq does not follow it.
 */
struct rio_voq_node *rio_voq_node_of(struct rio_mport *mport,
				     struct rio_dev *rdev)
{
	struct rio_voq_node *n;

	list_for_each_entry(n, &rio_voq_nodes, node)
		if (n->mport == mport && n->rdev == rdev)
			return n;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_node_of);

static struct rio_voq_node *rio_voq_node_get(struct rio_mport *mport,
					     struct rio_dev *rdev)
{
	struct rio_voq_node *n = rio_voq_node_of(mport, rdev);

	if (n)
		return n;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return NULL;
	n->mport = mport;
	n->rdev = rdev;
	list_add_tail(&n->node, &rio_voq_nodes);
	return n;
}

static void rio_voq_link_del(struct rio_voq_link *l)
{
	l->end[0]->port[l->port[0]].link = NULL;
	l->end[1]->port[l->port[1]].link = NULL;
	list_del(&l->node);
	kfree(l);
}

static void rio_voq_node_del(struct rio_voq_node *n)
{
	unsigned int p;

	for (p = 0; p < n->nports; p++)
		if (n->port[p].link)
			rio_voq_link_del(n->port[p].link);
	for (p = 0; p < n->nports; p++)
		kfree(n->port[p].smap);
	list_del(&n->node);
	kfree(n->port);
	kfree(n);
}

/* The port by which a device was reached from its predecessor */
static unsigned int rio_voq_ingress(struct rio_dev *rdev)
{
	return (rdev->pef & RIO_PEF_SWITCH) ? RIO_GET_PORT_NUM(rdev->swpinfo) : 0;
}

static void rio_voq_link_add(struct rio_voq_node *a, unsigned int pa,
			     struct rio_voq_node *b, unsigned int pb)
{
	struct rio_voq_link *l;

	if (!a || !b || !a->ef || !b->ef || pa >= a->nports || pb >= b->nports)
		return;
	if (a->port[pa].link || b->port[pb].link)
		return;		/* known already (a ring finds it from both ends) */

	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return;
	l->end[0] = a;
	l->port[0] = pa;
	l->end[1] = b;
	l->port[1] = pb;
	a->port[pa].link = l;
	b->port[pb].link = l;
	list_add_tail(&l->node, &rio_voq_links);
}

/* Learn the links of @mport's net from the core's view of it */
static void rio_voq_find_links(struct rio_mport *mport)
{
	struct rio_voq_node *host = rio_voq_node_of(mport, NULL), *n;
	struct rio_dev *rdev, *peer;
	unsigned int p, q, nports;

	list_for_each_entry(rdev, &mport->net->devices, net_list) {
		n = rio_voq_node_of(mport, rdev);
		if (!rdev->prev)	/* reached at hop 0: the mport's partner */
			rio_voq_link_add(host, 0, n, rio_voq_ingress(rdev));
		if (!(rdev->pef & RIO_PEF_SWITCH))
			continue;

		for (p = 0; p < RIO_GET_TOTAL_PORTS(rdev->swpinfo); p++) {
			peer = rdev->rswitch->nextdev[p];
			if (!peer)
				continue;
			if (peer->prev == rdev) {
				q = rio_voq_ingress(peer);
			} else {
				/* A redundant path: the peer points back to us */
				if (!(peer->pef & RIO_PEF_SWITCH))
					continue;
				nports = RIO_GET_TOTAL_PORTS(peer->swpinfo);
				for (q = 0; q < nports; q++)
					if (peer->rswitch->nextdev[q] == rdev)
						break;
				if (q == nports)
					continue;
			}
			rio_voq_link_add(n, p, rio_voq_node_of(mport, peer), q);
		}
	}
}

/*
 * Ports without a VoQ link: generation off, participation on while the
 * port is in use, XOFF while it is unavailable.
 */
static void rio_voq_node_idle_ports(struct rio_voq_node *n)
{
	unsigned int p;
	u32 want;

	for (p = 0; p < n->nports; p++) {
		struct rio_voq_portst *ps = &n->port[p];

		if (ps->link || rio_voq_want_csr(n->layout, ps->csr, NULL, NULL,
						 ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
						 ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
						 &want) || want == ps->csr)
			continue;
		if (rio_voq_csr_write(n, p, want))
			pr_err("rio-voq: %s port %u: cannot set participation/XOFF\n",
			       rio_voq_node_name(n), p);
	}
}

/* Discover what is new on @mport's net and configure its new links */
static void rio_voq_scan(struct rio_mport *mport)
{
	bool write = rio_voq_auto_config && mport->host_deviceid >= 0;
	struct rio_voq_node *n;
	struct rio_voq_link *l;
	struct rio_dev *rdev;
	unsigned int i;
	int ret;

	n = rio_voq_node_get(mport, NULL);
	if (n && !n->probed) {
		if (rio_voq_node_probe(n))
			pr_err("rio-voq: %s: cannot read its own VoQ block\n", mport->name);
		else if (n->ef && rio_voq_sysfs_add(n))
			pr_err("rio-voq: %s: cannot create its voq/ directory\n", mport->name);
	}
	if (!mport->net)
		return;

	list_for_each_entry(rdev, &mport->net->devices, net_list) {
		n = rio_voq_node_get(mport, rdev);
		if (!n || n->probed || n->dead)
			continue;
		ret = rio_voq_node_probe(n);
		if (ret)
			pr_err("rio-voq: %s: discovery failed (%pe), will retry at the next scan\n",
			       rio_name(rdev), ERR_PTR(ret));
		else if (n->ef && rio_voq_sysfs_add(n))
			dev_err(&rdev->dev, "cannot create the voq/ directory\n");
	}

	rio_voq_find_links(mport);
	list_for_each_entry(l, &rio_voq_links, node) {
		if (l->state != RIO_VOQ_LINK_NEW || l->end[0]->mport != mport)
			continue;
		rio_voq_link_configure(l, write);
		/* Both ends send traffic: both stage it */
		for (i = 0; write && i < 2; i++) {
			ret = rio_voq_staging_setup(l->end[i], l->port[i], l->end[!i]);
			if (ret)
				pr_err("rio-voq: %s port %u: staging queues not set up (%pe)\n",
				       rio_voq_node_name(l->end[i]), l->port[i],
				       ERR_PTR(ret));
		}
	}
	if (!write)
		return;
	list_for_each_entry(n, &rio_voq_nodes, node) {
		if (n->mport != mport || !n->ef || n->dead)
			continue;
		rio_voq_node_idle_ports(n);
		/* An admin's earlier choices for this device, once */
		if (!n->overridden) {
			rio_voq_overrides_apply(n);
			n->overridden = true;
		}
	}
}

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
	int ret;

	mutex_lock(&rio_voq_lock);
	ret = rio_voq_link_configure(l, true);
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
	unsigned int count = 0;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry(n, &rio_voq_nodes, node)
		count += n->mport == mport;
	mutex_unlock(&rio_voq_lock);
	return count;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_nodes);
#endif

static int rio_voq_scan_done(struct notifier_block *nb, unsigned long event,
			     void *data)
{
	if (event != RIO_SCAN_DONE)
		return NOTIFY_DONE;
	mutex_lock(&rio_voq_lock);
	rio_voq_scan(data);
	mutex_unlock(&rio_voq_lock);
	return NOTIFY_OK;
}

static struct notifier_block rio_voq_scan_nb = {
	.notifier_call = rio_voq_scan_done,
};

static int rio_voq_add_dev(struct device *dev, struct subsys_interface *sif)
{
	struct rio_dev *rdev = to_rio_dev(dev);

	mutex_lock(&rio_voq_lock);
	rio_voq_node_get(rdev->net->hport, rdev);
	mutex_unlock(&rio_voq_lock);
	return 0;
}

/*
 * Mark the node dead, remove its sysfs files without the lock (removal
 * waits for reads and writes in progress, which take the lock and then
 * see the node is dead), then free it.
 */
static void rio_voq_node_remove(struct rio_voq_node *n)
{
	rio_voq_sysfs_del(n);
	mutex_lock(&rio_voq_lock);
	rio_voq_node_del(n);
	mutex_unlock(&rio_voq_lock);
}

static void rio_voq_remove_dev(struct device *dev, struct subsys_interface *sif)
{
	struct rio_dev *rdev = to_rio_dev(dev);
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(rdev->net->hport, rdev);
	if (n)
		n->dead = true;
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

static int rio_voq_add_mport(struct device *dev, struct class_interface *cif)
{
	struct rio_mport *mport = to_rio_mport(dev);

	/* An mport scanned before we were loaded: catch up now */
	mutex_lock(&rio_voq_lock);
	rio_voq_scan(mport);
	mutex_unlock(&rio_voq_lock);
	return 0;
}

static void rio_voq_remove_mport(struct device *dev, struct class_interface *cif)
{
	struct rio_mport *mport = to_rio_mport(dev);
	struct rio_voq_node *n;

	for (;;) {
		mutex_lock(&rio_voq_lock);
		list_for_each_entry(n, &rio_voq_nodes, node)
			if (n->mport == mport && !n->dead)
				break;
		if (list_entry_is_head(n, &rio_voq_nodes, node))
			n = NULL;
		else
			n->dead = true;
		mutex_unlock(&rio_voq_lock);
		if (!n)
			return;
		rio_voq_node_remove(n);
	}
}

static struct class_interface rio_voq_cif = {
	.class = &rio_mport_class,
	.add_dev = rio_voq_add_mport,
	.remove_dev = rio_voq_remove_mport,
};

static const char * const rio_voq_fmt_name[] = {
	[RIO_VOQ_FMT_REV2] = "rev2",
	[RIO_VOQ_FMT_CS48] = "cs48",
	[RIO_VOQ_FMT_CS64] = "cs64",
};

static const char * const rio_voq_state_name[] = {
	[RIO_VOQ_LINK_NEW] = "new",
	[RIO_VOQ_LINK_CONFIGURED] = "configured",
	[RIO_VOQ_LINK_REPORTED] = "reported",
	[RIO_VOQ_LINK_FAILED] = "failed",
};

static void rio_voq_show_dir(struct seq_file *m, const struct rio_voq_link *l,
			     unsigned int i)
{
	const struct rio_voq_dir *d = &l->dir[i];

	seq_printf(m, "  %s.%u -> %s.%u: ", rio_voq_node_name(l->end[i]), l->port[i],
		   rio_voq_node_name(l->end[!i]), l->port[!i]);
	if (d->gen)
		seq_printf(m, "generation on, group size %u%s", d->pgs,
			   d->vc ? ", per-VC" : "");
	else
		seq_printf(m, "generation off (%s)", d->why ?: "n/a");
	if (d->uncovered && d->uncovered < l->end[i]->nports)
		seq_printf(m, ", ports %u-%u not reported", d->uncovered,
			   l->end[i]->nports - 1);
	seq_puts(m, "\n");
}

static int rio_voq_links_show(struct seq_file *m, void *v)
{
	struct rio_voq_link *l;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry(l, &rio_voq_links, node) {
		seq_printf(m, "%s.%u <-> %s.%u %s %s%s%s\n",
			   rio_voq_node_name(l->end[0]), l->port[0],
			   rio_voq_node_name(l->end[1]), l->port[1],
			   rio_voq_fmt_name[l->fmt], rio_voq_state_name[l->state],
			   l->reason[0] ? ": " : "", l->reason);
		rio_voq_show_dir(m, l, 0);
		rio_voq_show_dir(m, l, 1);
	}
	mutex_unlock(&rio_voq_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_links);

static int rio_voq_counters_show(struct seq_file *m, void *v)
{
	mutex_lock(&rio_voq_lock);
	seq_printf(m, "reads %llu\nwrites %llu\nfailed %llu\n", rio_voq_count.reads,
		   rio_voq_count.writes, rio_voq_count.failed);
	mutex_unlock(&rio_voq_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_counters);

/*
 * Symbols a full status refresh takes, per port count, format and group
 * size: the bandwidth the group-size choice trades against coverage.
 * "*" marks a size whose symbols cannot describe all the ports.
 */
static int rio_voq_refresh_cost_show(struct seq_file *m, void *v)
{
	static const unsigned int nports[] = {
		8, 16, 24, 32, 48, 64, 96, 128, 144, 192, 255, 256,
	};
	static const enum rio_voq_fmt fmts[] = { RIO_VOQ_FMT_CS48, RIO_VOQ_FMT_CS64 };
	unsigned int i, f, g;

	seq_puts(m, "ports |         CS48 group size 0..6          |         CS64 group size 0..6          | rev2\n");
	for (i = 0; i < ARRAY_SIZE(nports); i++) {
		seq_printf(m, "%5u |", nports[i]);
		for (f = 0; f < ARRAY_SIZE(fmts); f++) {
			for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
				seq_printf(m, " %3u%c",
					   rio_voq_refresh_symbols(fmts[f], g, nports[i]),
					   rio_voq_ports_covered(fmts[f], g) < nports[i] ?
					   '*' : ' ');
			seq_puts(m, " |");
		}
		seq_printf(m, " %3u%c\n",
			   rio_voq_refresh_symbols(RIO_VOQ_FMT_REV2, 0, nports[i]),
			   rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0) < nports[i] ? '*' : ' ');
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_refresh_cost);

static int __init rio_voq_init(void)
{
	int ret;

	rio_voq_dbg = debugfs_create_dir("rio-voq", NULL);
	debugfs_create_file("links", 0444, rio_voq_dbg, NULL, &rio_voq_links_fops);
	debugfs_create_file("counters", 0444, rio_voq_dbg, NULL,
			    &rio_voq_counters_fops);
	debugfs_create_file("refresh_cost", 0444, rio_voq_dbg, NULL,
			    &rio_voq_refresh_cost_fops);

	ret = rio_register_scan_notifier(&rio_voq_scan_nb);
	if (ret)
		goto err_dbg;
	ret = subsys_interface_register(&rio_voq_sif);
	if (ret)
		goto err_nb;
	ret = class_interface_register(&rio_voq_cif);
	if (ret)
		goto err_sif;
	return 0;

err_sif:
	subsys_interface_unregister(&rio_voq_sif);
err_nb:
	rio_unregister_scan_notifier(&rio_voq_scan_nb);
err_dbg:
	debugfs_remove_recursive(rio_voq_dbg);
	return ret;
}

static void __exit rio_voq_exit(void)
{
	class_interface_unregister(&rio_voq_cif);
	subsys_interface_unregister(&rio_voq_sif);
	rio_unregister_scan_notifier(&rio_voq_scan_nb);
	debugfs_remove_recursive(rio_voq_dbg);
	rio_voq_overrides_free();
}

module_init(rio_voq_init);
module_exit(rio_voq_exit);

MODULE_DESCRIPTION("RapidIO Part 12 VoQ backpressure");
MODULE_LICENSE("GPL");
