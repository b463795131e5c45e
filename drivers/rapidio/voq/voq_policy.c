// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq link planner, pure: what each end of a link should be set to,
 * from the policy and the admin's choices.
 *
 * For each direction (one end transmits symbols, the other receives):
 * - generation only if the transmitter can generate, the receiver can
 *   receive, and both use the same symbol generation (rev 2.x and rev 3+
 *   symbols are not compatible), and the admin has not turned it off;
 * - one group size for the transmitter's TX and the receiver's RX field:
 *   the admin's choice (the transmitter's TX size, else the receiver's
 *   RX size), else the smallest both support that covers the
 *   transmitter's ports in the link's format, else the largest both
 *   support (then some ports cannot be reported);
 * - per-VC transmission (bit 11) is one value for the link, set on both
 *   ends or neither: on only if both ends support it, symbols go at
 *   least one way, policy allows and the admin has turned it off on
 *   neither end.  The receiver reads a symbol by its own bit 11 (Part 12
 *   3.3): a CS48 VoQ field names no VC, so a receiver whose bit differs
 *   from its transmitter's applies a VC's status to every VC, or drops
 *   it (voq.rst, "Per-VC transmission on both ends").
 *
 * Admin choices are checked when they are made (rio_voq_choice_check());
 * the planner honours those that still fit the two ends and ignores the
 * others (a partner swapped for one with fewer capabilities).
 *
 * Beside the planner, as ASPM keeps its policy beside the function that
 * reads it: the one module parameter, "policy", which gives each fabric
 * its initial auto_config; the fabric's policy, read into a struct
 * rio_voq_policy by rio_voq_policy_get(); rio_voq_lock, the lock of all
 * of rio-voq's state, which every file above takes or asserts; and
 * rio_voq_wq, the workqueue of the fabrics' polls.  The planning
 * functions themselves take no lock and touch no hardware.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "voq_core.h"

/* Names of the symbol formats, as sysfs and debugfs show them */
const char * const rio_voq_fmt_names[RIO_VOQ_NR_FMTS] = {
	[RIO_VOQ_FMT_REV2] = "rev2",
	[RIO_VOQ_FMT_CS48] = "cs48",
	[RIO_VOQ_FMT_CS64] = "cs64",
};

/* Names of the format preferences, as the admin writes them */
const char * const rio_voq_pref_names[RIO_VOQ_NR_PREFS] = {
	[RIO_VOQ_PREF_AUTO] = "auto",
	[RIO_VOQ_PREF_CS48] = "cs48",
	[RIO_VOQ_PREF_CS64] = "cs64",
};

/* Words of the reasons, as sysfs (tx_reason) and debugfs show them */
const char * const rio_voq_reason_names[RIO_VOQ_NR_WHYS] = {
	[RIO_VOQ_WHY_NONE] = "none",
	[RIO_VOQ_WHY_ADMIN] = "admin",
	[RIO_VOQ_WHY_CANNOT_GENERATE] = "cannot_generate",
	[RIO_VOQ_WHY_PARTNER_CANNOT_RECEIVE] = "partner_cannot_receive",
	[RIO_VOQ_WHY_LAYOUT_MISMATCH] = "layout_mismatch",
	[RIO_VOQ_WHY_LINK_DOWN] = "link_down",
	[RIO_VOQ_WHY_ACCESS_FAILED] = "access_failed",
	[RIO_VOQ_WHY_NOT_REDISCOVERED] = "not_rediscovered",
	[RIO_VOQ_WHY_NO_LINK] = "no_link",
};

static bool rio_voq_chosen(const struct rio_voq_end *e, enum rio_voq_knob knob,
			   unsigned int *val)
{
	if (!e->choice || !(e->choice->set & BIT(knob)))
		return false;
	*val = e->choice->val[knob];
	return true;
}

