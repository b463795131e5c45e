// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq latency optimization of a link: plan both features
 * (lat_policy.c) from each end's Port n Latency Optimization CSR and the
 * admin's choices, then write the two ends in rio_lat_order()'s order,
 * the far end first, reading back every write.  On a failure every end
 * written is put back as it was read, last write first, and one line
 * names both ends.
 *
 * The link operations at the end of this file run the VoQ sequencer
 * (voq_link.c) and then this one, whatever the VoQ outcome, so that it
 * runs on the same links (both ends with VoQ blocks), at the same times
 * (scan, port events, admin changes) and under the same lock; the VoQ
 * sequencer knows nothing of this one.  An end without the register (an LP-Serial map I
 * device) counts as one without either feature: the other end then has
 * them off.  An end whose register is out of reach leaves its link alone.
 */

#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/lockdep.h>
#include <linux/printk.h>
#include <linux/rio_regs.h>

#include "voq_core.h"

static const char rio_lat_why_none[] = "partner has no latency-optimization register";

static const char * const rio_lat_feat_names[RIO_LAT_NR_FEATS] = {
	[RIO_LAT_MACK] = "multiple acknowledges",
	[RIO_LAT_PNA] = "ackID-in-PNA recovery",
};

static bool rio_lat_has(const struct rio_voq_link *l, unsigned int i)
{
	return l->end[i]->port[l->port[i]].lat;
}

static u32 rio_lat_off(const struct rio_voq_node *n, unsigned int port)
{
	return rio_voq_phys_reg(n, port, RIO_LAT_CSR(0));
}

/**
 * rio_lat_link_fmt() - the control symbol a link runs, for Part 6's rule
 * @l: the link, planned by voq_link.c
 *
 * The link's, not a preference: class 3 runs control symbol 64, class 2
 * control symbol 48, whatever the VoQ format preferred
 * (rio_voq_link_fmt()).  Class 1 may be built either way, and an unknown
 * class is not known: there the VoQ plan's format of a rev 3+ link says
 * which, else CS48.
 *
 * Return: RIO_VOQ_FMT_CS64 or RIO_VOQ_FMT_CS48.
 */
enum rio_voq_fmt rio_lat_link_fmt(const struct rio_voq_link *l)
{
	return rio_voq_link_fmt(RIO_VOQ_LAYOUT_REV3, RIO_VOQ_LAYOUT_REV3, l->baud_class,
				l->fmt == RIO_VOQ_FMT_CS64 ? RIO_VOQ_PREF_CS64 :
							     RIO_VOQ_PREF_AUTO);
}

/**
 * rio_lat_link_ends() - what the policy needs of a link's two ends
 * @l: the link
 * @ch: each end's choices, NULL for the ports' own
 * @e: filled in: each end's CSR as last read (0 without the register)
 *	and its choices
 */
void rio_lat_link_ends(const struct rio_voq_link *l,
		       const struct rio_voq_choice *const ch[2],
		       struct rio_lat_end e[2])
{
	unsigned int i, f;

	for (i = 0; i < 2; i++) {
		const struct rio_voq_port_state *ps = &l->end[i]->port[l->port[i]];
		const struct rio_voq_choice *c = ch ? ch[i] : &ps->choice;

		e[i].csr = ps->lat ? ps->lat_csr : 0;
		for (f = 0; f < RIO_LAT_NR_FEATS; f++)
			e[i].choice[f] = c->lat[f] <= RIO_LAT_CHOICE_ON ? c->lat[f] :
									RIO_LAT_CHOICE_NONE;
	}
}

static int rio_lat_read(struct rio_voq_node *n, unsigned int port)
{
	u32 val;
	int ret = rio_voq_read(n, rio_lat_off(n, port), &val);

	rio_voq_count.lat_reads++;
	if (!ret)
		n->port[port].lat_csr = val;
	return ret;
}

/* Write and read back; the port's value follows what the read-back says */
static int rio_lat_write(struct rio_voq_node *n, unsigned int port, u32 val)
{
	u32 off = rio_lat_off(n, port), back = 0;
	int ret = rio_voq_write(n, off, val);

	if (ret != -EBUSY || !n->unknown)	/* else nothing was sent */
		rio_voq_count.lat_writes++;
	trace_rio_voq_csr_write(rio_voq_node_name(n), port, off, val, ret);
	if (ret)
		return ret;
	ret = rio_voq_read(n, off, &back);
	rio_voq_count.lat_reads++;
	if (!ret) {
		n->port[port].lat_csr = back;
		if ((back ^ val) & rio_lat_csr_writable(val))
			ret = -EIO;
	}
	trace_rio_voq_csr_readback(rio_voq_node_name(n), port, off, val, back, ret);
	return ret;
}

