// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim port events: links that go down and come back, ports that
 * become unavailable, boards swapped in place, and the port-writes
 * (Part 8) devices send about them.
 *
 * A link that goes down stays cabled: both ends lose PORT_OK in their
 * Port n Error and Status CSR, nothing crosses it (maintenance requests
 * nor symbols), and it comes back with the same partner.  A port made
 * unavailable reports Port Unavailable and no PORT_OK, and its partner
 * no PORT_OK.  Each device whose port changed sends a port-write if it
 * has an error management block and its Port-write Transmission Control
 * CSR does not disable them: Port-Write Pending is set in the port's
 * Error and Status CSR, and the message (component tag, the port's error
 * detect CSR, the port number) is handed to the host's mport if the
 * device still has a path to the host over links that are up.  One host
 * per fabric: the Port-write Target Device ID CSR is kept as written,
 * and every port-write goes to the fabric's host.  A lost port-write is
 * not sent again (silicon would repeat it until Port-Write Pending is
 * cleared); it is counted.  A host's own port sends nothing: its mport
 * is told (&rio_sim_initiator.event), as an mport driver learns of its
 * own link from its port's interrupt.
 */

#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "sim_fabric.h"

/* Breadth-first walk of the fabric from the host, over links that are up */
struct sim_walk {
	unsigned long *seen;
	struct rio_sim_dev **queue;
	unsigned int n;
};

static int sim_walk_alloc(struct rio_sim_fabric *fab, struct sim_walk *w)
{
	unsigned int n = READ_ONCE(fab->ndevs);

	w->n = n;
	w->seen = bitmap_zalloc(n, GFP_KERNEL);
	w->queue = kcalloc(n, sizeof(*w->queue), GFP_KERNEL);
	if (!w->seen || !w->queue) {
		bitmap_free(w->seen);
		kfree(w->queue);
		return -ENOMEM;
	}
	return 0;
}

static void sim_walk_free(struct sim_walk *w)
{
	bitmap_free(w->seen);
	kfree(w->queue);
}

static bool sim_port_up(const struct rio_sim_port *p)
{
	return p->peer && !p->link_down && !p->unavailable &&
	       !p->peer->port[p->peer_port].unavailable;
}

/* Mark every device the host reaches over links that are up.  Lock held. */
static void sim_walk(struct rio_sim_fabric *fab, struct sim_walk *w)
{
	unsigned int head = 0, tail = 0, k;
	struct rio_sim_dev *d;

	if (!fab->host || fab->host->index >= w->n)
		return;
	__set_bit(fab->host->index, w->seen);
	w->queue[tail++] = fab->host;
	while (head < tail) {
		d = w->queue[head++];
		for (k = 0; k < d->nports; k++) {
			struct rio_sim_dev *peer = d->port[k].peer;

			if (!sim_port_up(&d->port[k]) || peer->index >= w->n ||
			    test_bit(peer->index, w->seen))
				continue;
			__set_bit(peer->index, w->seen);
			w->queue[tail++] = peer;
		}
	}
}

/*
 * @dev sends a port-write about its @port, if it can, and the mport whose
 * own device it is learns of the change.  Fabric lock held
 * (the mport's delivery callback only queues the message).
 */
static void sim_port_write(struct rio_sim_fabric *fab, const struct sim_walk *w,
			   struct rio_sim_dev *dev, unsigned int port)
{
	union rio_pw_msg msg = { };
	struct rio_sim_initiator *ini;

	list_for_each_entry(ini, &fab->inis, node)
		if (ini->local == dev && ini->event)
			ini->event(ini, port);
	if (!dev->em_ef || (dev->pw_tx_ctrl & RIO_EM_PW_TX_CTRL_PW_DIS))
		return;
	dev->port[port].pw_pending = true;
	fab->pw_sent++;
	if (dev->index >= w->n || !test_bit(dev->index, w->seen) || fab->no_pw ||
	    !fab->pw_deliver) {
		fab->pw_lost++;
		return;
	}
	msg.em.comptag = dev->comptag;
	msg.em.errdetect = dev->port[port].em_err_det;
	msg.em.is_port = port;
	fab->pw_deliver(fab->pw_ctx, &msg);
}

/* After a change of @port of @dev (and of its partner): port-writes */
static void sim_port_changed(struct rio_sim_fabric *fab, struct sim_walk *w,
			     struct rio_sim_dev *dev, unsigned int port,
			     bool both)
{
	struct rio_sim_port *p = &dev->port[port];

	sim_walk(fab, w);
	sim_port_write(fab, w, dev, port);
	if (both && p->peer)
		sim_port_write(fab, w, p->peer, p->peer_port);
}