/**
 * rio_voq_class_pref() - the symbol format a baud-rate class imposes
 * @baud_class: baud-rate class of a link (from the selected baud rate),
 *	0 if unknown
 *
 * Part 12 chapter 3: class 2 links use control symbol 48, class 3 links
 * control symbol 64; class 1 links may be built either way.  An unknown
 * class (no Port n Control 2 CSR, no rate selected) is taken as class 1:
 * nothing tells which, and an admin who knows the link may choose.
 *
 * Return: RIO_VOQ_PREF_CS48 or RIO_VOQ_PREF_CS64 for the format the class
 * imposes, RIO_VOQ_PREF_AUTO where a preference may choose.
 */
enum rio_voq_fmt_pref rio_voq_class_pref(unsigned int baud_class)
{
	switch (baud_class) {
	case 2:
		return RIO_VOQ_PREF_CS48;
	case 3:
		return RIO_VOQ_PREF_CS64;
	default:
		return RIO_VOQ_PREF_AUTO;
	}
}

/**
 * rio_voq_pref_check() - may a format be preferred on a link of a class
 * @baud_class: baud-rate class of the link, 0 if unknown
 * @pref: the preference (policy or the admin's choice)
 *
 * Return: 0 if @pref is "auto", or the class leaves the choice (see
 * rio_voq_class_pref()), or @pref is what the class imposes; -EINVAL if
 * it contradicts the class (CS64 on class 2, CS48 on class 3).
 */
int rio_voq_pref_check(unsigned int baud_class, enum rio_voq_fmt_pref pref)
{
	enum rio_voq_fmt_pref forced = rio_voq_class_pref(baud_class);

	if (pref == RIO_VOQ_PREF_AUTO || forced == RIO_VOQ_PREF_AUTO || pref == forced)
		return 0;
	return -EINVAL;
}

/**
 * rio_voq_link_fmt() - symbol format of a link
 * @a: layout of one end's VoQ block
 * @b: layout of the other end's
 * @baud_class: baud-rate class of the link (from the selected baud rate),
 *	0 if unknown
 * @pref: the format preference (policy or the admin's choice)
 *
 * Class 3 links use control symbol 64, class 2 control symbol 48, whatever
 * is preferred; class 1 (or an unknown class) may be built either way and
 * is taken as CS48 unless CS64 is preferred (rio_voq_class_pref()).
 *
 * Return: RIO_VOQ_FMT_REV2 if either end is rev 2.x, else CS48 or CS64.
 */
enum rio_voq_fmt rio_voq_link_fmt(enum rio_voq_layout a, enum rio_voq_layout b,
				  unsigned int baud_class,
				  enum rio_voq_fmt_pref pref)
{
	enum rio_voq_fmt_pref forced = rio_voq_class_pref(baud_class);

	if (a == RIO_VOQ_LAYOUT_REV2 || b == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_FMT_REV2;
	if (forced != RIO_VOQ_PREF_AUTO)
		pref = forced;
	return pref == RIO_VOQ_PREF_CS64 ? RIO_VOQ_FMT_CS64 : RIO_VOQ_FMT_CS48;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_link_fmt);

/**
 * rio_voq_link_pref() - format preference of a link
 * @a: one end
 * @b: the other end
 * @policy: the module's preference
 *
 * Return: the admin's choice of format on either end, else @policy.
 */
enum rio_voq_fmt_pref rio_voq_link_pref(const struct rio_voq_end *a,
					const struct rio_voq_end *b,
					enum rio_voq_fmt_pref policy)
{
	unsigned int val;

	if (rio_voq_chosen(a, RIO_VOQ_KNOB_FMT, &val) ||
	    rio_voq_chosen(b, RIO_VOQ_KNOB_FMT, &val))
		return val <= RIO_VOQ_PREF_CS64 ? val : policy;
	return policy;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_link_pref);

static void rio_voq_plan_dir(const struct rio_voq_end *from,
			     const struct rio_voq_end *to, enum rio_voq_fmt fmt,
			     struct rio_voq_dir *d)
{
	unsigned int val;
	u8 common;
	int g;