/*
 * Put back the ends of writes @w[0..@k] (@k the one that failed, which may
 * have landed) as they were, last first; each is tried twice.
 * Return: true if each reads back as it was.
 */
static bool rio_lat_rollback(struct rio_voq_link *l,
			     const struct rio_lat_write *w, unsigned int k)
{
	bool ok = true;
	unsigned int j;

	for (j = k + 1; j-- > 0;) {
		struct rio_voq_node *n = l->end[w[j].end];
		unsigned int port = l->port[w[j].end];

		if (rio_lat_write(n, port, w[j].old) && rio_lat_write(n, port, w[j].old))
			ok = false;
	}
	return ok;
}

/*
 * An end without the register (a map I device) has neither feature: the
 * policy saw a CSR of 0.  Say so in its words, and report no Part 6
 * violation of it.  On a CS64 link the other end's bit 9 is left as it
 * is rather than cleared: Part 6 wants it set there, and such an end
 * says nothing of what it does.
 */
static void rio_lat_plan_fix(struct rio_voq_link *l)
{
	bool cs64 = rio_lat_link_fmt(l) == RIO_VOQ_FMT_CS64;
	unsigned int i, f;

	for (i = 0; i < 2; i++) {
		if (rio_lat_has(l, i))
			continue;
		for (f = 0; f < RIO_LAT_NR_FEATS; f++) {
			struct rio_lat_plan *p = &l->lat.plan[f];

			p->why[i] = "no latency-optimization register";
			p->why[!i] = rio_lat_why_none;
			p->reason[i] = RIO_LAT_WHY_UNSUPPORTED;
			p->reason[!i] = RIO_LAT_WHY_NO_PARTNER_REGISTER;
			p->violation[i] = false;
			if (cs64 && f == RIO_LAT_PNA)
				p->bit[!i] = RIO_LAT_LEAVE;
		}
	}
}

/*
 * Turn the features off at @n's @port: multiple acknowledges, and
 * ackID-in-PNA unless @keep_pna; a control whose capability is clear is
 * reserved and kept as read.  Read first if @fresh, else the value last
 * read or written stands (on the enumerating host only rio-voq writes
 * the register); written only where it changes, and read back.
 * *@step names the access that failed.
 */
static int rio_lat_end_off(struct rio_voq_node *n, unsigned int port,
			   bool keep_pna, bool fresh, const char **step)
{
	u32 clear = RIO_LAT_CSR_MACK_EN | (keep_pna ? 0 : RIO_LAT_CSR_PNA_EN);
	u32 cur, want;
	int ret;

	*step = "reading";
	if (fresh) {
		ret = rio_lat_read(n, port);
		if (ret)
			return ret;
	}
	cur = n->port[port].lat_csr;
	want = cur & ~(rio_lat_csr_writable(cur) & clear);
	*step = "writing";
	return want == cur ? 0 : rio_lat_write(n, port, want);
}

/*
 * A link that carries nothing (down), or whose partner nothing
 * negotiates with (an end not known, which may be another board): each
 * end with the register that the host reaches and knows turns multiple
 * acknowledges off, and ackID-in-PNA too unless the link is known to
 * run CS64 (rio_lat_link_fmt(): Part 6 wants bit 9 set there).  That is
 * what its files show, and what a board across that comes back from
 * reset has.  An end not known, or cut off by the link, is not tried.
 * On a failure the link is failed, with one line naming @why.
 * Return: 0, or the error of the access that failed.
 */
static int rio_lat_link_off(struct rio_voq_link *l, bool fresh, const char *why)
{
	bool keep = rio_lat_link_fmt(l) == RIO_VOQ_FMT_CS64;
	const char *step;
	unsigned int i;
	int ret;

	for (i = 0; i < 2; i++) {
		if (!rio_lat_has(l, i) || l->end[i]->unknown || rio_voq_link_unreachable(l, i))
			continue;
		ret = rio_lat_end_off(l->end[i], l->port[i], keep, fresh, &step);
		if (!ret)
			continue;
		l->lat.state = RIO_LAT_FAILED;
		l->lat.reason = RIO_LAT_WHY_ACCESS_FAILED;
		rio_voq_err(l->end[i], "port %u: cannot turn latency optimization off (%s) while %s (%pe): it may be left on\n",
			    l->port[i], why, step, ERR_PTR(ret));
		return ret;
	}
	return 0;
}

