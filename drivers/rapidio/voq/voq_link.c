// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq link configuration: plan both directions of a link from the
 * policy and the admin's choices, then write both ends in the order
 * Part 12 demands, reading back every write.  Every VoQ CSR write
 * rio-voq makes (at scan time, for an admin, for a port without a link)
 * goes through rio_voq_apply():
 *
 *  1. generation off on each end that generates and must not while it
 *     is written (its TX group size or per-VC bit changes, or its
 *     partner's RX group size or per-VC bit does, or the plan has it
 *     off);
 *  2. group sizes and the other controls, generation still off where
 *     step 1 (or the plan) has it off;
 *  3. generation on where the plan has it.
 *
 * A group size changes in step 2, and an end's per-VC bit changes only
 * while its partner does not generate: in step 1 if the partner does not
 * generate then, else in step 2.
 *
 * An end already as planned is not written.  On any failure both ends
 * are put back with generation off, the link is marked failed with the
 * reason, and one line names both devices and ports.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/lockdep.h>
#include <linux/printk.h>
#include <linux/rio_regs.h>
#include <linux/string.h>

#include "voq_core.h"

/*
 * Plans made, of links and of ports without a link: a port event tells
 * whether it planned anything (under rio_voq_lock)
 */
u64 rio_voq_plans;

/* What may change in the write that turns generation off */
#define RIO_VOQ_GEN_OFF_WITH	(RIO_VOQ_CSR_PART_EN | RIO_VOQ_CSR_XOFF | RIO_VOQ_CSR_VC_EN)

/*
 * One end of a sequence of writes: its current and its wanted CSR;
 * @force writes the wanted value even where the CSR reads as wanted;
 * @started is set where the writes turned generation on
 */
struct rio_voq_target {
	struct rio_voq_node *n;
	unsigned int port;
	u32 want;
	bool force;
	bool started;
};

static u32 rio_voq_now(const struct rio_voq_target *t)
{
	return t->n->port[t->port].csr;
}

/*
 * Write @count ends (1, or 2 for the two ends of a link) from their
 * remembered CSR to their wanted one in Part 12's order.  *@step says
 * where it failed.
 */
