// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq staging queues: the registry of per-vendor staging ops, the
 * generic default used without them, and next-hop entries taken from the
 * core's route tables.
 *
 * For a link A.port -> B, A stages the traffic it sends by B's egress
 * port: the reverse map gives, for each of B's ports, the queue of A's
 * port that holds traffic for it, and the next hop of destination d is
 * B's route for d.  The generic default keeps the map in the kernel and
 * gives each queue a contiguous block of downstream ports: queue =
 * port * queues / ports.  Co-mingling follows (Part 12 4.3 e): a queue
 * stops while any port of its block is congested.
 */

#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/printk.h>
#include <linux/rio.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "voq_core.h"

static LIST_HEAD(rio_voq_staging_list);

/**
 * rio_voq_staging_register() - register a switch's staging ops
 * @ops: the ops, with @ops->vid and @ops->did set; they must stay valid
 *	until unregistered
 *
 * Links configured from now on use them for devices of that vendor and
 * device ID.
 *
 * Return: 0, or -EBUSY if ops for that vendor and device are registered.
 */
int rio_voq_staging_register(struct rio_voq_staging_ops *ops)
{
	struct rio_voq_staging_ops *o;
	int ret = 0;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry(o, &rio_voq_staging_list, node)
		if (o->vid == ops->vid && o->did == ops->did)
			ret = -EBUSY;
	if (!ret)
		list_add_tail(&ops->node, &rio_voq_staging_list);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(rio_voq_staging_register);

/**
 * rio_voq_staging_unregister() - remove a switch's staging ops
 * @ops: ops given to rio_voq_staging_register()
 */
void rio_voq_staging_unregister(struct rio_voq_staging_ops *ops)
{
	mutex_lock(&rio_voq_lock);
	list_del(&ops->node);
	mutex_unlock(&rio_voq_lock);
}
EXPORT_SYMBOL_GPL(rio_voq_staging_unregister);

/*
 * The ops of a node's device, by the identity rio-voq read: after a swap
 * the core's rio_dev still has the old board's
 */
static const struct rio_voq_staging_ops *rio_voq_staging_find(const struct rio_voq_node *n)
{
	struct rio_voq_staging_ops *o;

	if (!n->rdev)
		return NULL;
	list_for_each_entry(o, &rio_voq_staging_list, node)
		if (o->vid == n->vid && o->did == n->did)
			return o;
	return NULL;
}

/**
 * rio_voq_staging_contiguous() - the generic default's reverse map
 * @ndown: ports of the downstream device
 * @nqueues: staging queues of the upstream port
 * @map: @ndown entries: @map[d] = queue of downstream port d
 *
 * Each queue takes a contiguous block of downstream ports (queue =
 * d * nqueues / ndown): with as many queues as ports, one each.
 */
void rio_voq_staging_contiguous(unsigned int ndown, unsigned int nqueues, u8 *map)
{
	unsigned int d;

	for (d = 0; d < ndown; d++)
		map[d] = nqueues ? d * nqueues / ndown : 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_staging_contiguous);

/**
 * rio_voq_next_hop() - the egress port a device routes a destination to
 * @next: the next device on the path
 * @destid: the destination ID
 *
 * Taken from the core's copy of @next's route table.
 *
 * Return: the egress port of @next for @destid; -ENOENT if @next is not a
 * switch, has no route table (a switch added from userspace) or no route
 * for it; -EINVAL if @destid is beyond the table.
 */
int rio_voq_next_hop(struct rio_dev *next, u16 destid)
{
	u8 egress;

	/* A switch added from userspace (rio_mport_cdev) has no route table */
	if (!next || !(next->pef & RIO_PEF_SWITCH) || !next->rswitch->route_table)
		return -ENOENT;
	if (destid >= RIO_MAX_ROUTE_ENTRIES(next->net->hport->sys_size))
		return -EINVAL;
	egress = next->rswitch->route_table[destid];
	return egress == RIO_INVALID_ROUTE ? -ENOENT : egress;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_next_hop);

/*
 * Program a reverse map through a vendor's set_map and, where the ops can
 * read it (get_map), read it back into @back and compare.  *@have: @back
 * holds the device's map as read.  Return: 0, the error of an op, or
 * -EIO if the map read back is not the one written (a map that did not
 * stick: no access failed).
 */
static int rio_voq_staging_program(const struct rio_voq_staging_ops *ops,
				   struct rio_dev *rdev, unsigned int port,
				   const u8 *map, u8 *back, unsigned int count,
				   bool *have)
{
	int ret = ops->set_map(rdev, port, map, count);

	*have = false;
	if (ret || !ops->get_map)
		return ret;
	ret = ops->get_map(rdev, port, back, count);
	if (ret)
		return ret;
	*have = true;
	return memcmp(back, map, count) ? -EIO : 0;
}

/*
 * A port's staging queues: the ops' count, or the generic default's
 * without them.  Return: the count, -EINVAL for one out of range (a
 * map entry is a u8), or the error of the op.
 */
static int rio_voq_staging_nqueues(const struct rio_voq_staging_ops *ops,
				   struct rio_voq_node *n, unsigned int port)
{
	int ret;

	if (!ops || !ops->nqueues)
		return RIO_VOQ_STAGING_QUEUES;
	ret = ops->nqueues(n->rdev, port);
	if (ret <= 0 || ret > RIO_VOQ_STAGING_MAX_QUEUES)
		return ret < 0 ? ret : -EINVAL;
	return ret;
}

/*
 * A map the ops read: every entry must name a queue the port has (a
 * switch that answers with all-ones, or garbage, shows no map)
 */
static int rio_voq_staging_check(const u8 *map, unsigned int count,
				 unsigned int nqueues)
{
	unsigned int d;

	for (d = 0; d < count; d++)
		if (map[d] >= nqueues)
			return -EIO;
	return 0;
}

/**
 * rio_voq_staging_setup() - set up the staging queues of a link end
 * @n: the upstream end
 * @port: its port
 * @far: the downstream end
 *
 * With staging ops: their number of queues; the default map programmed
 * through set_map and read back where the ops can (a map that does not
 * stick is a failure), or, on a device whose map is fixed, read with
 * get_map; next hops programmed through set_next_hop for every device of
 * the net the downstream switch routes.  Without: the generic default.
 * Called with rio_voq_lock held, by the enumerating host only.
 *
 * Return: 0, the error of an op, -EINVAL for a queue count out of
 * range, or -EIO if the map read back differs from the one written or
 * names a queue the port does not have (the port then keeps no map).
 */
static int rio_voq_staging_setup(struct rio_voq_node *n, unsigned int port,
				 struct rio_voq_node *far)
{
	const struct rio_voq_staging_ops *ops = rio_voq_staging_find(n);
	struct rio_voq_port_state *ps = &n->port[port];
	unsigned int nq;
	struct rio_voq_node *d;
	u8 *map, *back = NULL;
	int ret = 0, hop;
	bool have;

	lockdep_assert_held(&rio_voq_lock);
	/* What fails leaves the port with no map, not the one it had */
	kfree(ps->smap);
	ps->smap = NULL;
	ret = rio_voq_staging_nqueues(ops, n, port);
	if (ret < 0)
		return ret;
	nq = ret;
	ret = 0;
	map = kcalloc(far->nports, sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	rio_voq_staging_contiguous(far->nports, nq, map);

	if (ops && ops->set_map) {
		back = kcalloc(far->nports, sizeof(*back), GFP_KERNEL);
		ret = back ? rio_voq_staging_program(ops, n->rdev, port, map, back,
						     far->nports, &have) : -ENOMEM;
		kfree(back);
	} else if (ops && ops->get_map) {
		ret = ops->get_map(n->rdev, port, map, far->nports) ?:
		      rio_voq_staging_check(map, far->nports, nq);
	}
	/*
	 * The devices come from rio-voq's own list of the fabric's nodes
	 * (under rio_voq_lock), not the net's, which the core changes under
	 * its own lock.
	 */
	if (!ret && ops && ops->set_next_hop && far->rdev) {
		list_for_each_entry(d, &far->net->nodes, node) {
			if (!d->rdev || d->dead)
				continue;
			hop = rio_voq_next_hop(far->rdev, d->rdev->destid);
			if (hop >= 0)
				ret = ops->set_next_hop(n->rdev, port, d->rdev->destid, hop);
			if (ret)
				break;
		}
	}
	if (ret) {
		kfree(map);
		return ret;
	}

	ps->smap = map;
	ps->nsmap = far->nports;
	ps->nqueues = nq;
	return 0;
}

/**
 * rio_voq_staging_setup_link() - set up the staging queues of both ends
 * @l: a link just configured
 *
 * Both ends send traffic, so both stage it: each end's queues are set
 * up toward the other with rio_voq_staging_setup().  An end that fails
 * is logged in one line and keeps no map; the link's VoQ configuration
 * stands.  Called with rio_voq_lock held, by the enumerating host only.
 */
static void rio_voq_staging_setup_link(struct rio_voq_link *l)
{
	unsigned int i;
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	for (i = 0; i < 2; i++) {
		ret = rio_voq_staging_setup(l->end[i], l->port[i], l->end[!i]);
		if (ret)
			rio_voq_err(l->end[i], "port %u: staging queues not set up (%pe)\n",
				    l->port[i], ERR_PTR(ret));
	}
}

/*
 * What a host that only discovered the fabric knows of a port's staging
 * queues toward @far, read and never written: with ops, their number of
 * queues and the map through get_map, or no map where the ops can only
 * write it (the host that wrote it knows it); without ops, the generic
 * default, which is nothing the hardware holds.  Return: 0 or the error
 * of an op, -EINVAL for a queue count out of range, -EIO for a map
 * naming a queue the port does not have (the port then keeps no map).
 */
static int rio_voq_staging_read(struct rio_voq_node *n, unsigned int port,
				struct rio_voq_node *far)
{
	const struct rio_voq_staging_ops *ops = rio_voq_staging_find(n);
	struct rio_voq_port_state *ps = &n->port[port];
	unsigned int nq;
	int ret = 0;
	u8 *map;

	lockdep_assert_held(&rio_voq_lock);
	kfree(ps->smap);
	ps->smap = NULL;
	if (ops && ops->set_map && !ops->get_map)
		return 0;
	ret = rio_voq_staging_nqueues(ops, n, port);
	if (ret < 0)
		return ret;
	nq = ret;
	ret = 0;
	map = kcalloc(far->nports, sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	if (ops && ops->get_map)
		ret = ops->get_map(n->rdev, port, map, far->nports) ?:
		      rio_voq_staging_check(map, far->nports, nq);
	else
		rio_voq_staging_contiguous(far->nports, nq, map);
	if (ret) {
		kfree(map);
		return ret;
	}
	ps->smap = map;
	ps->nsmap = far->nports;
	ps->nqueues = nq;
	return 0;
}

/**
 * rio_voq_staging_follow_link() - the staging queues of a link just planned
 * @l: the link
 * @write: this host writes the fabric (it enumerated, auto_config on)
 *
 * A link this host configured gets the staging queues of both ends set
 * up (rio_voq_staging_setup_link()).  On a host that only discovered
 * the fabric they are read, never written, so that it shows the maps
 * the hardware held when it read them; an end whose ops fail is logged
 * in one line and keeps no map.  The enumerating host with auto_config
 * off sets up nothing and reads nothing: a later admin write configures
 * the link, not its staging queues.  Called with rio_voq_lock held.
 */
void rio_voq_staging_follow_link(struct rio_voq_link *l, bool write)
{
	unsigned int i;
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	if (write && l->state == RIO_VOQ_LINK_CONFIGURED) {
		rio_voq_staging_setup_link(l);
		return;
	}
	if (write || l->state != RIO_VOQ_LINK_REPORTED || rio_voq_node_writable(l->end[0]))
		return;
	for (i = 0; i < 2; i++) {
		ret = rio_voq_staging_read(l->end[i], l->port[i], l->end[!i]);
		if (ret)
			rio_voq_err(l->end[i], "port %u: staging queues not read (%pe)\n",
				    l->port[i], ERR_PTR(ret));
	}
}

/**
 * rio_voq_staging_set_map() - an admin's reverse map for a port
 * @n: the node
 * @port: its port
 * @map: @count entries: queue of each downstream port, in port order
 * @count: entries in @map
 *
 * The whole map is checked first: one entry per port of the downstream
 * device, each below the port's queue count; -EINVAL changes nothing.
 * With vendor ops the map is programmed and, where the ops can, read
 * back: a map that does not stick is refused with -EIO, logged in one
 * line, and the port then holds the map the device has.  Called with
 * rio_voq_lock held.
 *
 * Return: 0; -ENODEV if the node is going away; -EPERM on a node that
 * only discovers; -EBUSY if the device's board is not known (it could
 * not be discovered again after a bounce); -ENOENT if the port has no
 * staging queues (no VoQ link); -EINVAL; -EOPNOTSUPP if the device's map
 * is fixed; -EHOSTUNREACH if a link that is down cuts the device off
 * from the host (nothing is tried; a map kept in the kernel is taken);
 * -EIO (or the op's error) if programming fails, the port's map then
 * being read back where possible.
 */
int rio_voq_staging_set_map(struct rio_voq_node *n, unsigned int port,
			    const u8 *map, unsigned int count)
{
	const struct rio_voq_staging_ops *ops;
	struct rio_voq_port_state *ps;
	unsigned int d;
	u8 *back = NULL;
	int ret = 0;
	bool have;

	lockdep_assert_held(&rio_voq_lock);
	if (n->dead || port >= n->nports)
		return -ENODEV;
	ps = &n->port[port];
	ops = rio_voq_staging_find(n);
	if (!rio_voq_node_writable(n))
		ret = -EPERM;
	else if (n->unknown)
		ret = -EBUSY;
	else if (!ps->smap)
		ret = -ENOENT;
	else if (ops && !ops->set_map)
		ret = -EOPNOTSUPP;
	else if (count != ps->nsmap)
		ret = -EINVAL;
	for (d = 0; !ret && d < count; d++)
		if (map[d] >= ps->nqueues)
			ret = -EINVAL;
	/* The ops reach the device: not across a cable that is down */
	if (!ret && ops && rio_voq_node_cut_off(n, NULL))
		ret = -EHOSTUNREACH;
	if (ret) {
		trace_rio_voq_admin(rio_voq_node_name(n), port, "staging_map", count, ret);
		return ret;
	}

	if (ops) {
		back = kcalloc(count, sizeof(*back), GFP_KERNEL);
		ret = back ? rio_voq_staging_program(ops, n->rdev, port, map, back,
						     count, &have) : -ENOMEM;
		if (ret == -EIO && have) {
			rio_voq_err(n, "port %u: staging map read back differs from the one written; keeping the device's\n",
				    port);
			memcpy(ps->smap, back, count);	/* what the device has */
		}
	}
	if (!ret)
		memcpy(ps->smap, map, count);
	kfree(back);
	trace_rio_voq_admin(rio_voq_node_name(n), port, "staging_map", count, ret);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_staging_set_map);
