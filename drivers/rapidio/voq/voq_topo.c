// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq topology: the nodes rio-voq follows (one per RapidIO device,
 * one per mport for its own port) and the links between their ports,
 * taken from the core's view of the net.
 *
 * The nodes mirror the devices registered on the bus (added by the
 * subsys_interface's add_dev, removed by its remove_dev before the core
 * frees the device), so rio-voq walks its own list, never the net's
 * device list, which the core changes under its own lock.  The core's
 * links (rdev->prev, nextdev[]) are read under rio_voq_lock: a device
 * they point to cannot be freed meanwhile, since its removal waits for
 * rio_voq_lock in remove_dev, and the core clears the links to a device
 * before it removes it.
 *
 * Only devices whose place the core knows have links: those the
 * enumerator or discovery found.  Devices added from userspace through
 * rio_mport_cdev have no predecessor and no route table; rio-voq
 * discovers and exposes them, and leaves them to the admin.
 */

#include <kunit/visibility.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "voq_core.h"

/* The fabrics rio-voq follows, one per mport, under rio_voq_lock */
static LIST_HEAD(rio_voq_nets);

/* Port-writes name their device by the unique device ID of its tag */
static unsigned long rio_voq_tag(const struct rio_dev *rdev)
{
	return rdev->comp_tag & RIO_CTAG_UDEVID;
}

/**
 * rio_voq_net_of() - the fabric rio-voq follows through an mport
 * @mport: the mport
 *
 * Called with rio_voq_lock held.
 *
 * Return: the fabric, or NULL if rio-voq does not follow @mport.
 */
struct rio_voq_net *rio_voq_net_of(struct rio_mport *mport)
{
	struct rio_voq_net *net;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(net, &rio_voq_nets, node)
		if (net->mport == mport)
			return net;
	return NULL;
}

/**
 * rio_voq_net_find_or_add() - the fabric of an mport, made if new
 * @mport: the mport
 *
 * A fabric is made by the first of its mport's add_dev and its devices'
 * (the bus interface may see a device before the class interface sees
 * its mport), and freed by rio_voq_net_free().  Called with rio_voq_lock
 * held.
 *
 * Return: the fabric, or NULL if it cannot be allocated.
 */
struct rio_voq_net *rio_voq_net_find_or_add(struct rio_mport *mport)
{
	struct rio_voq_net *net;

	lockdep_assert_held(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	if (net)
		return net;
	net = kzalloc(sizeof(*net), GFP_KERNEL);
	if (!net)
		return NULL;
	net->mport = mport;
	rio_voq_policy_default(&net->pol);
	INIT_LIST_HEAD(&net->nodes);
	INIT_LIST_HEAD(&net->links);
	hash_init(net->devs);
	xa_init(&net->tags);
	list_add_tail(&net->node, &rio_voq_nets);
	return net;
}

/**
 * rio_voq_net_unlink() - take a fabric out of the list of fabrics
 * @net: the fabric, whose nodes are all taken out (rio_voq_node_unlink())
 *
 * Called with rio_voq_lock held; free it with rio_voq_net_free() once
 * its nodes are freed.
 */
void rio_voq_net_unlink(struct rio_voq_net *net)
{
	lockdep_assert_held(&rio_voq_lock);
	list_del_init(&net->node);
}

/**
 * rio_voq_net_free() - free a fabric taken out with rio_voq_net_unlink()
 * @net: the fabric
 */
void rio_voq_net_free(struct rio_voq_net *net)
{
	xa_destroy(&net->tags);
	kfree(net);
}

/**
 * rio_voq_net_first() - the first fabric rio-voq follows
 *
 * With rio_voq_net_next(), a walk over the fabrics that may drop
 * rio_voq_lock between two of them.  Called with rio_voq_lock held.
 *
 * Return: the fabric, or NULL if there is none.
 */
struct rio_voq_net *rio_voq_net_first(void)
{
	lockdep_assert_held(&rio_voq_lock);
	return list_first_entry_or_null(&rio_voq_nets, struct rio_voq_net, node);
}

/**
 * rio_voq_net_next() - the fabric after another
 * @net: a fabric still in the list
 *
 * Called with rio_voq_lock held.
 *
 * Return: the next fabric, or NULL after the last.
 */
struct rio_voq_net *rio_voq_net_next(struct rio_voq_net *net)
{
	lockdep_assert_held(&rio_voq_lock);
	return list_is_last(&net->node, &rio_voq_nets) ? NULL :
	       list_next_entry(net, node);
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
	struct rio_voq_net *net = rio_voq_net_of(mport);