static int rio_voq_apply(struct rio_voq_target *t, unsigned int count,
			 const char **step)
{
	bool off[2] = { false, false };
	unsigned int i;
	u32 mid;
	int ret;

	/*
	 * Participation, XOFF and per-VC transmission go with generation
	 * off in the same write: table 5-4 lets the first two change at any
	 * time, and a port that no longer generates sends nothing for the
	 * change, nor anything its partner could read with the wrong VC
	 * meaning (turned on again, it sends its full status).  But bit 11
	 * also says how this end reads what it receives (3.3): while the
	 * partner still generates, it waits for the next write, by which
	 * the partner's generation is off (rio_voq_need_gen_off() turns it
	 * off for this end's change).  Group sizes wait for the next write:
	 * Part 12 wants generation off before.
	 */
	*step = "turning generation off";
	for (i = 0; i < count; i++) {
		const struct rio_voq_target *p = &t[count - 1 - i];
		u32 with = RIO_VOQ_GEN_OFF_WITH;

		off[i] = rio_voq_need_gen_off(rio_voq_now(&t[i]), t[i].want,
					      rio_voq_now(p), p->want, count == 2);
		if (off[i]) {
			if (count == 2 && (rio_voq_now(p) & RIO_VOQ_CSR_GEN_EN))
				with &= ~RIO_VOQ_CSR_VC_EN;
			mid = (rio_voq_now(&t[i]) & ~(RIO_VOQ_CSR_GEN_EN | with)) |
			      (t[i].want & with);
			ret = rio_voq_csr_write(t[i].n, t[i].port, mid);
			if (ret)
				return ret;
		}
	}

	*step = "setting group sizes and controls";
	for (i = 0; i < count; i++) {
		mid = t[i].want;
		if (off[i] || !(rio_voq_now(&t[i]) & RIO_VOQ_CSR_GEN_EN))
			mid &= ~RIO_VOQ_CSR_GEN_EN;
		if (rio_voq_now(&t[i]) != mid || t[i].force) {
			ret = rio_voq_csr_write(t[i].n, t[i].port, mid);
			if (ret)
				return ret;
		}
	}

	*step = "turning generation on";
	for (i = 0; i < count; i++) {
		if (rio_voq_now(&t[i]) != t[i].want) {
			t[i].started = t[i].want & ~rio_voq_now(&t[i]) & RIO_VOQ_CSR_GEN_EN;
			ret = rio_voq_csr_write(t[i].n, t[i].port, t[i].want);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * Bring the view that @n's link partners have of its ports' status up to
 * date, where its generation was turned on again or its link recovered:
 * Part 12 lets silicon send its full status then ("may", rule 4.2 g) and
 * does not say that a receiver forgets what it was told before.  Table
 * 5-4 does say that, with participation set, a change of XOFF that
 * changes a port's status sends a symbol, which carries the status of
 * the port's whole group.  So XOFF is set and cleared again on each port
 * that participates with XOFF clear, one port at a time: each one that is
 * not congested sends its group's status twice, the second time as it
 * is.  A group whose every such port is congested changes no status:
 * no symbol goes, and its partners keep what they were told before.
 * Each port shows XOFF, to every partner, for the time of two writes.
 * After a failure, the port is set back (twice if need be) and the
 * refresh goes on with the other ports; one line names the ports that
 * failed.
 *
 * Return: 0, or the first error (logged).
 */
static int rio_voq_refresh(struct rio_voq_node *n)
{
	unsigned int p, first = 0, failed = 0;
	int err, back, ret = 0;
	bool left = false;
	u32 csr;

	for (p = 0; p < n->nports; p++) {
		csr = n->port[p].csr;
		if (!(csr & RIO_VOQ_CSR_PART_EN) || (csr & RIO_VOQ_CSR_XOFF))
			continue;
		err = rio_voq_csr_write(n, p, csr | RIO_VOQ_CSR_XOFF);
		/* Set back even after a failure: the write may have landed */
		back = rio_voq_csr_write(n, p, csr);
		if (back)
			back = rio_voq_csr_write(n, p, csr);
		if (!err && !back)
			continue;
		if (!failed++) {
			first = p;
			ret = err ?: back;
		}
		if (back)
			left = true;
	}
	if (failed)
		rio_voq_err(n, "port %u (and %u more): cannot toggle XOFF to refresh the partners' view (%pe)%s\n",
			    first, failed - 1, ERR_PTR(ret),
			    left ? "; XOFF may be left set" : "");
	return ret;
}

/* The plan of @l, with the CSR each end is to have if @write */
static void rio_voq_trace_plan(const struct rio_voq_link *l, u32 want0,
			       u32 want1, bool write)
{
	rio_voq_plans++;
	trace_rio_voq_link_plan(rio_voq_node_name(l->end[0]), l->port[0],
				rio_voq_node_name(l->end[1]), l->port[1],
				l->fmt_known ? rio_voq_fmt_names[l->fmt] : "unknown",
				l->dir[0].gen, l->dir[1].gen, want0, want1, write);
}

static int rio_voq_link_baud(struct rio_voq_link *l)
{
	u32 off = rio_voq_phys_reg(l->end[0], l->port[0], RIO_PORT_N_CTL2_CSR(0, 0)), ctl2;
	int ret = 0;

	if (l->baud_read)
		return 0;
	l->baud_class = 0;
	if (off) {
		ret = rio_voq_read(l->end[0], off, &ctl2);
		if (ret)
			return ret;
		l->baud_class = rio_voq_baud_class(ctl2);
	}
	l->baud_read = true;
	return 0;
}

/**
 * rio_voq_port_safe() - set a port as if it had no link, after a failure
 * @n: the node, whose board is known
 * @port: the port
 * @val: its CSR, just read
 *
 * Generation and per-VC off, group sizes kept, participation and XOFF
 * from the port's status and the admin's choices that stand (not what a
 * write that failed was putting there).  A CSR that reads back otherwise
 * may hold what the failed write put there while it reads as wanted, so
 * the wanted value is written even then.  A value that fits no plan
 * (read from a block that changed, say) only loses generation and
 * per-VC, in Part 12's order.  Called with rio_voq_lock held.
 *
 * Return: 0, or the error of the write (-EIO if it reads back otherwise).
 */
int rio_voq_port_safe(struct rio_voq_node *n, unsigned int port, u32 val)
{
	struct rio_voq_port_state *ps = &n->port[port];
	struct rio_voq_target t = { .n = n, .port = port };
	const char *step;

	lockdep_assert_held(&rio_voq_lock);
	if (rio_voq_want_csr(n->layout, val, NULL, NULL,
			     ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
			     ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
			     &ps->choice, &t.want)) {
		t.want = val & ~(RIO_VOQ_CSR_GEN_EN | RIO_VOQ_CSR_VC_EN);
		return rio_voq_apply(&t, 1, &step);
	}
	t.force = true;
	return rio_voq_apply(&t, 1, &step);
}

/**
 * rio_voq_link_safe() - generation off at both ends of a link
 * @l: the link, after a failed access
 *
 * Best effort: each end is read again (once more if that read fails, so
 * that one failed access does not leave an end generating) and set as a
 * port without a link (rio_voq_port_safe()); an end that cannot be read,
 * or whose board is not known, is left as it is.  That turns per-VC
 * transmission off with generation; an end's bit 11 changes only while
 * its partner does not generate, so an end that generates toward a
 * partner with bit 11 set first turns its generation off alone.  An end
 * whose partner cannot be read, or still reads as generating once the
 * partner was written, only turns its generation off and keeps bit 11
 * (and its other controls) until the link is configured again.  An end
 * whose write fails is read once more: a write that did not stick may
 * still have turned generation off.
 *
 * Return: true if generation was read as off at both ends; false if an
 * end was left as it is, or still generates, or could not be read after
 * its write failed: its generation may still be on.
 */
bool rio_voq_link_safe(struct rio_voq_link *l)
{
	bool safe = true, known[2], done[2] = { false, false };
	unsigned int i, pass;
	u32 val[2];

	lockdep_assert_held(&rio_voq_lock);
	for (i = 0; i < 2; i++) {
		struct rio_voq_node *n = l->end[i];
		unsigned int port = l->port[i];

		known[i] = !n->unknown &&
			   (!rio_voq_csr_read(n, port, &val[i]) ||
			    !rio_voq_csr_read(n, port, &val[i]));
		if (!known[i])
			safe = false;
	}
	for (i = 0; i < 2; i++) {
		if (!known[i] || !(val[i] & RIO_VOQ_CSR_GEN_EN) ||
		    (known[!i] && !(val[!i] & RIO_VOQ_CSR_VC_EN)))
			continue;
		/* What the write left, if it was read back */
		rio_voq_csr_write(l->end[i], l->port[i], val[i] & ~RIO_VOQ_CSR_GEN_EN);
		val[i] = l->end[i]->port[l->port[i]].csr;
	}
	/*
	 * An end whose partner is known and does not generate, or whose bit
	 * 11 is clear, is set as a port without a link: in the first pass,
	 * so that its partner may follow in the second; in that pass an end
	 * whose partner is not known or still generates only keeps its
	 * generation off (since the loop above, unless that write failed)
	 */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < 2; i++) {
			struct rio_voq_node *n = l->end[i];
			unsigned int port = l->port[i];

			if (!known[i] || done[i])
				continue;
			if (!(val[i] & RIO_VOQ_CSR_VC_EN) ||
			    (known[!i] && !(val[!i] & RIO_VOQ_CSR_GEN_EN))) {
				/*
				 * A write that did not stick (another bit
				 * stuck, a write ignored) may still leave
				 * generation off: read to know.
				 */
				if (!rio_voq_port_safe(n, port, val[i]))
					val[i] = n->port[port].csr;
				else if (rio_voq_csr_read(n, port, &val[i]))
					val[i] |= RIO_VOQ_CSR_GEN_EN;	/* may be on */
				done[i] = true;
			} else if (pass) {
				done[i] = true;
			}
		}
	}
	for (i = 0; i < 2; i++)
		if (known[i] && (val[i] & RIO_VOQ_CSR_GEN_EN))
			safe = false;
	return safe;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_link_safe);

static void rio_voq_link_warn(const struct rio_voq_link *l)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		const struct rio_voq_dir *d = &l->dir[i];
		const struct rio_voq_node *from = l->end[i], *to = l->end[!i];

		if (d->why && l->end[0]->layout != l->end[1]->layout && i == 0)
			rio_voq_warn(from, "port %u <-> %s port %u: %s, generation stays off\n",
				     l->port[i], rio_voq_node_name(to), l->port[!i],
				     d->why);
		/* Uncovered ports matter only where symbols are sent */
		if (d->gen && d->uncovered && d->uncovered < from->nports)
			rio_voq_warn(from, "port %u -> %s port %u: group size %u reports ports 0-%u only; ports %u-%u of %s cannot be reported\n",
				     l->port[i], rio_voq_node_name(to), l->port[!i],
				     d->pgs, d->uncovered - 1, d->uncovered,
				     from->nports - 1, rio_voq_node_name(from));
	}
}