	*d = (struct rio_voq_dir) { };
	if (from->layout != to->layout) {
		d->why = "rev 2.x and rev 3+ symbols are incompatible";
		d->reason = RIO_VOQ_WHY_LAYOUT_MISMATCH;
	} else if (!from->caps.gen_sup) {
		d->why = "cannot generate";
		d->reason = RIO_VOQ_WHY_CANNOT_GENERATE;
	} else if (!to->caps.rx_sup) {
		d->why = "partner cannot receive";
		d->reason = RIO_VOQ_WHY_PARTNER_CANNOT_RECEIVE;
	} else if (rio_voq_chosen(from, RIO_VOQ_KNOB_GEN, &val) && !val) {
		d->why = "turned off by the admin";
		d->reason = RIO_VOQ_WHY_ADMIN;
	} else {
		d->gen = true;
	}

	if (from->layout == RIO_VOQ_LAYOUT_REV3 && to->layout == RIO_VOQ_LAYOUT_REV3) {
		common = rio_voq_pgs_common(from->caps.pgs_sup, to->caps.pgs_sup);
		if ((rio_voq_chosen(from, RIO_VOQ_KNOB_TX_PGS, &val) ||
		     rio_voq_chosen(to, RIO_VOQ_KNOB_RX_PGS, &val)) &&
		    val <= RIO_VOQ_PGS_MAX && (common & BIT(val)))
			g = val;
		else
			g = rio_voq_pgs_min_cover(fmt, common, from->nports);
		if (g < 0)
			g = common ? fls(common) - 1 : 0;
		d->pgs = g;
		if (rio_voq_ports_covered(fmt, g) < from->nports)
			d->uncovered = rio_voq_ports_covered(fmt, g);
	} else if (from->nports > rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0)) {
		d->uncovered = rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0);
	}
}

/* Bit 11 of a link: both ends or neither (see the top of this file) */
static bool rio_voq_plan_vc(const struct rio_voq_end *a, const struct rio_voq_end *b,
			    bool per_vc, const struct rio_voq_dir dir[2])
{
	unsigned int val;

	if (!per_vc || !a->caps.vc_sup || !b->caps.vc_sup || !(dir[0].gen || dir[1].gen))
		return false;
	if ((rio_voq_chosen(a, RIO_VOQ_KNOB_VC, &val) && !val) ||
	    (rio_voq_chosen(b, RIO_VOQ_KNOB_VC, &val) && !val))
		return false;
	return true;
}

/**
 * rio_voq_plan_link() - plan both directions of a link
 * @a: one end
 * @b: the other end
 * @fmt: the link's symbol format (see rio_voq_link_fmt())
 * @per_vc: policy allows per-VC transmission
 * @dir: dir[0] for @a transmitting to @b, dir[1] for @b transmitting to @a
 *
 * Per-VC transmission is the same in both directions: both ends have bit
 * 11 set or neither, since each end reads what it receives by its own
 * bit 11 (Part 12 3.3).
 */
void rio_voq_plan_link(const struct rio_voq_end *a, const struct rio_voq_end *b,
		       enum rio_voq_fmt fmt, bool per_vc, struct rio_voq_dir dir[2])
{
	rio_voq_plan_dir(a, b, fmt, &dir[0]);
	rio_voq_plan_dir(b, a, fmt, &dir[1]);
	dir[0].vc = rio_voq_plan_vc(a, b, per_vc, dir);
	dir[1].vc = dir[0].vc;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_plan_link);

/**
 * rio_voq_want_csr() - the Port n VoQ CSR value one end should have
 * @layout: layout of the end's block
 * @cur: the CSR's current value
 * @tx: the direction in which this end transmits, NULL for a port with
 *	no link (generation off, group sizes kept)
 * @rx: the direction in which this end receives, NULL likewise
 * @in_use: the port is in use: its status takes part in symbols
 * @unavailable: the port is unavailable: its status is forced congested,
 *	and takes part in symbols so that the partner learns it
 * @choice: the admin's choices for the port (participation and XOFF
 *	override the two above), NULL for none
 * @want: the value to write
 *
 * Return: 0, or -EINVAL if the plan does not fit the port (see
 * rio_voq_csr_encode()).
 */
