// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq admin operations on one port, behind the sysfs files.
 *
 * Reads are live: one maintenance read of the port's VoQ CSR.  Writes
 * are checked against both ends of the link before anything is written,
 * applied in Part 12's order (a group size changes only while the
 * transmitter's generation is off, and the TX size of one end is the RX
 * size of the other, so both are written), read back, and remembered per
 * device (component tag) and port while the module is loaded, to be
 * applied again when the device comes back.
 *
 * Every function here takes rio_voq_lock.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/slab.h>

#include "voq_core.h"

/**
 * struct rio_voq_override - an admin's choice for a port
 * @node: entry in the list of overrides
 * @mport_id: the mport the device was reached through
 * @comptag: component tag of the device, 0 for the mport's own port
 * @port: the port
 * @set: bit k set if knob k was chosen
 * @val: the value chosen for each knob
 */
struct rio_voq_override {
	struct list_head node;
	int mport_id;
	u32 comptag;
	unsigned int port;
	unsigned long set;
	unsigned int val[RIO_VOQ_NR_KNOBS];
};

static LIST_HEAD(rio_voq_overrides);

static u32 rio_voq_comptag(const struct rio_voq_node *n)
{
	return n->rdev ? n->rdev->comp_tag : 0;
}

static struct rio_voq_override *rio_voq_override_of(const struct rio_voq_node *n,
						    unsigned int port, bool create)
{
	struct rio_voq_override *o;

	list_for_each_entry(o, &rio_voq_overrides, node)
		if (o->mport_id == n->mport->id && o->comptag == rio_voq_comptag(n) &&
		    o->port == port)
			return o;
	if (!create)
		return NULL;
	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return NULL;
	o->mport_id = n->mport->id;
	o->comptag = rio_voq_comptag(n);
	o->port = port;
	list_add_tail(&o->node, &rio_voq_overrides);
	return o;
}

/**
 * rio_voq_port_read() - read a port's VoQ CSR, live
 * @n: the node
 * @port: the port
 * @csr: the value read
 *
 * Return: 0, -ENODEV if the node is going away, or -EIO.
 */
int rio_voq_port_read(struct rio_voq_node *n, unsigned int port, u32 *csr)
{
	int ret = -ENODEV;

	mutex_lock(&rio_voq_lock);
	if (!n->dead && port < n->nports)
		ret = rio_voq_csr_read(n, port, csr);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_read);

/* The far end of @port's link */
static bool rio_voq_far(struct rio_voq_node *n, unsigned int port,
			struct rio_voq_node **fn, unsigned int *fp, unsigned int *dir)
{
	struct rio_voq_link *l = n->port[port].link;

	if (!l)
		return false;
	*dir = rio_voq_link_end(l, n, port);
	*fn = l->end[!*dir];
	*fp = l->port[!*dir];
	return true;
}

/*
 * Change the group size of the direction in which @tx transmits to @rx,
 * @t and @r being their CSRs as just read: the transmitter's generation
 * off, its TX size, the receiver's RX size, generation back as it was.
 * On failure generation stays off.
 */
static int rio_voq_set_dir_pgs(struct rio_voq_node *tx, unsigned int tp, u32 t,
			       struct rio_voq_node *rx, unsigned int rp, u32 r,
			       unsigned int g)
{
	int ret = 0;

	if (FIELD_GET(RIO_VOQ_CSR_TX_PGS, t) == g && FIELD_GET(RIO_VOQ_CSR_RX_PGS, r) == g)
		return 0;	/* already so: no write, generation untouched */
	if (t & RIO_VOQ_CSR_GEN_EN)
		ret = rio_voq_csr_write(tx, tp, t & ~RIO_VOQ_CSR_GEN_EN);
	if (!ret)
		ret = rio_voq_csr_write(tx, tp, (t & ~(RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_GEN_EN)) |
					FIELD_PREP(RIO_VOQ_CSR_TX_PGS, g));
	if (!ret)
		ret = rio_voq_csr_write(rx, rp, (r & ~RIO_VOQ_CSR_RX_PGS) |
					FIELD_PREP(RIO_VOQ_CSR_RX_PGS, g));
	if (!ret && (t & RIO_VOQ_CSR_GEN_EN))
		ret = rio_voq_csr_write(tx, tp, tx->port[tp].csr | RIO_VOQ_CSR_GEN_EN);
	return ret;
}