/**
 * rio_voq_link_unreachable() - is an end of a link cut off by it
 * @l: the link
 * @i: the end, 0 or 1
 *
 * The core reached end @i through @l (it routes along the tree it built
 * while enumerating), and the other end's port, as last read, has no
 * PORT_OK: every maintenance request to end @i takes a cable that
 * carries nothing, so none is tried (on hardware each would be a
 * timeout).  Called with rio_voq_lock held.
 *
 * Return: true if end @i cannot be reached.
 */
bool rio_voq_link_unreachable(struct rio_voq_link *l, unsigned int i)
{
	struct rio_voq_node *near = l->end[!i];

	lockdep_assert_held(&rio_voq_lock);
	return !(near->port[l->port[!i]].err_sts & RIO_PORT_N_ERR_STS_PORT_OK) &&
	       rio_voq_port_child(near, l->port[!i]) == l->end[i];
}

/*
 * A link that is down carries nothing: each end that can be reached is
 * set as a port without a link (generation and per-VC off, group sizes
 * kept, participation and XOFF from its status and the admin's
 * choices), through rio_voq_apply().  An end that cannot be reached
 * (the link down was its way to the host: rio_voq_link_unreachable()),
 * or whose board is not known, is set when the link is back.  @ch are
 * the choices of each end; @force writes an end even where it reads as
 * wanted (after a failed write).  Nothing is logged: *@step and *@at
 * (0 or 1) say where the first failure was.
 *
 * Return: 0, or the first error of an access to an end that can be
 * reached (a read that failed twice: nothing is written to that end).
 */