int rio_voq_want_csr(enum rio_voq_layout layout, u32 cur,
		     const struct rio_voq_dir *tx, const struct rio_voq_dir *rx,
		     bool in_use, bool unavailable,
		     const struct rio_voq_choice *choice, u32 *want)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(layout, cur, &p);
	p.gen_en = tx && tx->gen;
	p.vc_en = tx && tx->vc;
	if (tx && rx && layout == RIO_VOQ_LAYOUT_REV3) {
		p.tx_pgs = tx->pgs;
		p.rx_pgs = rx->pgs;
	}
	/*
	 * Table 5-4: without participation, XOFF changes the reported
	 * status but sends no symbol.  An unavailable port participates,
	 * so that its XOFF reaches the partner when it is set.
	 */
	p.part_en = in_use || unavailable;
	p.xoff = unavailable;
	if (choice && (choice->set & BIT(RIO_VOQ_KNOB_PART)))
		p.part_en = choice->val[RIO_VOQ_KNOB_PART];
	if (choice && (choice->set & BIT(RIO_VOQ_KNOB_XOFF)))
		p.xoff = choice->val[RIO_VOQ_KNOB_XOFF];
	return rio_voq_csr_encode(layout, cur, &p, want);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_want_csr);

/**
 * rio_voq_choice_check() - may an admin choose this for a port
 * @me: the port's end
 * @far: the other end of the port's link, NULL if it has none
 * @knob: what is chosen
 * @val: the value
 *
 * Nothing is written; each refusal has its own error, so that a tool can
 * tell the admin which rule refused.
 *
 * Return: 0; -EINVAL if @val is out of range (group size 7 is reserved);
 * -ENOLINK if the knob needs a partner and the port has no VoQ link;
 * -EOPNOTSUPP if this end does not support it; -EXDEV if the partner
 * does not (cannot receive, lacks per-VC, lacks the group size, or uses
 * the other layout).
 */
int rio_voq_choice_check(const struct rio_voq_end *me,
			 const struct rio_voq_end *far, enum rio_voq_knob knob,
			 unsigned int val)
{
	unsigned int max = 1;

	if (knob == RIO_VOQ_KNOB_TX_PGS || knob == RIO_VOQ_KNOB_RX_PGS)
		max = RIO_VOQ_PGS_MAX;
	else if (knob == RIO_VOQ_KNOB_FMT)
		max = RIO_VOQ_PREF_CS64;
	if (knob >= RIO_VOQ_NR_KNOBS || val > max)
		return -EINVAL;

	switch (knob) {
	case RIO_VOQ_KNOB_PART:
	case RIO_VOQ_KNOB_XOFF:
		return 0;
	case RIO_VOQ_KNOB_GEN:
		if (!val)
			return 0;
		if (!far)
			return -ENOLINK;
		if (!me->caps.gen_sup)
			return -EOPNOTSUPP;
		if (me->layout != far->layout || !far->caps.rx_sup)
			return -EXDEV;
		return 0;
	case RIO_VOQ_KNOB_VC:
		if (!val)
			return 0;
		if (!far)
			return -ENOLINK;
		if (!me->caps.vc_sup)
			return -EOPNOTSUPP;
		return far->caps.vc_sup ? 0 : -EXDEV;
	case RIO_VOQ_KNOB_TX_PGS:
	case RIO_VOQ_KNOB_RX_PGS:
		if (!far)
			return -ENOLINK;
		if (me->layout != RIO_VOQ_LAYOUT_REV3 || !(me->caps.pgs_sup & BIT(val)))
			return -EOPNOTSUPP;
		if (far->layout != RIO_VOQ_LAYOUT_REV3 || !(far->caps.pgs_sup & BIT(val)))
			return -EXDEV;
		return 0;
	case RIO_VOQ_KNOB_FMT:
		if (!far)
			return -ENOLINK;
		if (me->layout != RIO_VOQ_LAYOUT_REV3)
			return -EOPNOTSUPP;
		return far->layout == RIO_VOQ_LAYOUT_REV3 ? 0 : -EXDEV;
	default:
		return -EINVAL;
	}
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_choice_check);