	return net ? rio_voq_net_node(net, rdev) : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_node_of);

/**
 * rio_voq_net_node() - the node of a device of a fabric
 * @net: the fabric
 * @rdev: the device, NULL for the mport's own configuration space
 *
 * Called with rio_voq_lock held.
 *
 * Return: the node, or NULL if rio-voq does not follow it.
 */
struct rio_voq_node *rio_voq_net_node(struct rio_voq_net *net,
				      struct rio_dev *rdev)
{
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	if (!rdev)
		return net->host;
	hash_for_each_possible(net->devs, n, hnode, (unsigned long)rdev)
		if (n->rdev == rdev)
			return n;
	return NULL;
}

/**
 * rio_voq_net_tagged() - the device a port-write names
 * @net: the fabric the port-write came from
 * @tag: the unique device ID of the component tag it carries
 *
 * The first of the fabric's devices that has the tag, as the core's
 * own port-write lookup finds it; one lookup in the fabric's map.
 * Called with rio_voq_lock held.
 *
 * Return: the node, or NULL if rio-voq follows no such device.
 */
struct rio_voq_node *rio_voq_net_tagged(struct rio_voq_net *net, u32 tag)
{
	lockdep_assert_held(&rio_voq_lock);
	return xa_load(&net->tags, tag);
}

/*
 * @gone, the tag map's entry for its tag, leaves @net: the tag goes to
 * the first other node of @net that has it, stored over @gone's entry,
 * or is erased if none has it.  Storing over an entry allocates nothing
 * (as a store to an index xa_reserve() kept), so it does not fail; were
 * it to, the entry is erased rather than left to a freed node, and the
 * device that has the tag gets no port-writes.
 */
static void rio_voq_tag_pass(struct rio_voq_net *net,
			     struct rio_voq_node *gone)
{
	unsigned long tag = rio_voq_tag(gone->rdev);
	struct rio_voq_node *n, *next = NULL;

	list_for_each_entry(n, &net->nodes, node) {
		if (n->rdev && !n->dead && rio_voq_tag(n->rdev) == tag) {
			next = n;
			break;
		}
	}
	if (!next) {
		xa_erase(&net->tags, tag);
	} else if (xa_is_err(xa_store(&net->tags, tag, next, GFP_KERNEL))) {
		xa_erase(&net->tags, tag);
		dev_warn_once(rio_voq_node_dev(next),
			      "no port-writes for component tag %#lx\n", tag);
	}
}

/**
 * rio_voq_node_find_or_add() - the node of a device or mport, made if new
 * @mport: the mport
 * @rdev: the device, NULL for the mport's own configuration space
 *
 * The fabric of @mport is made too if it is new.  Called with
 * rio_voq_lock held.
 *
 * Return: the node, or NULL if it cannot be allocated.
 */
struct rio_voq_node *rio_voq_node_find_or_add(struct rio_mport *mport,
					      struct rio_dev *rdev)
{
	struct rio_voq_net *net;
	struct rio_voq_node *n;
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	net = rio_voq_net_find_or_add(mport);
	if (!net)
		return NULL;
	n = rio_voq_net_node(net, rdev);
	if (n)
		return n;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return NULL;
	n->net = net;
	n->mport = mport;
	n->rdev = rdev;
	if (rdev) {
		/* A tag taken already stays its first device's */
		ret = xa_insert(&net->tags, rio_voq_tag(rdev), n, GFP_KERNEL);
		if (ret && ret != -EBUSY) {
			kfree(n);
			return NULL;
		}
		hash_add(net->devs, &n->hnode, (unsigned long)rdev);
	} else {
		net->host = n;
	}
	list_add_tail(&n->node, &net->nodes);
	return n;
}

/*
 * A link goes, and the staging queues of its ends with it: each end
 * staged the traffic it sent by the other's ports, which are no longer
 * its partner's (an end keeps its configuration otherwise)
 */
static void rio_voq_link_del(struct rio_voq_link *l)
{
	struct rio_voq_port_state *ps;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		ps = &l->end[i]->port[l->port[i]];
		ps->link = NULL;
		kfree(ps->smap);
		ps->smap = NULL;
		ps->nsmap = 0;
		ps->nqueues = 0;
	}
	list_del(&l->node);
	kfree(l);
}