static int rio_voq_link_down_apply(struct rio_voq_link *l,
				   const struct rio_voq_choice *const ch[2],
				   bool force, const char **step,
				   unsigned int *at)
{
	struct rio_voq_target t = { };
	const char *where = "planning";
	unsigned int i;
	int ret = 0, err;
	u32 val;

	for (i = 0; i < 2; i++) {
		struct rio_voq_port_state *ps = &l->end[i]->port[l->port[i]];

		t.n = l->end[i];
		t.port = l->port[i];
		t.force = force;
		if (t.n->unknown || rio_voq_link_unreachable(l, i))
			continue;
		/*
		 * An end that can be reached is read once more if a read
		 * fails, so that one failed access does not leave generation
		 * on toward a link that is down; nothing is written from a
		 * value it could not read (the board may have changed)
		 */
		where = "reading the port";
		err = rio_voq_csr_read(t.n, t.port, &val);
		if (err)
			err = rio_voq_csr_read(t.n, t.port, &val);
		if (!err) {
			where = "planning";
			err = rio_voq_want_csr(t.n->layout, ps->csr, NULL, NULL,
					       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
					       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
					       ch[i], &t.want) ?:
			      rio_voq_apply(&t, 1, &where);
		}
		if (err && !ret) {
			ret = err;
			*step = where;
			*at = i;
		}
	}
	return ret;
}

