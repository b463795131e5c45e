// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq admin choices of latency optimization, behind the sysfs files
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
 * (voq_admin.c).
 */

#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>

#include "voq_core.h"

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
 * writes nothing.
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

	mutex_lock(&rio_voq_lock);
	if (n->dead || port >= n->nports)
		ret = -ENODEV;
	else if (!rio_voq_node_writable(n))
		ret = -EPERM;
	else
		ret = rio_lat_do_set(n, port, feat, val);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_port_set);