/**
 * rio_voq_node_unlink() - take a node out of everything that finds it
 * @n: the node, marked dead
 *
 * Its links go (their other ends keep their configuration, but for the
 * staging queues they had toward it), and it leaves the list and the
 * hash of its fabric, and the tag map.  Called with rio_voq_lock held; the
 * node's sysfs files may still be open: free it with
 * rio_voq_node_free() once they are removed.
 */
void rio_voq_node_unlink(struct rio_voq_node *n)
{
	unsigned int p;

	lockdep_assert_held(&rio_voq_lock);
	for (p = 0; p < n->nports; p++)
		if (n->port[p].link)
			rio_voq_link_del(n->port[p].link);
	list_del_init(&n->node);
	if (!n->rdev) {
		n->net->host = NULL;
		return;
	}
	hash_del(&n->hnode);
	if (xa_load(&n->net->tags, rio_voq_tag(n->rdev)) == n)
		rio_voq_tag_pass(n->net, n);
}

/**
 * rio_voq_node_free() - free a node taken out with rio_voq_node_unlink()
 * @n: the node, without sysfs files
 */
void rio_voq_node_free(struct rio_voq_node *n)
{
	unsigned int p;

	for (p = 0; p < n->nports; p++)
		kfree(n->port[p].smap);
	kfree(n->port);
	kfree(n);
}

/**
 * rio_voq_place() - decide whether the core knows where a device is
 * @n: the node of a device, not probed yet
 * @from_scan: the device registered during a successful scan of its mport
 * @ndevs: devices of the mport's net that rio-voq follows
 *
 * The enumerator and discovery give every device they find a
 * predecessor but the one at hop 0; devices added from userspace
 * (rio_mport_cdev) have none and no route table.  A device of a scan is
 * placed, and the root if it has no predecessor.  For a device rio-voq
 * did not see being added (it was loaded later), the core's traces
 * decide: a predecessor; or a switch with a route table at hop count 0;
 * or the only device of the net, an endpoint (hop count 0xff, the
 * core's "not a switch").  Called with rio_voq_lock held.
 */
void rio_voq_place(struct rio_voq_node *n, bool from_scan, unsigned int ndevs)
{
	const struct rio_dev *rdev = n->rdev;
	bool prev = READ_ONCE(rdev->prev);

	lockdep_assert_held(&rio_voq_lock);
	if (from_scan)
		n->placed = true;
	else if (rdev->pef & RIO_PEF_SWITCH)
		n->placed = prev || (rdev->hopcount == 0 && rdev->rswitch->route_table);
	else
		n->placed = prev || (rdev->hopcount == 0xff && ndevs == 1);
	n->root = n->placed && !prev;
}

/**
 * rio_voq_node_auto() - does rio-voq set up a node's ports by itself
 * @n: the node
 *
 * The mport's own node and the devices the core placed are set up at
 * scans, catch-ups, port events and the poll.  A device a fabric manager
 * added through rio_mport_cdev has no place in the topology: rio-voq
 * follows and shows its ports, and writes to them only for an admin.
 *
 * Return: true for the mport's own node or a placed device.
 */
bool rio_voq_node_auto(const struct rio_voq_node *n)
{
	return !n->rdev || n->placed;
}

/* The port by which a device was reached from its predecessor */
static unsigned int rio_voq_ingress(const struct rio_dev *rdev)
{
	return (rdev->pef & RIO_PEF_SWITCH) ? RIO_GET_PORT_NUM(rdev->swpinfo) : 0;
}

static bool rio_voq_port_free(const struct rio_voq_node *n, unsigned int p)
{
	return n && n->ef && p < n->nports && !n->port[p].link;
}

static void rio_voq_link_add(struct rio_voq_node *a, unsigned int pa,
			     struct rio_voq_node *b, unsigned int pb)
{
	struct rio_voq_link *l;

	if (!rio_voq_port_free(a, pa) || !rio_voq_port_free(b, pb))
		return;		/* known already (a ring finds it from both ends) */
	if (a == b && pa == pb) {
		rio_voq_notice(a, "port %u: looped back to itself, not configured\n",
			       pa);
		return;
	}

	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return;
	l->end[0] = a;
	l->port[0] = pa;
	l->end[1] = b;
	l->port[1] = pb;
	a->port[pa].link = l;
	b->port[pb].link = l;
	list_add_tail(&l->node, &a->net->links);
}

