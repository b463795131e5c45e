// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq port events: after the scan, links go down and come back and
 * ports become unavailable.  rio-voq learns of it from the port-writes
 * the devices send (Part 8), through a handler registered with the
 * core for each mport it follows, or, where an mport cannot deliver
 * port-writes, from an optional periodic read of every port's Error and
 * Status CSR (the fabric's poll: poll_ms in its mport's voq/).
 *
 * An event only changes what the planner is given, then goes through
 * the same path as a scan: rio_voq_link_configure() and
 * rio_voq_port_configure(), whose writes all go through rio_voq_apply()
 * in Part 12's order:
 *   - Port Unavailable: XOFF set (Part 12: "should be set to 1 if ...
 *     Port Unavailable"); available again: XOFF as the policy or the
 *     admin has it;
 *   - a link down (an end without PORT_OK): generation off at each end
 *     that can still be reached;
 *   - a link back up: both ends read again, planned again and written
 *     in Part 12's order; turning generation back on makes each
 *     generator send its full status again (rule 4.2 g);
 *   - a link that went down and is back (or whose port-write says it
 *     bounced: Error Detect latched OK-to-Uninit or Uninit-to-OK) may
 *     lead to a board
 *     swapped meanwhile: both ends are discovered again, and a device
 *     made otherwise is planned from its new block; an admin choice it
 *     cannot honour is reported and not applied.
 * The admin's choices are planner constraints, so they keep precedence
 * over every event.
 *
 * The port-write handler runs in the mport's port-write context with
 * the mport's lock held (see rio_inb_pwrite_handler()); it takes
 * rio_voq_lock, which is never held while the mport's lock is taken.
 * An event that arrives while the mport is being scanned is remembered
 * and followed at the scan's end.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/lockdep.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>

#include "voq_core.h"

/* Passes of rio_voq_check() for one request, links coming back included */
#define RIO_VOQ_CHECK_PASSES	4

/* PORT_OK and Port Unavailable: what an event is about */
#define RIO_VOQ_STS_EVENT	(RIO_PORT_N_ERR_STS_PORT_OK | RIO_PORT_N_ERR_STS_PORT_UA)

/**
 * rio_voq_port_link_state() - a port's link state, as last read
 * @n: the node
 * @port: the port
 *
 * Return: "unavailable" (Port Unavailable), "up" (PORT_OK) or "down".
 */
const char *rio_voq_port_link_state(const struct rio_voq_node *n,
				    unsigned int port)
{
	u32 sts = n->port[port].err_sts;

	if (sts & RIO_PORT_N_ERR_STS_PORT_UA)
		return "unavailable";
	return sts & RIO_PORT_N_ERR_STS_PORT_OK ? "up" : "down";
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_link_state);

/*
 * A port that cannot be reached is down as far as rio-voq can tell: it
 * keeps its Port Unavailable bit, loses PORT_OK.  Return: -ENOLINK.
 */
static int rio_voq_port_lost(struct rio_voq_node *n, unsigned int port)
{
	struct rio_voq_port_state *ps = &n->port[port];

	ps->err_sts = (ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA) |
		      RIO_PORT_N_ERR_STS_PORT_UNINIT;
	return -ENOLINK;
}

/*
 * Read a port's Error and Status CSR again; one that cannot be read is
 * taken for lost (rio_voq_port_lost()).  Return: 0, or the read's error.
 */
static int rio_voq_port_status(struct rio_voq_node *n, unsigned int port)
{
	u32 off = rio_voq_phys_reg(n, port, RIO_PORT_N_ERR_STS_CSR(0, 0)), sts;
	int ret;

	if (!off)
		return 0;
	ret = rio_voq_read(n, off, &sts);
	if (ret) {
		rio_voq_port_lost(n, port);
		return ret;
	}
	n->port[port].err_sts = sts;
	return 0;
}

static void rio_voq_recheck(struct rio_voq_node *n, unsigned int port,
			    unsigned int changed);

/* Is an end of a link down, as last read */
static bool rio_voq_end_down(const struct rio_voq_node *n, unsigned int port)
{
	return !(n->port[port].err_sts & RIO_PORT_N_ERR_STS_PORT_OK);
}

/* A port a replaced node's link led to */
struct rio_voq_far {
	struct rio_voq_node *n;
	unsigned int port;
};

/*
 * After @n was replaced, or discovered again after it was not known:
 * its new links (state RIO_VOQ_LINK_NEW: those with a VoQ block at both
 * ends) are planned and written as at a scan, its other ports (unless a
 * fabric manager added it) and the partners it left without a link are
 * set up as lone ports, and the admin's choices on both ends of each are
 * checked against the boards in place.  @old: the partners its links
 * had, @nold of them.
 */
static void rio_voq_follow_replaced(struct rio_voq_node *n,
				    const struct rio_voq_policy *pol, bool write,
				    const struct rio_voq_far *old, unsigned int nold)
{
	struct rio_voq_node *far;
	struct rio_voq_link *l;
	unsigned int p, i;

	list_for_each_entry(l, &n->net->links, node) {
		if (l->state != RIO_VOQ_LINK_NEW)
			continue;
		l->down = rio_voq_end_down(l->end[0], l->port[0]) ||
			  rio_voq_end_down(l->end[1], l->port[1]);
		rio_voq_link_configure(l, pol, write, false);
		rio_voq_staging_follow_link(l, write);
	}
	for (p = 0; p < n->nports; p++) {
		l = n->port[p].link;
		if (!l && write && rio_voq_node_auto(n))
			rio_voq_port_configure(n, p, false);
		rio_voq_choices_check(n, p);
		if (l) {
			i = rio_voq_link_end(l, n, p);
			rio_voq_choices_check(l->end[!i], l->port[!i]);
		}
	}
	for (i = 0; i < nold; i++) {
		far = old[i].n;
		p = old[i].port;
		if (far == n || p >= far->nports)
			continue;
		/* A port the new board lacks leaves its partner's link down */
		if (!rio_voq_port_status(far, p) && !far->port[p].link && write) {
			rio_voq_port_configure(far, p, true);
			rio_lat_port_alone(far, p);
		}
		rio_voq_choices_check(far, p);
	}
}

/* What the rediscovery of a device (@at) found */
struct rio_voq_found {
	struct rio_voq_node *at;
	struct rio_voq_node *n;
	struct rio_voq_node fresh;
	int ret;
	bool reset;
	struct rio_voq_far *old;
	unsigned int nold;
};

/*
 * Discover @n's device again, writing nothing.  @f->ret: 0 if it is as
 * rio-voq knows it (its CSRs are taken), 1 if it is made otherwise
 * (@f->fresh holds it), the error if it cannot be discovered.  @f->n is
 * NULL for no device, or one that is not to be discovered again (the
 * mport's own, one going away, one not probed yet).  @f->reset: a device
 * made the same whose VoQ CSRs lost what this host set (a board like it
 * swapped in, or a reset): its ports that sent no port-write, a link down
 * or no partner with a block, would stay so if it were not set up again.
 */
static void rio_voq_rediscover(struct rio_voq_node *n, struct rio_voq_found *f)
{
	unsigned int p;

	*f = (struct rio_voq_found) { .at = n, .n = n };
	if (!n || !n->rdev || n->dead || !n->probed) {
		f->n = NULL;
		return;
	}
	f->ret = rio_voq_node_reprobe(n, &f->fresh);
	if (f->ret)
		return;
	if (!rio_voq_node_same(n, &f->fresh)) {
		f->ret = 1;
		return;
	}
	for (p = 0; p < n->nports; p++) {
		if (n->net->owner && ((n->port[p].csr ^ f->fresh.port[p].csr) &
				       rio_voq_csr_writable(n->layout)))
			f->reset = true;
		n->port[p].csr = f->fresh.port[p].csr;
		n->port[p].lat_csr = f->fresh.port[p].lat_csr;
	}
	kfree(f->fresh.port);
	f->fresh.port = NULL;
}

/* @f's device is made otherwise: it takes its new block (no write) */
static void rio_voq_take_fresh(struct rio_voq_found *f)
{
	struct rio_voq_node *n = f->n;
	struct rio_voq_link *l;
	unsigned int p, end;

	/* Who its links led to: set up again once they are gone */
	if (n->nports)
		f->old = kcalloc(n->nports, sizeof(*f->old), GFP_KERNEL);
	for (p = 0; f->old && p < n->nports; p++) {
		l = n->port[p].link;
		if (!l)
			continue;
		end = rio_voq_link_end(l, n, p);
		f->old[f->nold].n = l->end[!end];
		f->old[f->nold++].port = l->port[!end];
	}
	n->unknown = false;
	n->unknown_told = false;
	rio_voq_node_replace(n, &f->fresh);
	rio_voq_choices_load(n);	/* those of a block that went and came back */
	rio_voq_find_links(n->net);
	if (n->ef)
		rio_voq_info(n, "replaced: VoQ block at 0x%04x (rev %d), %u ports; planned again\n",
			     n->ef, n->layout, n->nports);
	else
		rio_voq_info(n, "replaced: no VoQ block\n");
}

/*
 * @f's device was not known, or lost what was set (@f->reset), and is
 * found as it was: its links anew
 */
static void rio_voq_found_again(struct rio_voq_found *f)
{
	struct rio_voq_node *n = f->n;
	unsigned int p;

	if (n->unknown_told)
		rio_voq_info(n, "discovered again, as it was; planned again\n");
	else if (f->reset)
		rio_voq_info(n, "VoQ CSRs lost what was set (a board like it, or a reset); planned again\n");
	n->unknown = false;
	n->unknown_told = false;
	for (p = 0; p < n->nports; p++)
		if (n->port[p].link)
			n->port[p].link->state = RIO_VOQ_LINK_NEW;
}

/*
 * @n's device answered but could not be discovered again (@err): it is
 * not known.  Nothing is written to it (rio_voq_write() refuses) and its
 * links are not planned: each goes failed, with generation off at the
 * partner's end, toward it.  One line is logged, the first time.
 */
static void rio_voq_node_lost(struct rio_voq_node *n,
			      const struct rio_voq_policy *pol, bool write,
			      int err)
{
	unsigned int p;

	n->unknown = true;
	if (n->unknown_told)
		return;
	n->unknown_told = true;
	rio_voq_warn(n, "cannot discover the device again (%pe): not written, its partners do not generate toward it, until it can be\n",
		     ERR_PTR(err));
	for (p = 0; p < n->nports; p++)
		if (n->port[p].link)
			rio_voq_link_configure(n->port[p].link, pol, write, false);
}

/*
 * Take what the rediscovery @f found: a new block, or a device found
 * again as it was.  Return: true if its links were made anew.
 */
static bool rio_voq_found_take(struct rio_voq_found *f)
{
	if (!f->n || f->ret < 0)
		return false;
	if (f->ret > 0)
		rio_voq_take_fresh(f);
	else if (f->n->unknown || f->reset)
		rio_voq_found_again(f);
	else
		return false;
	f->ret = 1;
	return true;
}

/* Was @m asked about in the first @nf of @f */
static bool rio_voq_found_has(const struct rio_voq_found *f, unsigned int nf,
			      const struct rio_voq_node *m)
{
	unsigned int i;

	for (i = 0; i < nf; i++)
		if (f[i].at == m)
			return true;
	return false;
}

/*
 * The devices a rio_voq_check_replaced() discovers again: @f, @n of them,
 * room for @room; @fixed: @f is the caller's, which does not grow
 */
struct rio_voq_founds {
	struct rio_voq_found *f;
	unsigned int n;
	unsigned int room;
	bool fixed;
};

/* Room for one more in @fs.  Return: false if there is none. */
static bool rio_voq_founds_room(struct rio_voq_founds *fs)
{
	struct rio_voq_found *more;

	if (fs->n < fs->room)
		return true;
	if (fs->fixed)
		return false;
	more = krealloc_array(fs->f, 2 * fs->room, sizeof(*more), GFP_KERNEL);
	if (!more)
		return false;
	fs->f = more;
	fs->room *= 2;
	return true;
}

/*
 * The far ends of the new links of the devices of @fs made anew were
 * cut off with them, and may be other boards too: each one over a link
 * that is up (the near end's port is read again: a device found again
 * kept the status it had before it was cut off) is discovered again
 * before any of those links is planned, and taken as those are (a new
 * block, or found again: its own new links are followed the same way).
 * One @fs has no room for is not known (rio_voq_node_lost()): nothing is
 * written to it until it is discovered again.
 */
static void rio_voq_check_far(struct rio_voq_founds *fs,
			      const struct rio_voq_policy *pol, bool write)
{
	struct rio_voq_node *n, *m;
	struct rio_voq_link *l;
	unsigned int i, p;

again:
	for (i = 0; i < fs->n; i++) {
		n = fs->f[i].n;
		if (!n || fs->f[i].ret <= 0)
			continue;
		for (p = 0; p < n->nports; p++) {
			l = n->port[p].link;
			if (!l || l->state != RIO_VOQ_LINK_NEW)
				continue;
			m = l->end[!rio_voq_link_end(l, n, p)];
			/*
			 * Behind a link that is down it cannot be reached:
			 * it is discovered again when the link comes back
			 */
			if (rio_voq_found_has(fs->f, fs->n, m) ||
			    rio_voq_port_status(n, p) || rio_voq_end_down(n, p))
				continue;
			if (!rio_voq_founds_room(fs)) {
				if (m->rdev && !m->dead && m->probed)
					rio_voq_node_lost(m, pol, write, -ENOMEM);
				continue;
			}
			rio_voq_rediscover(m, &fs->f[fs->n]);
			/* Its links are made anew, and @n's: look again */
			if (rio_voq_found_take(&fs->f[fs->n++]))
				goto again;
		}
	}
}

/**
 * rio_voq_check_replaced() - follow devices swapped for other boards
 * @a: a node whose device answered (it sent the port-write, its port was
 *	just read), or NULL
 * @b: another, or NULL: the two ends of a link that bounced
 * @pol: the fabric's policy
 * @write: this host may write
 *
 * A link that went down and came back may lead to another board in the
 * same place: the core does not rescan on port-writes, and its rio_dev
 * stays the same object with what it read at the scan.  Each device is
 * discovered again (rio_voq_node_reprobe()), both before anything is
 * written, so that neither is written by what rio-voq knew of it:
 *
 *  - one made otherwise (identity, blocks, ports, a port's capabilities)
 *    takes its new block, and its links are found again;
 *  - one that cannot be discovered is not known (rio_voq_node_lost()):
 *    nothing is written to it until a later event or poll finds it;
 *  - one that was not known and is found as it was keeps its links;
 *
 * the far ends of the links of those replaced or found again were cut
 * off with them: they are discovered again too, and taken the same way
 * (rio_voq_check_far()); then the links of those replaced or found again
 * are planned from what both ends can do, and written.  Called with
 * rio_voq_lock held.
 *
 * Return: which devices were replaced or found again (their links were
 * made anew): BIT(0) for @a, BIT(1) for @b; 0 if none.
 */
static unsigned int rio_voq_check_replaced(struct rio_voq_node *a,
					   struct rio_voq_node *b,
					   const struct rio_voq_policy *pol,
					   bool write)
{
	struct rio_voq_found two[2];
	struct rio_voq_founds fs = { .f = two, .n = 2, .room = 2, .fixed = true };
	unsigned int changed = 0;
	unsigned int i;

	lockdep_assert_held(&rio_voq_lock);
	rio_voq_rediscover(a, &two[0]);
	rio_voq_rediscover(b != a ? b : NULL, &two[1]);
	/* New blocks first, so that what is planned next sees them */
	for (i = 0; i < 2; i++)
		if (rio_voq_found_take(&two[i]))
			changed |= BIT(i);
	if (changed) {
		/* The far ends, in a list that grows (the ends' own at worst) */
		fs.f = kmalloc_array(4, sizeof(*fs.f), GFP_KERNEL);
		if (fs.f) {
			memcpy(fs.f, two, sizeof(two));
			fs.room = 4;
			fs.fixed = false;
		} else {
			fs.f = two;
		}
		rio_voq_check_far(&fs, pol, write);
	}
	for (i = 0; i < fs.n; i++)
		if (fs.f[i].n && fs.f[i].ret < 0)
			rio_voq_node_lost(fs.f[i].n, pol, write, fs.f[i].ret);
	for (i = 0; i < fs.n; i++) {
		if (fs.f[i].n && fs.f[i].ret > 0)
			rio_voq_follow_replaced(fs.f[i].n, pol, write, fs.f[i].old,
						fs.f[i].nold);
		kfree(fs.f[i].old);
	}
	if (!fs.fixed)
		kfree(fs.f);
	return changed;
}

/*
 * The port of @peer whose partner is @n, a node with no state for its
 * own end of the link, follows the event.  Called with rio_voq_lock held.
 */
static void rio_voq_peer_port_event(struct rio_voq_node *peer,
				    struct rio_voq_node *n, bool bounced)
{
	unsigned int q;

	lockdep_assert_held(&rio_voq_lock);
	for (q = 0; q < peer->nports; q++) {
		if (rio_voq_port_peer(peer, q) == n) {
			rio_voq_port_event(peer, q, bounced, RIO_VOQ_EV_PEER);
			return;
		}
	}
}

/*
 * rio_voq_port_event() without its tracepoint.
 *
 * Reads the port's Error and Status CSR (and its partner's, for a port
 * with a link), then configures the link, or the lone port, as a scan
 * would, on a fabric this host owns with auto_config on; otherwise, and
 * for the ports of a device a fabric manager added (see
 * rio_voq_node_auto()), it only records the state.  A link that comes
 * back (or bounced) may lead to a board swapped meanwhile: both ends are
 * discovered again, and a replaced device is planned from what it is now
 * (see rio_voq_check_replaced()); so is a device rio-voq does not know
 * (whose rediscovery failed).  No end is written by what rio-voq knew of it
 * before it is discovered again: the far end of a link that bounced and
 * is down is left alone, and not known if it cannot be read.  During a
 * scan of the mport the event is remembered for the scan's end.  When a
 * link comes back, the devices it cut off may have changed meanwhile,
 * and their port-writes were lost: every port of those is read again
 * (see rio_voq_recheck()).  Called with rio_voq_lock held.
 */
static void rio_voq_port_follow(struct rio_voq_node *n, unsigned int port,
				bool bounced)
{
	struct rio_voq_net *net = n->net;
	struct rio_voq_node *peer;
	struct rio_voq_policy pol;
	struct rio_voq_link *l;
	unsigned int end, changed;
	bool write, was, up, suspect, answered;
	int peer_err;

	lockdep_assert_held(&rio_voq_lock);
	if (!net->host || n->dead)
		return;
	rio_voq_policy_get(net, &pol);
	write = pol.auto_config && net->owner;
	if (!n->ef || port >= n->nports) {
		/* A port rio-voq has no state for: a board with a new block? */
		if ((bounced || n->unknown) && !net->scanning &&
		    rio_voq_check_replaced(n, NULL, &pol, write))
			return;
		/*
		 * Its partner may have a block, and may still generate
		 * toward the block this board no longer has (it could not be
		 * reached when the board lost it): its port follows
		 */
		peer = rio_voq_port_peer(n, port);
		if (peer && peer != n && peer->ef && !peer->dead && !net->scanning)
			rio_voq_peer_port_event(peer, n, bounced);
		return;
	}
	if (net->scanning) {
		n->port[port].pending = true;
		n->port[port].bounced |= bounced;
		return;
	}
	bounced |= n->port[port].bounced;
	n->port[port].pending = false;
	n->port[port].bounced = false;
	/* A device rio-voq does not know is discovered again first */
	suspect = bounced || n->unknown;

	was = rio_voq_end_down(n, port);
	/* A device not known that answers is discovered again, up or not */
	answered = !rio_voq_port_status(n, port);
	up = !rio_voq_end_down(n, port);
	l = n->port[port].link;
	if (!l) {
		peer = up ? rio_voq_port_peer(n, port) : NULL;
		if ((up && (was || suspect || (peer && peer->unknown))) ||
		    (n->unknown && answered)) {
			/* Either end may be a new board, with a block now */
			changed = rio_voq_check_replaced(n, peer, &pol, write);
			if (changed) {
				rio_voq_recheck(n, port, changed);
				return;
			}
		}
		if (write && !n->unknown && rio_voq_node_auto(n))
			rio_voq_port_configure(n, port, true);
		/* A link to a device without a block may cut off others too */
		if (up && was)
			rio_voq_recheck(n, port, 0);
		return;
	}

	end = rio_voq_link_end(l, n, port);
	peer = l->end[!end];
	if (rio_voq_link_unreachable(l, !end))
		peer_err = rio_voq_port_lost(peer, l->port[!end]);
	else
		peer_err = rio_voq_port_status(peer, l->port[!end]);
	was = l->down;
	l->down = rio_voq_end_down(n, port) ||
		  rio_voq_end_down(peer, l->port[!end]);
	if (was != l->down) {
		rio_voq_dbg(l->end[0], "port %u <-> %s port %u: link %s\n",
			    l->port[0], rio_voq_node_name(l->end[1]), l->port[1],
			    l->down ? "down, generation off" : "up, reconfiguring");
		l->baud_read = false;	/* it may have trained at another rate */
	}
	if (!l->down && (was || suspect || peer->unknown)) {
		/* @l goes if either end was replaced */
		changed = rio_voq_check_replaced(n, peer, &pol, write);
		if (changed) {
			rio_voq_recheck(n, port, changed);
			return;
		}
		if (n->unknown || peer->unknown)
			return;		/* its link failed, toward it */
	} else if (l->down && (suspect || peer->unknown)) {
		/*
		 * The far end of a link that bounced may be another board:
		 * not written before it is discovered again, which it cannot
		 * be if it cannot be read (it is then not known until it can)
		 */
		if (peer_err && peer->rdev && bounced)
			peer->unknown = true;
		changed = rio_voq_check_replaced(n->unknown && answered ? n : NULL,
						 peer_err ? NULL : peer, &pol, write);
		if (changed) {
			rio_voq_recheck(n, port, changed);
			return;
		}
	}
	l->bounced |= bounced;
	rio_voq_link_configure(l, &pol, write, true);
	if (was && !l->down)
		rio_voq_recheck(n, port, 0);
}

/**
 * rio_voq_port_event() - follow a change of a port's status
 * @n: the node
 * @port: its port whose link or availability may have changed
 * @bounced: the port-write says the link went down or trained since
 *	the last one (its Error Detect CSR latched OK-to-Uninit or
 *	Uninit-to-OK), even if it is up again
 * @src: what told of the event, for its tracepoint
 *
 * Reads the port's Error and Status CSR (and its partner's, for a port
 * with a link), then configures the link, or the lone port, as a scan
 * would; see rio_voq_port_follow() above.  The event is traced
 * (rio_voq_port_event) with the port's state before and after, and
 * whether anything was planned again, on a port rio-voq has state for
 * and outside a scan.  Called with rio_voq_lock held.
 */
void rio_voq_port_event(struct rio_voq_node *n, unsigned int port, bool bounced,
			enum rio_voq_ev_src src)
{
	bool known = n->ef && port < n->nports && !n->net->scanning && !n->dead;
	u32 old = known ? n->port[port].err_sts : 0;
	u64 plans = rio_voq_plans;

	rio_voq_port_follow(n, port, bounced);
	/* A board swapped in meanwhile may have fewer ports, or no block */
	if (known && !n->dead && n->ef && port < n->nports)
		trace_rio_voq_port_event(src, rio_voq_node_name(n), port, old,
					 n->port[port].err_sts,
					 rio_voq_plans != plans);
}

/**
 * rio_voq_events_replay() - follow the events that came during a scan
 * @net: the fabric, whose scan has ended
 *
 * Called with rio_voq_lock held.
 */
void rio_voq_events_replay(struct rio_voq_net *net)
{
	struct rio_voq_node *n;
	unsigned int p;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(n, &net->nodes, node) {
		if (n->dead || !n->ef)
			continue;
		for (p = 0; p < n->nports; p++)
			if (n->port[p].pending)
				rio_voq_port_event(n, p, false, RIO_VOQ_EV_SCAN);
	}
}

/*
 * Did the link of @port go down, or (re)train, since the device's last
 * port-write about that port: @latched, the transitions its Port n Error
 * Detect CSR latched, as the message carries them.  The core clears a
 * switch's register after each port-write (rio_inb_pwrite_handler(), on
 * a switch whose error management block it knows), so what a switch
 * sends is new.  An endpoint's it does not clear, nor the registers of a
 * switch whose block it does not know (one rio_mport_cdev added, whose
 * block is the hot-swap-only one), and neither does rio-voq (the
 * register is not its block, and the endpoint's driver owns its
 * port-writes): the transitions stay latched and come with each of its
 * later port-writes about that port, so only a change of those of the
 * port is a new bounce.
 */
static bool rio_voq_pw_bounced(struct rio_voq_node *n, unsigned int port,
			       u32 latched)
{
	bool ok2u = latched & REM_PED_LINK_OK2U, u2ok = latched & REM_PED_LINK_U2OK;

	if ((n->rdev->pef & RIO_PEF_SWITCH) && n->rdev->em_efptr)
		return latched;
	if (!latched || (ok2u == test_bit(port, n->pw_ok2u) &&
			 u2ok == test_bit(port, n->pw_u2ok)))
		return false;
	assign_bit(port, n->pw_ok2u, ok2u);
	assign_bit(port, n->pw_u2ok, u2ok);
	return true;
}

/*
 * Port @port of @n has Port-Write Pending set in its Port n Error and
 * Status CSR, and the recovery of a link cut it off: did a port-write
 * about it never reach the host, and tell of a link that went down or
 * trained?  The core clears a switch's bit and its Error Detect CSR when
 * it handles a port-write (rio_inb_pwrite_handler(), on a switch whose
 * error management block it knows and that answers), so a switch port of
 * a device that was cut off and still has the bit set most likely sent
 * one that was lost, while a board behind it may have been swapped.  Its
 * Error Detect CSR, one more read, says whether the link bounced.
 * rio-voq clears neither register (they are not its block): a latch is
 * followed at every recovery that cut its port off, so that a second
 * swap behind the same port is found too.  An endpoint's bit the core
 * does not clear, and tells nothing.  Called with rio_voq_lock held.
 */
static bool rio_voq_pw_lost(struct rio_voq_node *n, unsigned int port)
{
	u32 det;

	lockdep_assert_held(&rio_voq_lock);
	if (!n->rdev || !(n->rdev->pef & RIO_PEF_SWITCH) || !n->rdev->em_efptr)
		return false;
	if (rio_voq_read(n, n->rdev->em_efptr + RIO_EM_PN_ERR_DETECT(port), &det))
		return false;
	return det & (REM_PED_LINK_OK2U | REM_PED_LINK_U2OK);
}

/*
 * What a pass of rio_voq_check() reads: @mport's nodes (every mport's if
 * NULL), or only those the core reached through @top if not NULL.  If
 * @lost, a switch port whose port-write was lost is followed; @at, port
 * @at_port, is an end of the cable whose recovery asked for the pass: it
 * and the other end just reported (the other end's port-write may still
 * be on its way), so they are not taken for lost.
 */
struct rio_voq_check_req {
	struct rio_voq_net *net;
	struct rio_voq_node *top;
	struct rio_voq_node *at;
	unsigned int at_port;
	bool lost;
	enum rio_voq_ev_src src;
};

/* Is port @p of @m an end of the cable at @r->at, port @r->at_port */
static bool rio_voq_check_at(const struct rio_voq_check_req *r,
			     struct rio_voq_node *m, unsigned int p)
{
	if (!r->at)
		return false;
	if (m == r->at)
		return p == r->at_port;
	return m == rio_voq_port_peer(r->at, r->at_port) &&
	       rio_voq_port_peer(m, p) == r->at;
}

/* The fabric after @net (the first if NULL) that a pass reads: @r->net, or each */
static struct rio_voq_net *rio_voq_check_net(const struct rio_voq_check_req *r,
					     struct rio_voq_net *net)
{
	if (r->net)
		return net ? NULL : r->net;
	return net ? rio_voq_net_next(net) : rio_voq_net_first();
}

/* Read the ports of node @n for the pass @r */
static void rio_voq_check_node(const struct rio_voq_check_req *r,
			       struct rio_voq_node *n)
{
	unsigned int p;
	u32 off, sts;
	bool bounced;

	if (n->dead || !n->ef || n->unknown ||
	    (r->top && !rio_voq_behind(n, r->top)))
		return;
	for (p = 0; p < n->nports; p++) {
		off = rio_voq_phys_reg(n, p, RIO_PORT_N_ERR_STS_CSR(0, 0));
		if (!off || rio_voq_read(n, off, &sts))
			continue;
		bounced = r->lost && (sts & RIO_PORT_N_ERR_STS_PW_PEND) &&
			  !rio_voq_check_at(r, n, p) && rio_voq_pw_lost(n, p);
		if (bounced || ((sts ^ n->port[p].err_sts) & RIO_VOQ_STS_EVENT))
			rio_voq_port_event(n, p, bounced, r->src);
	}
}

/* One pass of rio_voq_check() */
static void rio_voq_check_pass(const struct rio_voq_check_req *r)
{
	struct rio_voq_policy pol;
	struct rio_voq_node *n;
	struct rio_voq_net *net;
	u32 sts;

	/* Devices not known first: discovered again if they answer */
	for (net = rio_voq_check_net(r, NULL); net; net = rio_voq_check_net(r, net)) {
		if (!net->host || net->scanning)
			continue;
		rio_voq_policy_get(net, &pol);
		list_for_each_entry(n, &net->nodes, node) {
			if (!n->unknown || n->dead)
				continue;
			if (!rio_voq_read(n, RIO_DEV_ID_CAR, &sts))
				rio_voq_check_replaced(n, NULL, &pol,
						       pol.auto_config && net->owner);
		}
	}
	for (net = rio_voq_check_net(r, NULL); net; net = rio_voq_check_net(r, net)) {
		if (!net->host || net->scanning)
			continue;
		list_for_each_entry(n, &net->nodes, node)
			rio_voq_check_node(r, n);
	}
}

/*
 * Read every port of the nodes @req names (see struct rio_voq_check_req)
 * that have a VoQ block and are not being scanned; a port whose PORT_OK
 * or Port Unavailable changed is followed as a port-write would make it,
 * and, after a link recovery, so is a switch port whose port-write about
 * a link that bounced was lost (rio_voq_pw_lost()).  A device that
 * cannot be reached is skipped (its partner's port tells).  A device
 * whose board is not known is discovered again if it answers (one read
 * of its Device Identity CAR).  A link that comes back during the pass
 * asks for another, after it: a port read before the link came back may
 * have been cut off by it (the nodes of both requests, or all, if they
 * differ).  A pass follows only changes the last one did not, but a
 * device that reads otherwise each time could ask for passes without
 * end: there are at most RIO_VOQ_CHECK_PASSES.  Called with rio_voq_lock
 * held.
 */
static void rio_voq_check(const struct rio_voq_check_req *req)
{
	static struct rio_voq_check_req again_req;
	static bool running, again;
	struct rio_voq_check_req r = *req;
	unsigned int pass = 0;

	lockdep_assert_held(&rio_voq_lock);
	if (running) {
		if (!again)
			again_req = r;
		else if (again_req.top != r.top || again_req.net != r.net)
			again_req.top = NULL;
		if (again_req.net != r.net)
			again_req.net = NULL;
		again_req.at = NULL;
		again_req.lost = true;
		again = true;
		return;
	}
	running = true;
	do {
		again = false;
		rio_voq_check_pass(&r);
		r = again_req;
	} while (again && ++pass < RIO_VOQ_CHECK_PASSES);
	if (again)
		pr_warn_ratelimited("links still coming back after %u passes over the ports; the next event or poll follows them\n",
				    RIO_VOQ_CHECK_PASSES);
	running = false;
}

/*
 * After a link recovery, at @port of @n: the devices it cut off could
 * not be reached and their port-writes were lost.  Those are the devices
 * the core reached through that cable (it routes along the tree it
 * built); if the end nearer the host is a board swapped or found again
 * (@changed: BIT(0) for @n, BIT(1) for the other end), those it reached
 * through that end, since the swap took its other links down too.  Every
 * port of those is read again: one read per port, and one more per
 * switch port whose port-write is still pending.  Where the core does
 * not say which devices those are, every port of the mport is.
 */
static void rio_voq_recheck(struct rio_voq_node *n, unsigned int port,
			    unsigned int changed)
{
	struct rio_voq_check_req r = {
		.net = n->net, .at = n, .at_port = port, .lost = true,
		.top = rio_voq_port_child(n, port), .src = RIO_VOQ_EV_RECHECK,
	};

	/* The end nearer the host: @n, unless the cable is the one to @n */
	if (r.top && (changed & (r.top == n ? BIT(1) : BIT(0))))
		r.top = r.top == n ? rio_voq_port_peer(n, port) : n;
	/* The mport's own node: everything is behind it */
	if (r.top && !r.top->rdev)
		r.top = NULL;
	rio_voq_check(&r);
}

/* One pass of the poll */

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
 * Does @mport own @net, the net of a device userspace added: the core
 * enumerated it through @mport to the end (rio_net.enumerated).  A net
 * built from userspace (rio_mport_cdev) is owned by nothing, and
 * neither is one kept after an enumeration that failed or was lost to
 * another host.  At a scan's end the core says it (rio_scan_info.owner);
 * a device's net is its own, there while the device is.
 */
static bool rio_voq_net_owned(struct rio_mport *mport, const struct rio_net *net)
{
	return net && net->hport == mport && net->enumerated;
}

/*
 * Whether the core has told rio-voq of every mport it follows (the
 * replay of rio_register_scan_notifier() is over): until then, an mport
 * it begins to follow waits for its replay.  Under rio_voq_lock.
 */
static bool rio_voq_replayed;

/*
 * Discover what is new on @net and configure its new links and
 * the ports of new nodes that have none (not those of a device a fabric
 * manager added: rio_voq_node_auto()).  @scanned: after a successful
 * scan (else rio-voq catches up with a net scanned before it was
 * loaded).  Called with rio_voq_lock held, while the mport's scan_lock
 * is held (by the scanning task or on its behalf).
 */
static void rio_voq_sync(struct rio_voq_net *net, bool scanned)
{
	struct rio_voq_node *n;
	struct rio_voq_policy pol;
	struct rio_voq_link *l;
	unsigned int p, ndevs = 0;
	bool write;

	lockdep_assert_held(&rio_voq_lock);
	rio_voq_policy_get(net, &pol);
	write = pol.auto_config && net->owner;

	list_for_each_entry(n, &net->nodes, node)
		ndevs += n->rdev && !n->dead;
	list_for_each_entry(n, &net->nodes, node) {
		if (n->dead || n->probed)
			continue;
		if (n->rdev)
			rio_voq_place(n, scanned && n->from_scan, ndevs);
		rio_voq_node_discover(n);
	}

	rio_voq_find_links(net);
	list_for_each_entry(l, &net->links, node) {
		if (l->state != RIO_VOQ_LINK_NEW)
			continue;
		/*
		 * A host that does not own the fabric reads both ends again:
		 * its own port was read when its mport registered, before the
		 * enumerating host configured it.
		 */
		rio_voq_link_configure(l, &pol, write, !net->owner);
		rio_voq_staging_follow_link(l, write);
	}

	list_for_each_entry(n, &net->nodes, node) {
		if (n->dead || !n->ef || n->configured)
			continue;
		n->configured = true;
		for (p = 0; write && rio_voq_node_auto(n) && p < n->nports; p++)
			if (!n->port[p].link)
				rio_voq_port_configure(n, p, false);
	}
}

/*
 * What a scan's end (or a catch-up, which stands for one) leaves: the
 * fabric's nodes are no longer new from a scan, and the port events
 * that waited are followed.  Called with rio_voq_lock held.
 */
static void rio_voq_scan_over(struct rio_voq_net *net)
{
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(n, &net->nodes, node)
		n->from_scan = false;
	rio_voq_events_replay(net);
}

/*
 * What a scan that failed or was refused registered on @net: exposed,
 * left alone.  Called with rio_voq_lock held.
 */
static void rio_voq_discover_new(struct rio_voq_net *net)
{
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	list_for_each_entry(n, &net->nodes, node)
		if (!n->probed && !n->dead)
			rio_voq_node_discover(n);
}

/**
 * rio_voq_scan_start() - a scan of an mport begins
 * @mport: the mport
 *
 * Devices added from here on are the scan's: its end discovers them,
 * and port events wait for it.  Called with rio_voq_lock held.
 *
 * Return: false if rio-voq does not follow @mport.
 */
bool rio_voq_scan_start(struct rio_mport *mport)
{
	struct rio_voq_net *net = rio_voq_net_of(mport);

	lockdep_assert_held(&rio_voq_lock);
	if (!net || !net->host)
		return false;
	net->told = true;
	net->scanning = true;
	return true;
}

/**
 * rio_voq_scan_done() - a scan of an mport has ended
 * @mport: the mport
 * @result: the scan's result (0: it completed)
 * @owner: the mport owns its net now (the core's rio_scan_info.owner)
 *
 * After a successful scan, what is new on the net is discovered and
 * configured; after one that failed or was refused, what it registered
 * is only discovered and exposed.  Either way the port events that
 * waited are followed.  Called with rio_voq_lock held, under the
 * mport's scan_lock (the core's notifier holds it).
 *
 * Return: false if rio-voq does not follow @mport.
 */
bool rio_voq_scan_done(struct rio_mport *mport, int result, bool owner)
{
	struct rio_voq_net *net = rio_voq_net_of(mport);

	lockdep_assert_held(&rio_voq_lock);
	if (!net || !net->host)
		return false;
	net->told = true;
	net->scanning = false;
	/*
	 * Whatever the result: a scan the core refused leaves the net as it
	 * was, a lost enumeration leaves a net this host does not own
	 */
	net->owner = owner;
	if (!result) {
		rio_voq_sync(net, true);
	} else {
		rio_voq_dbg(net->host, "scan ended with %d: nothing to configure\n",
			    result);
		rio_voq_discover_new(net);
	}
	rio_voq_scan_over(net);
	return true;
}

/**
 * rio_voq_dev_add() - follow a device the core registered
 * @mport: the mport of its net
 * @rdev: the device
 * @t0: when its add callback began (ktime_get_ns()), for the scan's time
 *
 * During a scan the device is only recorded: the scan's end discovers
 * it.  Outside one it was added from userspace (rio_mport_cdev, which
 * holds the mport's scan_lock): it has no place in the topology and no
 * link, and is discovered now.  Called with rio_voq_lock held.
 *
 * Return: true if the device was discovered (its sysfs files are due).
 */
bool rio_voq_dev_add(struct rio_mport *mport, struct rio_dev *rdev, u64 t0)
{
	struct rio_voq_node *n = rio_voq_node_find_or_add(mport, rdev);
	struct rio_voq_net *net = n ? n->net : NULL;

	lockdep_assert_held(&rio_voq_lock);
	if (n && net->host && net->scanning) {
		n->from_scan = true;	/* the scan's end discovers it */
		rio_voq_count.scan_ns += ktime_get_ns() - t0;
	} else if (n && net->host && !n->probed) {
		/* The first one may have made the mport's net */
		net->owner = rio_voq_net_owned(mport, rdev->net);
		rio_voq_node_discover(n);
		return true;
	}
	return false;
}

/**
 * rio_voq_mport_add() - follow an mport: its own node, probed at once
 * @mport: the mport
 *
 * While rio-voq waits for the core to tell it of the mports it missed
 * (rio_voq_replay_end()), the mport waits for its replay
 * (rio_voq_caught_up()): devices added are left to it and port events
 * wait, as during a scan, and the mport owns nothing.  An mport that
 * comes later is not scanned yet.  Called with rio_voq_lock held.
 *
 * Return: the mport's fabric, NULL if it cannot be allocated.
 */
struct rio_voq_net *rio_voq_mport_add(struct rio_mport *mport)
{
	struct rio_voq_node *host;

	lockdep_assert_held(&rio_voq_lock);
	host = rio_voq_node_find_or_add(mport, NULL);
	if (!host)
		return NULL;
	if (!host->probed) {
		host->net->scanning = !rio_voq_replayed;
		rio_voq_node_discover(host);
	}
	return host->net;
}

/**
 * rio_voq_caught_up() - follow what an mport's net became unseen
 * @mport: the mport
 * @result: the result of the scan that gave it its net (the core's
 *	rio_scan_info.result; -ENODEV if it was never scanned)
 * @owner: the mport owns its net (the core's rio_scan_info.owner)
 *
 * The core's replay of an mport rio-voq missed (rio_scan_info.replay),
 * as rio_voq_scan_done() follows a scan's end: after a successful scan,
 * discovers and configures what is new on its net; after one that
 * failed, or on a net userspace built, only discovers it.  Then follows
 * the port events that waited.  Called with rio_voq_lock held, under
 * the mport's scan_lock (the core holds it for the replay).
 *
 * Return: false if rio-voq does not follow @mport.
 */
bool rio_voq_caught_up(struct rio_mport *mport, int result, bool owner)
{
	struct rio_voq_net *net = rio_voq_net_of(mport);

	lockdep_assert_held(&rio_voq_lock);
	if (!net || !net->host)
		return false;
	net->told = true;
	net->scanning = false;
	net->owner = owner;
	if (!result && mport->net)
		rio_voq_sync(net, false);
	else
		rio_voq_discover_new(net);
	rio_voq_scan_over(net);
	return true;
}

/**
 * rio_voq_replay_begin() - mports rio-voq begins to follow wait for a replay
 *
 * Called before the interfaces are registered (the replay of
 * rio_register_scan_notifier() comes after them), with rio_voq_lock
 * held.
 */
void rio_voq_replay_begin(void)
{
	lockdep_assert_held(&rio_voq_lock);
	rio_voq_replayed = false;
}

/**
 * rio_voq_replay_end() - the core told of every mport it had
 *
 * rio_register_scan_notifier() returned: every mport on the core's list
 * then was told (rio_voq_caught_up()).  One rio-voq followed that the
 * core told nothing of came after the list was read, and has not been
 * scanned since (a scan of it would have been told): it waits no more;
 * a device userspace added to it meanwhile is discovered.  Called with
 * rio_voq_lock held.
 */
void rio_voq_replay_end(void)
{
	struct rio_voq_net *net;
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	rio_voq_replayed = true;
	for (net = rio_voq_net_first(); net; net = rio_voq_net_next(net)) {
		if (!net->host || net->told)
			continue;
		net->told = true;
		net->scanning = false;
		list_for_each_entry(n, &net->nodes, node)
			if (!n->probed && !n->dead)
				rio_voq_node_discover(n);
		rio_voq_scan_over(net);
	}
}

/**
 * rio_voq_pw_event() - follow a port-write a fabric's mport received
 * @net: the fabric
 * @msg: the message
 *
 * The node is the one the fabric's map gives for the component tag the
 * enumerator gave the device, and the port the message names is
 * followed.  Port-writes of devices rio-voq does not follow (or no
 * longer does) are ignored.  One with the mport's own component tag is
 * the mport's own port: no device can send one over that link, the mport
 * driver tells of it from its port's interrupt, and clears the
 * transitions it latched, as the core clears a switch's (so each
 * message's are new).  Called with rio_voq_lock held.
 */
void rio_voq_pw_event(struct rio_voq_net *net, const union rio_pw_msg *msg)
{
	unsigned int port = FIELD_GET(RIO_VOQ_PW_PORT, msg->em.is_port);
	u32 latched = msg->em.errdetect & (REM_PED_LINK_OK2U | REM_PED_LINK_U2OK);
	u32 tag = msg->em.comptag & RIO_CTAG_UDEVID, own;
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	n = rio_voq_net_tagged(net, tag);
	if (n) {
		if (!n->dead)
			rio_voq_port_event(n, port, rio_voq_pw_bounced(n, port, latched),
					   RIO_VOQ_EV_PW);
		return;
	}
	n = net->host;
	if (n && !n->dead && tag &&
	    !rio_voq_read(n, RIO_COMPONENT_TAG_CSR, &own) &&
	    (own & RIO_CTAG_UDEVID) == tag)
		rio_voq_port_event(n, port, latched, RIO_VOQ_EV_OWN);
}

/**
 * rio_voq_poll_pass() - one pass of a fabric's poll
 * @net: the fabric, NULL for every fabric
 *
 * Every port of the fabric's nodes with a VoQ block is read, the mport's
 * own port included: its Error and Status CSR, read locally, tells of
 * the host's own link, which no device can report and of which no
 * in-tree mport driver sends a port-write; a change of it is followed
 * as that port-write would be.  Called with rio_voq_lock held.
 */
void rio_voq_poll_pass(struct rio_voq_net *net)
{
	struct rio_voq_check_req r = { .net = net, .src = RIO_VOQ_EV_POLL };

	lockdep_assert_held(&rio_voq_lock);
	rio_voq_check(&r);
}
