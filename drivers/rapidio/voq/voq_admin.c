// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq admin choices, behind the sysfs files: those of VoQ, then
 * those of latency optimization (the second part of this file), then
 * the policy of each fabric (the third).
 *
 * An admin's write is checked against both ends of the port's link
 * (rio_voq_choice_check(): nothing is written when it refuses), becomes
 * a choice of the port, a constraint the planner honours over the
 * policy, and the link (or the port, without one) is planned again and
 * written by the one sequencer of voq_link.c, exactly as at scan time.
 *
 * Choices are remembered while the module is loaded, per mport (by
 * name, which a driver derives from its hardware) and component tag
 * (the mport's own port has its own key), so that they apply again when
 * the device comes back.  Devices without a component tag are not
 * remembered.  At most RIO_VOQ_REMEMBER_MAX ports are remembered; the
 * oldest is forgotten first.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "voq_core.h"

#define RIO_VOQ_REMEMBER_MAX	1024

/**
 * struct rio_voq_memo - the remembered choices of a port
 * @node: entry in the list, oldest first
 * @mport: name of the mport the device is reached through
 * @host: the mport's own port (else a device, by @comptag)
 * @comptag: component tag of the device
 * @port: the port
 * @choice: the choices
 */
struct rio_voq_memo {
	struct list_head node;
	char mport[RIO_MAX_MPORT_NAME];
	bool host;
	u32 comptag;
	unsigned int port;
	struct rio_voq_choice choice;
};

static LIST_HEAD(rio_voq_memos);
static unsigned int rio_voq_nmemos;

static const char * const rio_voq_knob_names[RIO_VOQ_NR_KNOBS] = {
	[RIO_VOQ_KNOB_GEN] = "generation",
	[RIO_VOQ_KNOB_PART] = "participation",
	[RIO_VOQ_KNOB_XOFF] = "xoff",
	[RIO_VOQ_KNOB_VC] = "per_vc",
	[RIO_VOQ_KNOB_TX_PGS] = "tx_group_size",
	[RIO_VOQ_KNOB_RX_PGS] = "rx_group_size",
	[RIO_VOQ_KNOB_FMT] = "symbol_format",
};

/**
 * rio_voq_knob_name() - the name of a knob: its sysfs file
 * @knob: the knob
 *
 * Return: the name, "?" for an unknown knob.
 */
const char *rio_voq_knob_name(enum rio_voq_knob knob)
{
	return knob < RIO_VOQ_NR_KNOBS ? rio_voq_knob_names[knob] : "?";
}

static bool rio_voq_memo_is(const struct rio_voq_memo *m,
			    const struct rio_voq_node *n, unsigned int port)
{
	return !strcmp(m->mport, n->mport->name) && m->host == !n->rdev &&
	       (!n->rdev || m->comptag == n->rdev->comp_tag) && m->port == port;
}

/**
 * rio_voq_remember() - remember a port's choices, as they are now
 * @n: the node
 * @port: its port
 *
 * Called with rio_voq_lock held, after a choice of the port was kept.
 */
void rio_voq_remember(const struct rio_voq_node *n, unsigned int port)
{
	const struct rio_voq_choice *c = &n->port[port].choice;
	struct rio_voq_memo *m;

	lockdep_assert_held(&rio_voq_lock);
	if (n->rdev && !n->rdev->comp_tag)
		return;		/* nothing to know it again by */
	list_for_each_entry(m, &rio_voq_memos, node) {
		if (rio_voq_memo_is(m, n, port)) {
			m->choice = *c;
			list_move_tail(&m->node, &rio_voq_memos);
			return;
		}
	}
	if (rio_voq_nmemos == RIO_VOQ_REMEMBER_MAX) {
		m = list_first_entry(&rio_voq_memos, struct rio_voq_memo, node);
		pr_notice("forgetting the choices for %s port %u: %u ports remembered at most\n",
			  m->mport, m->port, RIO_VOQ_REMEMBER_MAX);
		list_del(&m->node);
	} else {
		m = kzalloc(sizeof(*m), GFP_KERNEL);
		if (!m)
			return;
		rio_voq_nmemos++;
	}
	strscpy(m->mport, n->mport->name, sizeof(m->mport));
	m->host = !n->rdev;
	m->comptag = n->rdev ? n->rdev->comp_tag : 0;
	m->port = port;
	m->choice = *c;
	list_add_tail(&m->node, &rio_voq_memos);
}

/**
 * rio_voq_choices_load() - give a node the choices remembered for it
 * @n: a node just probed
 *
 * Called with rio_voq_lock held.  The planner honours those that still
 * fit the device; rio_voq_port_set() reports the rest when made again.
 */
void rio_voq_choices_load(struct rio_voq_node *n)
{
	struct rio_voq_memo *m;
	unsigned int p;

	lockdep_assert_held(&rio_voq_lock);
	for (p = 0; p < n->nports; p++) {
		list_for_each_entry(m, &rio_voq_memos, node) {
			if (rio_voq_memo_is(m, n, p)) {
				n->port[p].choice = m->choice;
				rio_voq_dbg(n, "port %u: applying the admin's earlier choices\n",
					    p);
			}
		}
	}
}

/**
 * rio_voq_choices_check() - which of a port's choices can still be honoured
 * @n: the node
 * @port: its port
 *
 * After a device was swapped for another board, a choice made against
 * the old one may no longer fit (a partner without per-VC support, a
 * group size it lacks, another layout).  The planner ignores such a
 * choice; it is kept (it applies again if a board that fits comes
 * back), marked not applied (debugfs rio-voq/links), and each knob that
 * becomes so is logged once, with the device, the port and the reason.
 * Called with rio_voq_lock held.
 */
void rio_voq_choices_check(struct rio_voq_node *n, unsigned int port)
{
	struct rio_voq_port_state *ps = &n->port[port];
	struct rio_voq_link *l = ps->link;
	struct rio_voq_end me, far = { };
	unsigned long was = ps->unapplied;
	unsigned int k, end;
	char val[8];
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	rio_voq_node_end(n, port, &me);
	if (l) {
		end = rio_voq_link_end(l, n, port);
		rio_voq_node_end(l->end[!end], l->port[!end], &far);
	}
	ps->unapplied = 0;
	for (k = 0; k < RIO_VOQ_NR_KNOBS; k++) {
		if (!(ps->choice.set & BIT(k)))
			continue;
		ret = rio_voq_choice_check(&me, l ? &far : NULL, k, ps->choice.val[k]);
		if (!ret)
			continue;
		ps->unapplied |= BIT(k);
		if (was & BIT(k))
			continue;
		/* The value as the admin wrote it */
		if (k == RIO_VOQ_KNOB_FMT && ps->choice.val[k] < RIO_VOQ_NR_PREFS)
			strscpy(val, rio_voq_pref_names[ps->choice.val[k]], sizeof(val));
		else
			snprintf(val, sizeof(val), "%u", ps->choice.val[k]);
		rio_voq_warn(n, "port %u: the admin's %s=%s does not fit the devices in place (%pe): not applied\n",
			     port, rio_voq_knob_name(k), val, ERR_PTR(ret));
	}
}

/**
 * rio_voq_choices_free() - forget every remembered choice
 */
void rio_voq_choices_free(void)
{
	struct rio_voq_memo *m, *tmp;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry_safe(m, tmp, &rio_voq_memos, node) {
		list_del(&m->node);
		kfree(m);
	}
	rio_voq_nmemos = 0;
	mutex_unlock(&rio_voq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_choices_free);

/* A choice on one end of a link that another choice on the other replaces */
static int rio_voq_knob_twin(enum rio_voq_knob knob)
{
	switch (knob) {
	case RIO_VOQ_KNOB_TX_PGS:
		return RIO_VOQ_KNOB_RX_PGS;
	case RIO_VOQ_KNOB_RX_PGS:
		return RIO_VOQ_KNOB_TX_PGS;
	case RIO_VOQ_KNOB_FMT:
		return RIO_VOQ_KNOB_FMT;
	case RIO_VOQ_KNOB_VC:
		/* Bit 11 is set on both ends or neither (voq_policy.c) */
		return RIO_VOQ_KNOB_VC;
	default:
		return -1;
	}
}

/*
 * The admin's choice, checked, then tried as a constraint of the plan of
 * the port's link (or of the port): the sequencer of voq_link.c does
 * every access, and the choices are kept only if it succeeds.
 */
static int rio_voq_do_set(struct rio_voq_node *n, unsigned int port,
			  enum rio_voq_knob knob, unsigned int val)
{
	struct rio_voq_port_state *ps = &n->port[port];
	struct rio_voq_link *l = ps->link;
	struct rio_voq_port_state *fps = NULL;
	struct rio_voq_choice ch[2] = { };
	const struct rio_voq_choice *const chp[2] = { &ch[0], &ch[1] };
	struct rio_voq_end me, far;
	struct rio_voq_policy pol;
	int twin = rio_voq_knob_twin(knob), ret;
	unsigned int end = 0;

	/*
	 * Capabilities are read-only: the values discovery read serve the
	 * check, so that a refusal costs no access.
	 */
	rio_voq_node_end(n, port, &me);
	if (l) {
		end = rio_voq_link_end(l, n, port);
		fps = &l->end[!end]->port[l->port[!end]];
		rio_voq_node_end(l->end[!end], l->port[!end], &far);
	}
	ret = rio_voq_choice_check(&me, l ? &far : NULL, knob, val);
	if (ret)
		return ret;
	/*
	 * A board not known: nothing written to it, nor to its partner on
	 * a link that is up, which already stopped generating toward it
	 */
	if (n->unknown || (l && !l->down && l->end[!end]->unknown))
		return -EBUSY;
	/*
	 * Not across a link down elsewhere (each access would be a timeout);
	 * the port's own link down is the sequencer's: it sets the end it
	 * can reach, and the choice applies when the link is back.  But for
	 * the host's own link, which no port-write follows: the mport's port
	 * is read again (rio_voq_node_cut_off())
	 */
	if (rio_voq_node_cut_off(n, l) || (l && rio_voq_node_cut_off(l->end[!end], l)))
		return -EHOSTUNREACH;

	ch[end] = ps->choice;
	ch[end].set |= BIT(knob);
	ch[end].val[knob] = val;
	if (fps) {
		ch[!end] = fps->choice;
		if (twin >= 0)
			ch[!end].set &= ~BIT(twin);
	}

	rio_voq_policy_get(n->net, &pol);
	if (l && (knob != RIO_VOQ_KNOB_PART && knob != RIO_VOQ_KNOB_XOFF))
		ret = rio_voq_link_try(l, &pol, BIT(0) | BIT(1), chp);
	else if (l)
		/* Participation and XOFF: this port only, its link as planned */
		ret = rio_voq_link_try(l, &pol, BIT(end), chp);
	else
		ret = rio_voq_port_try(n, port, &ch[end]);
	if (ret)
		return ret;

	ps->choice = ch[end];
	ps->unapplied &= ~BIT(knob);
	rio_voq_remember(n, port);
	if (fps && twin >= 0) {
		fps->choice = ch[!end];
		fps->unapplied &= ~BIT(twin);
		rio_voq_remember(l->end[!end], l->port[!end]);
	}
	return 0;
}

/**
 * rio_voq_port_set() - apply an admin's choice to a port
 * @n: the node
 * @port: the port
 * @knob: what to change
 * @val: the value: 0 or 1 for switches, 0..6 for group sizes, an
 *	&enum rio_voq_fmt_pref for the symbol format
 *
 * Validates against both ends first: a refusal writes nothing.  The
 * choice then constrains the plan of the port's link, which is written
 * as at scan time (a group size is the TX size of one end and the RX
 * size of the other: both are written, in Part 12's order).  Called
 * with rio_voq_lock held.
 *
 * Return: 0; -ENODEV if the node is going away; -EPERM on a node that
 * only discovers (it does not own the fabric); the refusals of
 * rio_voq_choice_check() (-EINVAL, -ENOLINK, -EOPNOTSUPP, -EXDEV);
 * -EBUSY if the board of the device, or of its partner on a link that
 * is up, is not known (it could not be discovered again after a bounce:
 * nothing is written); -EHOSTUNREACH if a link that is down cuts the
 * device, or its partner by another way than the port's own link, off
 * from the host (nothing is tried); -EIO (or the core's error) if an
 * access failed,
 * the link then being left with generation off and its ports set by the
 * choices that stand (one log line, from the sequencer).
 */
int rio_voq_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_voq_knob knob, unsigned int val)
{
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	if (n->dead || port >= n->nports)
		return -ENODEV;
	ret = rio_voq_node_writable(n) ? rio_voq_do_set(n, port, knob, val) : -EPERM;
	trace_rio_voq_admin(rio_voq_node_name(n), port, rio_voq_knob_name(knob),
			    val, ret);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_set);

/*
 * Admin choices of latency optimization, behind the sysfs files
 * multiple_ack and pna_recovery.
 *
 * A choice is checked against both ends of the port's link with the
 * values discovery read (rio_lat_choice_check(): a refusal costs no
 * access), then against the values both ends read now, and the link is
 * planned again and written by lat_link.c, exactly as at scan time.
 * Each feature is a property of the link, as per-VC transmission is for
 * VoQ: a choice on one end replaces the other end's choice of the same
 * feature.  Choices are kept in the ports' struct rio_voq_choice, so they
 * are remembered, and follow a swapped board, as the VoQ choices do
 * (above).
 */
static int rio_lat_do_set(struct rio_voq_node *n, unsigned int port,
			  enum rio_lat_feat feat, enum rio_lat_choice val)
{
	struct rio_voq_port_state *ps = &n->port[port], *fps;
	struct rio_voq_link *l = ps->link;
	struct rio_voq_choice ch[2];
	const struct rio_voq_choice *const chp[2] = { &ch[0], &ch[1] };
	struct rio_lat_end e[2];
	unsigned int end;
	int ret;

	if (feat >= RIO_LAT_NR_FEATS || val > RIO_LAT_CHOICE_ON)
		return -EINVAL;
	if (!ps->lat)
		return -EOPNOTSUPP;
	/*
	 * rio-voq negotiates the features on the links it follows only;
	 * "auto" withdraws a choice kept from a link that went
	 */
	if (!l) {
		if (val != RIO_LAT_CHOICE_NONE)
			return -ENOLINK;
		ps->choice.lat[feat] = RIO_LAT_CHOICE_NONE;
		rio_voq_remember(n, port);
		return 0;
	}

	end = rio_voq_link_end(l, n, port);
	fps = &l->end[!end]->port[l->port[!end]];
	/* A partner whose register is out of reach: nothing to negotiate */
	if (fps->lat_hidden && val != RIO_LAT_CHOICE_NONE)
		return -EXDEV;
	ch[end] = ps->choice;
	ch[end].lat[feat] = val;
	ch[!end] = fps->choice;
	ch[!end].lat[feat] = RIO_LAT_CHOICE_NONE;

	/* Capabilities are read-only: the values discovery read serve first */
	rio_lat_link_ends(l, chp, e);
	ret = rio_lat_choice_check(&e[end], &e[!end], rio_lat_link_fmt(l), feat, val);
	if (ret)
		return ret;
	if (n->unknown || (!l->down && l->end[!end]->unknown))
		return -EBUSY;
	if (rio_voq_node_cut_off(n, l) || rio_voq_node_cut_off(l->end[!end], l))
		return -EHOSTUNREACH;

	if (!l->down) {
		/* The board may have changed since: check what reads now */
		ret = rio_lat_link_read(l);
		if (ret)
			return ret;
		rio_lat_link_ends(l, chp, e);
		ret = rio_lat_choice_check(&e[end], &e[!end], rio_lat_link_fmt(l),
					   feat, val);
		if (ret)
			return ret;
	}
	/* A link that is down is planned and written when it is back */
	ret = rio_lat_link_configure(l, true, false, chp);
	if (ret)
		return ret;

	ps->choice.lat[feat] = val;
	fps->choice.lat[feat] = RIO_LAT_CHOICE_NONE;
	rio_voq_remember(n, port);
	rio_voq_remember(l->end[!end], l->port[!end]);
	return 0;
}

/**
 * rio_lat_port_set() - apply an admin's latency-optimization choice
 * @n: the node
 * @port: its port
 * @feat: the feature
 * @val: RIO_LAT_CHOICE_ON or RIO_LAT_CHOICE_OFF, or RIO_LAT_CHOICE_NONE
 *	to let the policy decide again
 *
 * The choice replaces the partner's choice of the feature, since a
 * feature is on at both ends of a link or at neither; the link is then
 * planned and both ends written (rio_lat_link_configure()).  A refusal
 * writes nothing.  Called with rio_voq_lock held.
 *
 * Return: 0; -ENODEV if the node is going away; -EPERM on a node that
 * only discovers, or the refusal of rio_lat_choice_check() ("off" of
 * ackID-in-PNA recovery on a CS64 link; -EINVAL, -ENOLINK, -EOPNOTSUPP,
 * -EXDEV); -EXDEV also toward a partner whose register is out of reach
 * (rio_voq_port_state.lat_hidden); -EOPNOTSUPP for a port without the
 * register; -ENOLINK
 * for "on" or "off" on a port without a VoQ link; -EBUSY for a board not
 * known; -EHOSTUNREACH across a link that is down; or the error of an
 * access that failed, both ends then put back as they were (one log
 * line).
 */
int rio_lat_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_lat_feat feat, enum rio_lat_choice val)
{
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	if (n->dead || port >= n->nports)
		return -ENODEV;
	ret = rio_voq_node_writable(n) ? rio_lat_do_set(n, port, feat, val) : -EPERM;
	trace_rio_voq_admin(rio_voq_node_name(n), port,
			    feat == RIO_LAT_MACK ? "multiple_ack" :
			    feat == RIO_LAT_PNA ? "pna_recovery" : "?", val, ret);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_port_set);