/**
 * rio_voq_need_gen_off() - must an end stop generating while it is written
 * @cur: the end's CSR now
 * @want: the value it is to have
 * @pcur: the partner's CSR now (ignored without @partner)
 * @pwant: the value the partner is to have (likewise)
 * @partner: the end has a partner that is written in the same sequence
 *
 * Part 12: a port's TX group size may change only while its generation
 * is off, and a receiver's RX size only while its partner's generation
 * is off.  rio-voq also stops generation while per-VC transmission (bit
 * 11) changes at either end: at this end it changes what is sent, at the
 * partner how the partner reads it (3.3); and of course when the plan
 * has it off.
 *
 * Return: true if the end generates now and must not while written.
 */
bool rio_voq_need_gen_off(u32 cur, u32 want, u32 pcur, u32 pwant, bool partner)
{
	if (!(cur & RIO_VOQ_CSR_GEN_EN))
		return false;
	if (!(want & RIO_VOQ_CSR_GEN_EN))
		return true;
	if ((cur ^ want) & (RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_VC_EN))
		return true;
	return partner && ((pcur ^ pwant) & (RIO_VOQ_CSR_RX_PGS | RIO_VOQ_CSR_VC_EN));
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_need_gen_off);

static const char * const rio_voq_policy_names[] = { "configure", "observe" };

/* policy=observe: each fabric starts with auto_config 0 */
static bool rio_voq_observe;

/*
 * The one module parameter: what rio-voq does with a fabric before
 * userspace can say (a built-in rio-voq follows the core's enumeration
 * at boot).  Read-only once loaded: each fabric's own auto_config file
 * is the way to change it at run time.  A word other than "configure"
 * or "observe" is refused, as pcie_aspm.policy refuses one: the module
 * does not load, and a built-in rio-voq keeps the default (the kernel
 * logs the refusal).  Reading it shows the policy in force.
 */
static int rio_voq_policy_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(rio_voq_policy_names, val);

	if (i < 0)
		return -EINVAL;
	WRITE_ONCE(rio_voq_observe, i == 1);
	return 0;
}

static int rio_voq_policy_show(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", rio_voq_policy_names[READ_ONCE(rio_voq_observe)]);
}

static const struct kernel_param_ops rio_voq_policy_ops = {
	.set = rio_voq_policy_set,
	.get = rio_voq_policy_show,
};
module_param_cb(policy, &rio_voq_policy_ops, NULL, 0444);
MODULE_PARM_DESC(policy,
		 "configure (default): rio-voq configures every fabric after each scan; observe: it discovers and reports only. The initial auto_config of each fabric");

/**
 * rio_voq_policy_default() - the policy a fabric starts with
 * @pol: filled in: auto_config as the module parameter "policy" says,
 *	no poll
 */
void rio_voq_policy_default(struct rio_voq_policy *pol)
{
	pol->auto_config = !READ_ONCE(rio_voq_observe);
	pol->poll_ms = 0;
}

/*
 * rio-voq's work: each fabric's poll, which reads every port of the
 * fabric: not on a system workqueue.  Made at load, before any fabric.
 */
struct workqueue_struct *rio_voq_wq;

/*
 * All state of every fabric, and every maintenance access: the bottom
 * of rio-voq's lock order (see voq_core.h)
 */
DEFINE_MUTEX(rio_voq_lock);
EXPORT_SYMBOL_IF_KUNIT(rio_voq_lock);

/**
 * rio_voq_policy_get() - a fabric's policy, as it is now
 * @net: the fabric
 * @pol: filled in
 *
 * Called with rio_voq_lock held.
 */
void rio_voq_policy_get(const struct rio_voq_net *net, struct rio_voq_policy *pol)
{
	lockdep_assert_held(&rio_voq_lock);
	*pol = net->pol;
}

#if IS_ENABLED(CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST)
#include "tests/voq_policy.c"
#endif