/* Each Part 6 violation of the plan, once per link, when it first shows */
static void rio_lat_tell(struct rio_voq_link *l)
{
	unsigned int i, f;

	for (f = 0; f < RIO_LAT_NR_FEATS; f++) {
		for (i = 0; i < 2; i++) {
			if (!l->lat.plan[f].violation[i] || l->lat.told & BIT(2 * f + i))
				continue;
			l->lat.told |= BIT(2 * f + i);
			rio_voq_warn(l->end[i], "port %u: %s: %s (link to %s port %u)\n",
				     l->port[i], rio_lat_feat_names[f],
				     l->lat.plan[f].why[i],
				     rio_voq_node_name(l->end[!i]), l->port[!i]);
		}
	}
}

/* The plan of @l, with the register each end is to have if @write */
static void rio_lat_trace_plan(const struct rio_voq_link *l, const u32 want[2],
			       bool write)
{
	trace_rio_voq_lat_plan(rio_voq_node_name(l->end[0]), l->port[0],
			       rio_voq_node_name(l->end[1]), l->port[1],
			       l->lat.plan[RIO_LAT_MACK].on, l->lat.plan[RIO_LAT_PNA].on,
			       write ? want[0] : 0, write ? want[1] : 0, write);
}

/* A failure: the link's state, and one line naming both ends */
static void rio_lat_failed(struct rio_voq_link *l, const char *step,
			   unsigned int at, int err, bool restored)
{
	l->lat.state = RIO_LAT_FAILED;
	l->lat.stale = true;
	l->lat.reason = RIO_LAT_WHY_ACCESS_FAILED;
	rio_voq_err(l->end[0], "port %u <-> %s port %u: latency optimization failed while %s %s port %u (%pe); %s\n",
		    l->port[0], rio_voq_node_name(l->end[1]), l->port[1], step,
		    rio_voq_node_name(l->end[at]), l->port[at], ERR_PTR(err),
		    restored ? "both ends as they were" :
			       "an end could not be put back: the ends may differ");
}

/**
 * rio_lat_link_read() - read the Latency Optimization CSRs of a link's ends
 * @l: the link
 *
 * Each end that has the register; the values are then fresh (the link
 * is no longer stale).  On a failure the link is failed (one log line);
 * nothing was written.  Called with rio_voq_lock held.
 *
 * Return: 0, or the error of the read that failed.
 */
int rio_lat_link_read(struct rio_voq_link *l)
{
	unsigned int i;
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	for (i = 0; i < 2; i++) {
		if (!rio_lat_has(l, i))
			continue;
		ret = rio_lat_read(l->end[i], l->port[i]);
		if (ret) {
			rio_lat_failed(l, "reading", i, ret, true);
			return ret;
		}
	}
	l->lat.stale = false;
	return 0;
}

/**
 * rio_lat_link_configure() - plan a link's latency optimization and write it
 * @l: the link, whose VoQ configuration went through (or is down)
 * @write: write the plan (the enumerating host); else only plan
 * @fresh: read both ends' registers first; they are read too when the
 *	link was down, failed, or had an end not known since they were
 *	last read, and always when @write is false (a discovering host, or
 *	auto_config=0: another host may write them); on the enumerating
 *	host only rio-voq writes them, so a port event alone does not make
 *	them stale
 * @ch: each end's choices, NULL for the ports' own (an admin's try)
 *
 * Nothing is done on a link without the register at either end, or
 * with an end whose register is out of reach (rio_voq_port_state
 * .lat_hidden): that end may have the features on, so its partner's are
 * left as they are.  A link that is down (state RIO_LAT_DOWN), or with
 * an end not known (state RIO_LAT_NONE), is planned and written when it
 * is back, or known; meanwhile, if @write, each end the host reaches and
 * knows has the features off, bit 9 kept on a link known to run CS64.
 * Otherwise each end is written only where its value changes, in
 * rio_lat_order()'s order, and read back.  On a failure every end
 * written, the failing one included, is put back as read before, and one
 * line names both ends.  Called with rio_voq_lock held.
 *
 * Return: 0, or the error of the access that failed (-EIO for a
 * read-back that differs); the link is then in state RIO_LAT_FAILED.
 */