/*
 * The fabric's policy (the third part of this file): the files
 * auto_config and poll_ms of its mport's voq/ (voq_net_sysfs.c).
 */

/*
 * Configure every link and every lone port of a fabric this host owns,
 * as a scan's end would with auto_config on: both ends of each link
 * read again, planned and written; a link that was not configured gets
 * its staging queues set up, as at a scan.
 */
static void rio_voq_net_configure(struct rio_voq_net *net)
{
	struct rio_voq_policy pol;
	struct rio_voq_link *l;
	struct rio_voq_node *n;
	unsigned int p;
	bool was;

	rio_voq_policy_get(net, &pol);
	list_for_each_entry(l, &net->links, node) {
		was = l->state == RIO_VOQ_LINK_CONFIGURED;
		rio_voq_link_configure(l, &pol, true, true);
		if (!was)
			rio_voq_staging_follow_link(l, true);
	}
	list_for_each_entry(n, &net->nodes, node) {
		if (n->dead || !n->ef || !rio_voq_node_auto(n))
			continue;
		for (p = 0; p < n->nports; p++)
			if (!n->port[p].link)
				rio_voq_port_configure(n, p, true);
	}
}

/**
 * rio_voq_net_set_auto_config() - the admin's auto_config of a fabric
 * @net: the fabric, followed (its mport's own node alive)
 * @on: configure the fabric after each scan and port event (else
 *	discover and report only)
 *
 * Turning it on (writing 1, also when it is on) configures the fabric
 * at once on the host that owns it, unless a scan of the mport is in
 * progress, whose end does; a host that only discovered the fabric
 * keeps only reporting.  Turning it off writes nothing: the links stay
 * as they are, and rio-voq reports what it would have done.  Called
 * with rio_voq_lock held.
 *
 * Return: 0.
 */