static int rio_voq_do_set(struct rio_voq_node *n, unsigned int port,
			  enum rio_voq_knob knob, unsigned int val)
{
	struct rio_voq_node *fn = NULL;
	struct rio_voq_port me, far = { };
	unsigned int fp = 0, dir = 0;
	bool linked = rio_voq_far(n, port, &fn, &fp, &dir);
	struct rio_voq_link *l = n->port[port].link;
	u32 cur, fcur = 0, bit = 0;
	bool need_far;
	int ret;

	/*
	 * The format is re-planned from what rio-voq keeps; everything else
	 * reads this port's CSR, and the partner's where a check needs it.
	 */
	if (knob == RIO_VOQ_KNOB_FMT) {
		if (!linked || n->layout != RIO_VOQ_LAYOUT_REV3 ||
		    fn->layout != RIO_VOQ_LAYOUT_REV3)
			return -EINVAL;
		l->fmt_force = val;
		return rio_voq_link_configure(l, true);
	}
	need_far = knob == RIO_VOQ_KNOB_TX_PGS || knob == RIO_VOQ_KNOB_RX_PGS ||
		   (val && (knob == RIO_VOQ_KNOB_GEN || knob == RIO_VOQ_KNOB_VC));
	ret = rio_voq_csr_read(n, port, &cur);
	if (!ret && linked && need_far)
		ret = rio_voq_csr_read(fn, fp, &fcur);
	if (ret)
		return ret;
	rio_voq_csr_decode(n->layout, cur, &me);
	if (linked)
		rio_voq_csr_decode(fn->layout, fcur, &far);

	switch (knob) {
	case RIO_VOQ_KNOB_GEN:
		if (val && (!me.gen_sup || !linked || !far.rx_sup ||
			    n->layout != fn->layout))
			return -EINVAL;
		if (val && n->layout == RIO_VOQ_LAYOUT_REV3 && me.tx_pgs != far.rx_pgs)
			return -EINVAL;
		bit = RIO_VOQ_CSR_GEN_EN;
		break;
	case RIO_VOQ_KNOB_PART:
		bit = RIO_VOQ_CSR_PART_EN;
		break;
	case RIO_VOQ_KNOB_XOFF:
		bit = RIO_VOQ_CSR_XOFF;
		break;
	case RIO_VOQ_KNOB_VC:
		if (val && (!me.vc_sup || !linked || !far.vc_sup))
			return -EINVAL;
		bit = RIO_VOQ_CSR_VC_EN;
		break;
	case RIO_VOQ_KNOB_TX_PGS:
	case RIO_VOQ_KNOB_RX_PGS:
		if (!linked || n->layout != RIO_VOQ_LAYOUT_REV3 ||
		    fn->layout != RIO_VOQ_LAYOUT_REV3 ||
		    !(rio_voq_pgs_common(me.pgs_sup, far.pgs_sup) & BIT(val)))
			return -EINVAL;
		if (knob == RIO_VOQ_KNOB_TX_PGS) {
			ret = rio_voq_set_dir_pgs(n, port, cur, fn, fp, fcur, val);
			if (!ret)
				l->dir[dir].pgs = val;
		} else {
			ret = rio_voq_set_dir_pgs(fn, fp, fcur, n, port, cur, val);
			if (!ret)
				l->dir[!dir].pgs = val;
		}
		return ret;
	default:
		return -EINVAL;
	}

	ret = rio_voq_csr_write(n, port, val ? cur | bit : cur & ~bit);
	if (!ret && linked && knob == RIO_VOQ_KNOB_GEN) {
		l->dir[dir].gen = val;
		l->dir[dir].why = val ? NULL : "turned off by the admin";
	}
	return ret;
}