int rio_lat_link_configure(struct rio_voq_link *l, bool write, bool fresh,
			   const struct rio_voq_choice *const ch[2])
{
	struct rio_lat_write w[RIO_LAT_MAX_WRITES];
	struct rio_lat_end e[2];
	u32 cur[2] = { }, want[2] = { };
	unsigned int i, k, nw, near;
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	l->lat.reason = RIO_LAT_WHY_NONE;
	for (i = 0; i < 2; i++) {
		if (l->end[i]->port[l->port[i]].lat_hidden) {
			l->lat.state = RIO_LAT_NONE;
			l->lat.reason = RIO_LAT_WHY_OUT_OF_REACH;
			return 0;
		}
	}
	if (!rio_lat_has(l, 0) && !rio_lat_has(l, 1)) {
		l->lat.state = RIO_LAT_NONE;
		l->lat.reason = RIO_LAT_WHY_NO_PARTNER_REGISTER;
		return 0;
	}
	if (l->down) {
		l->lat.state = RIO_LAT_DOWN;
		l->lat.reason = RIO_LAT_WHY_LINK_DOWN;
		ret = write ? rio_lat_link_off(l, fresh || l->lat.stale, "link down") : 0;
		l->lat.stale = true;
		return ret;
	}
	for (i = 0; i < 2; i++) {
		if (l->end[i]->unknown) {
			/* Planned when it is known again */
			l->lat.state = RIO_LAT_NONE;
			l->lat.reason = RIO_LAT_WHY_NOT_REDISCOVERED;
			ret = write ? rio_lat_link_off(l, fresh || l->lat.stale,
						       "partner not known") : 0;
			l->lat.stale = true;
			return ret;
		}
	}
	/* A host that does not write reports what another may have written */
	if (fresh || l->lat.stale || !write) {
		ret = rio_lat_link_read(l);
		if (ret)
			return ret;
	}

	rio_lat_link_ends(l, ch, e);
	rio_lat_plan_link(&e[0], &e[1], rio_lat_link_fmt(l), l->lat.plan);
	rio_lat_plan_fix(l);
	rio_lat_tell(l);
	if (!write) {
		l->lat.state = RIO_LAT_PLANNED;
		rio_lat_trace_plan(l, want, false);
		return 0;
	}

	for (i = 0; i < 2; i++) {
		if (!rio_lat_has(l, i))
			continue;
		cur[i] = e[i].csr;
		ret = rio_lat_want_csr(cur[i], l->lat.plan, i, &want[i]);
		if (ret) {
			rio_lat_failed(l, "planning", i, ret, true);
			return ret;
		}
	}
	rio_lat_trace_plan(l, want, true);
	/* End 0 is the near end if the core reached end 1 through this link */
	near = rio_voq_port_child(l->end[0], l->port[0]) == l->end[1] ? 0 : 1;
	nw = rio_lat_order(cur, want, near, w);
	for (k = 0; k < nw; k++) {
		ret = rio_lat_write(l->end[w[k].end], l->port[w[k].end], w[k].val);
		if (ret) {
			bool restored = rio_lat_rollback(l, w, k);

			trace_rio_voq_rollback(rio_voq_node_name(l->end[0]), l->port[0],
					       rio_voq_node_name(l->end[1]), l->port[1],
					       true, w[k].end, "writing", ret,
					       l->end[0]->port[l->port[0]].lat_csr,
					       l->end[1]->port[l->port[1]].lat_csr,
					       restored);
			rio_lat_failed(l, "writing", w[k].end, ret, restored);
			return ret;
		}
	}
	l->lat.state = RIO_LAT_PLANNED;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_link_configure);

/**
 * rio_lat_port_alone() - a port whose link rio-voq no longer follows
 * @n: the node, on a fabric this host owns
 * @port: its port, whose partner was swapped for a board without a VoQ
 *	block (or without the port)
 *
 * Nothing negotiates the port's features with the board across any
 * more, which may lack them: multiple acknowledges go off, and
 * ackID-in-PNA recovery too unless the link is known to run CS64
 * (baud-rate class 3, where Part 6 wants bit 9 set; class 1 may run
 * either format, and a port down selects no rate).  A control whose
 * capability is clear is reserved and kept as read.  Read first; written
 * only where it changes, and read back; one line on a failure.  Called
 * with rio_voq_lock held.
 *
 * Return: 0, or the error of the access that failed.
 */