int rio_voq_net_set_auto_config(struct rio_voq_net *net, bool on)
{
	lockdep_assert_held(&rio_voq_lock);
	net->pol.auto_config = on;
	if (on && net->owner && net->host && !net->scanning)
		rio_voq_net_configure(net);
	return 0;
}

/**
 * rio_voq_poll_arm() - make a fabric's poll follow its period
 * @net: the fabric
 *
 * The poll's next pass comes @net->pol.poll_ms from now; with a period
 * of 0 none comes (a pass in progress ends without arming another).
 * Nothing is armed before the fabric's poll is set up or once its
 * teardown began (rio_voq_net.polling).  Called with rio_voq_lock held.
 */
void rio_voq_poll_arm(struct rio_voq_net *net)
{
	lockdep_assert_held(&rio_voq_lock);
	if (!net->polling)
		return;
	if (net->pol.poll_ms)
		mod_delayed_work(rio_voq_wq, &net->poll, msecs_to_jiffies(net->pol.poll_ms));
	else
		cancel_delayed_work(&net->poll);
}

/**
 * rio_voq_net_set_poll_ms() - the admin's period of a fabric's poll
 * @net: the fabric
 * @ms: the period in ms, at most RIO_VOQ_POLL_MAX_MS; 0 turns the poll off
 *
 * The poll reads every port's Error and Status CSR of the fabric each
 * period, the mport's own included, and follows what changed as a
 * port-write would make it: for mports that deliver no port-writes.
 * The first pass comes one period from now.  Called with rio_voq_lock
 * held.
 *
 * Return: 0, or -EINVAL for a period out of range (nothing changes).
 */
int rio_voq_net_set_poll_ms(struct rio_voq_net *net, unsigned int ms)
{
	lockdep_assert_held(&rio_voq_lock);
	if (ms > RIO_VOQ_POLL_MAX_MS)
		return -EINVAL;
	net->pol.poll_ms = ms;
	rio_voq_poll_arm(net);
	return 0;
}