static void rio_voq_port_failed(struct rio_voq_node *n, unsigned int port,
				enum rio_voq_knob knob, int ret)
{
	struct rio_voq_link *l = n->port[port].link;

	/* Safe state: no generation on this link after a failed change */
	if (l) {
		rio_voq_link_safe(l);
		l->state = RIO_VOQ_LINK_FAILED;
		snprintf(l->reason, sizeof(l->reason), "admin change: error %d", ret);
	}
	pr_err("rio-voq: %s port %u: admin change %d failed (%pe); generation left off on its link\n",
	       rio_voq_node_name(n), port, knob, ERR_PTR(ret));
}

/**
 * rio_voq_port_set() - apply an admin's choice to a port
 * @n: the node
 * @port: the port
 * @knob: what to change
 * @val: the value: 0 or 1 for switches, 0..6 for group sizes, a
 *	&enum rio_voq_fmt_policy for the symbol format
 *
 * Validates against both ends first; -EINVAL then means nothing was
 * written.  A group size is the TX size of one end and the RX size of
 * the other: both are written.
 *
 * Return: 0; -ENODEV if the node is going away; -EPERM on a node that
 * only discovers (it does not own the fabric); -EINVAL if the value is
 * out of range or the link cannot take it (a partner that cannot
 * receive, a size one end does not support, per-VC one end lacks...);
 * -EIO (or the core's error) if an access failed, the link then being
 * left with generation off.
 */
int rio_voq_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_voq_knob knob, unsigned int val)
{
	struct rio_voq_override *o;
	unsigned int max = 1;
	int ret;

	if (knob == RIO_VOQ_KNOB_TX_PGS || knob == RIO_VOQ_KNOB_RX_PGS)
		max = RIO_VOQ_PGS_MAX;
	else if (knob == RIO_VOQ_KNOB_FMT)
		max = RIO_VOQ_FMT_FORCE_CS64;
	if (knob >= RIO_VOQ_NR_KNOBS || val > max)
		return -EINVAL;

	mutex_lock(&rio_voq_lock);
	if (n->dead || port >= n->nports) {
		ret = -ENODEV;
	} else if (!rio_voq_node_writable(n)) {
		ret = -EPERM;
	} else {
		ret = rio_voq_do_set(n, port, knob, val);
		if (ret && ret != -EINVAL)
			rio_voq_port_failed(n, port, knob, ret);
		if (!ret) {
			o = rio_voq_override_of(n, port, true);
			if (o) {
				o->set |= BIT(knob);
				o->val[knob] = val;
			}
		}
	}
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_set);

/**
 * rio_voq_overrides_apply() - apply the remembered choices to a node
 * @n: a node just configured, on a fabric this host owns
 *
 * Called with rio_voq_lock held.  A choice that no longer fits (the
 * partner changed) is dropped with a notice.
 */
void rio_voq_overrides_apply(struct rio_voq_node *n)
{
	struct rio_voq_override *o;
	unsigned int knob;
	int ret;

	list_for_each_entry(o, &rio_voq_overrides, node) {
		if (o->mport_id != n->mport->id || o->comptag != rio_voq_comptag(n) ||
		    o->port >= n->nports)
			continue;
		for (knob = 0; knob < RIO_VOQ_NR_KNOBS; knob++) {
			if (!(o->set & BIT(knob)))
				continue;
			ret = rio_voq_do_set(n, o->port, knob, o->val[knob]);
			if (ret) {
				pr_notice("rio-voq: %s port %u: admin choice %u=%u no longer applies (%pe)\n",
					  rio_voq_node_name(n), o->port, knob,
					  o->val[knob], ERR_PTR(ret));
				o->set &= ~BIT(knob);
			}
		}
	}
}

/**
 * rio_voq_overrides_free() - forget every remembered choice
 */
void rio_voq_overrides_free(void)
{
	struct rio_voq_override *o, *tmp;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry_safe(o, tmp, &rio_voq_overrides, node) {
		list_del(&o->node);
		kfree(o);
	}
	mutex_unlock(&rio_voq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_overrides_free);