/*
 * Plan @l's format from its ends @e and the preference @pref (the admin's
 * choice or the policy's); a preference its baud-rate class overrules is
 * told once (again after it applied or went)
 */
static void rio_voq_plan_fmt(struct rio_voq_link *l, const struct rio_voq_end e[2],
			     enum rio_voq_fmt_pref pref)
{
	bool ignored;

	l->fmt = rio_voq_link_fmt(e[0].layout, e[1].layout, l->baud_class, pref);
	l->fmt_known = true;
	ignored = l->fmt != RIO_VOQ_FMT_REV2 && rio_voq_pref_check(l->baud_class, pref);
	if (ignored && !l->fmt_told)
		rio_voq_notice(l->end[0], "port %u <-> %s port %u: symbol_format=%s ignored: a baud-rate class %u link runs %s\n",
			       l->port[0], rio_voq_node_name(l->end[1]), l->port[1],
			       rio_voq_pref_names[pref], l->baud_class,
			       rio_voq_fmt_names[l->fmt]);
	l->fmt_told = ignored;
}

/* The plan a link shows after a try that did not go through: the kept one */
static void rio_voq_plan_kept(struct rio_voq_link *l,
			      const struct rio_voq_policy *pol,
			      struct rio_voq_end e[2],
			      const struct rio_voq_choice *const kept[2])
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		e[i].choice = kept[i];
	rio_voq_plan_fmt(l, e, rio_voq_link_pref(&e[0], &e[1], RIO_VOQ_PREF_AUTO));
	rio_voq_plan_link(&e[0], &e[1], l->fmt, true, l->dir);
}

/* Is @k a choice of @ch[i] that is new (not among the choices that stand) */
static bool rio_voq_choice_new(const struct rio_voq_choice *const ch[2],
			       const struct rio_voq_choice *const kept[2],
			       unsigned int i, unsigned int k)
{
	return (ch[i]->set & BIT(k)) &&
	       !((kept[i]->set & BIT(k)) && kept[i]->val[k] == ch[i]->val[k]);
}

/*
 * A symbol format new at either end of @l that its baud-rate class, as
 * last read, forbids (Part 12 chapter 3: CS48 on class 2, CS64 on class
 * 3).  Return: 0, or -EINVAL.
 */
static int rio_voq_fmt_check(const struct rio_voq_link *l,
			     const struct rio_voq_choice *const ch[2],
			     const struct rio_voq_choice *const kept[2])
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (rio_voq_choice_new(ch, kept, i, RIO_VOQ_KNOB_FMT) &&
		    rio_voq_pref_check(l->baud_class, ch[i]->val[RIO_VOQ_KNOB_FMT]))
			return -EINVAL;
	return 0;
}

/*
 * The choices of a try that are new at either end (not among the choices
 * that stand, or with another value), checked again against the
 * capabilities just read: the board may have changed since the admin's
 * write was checked against the values of its discovery; and a format
 * against @l's baud-rate class, just read.
 * Return: 0, or the refusal of rio_voq_choice_check() or
 * rio_voq_fmt_check().
 */
static int rio_voq_try_check(const struct rio_voq_link *l,
			     const struct rio_voq_end e[2],
			     const struct rio_voq_choice *const ch[2],
			     const struct rio_voq_choice *const kept[2])
{
	unsigned int i, k;
	int ret;

	for (i = 0; i < 2; i++) {
		for (k = 0; k < RIO_VOQ_NR_KNOBS; k++) {
			if (!rio_voq_choice_new(ch, kept, i, k))
				continue;
			ret = rio_voq_choice_check(&e[i], &e[!i], k, ch[i]->val[k]);
			if (ret)
				return ret;
		}
	}
	return rio_voq_fmt_check(l, ch, kept);
}