static struct rio_dev *rio_voq_next(const struct rio_dev *sw, unsigned int p)
{
	return READ_ONCE(sw->rswitch->nextdev[p]);
}

/* The ports of @sw that lead to @to, and the first of them with no link */
static unsigned int rio_voq_ports_to(struct rio_voq_node *sw, struct rio_dev *to,
				     unsigned int *first_free)
{
	unsigned int p, count = 0, nports = RIO_GET_TOTAL_PORTS(sw->rdev->swpinfo);

	*first_free = nports;
	for (p = 0; p < nports; p++) {
		if (rio_voq_next(sw->rdev, p) != to || !rio_voq_port_free(sw, p))
			continue;
		if (!count++)
			*first_free = p;
	}
	return count;
}

/*
 * The port of switch @s by which the enumerator reached @to: the first
 * (in the order it walks them) that leads to it.  Return: that port, or
 * @s's port count if none does.
 */
static unsigned int rio_voq_tree_port(const struct rio_voq_node *s,
				      const struct rio_dev *to)
{
	unsigned int p, nports = RIO_GET_TOTAL_PORTS(s->rdev->swpinfo);

	for (p = 0; p < nports; p++)
		if (rio_voq_next(s->rdev, p) == to)
			break;
	return p;
}

/*
 * The link by which the enumerator reached @t from switch @s: the port
 * rio_voq_tree_port() names, and @t's ingress port.
 */
static void rio_voq_tree_link(struct rio_voq_node *s, struct rio_voq_node *t)
{
	unsigned int p = rio_voq_tree_port(s, t->rdev);

	if (p < RIO_GET_TOTAL_PORTS(s->rdev->swpinfo))
		rio_voq_link_add(s, p, t, rio_voq_ingress(t->rdev));
}

/*
 * The other links between two switches: a redundant path found from
 * both ends (a ring), or parallel links.  The core records only which
 * device a port leads to, so a pair is known when each switch has one
 * unlinked port left toward the other; more are ambiguous.
 */
static void rio_voq_cross_links(struct rio_voq_node *s, struct rio_voq_node *t)
{
	unsigned int ps, pt, ns, nt;

	if (!(t->rdev->pef & RIO_PEF_SWITCH))
		return;
	ns = rio_voq_ports_to(s, t->rdev, &ps);
	nt = rio_voq_ports_to(t, s->rdev, &pt);
	if (ns == 1 && nt == 1)
		rio_voq_link_add(s, ps, t, pt);
	else if (ns && nt && s < t)
		rio_voq_notice(s, "with %s: %u and %u ports lead to each other, which pairs are linked is unknown: not configured\n",
			       rio_voq_node_name(t), ns, nt);
}

/**
 * rio_voq_find_links() - learn the links of a fabric
 * @net: the fabric, whose devices are probed
 *
 * From the core's view: the root (the device reached at hop 0) is linked
 * to the mport's port, each other placed device to the switch port its
 * predecessor reached it by, and the switches' other ports that lead to
 * a known device (rings, parallel links) where the pairing is certain.
 * Called with rio_voq_lock held; links known already are kept.
 */
void rio_voq_find_links(struct rio_voq_net *net)
{
	struct rio_voq_node *n, *t;
	struct rio_dev *prev, *peer;
	unsigned int p, nports;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(n, &net->nodes, node) {
		if (!n->rdev || !n->placed || n->dead)
			continue;
		if (n->root) {
			rio_voq_link_add(net->host, 0, n, rio_voq_ingress(n->rdev));
			continue;
		}
		prev = READ_ONCE(n->rdev->prev);
		if (!prev)
			continue;	/* its predecessor was deleted */
		t = rio_voq_net_node(net, prev);
		if (t && t->placed && (prev->pef & RIO_PEF_SWITCH))
			rio_voq_tree_link(t, n);
	}

	list_for_each_entry(n, &net->nodes, node) {
		if (!n->rdev || !n->placed || n->dead ||
		    !(n->rdev->pef & RIO_PEF_SWITCH))
			continue;
		nports = RIO_GET_TOTAL_PORTS(n->rdev->swpinfo);
		for (p = 0; p < nports; p++) {
			peer = rio_voq_next(n->rdev, p);
			if (!peer || !rio_voq_port_free(n, p))
				continue;
			if (peer == n->rdev) {
				rio_voq_link_add(n, p, n, p);	/* says why not */
				continue;
			}
			t = rio_voq_net_node(net, peer);
			if (t && t->placed && !t->dead)
				rio_voq_cross_links(n, t);
		}
	}
}