/*
 * Change the state of @port of @dev with @change under the fabric lock;
 * if it changed, the devices send their port-writes.
 */
static int sim_port_set(struct rio_sim_dev *dev, unsigned int port, bool val,
			int (*change)(struct rio_sim_dev *dev, unsigned int port,
				      bool val))
{
	struct rio_sim_fabric *fab = dev->fabric;
	struct sim_walk w;
	int ret;

	mutex_lock(&fab->ev_lock);
	ret = port < dev->nports ? 0 : -EINVAL;
	if (!ret)
		ret = rio_sim_symbols_models(dev, port) ?: sim_walk_alloc(fab, &w);
	if (ret) {
		mutex_unlock(&fab->ev_lock);
		return ret;
	}

	spin_lock_irq(&fab->lock);
	ret = change(dev, port, val);
	if (ret > 0)
		sim_port_changed(fab, &w, dev, port, true);
	spin_unlock_irq(&fab->lock);
	mutex_unlock(&fab->ev_lock);
	sim_walk_free(&w);
	return min(ret, 0);
}

/*
 * Take a link (both ends) down or up; each end latches the transition in
 * its Port n Error Detect CSR (Part 8: OK-to-Uninit, Uninit-to-OK), so
 * that a port-write tells of a link that went down even when it is back
 * by the time the host reads the port.  Each end's receiver lets go of
 * what its partner said, which may be orphaned (rule 4.2 g; voq.rst,
 * "Stale congestion state").  Lock held.
 */
static void sim_link_latch(struct rio_sim_port *p, bool up)
{
	struct rio_sim_port *q = &p->peer->port[p->peer_port];
	u32 bit = up ? REM_PED_LINK_U2OK : REM_PED_LINK_OK2U;

	p->link_down = !up;
	q->link_down = !up;
	p->em_err_det |= bit;
	q->em_err_det |= bit;
	rio_sim_symbols_release(q->peer, q->peer_port);	/* p's end */
	rio_sim_symbols_release(p->peer, p->peer_port);	/* q's end */
}

/* Return: 1 if the link changed, 0 if not, -ENOLINK without a partner */
static int sim_change_link(struct rio_sim_dev *dev, unsigned int port, bool up)
{
	struct rio_sim_port *p = &dev->port[port];

	if (!p->peer)
		return -ENOLINK;
	if (p->link_down != up)
		return 0;
	sim_link_latch(p, up);
	if (up) {
		rio_sim_symbols_resync(dev, port);
		rio_sim_symbols_resync(p->peer, p->peer_port);
	}
	return 1;
}

/**
 * rio_sim_port_set_link() - take a link down or bring it back up
 * @dev: the device
 * @port: its port, linked to a partner
 * @up: the new state of the link
 *
 * Both ends change; each sends a port-write (see the top of this file).
 * When the link comes back, each end that generates resends its full
 * status (rule 4.2 g).  Setting the state a link has changes nothing
 * and sends nothing.
 *
 * Return: 0; -EINVAL for a port out of range; -ENOLINK if the port has
 * no partner; -ENOMEM.
 */
int rio_sim_port_set_link(struct rio_sim_dev *dev, unsigned int port, bool up)
{
	return sim_port_set(dev, port, up, sim_change_link);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_port_set_link);

/* Return: 1 if the port's availability changed, else 0 */
static int sim_change_unavailable(struct rio_sim_dev *dev, unsigned int port,
				  bool unavailable)
{
	if (dev->port[port].unavailable == unavailable)
		return 0;
	dev->port[port].unavailable = unavailable;
	return 1;
}

/**
 * rio_sim_port_set_unavailable() - make a port unavailable or available
 * @dev: the device
 * @port: its port
 * @unavailable: the new state
 *
 * The port reports Port Unavailable (and no PORT_OK) in its Error and
 * Status CSR, its partner loses PORT_OK (their link is down), and both
 * send a port-write.  Setting the state a port has changes nothing and
 * sends nothing.
 *
 * Return: 0, -EINVAL for a port out of range, -ENOMEM.
 */
int rio_sim_port_set_unavailable(struct rio_sim_dev *dev, unsigned int port,
				 bool unavailable)
{
	return sim_port_set(dev, port, unavailable, sim_change_unavailable);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_port_set_unavailable);