int rio_lat_port_alone(struct rio_voq_node *n, unsigned int port)
{
	struct rio_voq_port_state *ps = &n->port[port];
	u32 off = rio_voq_phys_reg(n, port, RIO_PORT_N_CTL2_CSR(0, 0)), ctl2 = 0;
	u32 want, keep = RIO_LAT_CSR_PNA_EN;
	const char *step = "reading";
	int ret;

	lockdep_assert_held(&rio_voq_lock);
	if (!ps->lat || n->unknown || !(ps->lat_csr & RIO_LAT_CSR_CONTROLS))
		return 0;
	ret = rio_lat_read(n, port) ?: rio_voq_read(n, off, &ctl2);
	if (!ret) {
		/*
		 * Bit 9 stays only where the link is known to run CS64 (class
		 * 3): its partner's bit 9, which it would trust, is not known
		 */
		if (rio_voq_baud_class(ctl2) != 3)
			keep = 0;
		want = ps->lat_csr & ~(rio_lat_csr_writable(ps->lat_csr) &
				       RIO_LAT_CSR_CONTROLS & ~keep);
		step = "writing";
		if (want != ps->lat_csr)
			ret = rio_lat_write(n, port, want);
	}
	if (ret)
		rio_voq_err(n, "port %u: cannot turn latency optimization off toward the board swapped in while %s (%pe)\n",
			    port, step, ERR_PTR(ret));
	return ret;
}

/**
 * rio_voq_link_configure() - plan a link and, if allowed, write it
 * @l: the link; both ends probed, with VoQ blocks
 * @pol: the fabric's policy
 * @write: write the plan (the enumerating host); else only plan and
 *	report
 * @fresh: read both ends' CSRs first (an admin change, a port event);
 *	else plan from the values read at discovery
 *
 * A link that is down (@l->down) gets generation off at each end that
 * can be reached, and stays in state RIO_VOQ_LINK_DOWN; the admin's
 * choices are kept for when it is back.  A link with an end whose board
 * is not known (rio_voq_node.unknown) is not planned: generation goes
 * off at the other end, toward it, nothing is written to it, and the
 * link is failed until the board is discovered again.  Called with
 * rio_voq_lock held.
 *
 * Return: 0; -EBUSY for an end not known; or the error of the access
 * that failed (the link is then in state RIO_VOQ_LINK_FAILED with
 * generation off at both ends); or, the VoQ configuration done, the
 * error of rio_lat_link_configure(), which follows it in any case: the
 * latency optimization of a link does not depend on its VoQ state.
 */
int rio_voq_link_configure(struct rio_voq_link *l,
			   const struct rio_voq_policy *pol, bool write,
			   bool fresh)
{
	int ret = rio_voq_link_write(l, pol, write, fresh ? BIT(0) | BIT(1) : 0, NULL);
	int lat = rio_lat_link_configure(l, write, false, NULL);

	return ret ?: lat;
}

/**
 * rio_voq_link_try() - write a link with choices not yet kept
 * @l: the link; both ends probed, with VoQ blocks
 * @pol: the fabric's policy
 * @fresh: bit i set: read end i's CSR first
 * @ch: each end's choices, as they would be (end 0, end 1)
 *
 * What rio_voq_link_configure() does for the enumerating host, with @ch
 * in place of the ports' choices, which are left alone: the caller
 * keeps @ch only if this succeeds.  On a failure the ends are set by the
 * choices that stand, generation off, and the link shows their plan: of
 * @ch, only group sizes a failed write set may stay in the CSRs, inert
 * while generation is off.  A choice of @ch that is new is checked again
 * against the capabilities the ends' CSRs show when they are read, and a
 * new symbol format against the link's baud-rate class (Part 12 chapter
 * 3: class 2 runs CS48, class 3 CS64; on a link that is down, the class
 * last read, if any).  Called with rio_voq_lock held.
 *
 * Return: as rio_voq_link_configure(); or, nothing written and the link
 * as it was, the refusal of rio_voq_choice_check() of a new choice that
 * the capabilities just read no longer allow (the board changed), or
 * -EINVAL for a format the link's baud-rate class forbids.
 */
int rio_voq_link_try(struct rio_voq_link *l, const struct rio_voq_policy *pol,
		     unsigned int fresh, const struct rio_voq_choice *const ch[2])
{
	int ret = rio_voq_link_write(l, pol, true, fresh, ch);

	/*
	 * A new symbol format may change what Part 6 wants of bit 9.  The
	 * choice went through: a failure here is the latency optimization's
	 * own (its log line, its state), not the admin's VoQ write's.
	 */
	if (!ret)
		rio_lat_link_configure(l, pol->auto_config, false, NULL);
	return ret;
}