/*
 * Does the plan change an end's RX group size whose partner's CSR was not
 * read just now (an RX size changes only while the partner does not
 * generate, table 5-3, and only a fresh read says whether it does)
 */
static bool rio_voq_rx_blind(const struct rio_voq_target t[2],
			     unsigned int fresh)
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (!(fresh & BIT(!i)) &&
		    FIELD_GET(RIO_VOQ_CSR_RX_PGS, t[i].want ^ rio_voq_now(&t[i])))
			return true;
	return false;
}

/**
 * rio_voq_link_write() - plan a link's VoQ CSRs and, if allowed, write them
 * @l: the link; both ends probed, with VoQ blocks
 * @pol: the fabric's policy
 * @write: write the plan (else only plan and report)
 * @fresh: bit i set: read end i's CSR first
 * @ch: each end's choices (NULL: the ports' own)
 *
 * Plan a link with each end's choices @ch (NULL: the ports' own) and, if
 * @write, write it; @fresh has bit i set to read end i's CSR first.  With
 * one end read (an admin's participation or XOFF), the other is read too
 * when the plan would change an RX group size.  New choices in @ch are
 * checked against the capabilities read: a refusal writes nothing.  On
 * a failure the link is made safe by the choices that stand (the ports'
 * own): generation off, participation and XOFF as they have them, and
 * the plan it shows is theirs.  Group sizes a failed write set stay in
 * the CSRs, with generation off, until the link is configured again.
 * The VoQ sequencer only: the link operations (lat_link.c) run it, then
 * the latency optimization.  Called with rio_voq_lock held.
 *
 * Return: 0; -EBUSY for an end not known; the refusal of a new choice;
 * or the error of the access that failed.
 */