/**
 * rio_voq_port_peer() - the node at the other end of a port
 * @n: a placed node (or the mport's own)
 * @port: its port
 *
 * From the core's view, whether or not both ends have a VoQ block: the
 * mport's port leads to the root; a switch port to the device the core
 * reached by it; the port a device was reached by to its predecessor
 * (the mport's node for the root).  Called with rio_voq_lock held.
 *
 * Return: the node, or NULL if the core knows of none.
 */
struct rio_voq_node *rio_voq_port_peer(struct rio_voq_node *n, unsigned int port)
{
	struct rio_voq_node *t;
	struct rio_dev *prev;

	lockdep_assert_held(&rio_voq_lock);
	if (!n->rdev) {
		list_for_each_entry(t, &n->net->nodes, node)
			if (t->rdev && t->root && !t->dead)
				return port ? NULL : t;
		return NULL;
	}
	if (!n->placed)
		return NULL;
	if ((n->rdev->pef & RIO_PEF_SWITCH) && port != rio_voq_ingress(n->rdev)) {
		if (port >= RIO_GET_TOTAL_PORTS(n->rdev->swpinfo))
			return NULL;	/* beyond what the core knows */
		prev = rio_voq_next(n->rdev, port);
		return prev ? rio_voq_net_node(n->net, prev) : NULL;
	}
	if (port != rio_voq_ingress(n->rdev))
		return NULL;
	if (n->root)
		return n->net->host;
	prev = READ_ONCE(n->rdev->prev);
	return prev ? rio_voq_net_node(n->net, prev) : NULL;
}

/* Longest route: a maintenance packet's hop count is 8 bits */
#define RIO_VOQ_MAX_HOPS	255

/*
 * The node the core reached @n by (the mport's node for the root), or
 * NULL if the core does not say.  Called with rio_voq_lock held.
 */
static struct rio_voq_node *rio_voq_parent(struct rio_voq_node *n)
{
	lockdep_assert_held(&rio_voq_lock);
	return n->rdev ? rio_voq_port_peer(n, rio_voq_ingress(n->rdev)) : NULL;
}

/**
 * rio_voq_port_child() - the end of a port's cable further from the host
 * @n: a node (or the mport's own)
 * @port: its port
 *
 * The core routes along the tree it built while enumerating, so a cable
 * it reached a device by carries the traffic of that device and of every
 * device it reached through it, port-writes included, and no other.
 * That cable is, at the device, the port it was reached by, and at its
 * predecessor the first port that leads to it (rio_voq_tree_port()); a
 * ring's closing cable or a parallel one leads to a device too, but is
 * not routed over.
 *
 * Return: @n if @port is the port the core reached @n by; the device the
 * core reached through @port; or NULL for a cable it does not route over
 * or does not know.
 */
struct rio_voq_node *rio_voq_port_child(struct rio_voq_node *n, unsigned int port)
{
	struct rio_voq_node *c;

	lockdep_assert_held(&rio_voq_lock);
	if (n->rdev && port == rio_voq_ingress(n->rdev))
		return n;
	c = rio_voq_port_peer(n, port);
	if (!c || !c->rdev || rio_voq_parent(c) != n)
		return NULL;
	if (!n->rdev)
		return port ? NULL : c;
	/* Not a parallel cable to it */
	return rio_voq_tree_port(n, c->rdev) == port ? c : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_child);

/**
 * rio_voq_behind() - is a device in the part of the tree under another
 * @n: the device
 * @top: a device of the same mport
 *
 * Walks up the tree the core built from @n.  A walk that does not end at
 * the mport (a device the core did not place, or a chain longer than
 * any route) answers true, so that a caller that reads what is behind
 * @top reads too much rather than too little.  Called with rio_voq_lock
 * held.
 *
 * Return: true if @n is @top or the core reached @n through @top.
 */
bool rio_voq_behind(struct rio_voq_node *n, struct rio_voq_node *top)
{
	unsigned int hops;

	lockdep_assert_held(&rio_voq_lock);
	for (hops = 0; n && hops <= RIO_VOQ_MAX_HOPS; hops++) {
		if (n == top)
			return true;
		if (!n->rdev)
			return false;	/* the mport: @top was not on the way */
		n = rio_voq_parent(n);
	}
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_behind);