/* rio_sim_dev_replace() with the fabric's ev_lock held */
static int sim_dev_replace(struct rio_sim_dev *dev,
			   const struct rio_sim_dev_desc *desc)
{
	struct rio_sim_fabric *fab = dev->fabric;
	DECLARE_BITMAP(was_up, RIO_SIM_MAX_PORTS) = { };
	struct rio_sim_dev *nd;
	struct sim_walk w;
	unsigned int k;
	int ret;

	lockdep_assert_held(&fab->ev_lock);
	nd = rio_sim_dev_make(fab, desc);
	if (IS_ERR(nd))
		return PTR_ERR(nd);
	ret = nd->is_switch != dev->is_switch || dev == fab->host ? -EINVAL :
	      rio_sim_dev_keep_blocks(nd, dev);
	/* The new board's models, so that symbols flow once it generates */
	for (k = 0; !ret && k < min(nd->nports, dev->nports); k++)
		if (dev->port[k].peer)
			ret = rio_sim_symbols_models(nd, k);
	if (!ret)
		ret = sim_walk_alloc(fab, &w);
	if (ret) {
		rio_sim_dev_free(nd);
		return ret;
	}

	spin_lock_irq(&fab->lock);
	/* The old board is pulled: its links go down, its partners tell */
	for (k = 0; k < dev->nports; k++) {
		if (!dev->port[k].peer || dev->port[k].link_down)
			continue;
		__set_bit(k, was_up);
		sim_link_latch(&dev->port[k], false);
	}
	sim_walk(fab, &w);
	for_each_set_bit(k, was_up, dev->nports)
		sim_port_write(fab, &w, dev->port[k].peer, dev->port[k].peer_port);
	rio_sim_dev_swap(dev, nd);

	/* The new one trains its links: both ends tell */
	bitmap_zero(w.seen, w.n);
	for_each_set_bit(k, was_up, dev->nports) {
		if (!dev->port[k].peer)
			continue;
		sim_link_latch(&dev->port[k], true);
		rio_sim_symbols_resync(dev, k);
		rio_sim_symbols_resync(dev->port[k].peer, dev->port[k].peer_port);
	}
	sim_walk(fab, &w);
	for_each_set_bit(k, was_up, dev->nports) {
		if (!dev->port[k].peer)
			continue;
		sim_port_write(fab, &w, dev, k);
		sim_port_write(fab, &w, dev->port[k].peer, dev->port[k].peer_port);
	}
	spin_unlock_irq(&fab->lock);
	sim_walk_free(&w);
	rio_sim_dev_free(nd);		/* the old board */
	return 0;
}

/**
 * rio_sim_dev_replace() - swap a device for another board in its place
 * @dev: the device (not the host's own port)
 * @desc: what the new board is made of: a switch for a switch, an
 *	endpoint for an endpoint; its port count, identity, VoQ block
 *	(layout, capabilities, or none) may differ, within the layout the
 *	core still expects (rio_sim_dev_keep_blocks())
 *
 * As a board swap looks to the host: every link of the old board goes
 * down (its partners send port-writes; the board being pulled sends
 * none), the new board takes its place (see rio_sim_dev_swap(): it is
 * loaded with the old one's configuration, so that the fabric's routes
 * and IDs still hold), and the links of the ports it still has come back
 * up, each end latching both transitions and sending a port-write.  A
 * port the new board lacks leaves its partner's link down for good;
 * ports it has beyond the old count are not cabled.  The core is not
 * told otherwise (it does not rescan on port-writes): its rio_dev stays
 * the same object, with what it read at the scan.
 *
 * Return: 0; -EINVAL for a description that cannot be built, of the
 * other kind (switch or endpoint), that rio_sim_dev_keep_blocks()
 * refuses, or for the host's own port; -ENOMEM.
 */
int rio_sim_dev_replace(struct rio_sim_dev *dev,
			const struct rio_sim_dev_desc *desc)
{
	int ret;

	mutex_lock(&dev->fabric->ev_lock);
	ret = sim_dev_replace(dev, desc);
	mutex_unlock(&dev->fabric->ev_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_dev_replace);

/**
 * rio_sim_dev_replace_board() - swap a device as its replace file says
 * @dev: the device (not the host's own port)
 * @buf: what was written to the file: "PORTS LAYOUT [CAPS]"
 *
 * The new board is of @dev's kind and keeps its identity and what goes
 * with it (rio_sim_replace_desc()); it replaces @dev as
 * rio_sim_dev_replace() does.  @dev is described under the fabric's
 * ev_lock, with the swap: a replacement that ran meanwhile has freed
 * the ports of the board it took out, and its board is the one kept.
 *
 * Return: 0; -EINVAL if @buf does not parse; as rio_sim_dev_replace().
 */
int rio_sim_dev_replace_board(struct rio_sim_dev *dev, const char *buf)
{
	struct rio_sim_dev_desc desc;
	int ret;

	mutex_lock(&dev->fabric->ev_lock);
	ret = rio_sim_replace_desc(dev, buf, &desc) ?: sim_dev_replace(dev, &desc);
	mutex_unlock(&dev->fabric->ev_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_dev_replace_board);