int rio_voq_link_write(struct rio_voq_link *l,
		       const struct rio_voq_policy *pol, bool write,
		       unsigned int fresh, const struct rio_voq_choice *const ch[2])
{
	const struct rio_voq_choice *const kept[2] = {
		&l->end[0]->port[l->port[0]].choice,
		&l->end[1]->port[l->port[1]].choice,
	};
	struct rio_voq_node *done = NULL;
	struct rio_voq_target t[2] = { };
	struct rio_voq_end e[2];
	const char *step = "reading the ports", *dummy_step;
	enum rio_voq_link_state was = l->state;
	unsigned int i, dummy_at, read = 0;
	bool planned = false, safe;
	u32 dummy;
	int ret = 0, err;

	lockdep_assert_held(&rio_voq_lock);
	if (!ch || (ch[0] == kept[0] && ch[1] == kept[1]))
		ch = kept;
	if (l->down) {
		/* A format its class forbids, if the class was read: refused */
		if (ch != kept && l->baud_read) {
			ret = rio_voq_fmt_check(l, ch, kept);
			if (ret)
				return ret;
		}
		/*
		 * A link new while down: its format is known if an end is rev
		 * 2.x; between rev 3+ ends it waits for the baud-rate class,
		 * read once the link is up (shown as unknown until then)
		 */
		if (!l->fmt_known &&
		    rio_voq_link_fmt(l->end[0]->layout, l->end[1]->layout, l->baud_class,
				     RIO_VOQ_PREF_AUTO) == RIO_VOQ_FMT_REV2) {
			l->fmt = RIO_VOQ_FMT_REV2;
			l->fmt_known = true;
		}
		for (i = 0; i < 2; i++) {
			l->dir[i].gen = false;
			l->dir[i].why = "link down";
			l->dir[i].reason = RIO_VOQ_WHY_LINK_DOWN;
		}
		l->state = RIO_VOQ_LINK_DOWN;
		if (!write) {
			rio_voq_trace_plan(l, 0, 0, false);
			return 0;
		}
		ret = rio_voq_link_down_apply(l, ch, false, &step, &i);
		if (!ret) {
			/* Each end as set (an end not reached: as last read) */
			rio_voq_trace_plan(l, l->end[0]->port[l->port[0]].csr,
					   l->end[1]->port[l->port[1]].csr, true);
			return 0;
		}
		/*
		 * What failed may have landed while the CSR reads as the
		 * choices that stand: they are written again, whatever it reads
		 */
		err = ret;
		if (ch != kept)
			err = rio_voq_link_down_apply(l, kept, true, &dummy_step, &dummy_at);
		rio_voq_err(l->end[i], "port %u: cannot set the port of a link that is down while %s (%pe); %s\n",
			    l->port[i], step, ERR_PTR(ret),
			    err ? "generation toward it may be left on" :
				  "set again by the choices that stand");
		return ret;
	}
	if (l->end[0]->unknown || l->end[1]->unknown) {
		for (i = 0; i < 2; i++) {
			l->dir[i].gen = false;
			l->dir[i].why = "partner not known";
			l->dir[i].reason = RIO_VOQ_WHY_NOT_REDISCOVERED;
		}
		l->state = RIO_VOQ_LINK_FAILED;
		l->reason = RIO_VOQ_WHY_NOT_REDISCOVERED;
		if (write)
			rio_voq_link_safe(l);
		return -EBUSY;
	}
again:
	step = "reading the ports";
	for (i = 0; !ret && i < 2; i++)
		if (fresh & ~read & BIT(i))
			ret = rio_voq_csr_read(l->end[i], l->port[i], &dummy);
	if (!ret && !planned) {
		step = "reading the baud rate";
		ret = rio_voq_link_baud(l);
	}
	if (ret)
		goto failed;
	read = fresh;

	for (i = 0; i < 2; i++) {
		rio_voq_node_end(l->end[i], l->port[i], &e[i]);
		e[i].choice = ch[i];
	}
	if (ch != kept) {
		ret = rio_voq_try_check(l, e, ch, kept);
		if (ret) {
			/* Refused: nothing written, the plan shown as it was */
			if (planned)
				rio_voq_plan_kept(l, pol, e, kept);
			return ret;
		}
	}
	rio_voq_plan_fmt(l, e, rio_voq_link_pref(&e[0], &e[1], RIO_VOQ_PREF_AUTO));
	rio_voq_plan_link(&e[0], &e[1], l->fmt, true, l->dir);
	if (l->state == RIO_VOQ_LINK_NEW && !planned)
		rio_voq_link_warn(l);
	planned = true;

	if (!write) {
		l->state = RIO_VOQ_LINK_REPORTED;
		rio_voq_trace_plan(l, 0, 0, false);
		return 0;
	}

	step = "planning";
	for (i = 0; i < 2; i++) {
		struct rio_voq_port_state *ps = &l->end[i]->port[l->port[i]];

		t[i].n = l->end[i];
		t[i].port = l->port[i];
		ret = rio_voq_want_csr(e[i].layout, ps->csr, &l->dir[i], &l->dir[!i],
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
				       ch[i], &t[i].want);
		if (ret)
			goto failed;
	}
	if (fresh && rio_voq_rx_blind(t, fresh)) {
		fresh = BIT(0) | BIT(1);
		goto again;
	}
	rio_voq_trace_plan(l, t[0].want, t[1].want, true);
	ret = rio_voq_apply(t, 2, &step);
	if (ret)
		goto failed;
	l->state = RIO_VOQ_LINK_CONFIGURED;
	l->reason = RIO_VOQ_WHY_NONE;
	/*
	 * An end that generates toward a partner that may hold what was
	 * said before (by this board or another) brings the partner's view
	 * up to date if its generation was turned on, or the link did not
	 * stay configured (it went down, was planned anew), or it bounced
	 * while it stayed configured (a port event said so): not at a
	 * link's first configuration, whose receivers were told nothing yet
	 */
	for (i = 0; i < 2; i++) {
		struct rio_voq_port_state *rx = &t[!i].n->port[t[!i].port];

		if (!(rio_voq_now(&t[i]) & RIO_VOQ_CSR_GEN_EN))
			continue;
		if (rx->heard && (t[i].started || was != RIO_VOQ_LINK_CONFIGURED ||
				  l->bounced) &&
		    t[i].n != done) {
			rio_voq_refresh(t[i].n);
			done = t[i].n;
		}
		rx->heard = true;
	}
	l->bounced = false;
	return 0;

failed:
	/* Generation turned on, even for a while: the partner may have heard */
	for (i = 0; i < 2; i++)
		if (t[i].started)
			t[!i].n->port[t[!i].port].heard = true;
	safe = !write || rio_voq_link_safe(l);
	if (planned && ch != kept)
		rio_voq_plan_kept(l, pol, e, kept);
	l->state = RIO_VOQ_LINK_FAILED;
	l->reason = RIO_VOQ_WHY_ACCESS_FAILED;
	if (write)
		trace_rio_voq_rollback(rio_voq_node_name(l->end[0]), l->port[0],
				       rio_voq_node_name(l->end[1]), l->port[1],
				       false, -1, step, ret,
				       l->end[0]->port[l->port[0]].csr,
				       l->end[1]->port[l->port[1]].csr, safe);
	rio_voq_err(l->end[0], "port %u <-> %s port %u: configuration failed while %s (%pe); %s\n",
		    l->port[0], rio_voq_node_name(l->end[1]), l->port[1], step,
		    ERR_PTR(ret), safe ? "generation left off" :
		    "generation may be left on at an end that could not be set");
	return ret;
}