/**
 * rio_voq_node_cut_off() - is a device cut off from the host by a link down
 * @n: the device's node
 * @except: a link whose being down does not count, or NULL
 *
 * Walks up the tree the core built from @n: a cable on the way whose
 * upper end's port, as last read, has no PORT_OK carries no maintenance
 * request to @n (on hardware each would be a timeout), as
 * rio_voq_link_unreachable() says of one link.  Ports rio-voq keeps no
 * status for (a device without a VoQ block or an LP-Serial block) count
 * as up.  The mport's own port sends no port-write, so its status is read
 * again (a local access; one that fails counts as down) rather than taken
 * as last read, whether or not the mport has a VoQ block, and also when
 * @except is the host's own link: rio-voq cannot tell that link is down
 * otherwise.  Called with rio_voq_lock held.
 *
 * Return: true if such a cable, other than @except's, is on @n's way.
 */
bool rio_voq_node_cut_off(struct rio_voq_node *n, const struct rio_voq_link *except)
{
	struct rio_voq_node *p;
	unsigned int hops, port;
	u32 off, sts;

	lockdep_assert_held(&rio_voq_lock);
	for (hops = 0; n && n->rdev && hops <= RIO_VOQ_MAX_HOPS; hops++, n = p) {
		p = rio_voq_parent(n);
		if (!p)
			break;
		port = p->rdev ? rio_voq_tree_port(p, n->rdev) : 0;
		off = rio_voq_phys_reg(p, port, RIO_PORT_N_ERR_STS_CSR(0, 0));
		if (!off)
			continue;	/* no status of that port */
		if (!p->rdev) {
			/*
			 * The mport's port, with or without a VoQ block, and
			 * also when it ends @except: no port-write follows it
			 */
			if (rio_voq_read(p, off, &sts) ||
			    !(sts & RIO_PORT_N_ERR_STS_PORT_OK))
				return true;
			continue;
		}
		if (port >= p->nports)
			continue;	/* no status kept for that port */
		if (except && ((except->end[0] == p && except->port[0] == port) ||
			       (except->end[1] == p && except->port[1] == port)))
			continue;
		if (!(p->port[port].err_sts & RIO_PORT_N_ERR_STS_PORT_OK))
			return true;
	}
	return false;
}

/**
 * rio_voq_node_replace() - give a node what its device is now made of
 * @n: the node, whose device was swapped for another board
 * @fresh: the device probed again (rio_voq_node_reprobe()); its ports
 *	pass to @n, and @n's old ones are freed
 *
 * The node's links go (their other ends keep their configuration until
 * the caller plans them, but for the staging queues they had toward it),
 * and the admin's choices of the ports the new block still has stay.
 * The caller then gives it the remembered choices of a block that comes
 * back (rio_voq_choices_load()) and finds its links again from the
 * core's view (rio_voq_find_links()): those with a VoQ block at both
 * ends come back as new links.  Called with rio_voq_lock held.
 */
void rio_voq_node_replace(struct rio_voq_node *n, struct rio_voq_node *fresh)
{
	unsigned int p;

	lockdep_assert_held(&rio_voq_lock);
	for (p = 0; p < n->nports; p++) {
		if (n->port[p].link)
			rio_voq_link_del(n->port[p].link);
		if (p < fresh->nports)
			fresh->port[p].choice = n->port[p].choice;
		kfree(n->port[p].smap);
	}
	kfree(n->port);
	n->port = fresh->port;
	n->nports = fresh->nports;
	n->ef = fresh->ef;
	n->layout = fresh->layout;
	n->phys = fresh->phys;
	n->rmap = fresh->rmap;
	n->em = fresh->em;
	n->vid = fresh->vid;
	n->did = fresh->did;
	n->dev_nports = fresh->dev_nports;
	fresh->port = NULL;
	n->sysfs_stale = true;
}

/**
 * rio_voq_node_writable() - may rio-voq write to this node
 * @n: the node
 *
 * Only the host that enumerated the fabric owns it; a discovering node
 * only reads and reports.  Called with rio_voq_lock held.
 *
 * Return: true if the node's mport enumerated its fabric (or, before any
 * scan, is configured to).
 */
bool rio_voq_node_writable(const struct rio_voq_node *n)
{
	lockdep_assert_held(&rio_voq_lock);
	return n->net->owner;
}