/* Set up a port without a link with the choices @ch (one log line on failure) */
static int rio_voq_port_write(struct rio_voq_node *n, unsigned int port,
			      bool fresh, const struct rio_voq_choice *ch)
{
	struct rio_voq_port_state *ps = &n->port[port];
	struct rio_voq_target t = { .n = n, .port = port };
	const char *step = "reading the port";
	u32 dummy;
	int ret = 0;

	lockdep_assert_held(&rio_voq_lock);
	if (n->unknown)
		return -EBUSY;
	if (fresh)
		ret = rio_voq_csr_read(n, port, &dummy);
	if (!ret)
		ret = rio_voq_want_csr(n->layout, ps->csr, NULL, NULL,
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
				       ch, &t.want);
	if (!ret) {
		rio_voq_plans++;
		ret = rio_voq_apply(&t, 1, &step);
	}
	if (ret)
		rio_voq_err(n, "port %u: cannot set participation and XOFF while %s (%pe)\n",
			    port, step, ERR_PTR(ret));
	return ret;
}

/**
 * rio_voq_port_configure() - set up a port that has no VoQ link
 * @n: the node, on a fabric this host owns
 * @port: the port
 * @fresh: read the port's CSR first; else use the value last read
 *
 * Generation off, participation on while the port is in use, XOFF while
 * it is unavailable, unless the admin chose otherwise.  Nothing is
 * written to a device whose board is not known.  Called with
 * rio_voq_lock held.
 *
 * Return: 0, -EBUSY for a device not known, or the error of the access
 * that failed (one log line).
 */
int rio_voq_port_configure(struct rio_voq_node *n, unsigned int port,
			   bool fresh)
{
	return rio_voq_port_write(n, port, fresh, &n->port[port].choice);
}

/**
 * rio_voq_port_try() - set up a port without a link with choices not yet kept
 * @n: the node, on a fabric this host owns
 * @port: the port
 * @ch: the port's choices, as they would be
 *
 * rio_voq_port_configure() with @ch in place of the port's choices,
 * reading the port first.  On a failure the port is read again (twice if
 * need be) and set by the choices that stand (rio_voq_port_safe()); the
 * caller keeps @ch
 * only if this succeeds.  Called with rio_voq_lock held.
 *
 * Return: as rio_voq_port_configure().
 */
int rio_voq_port_try(struct rio_voq_node *n, unsigned int port,
		     const struct rio_voq_choice *ch)
{
	int ret = rio_voq_port_write(n, port, true, ch);
	u32 csr;

	if (ret && ret != -EBUSY &&
	    (!rio_voq_csr_read(n, port, &csr) || !rio_voq_csr_read(n, port, &csr)))
		rio_voq_port_safe(n, port, csr);
	return ret;
}
