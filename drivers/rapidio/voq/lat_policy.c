// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency optimization, the per-link policy, pure: what bits 8 and 9 of
 * the Port n Latency Optimization CSR of each end of a link should be,
 * and in which order the two ends are written.
 *
 * Each feature is a property of the link, as per-VC transmission is for
 * VoQ: one bit per end says both what the end understands and what it
 * may send (bit 8: multiple acknowledges; bit 9: the ackID in PNAs, sent
 * valid and used), so the feature is on at both ends or at neither:
 *
 * - on only where both ends support it; for ackID-in-PNA that takes bit 1
 *   and bit 2 (Part 6 wants bit 2 wherever bit 1 is: a port with bit 1
 *   alone is taken as lacking the feature, and reported);
 * - on a CS64 link bit 9 shall be 1: it is set at both ends whatever the
 *   admin chose.  A CS64 end without the support breaks Part 6: its bit 9
 *   is reserved and left as read (and never reported on), the feature is
 *   off at both ends, since its partner would resume from the arbitrary
 *   ackID such an end sends, and the device is reported;
 * - an admin's "off" on either end is kept (except bit 9 on CS64); an
 *   "on" that the ends cannot take is not applied: the port's file shows
 *   the choice after the reason the feature is off (it is not logged).
 *
 * The write order (rio_lat_order()) is explained in voq.rst, "Latency
 * optimization": the far end first, then the near one.
 */

#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/export.h>

#include "lat_internal.h"

/* The capability bit that makes each feature's control writable */
static const u32 rio_lat_sup_bit[RIO_LAT_NR_FEATS] = {
	[RIO_LAT_MACK] = RIO_LAT_CSR_MACK_SUP,
	[RIO_LAT_PNA] = RIO_LAT_CSR_PNA_SUP,
};

/*
 * Why an end lacks a feature, and what it and its partner are told; the
 * last two are Part 6 violations of the device
 */
enum rio_lat_lack {
	RIO_LAT_HAS,
	RIO_LAT_LACKS,
	RIO_LAT_PNA_NO_TX,
	RIO_LAT_CS64_LACKS,
};

static const char * const rio_lat_why_own[] = {
	[RIO_LAT_LACKS] = "not supported",
	[RIO_LAT_PNA_NO_TX] = "bit 1 without bit 2 (breaks Part 6)",
	[RIO_LAT_CS64_LACKS] = "CS64 port without support (breaks Part 6)",
};

static const char * const rio_lat_why_partner[] = {
	[RIO_LAT_LACKS] = "partner does not support it",
	[RIO_LAT_PNA_NO_TX] = "partner has bit 1 without bit 2 (breaks Part 6)",
	[RIO_LAT_CS64_LACKS] = "partner is a CS64 port without support (breaks Part 6)",
};

static const char rio_lat_why_admin[] = "turned off by the admin";

/* The same as words (one for both ends of a Part 6 violation) */
static const enum rio_lat_reason rio_lat_reason_own[] = {
	[RIO_LAT_LACKS] = RIO_LAT_WHY_UNSUPPORTED,
	[RIO_LAT_PNA_NO_TX] = RIO_LAT_WHY_BREAKS_PART6,
	[RIO_LAT_CS64_LACKS] = RIO_LAT_WHY_BREAKS_PART6,
};

static const enum rio_lat_reason rio_lat_reason_partner[] = {
	[RIO_LAT_LACKS] = RIO_LAT_WHY_PARTNER_UNSUPPORTED,
	[RIO_LAT_PNA_NO_TX] = RIO_LAT_WHY_BREAKS_PART6,
	[RIO_LAT_CS64_LACKS] = RIO_LAT_WHY_BREAKS_PART6,
};

/* Words of the reasons, as sysfs (*_reason) and debugfs show them */
const char * const rio_lat_reason_names[RIO_LAT_NR_WHYS] = {
	[RIO_LAT_WHY_NONE] = "none",
	[RIO_LAT_WHY_ADMIN] = "admin",
	[RIO_LAT_WHY_UNSUPPORTED] = "unsupported",
	[RIO_LAT_WHY_PARTNER_UNSUPPORTED] = "partner_unsupported",
	[RIO_LAT_WHY_NO_PARTNER_REGISTER] = "no_partner_register",
	[RIO_LAT_WHY_BREAKS_PART6] = "breaks_part6",
	[RIO_LAT_WHY_LINK_DOWN] = "link_down",
	[RIO_LAT_WHY_ACCESS_FAILED] = "access_failed",
	[RIO_LAT_WHY_OUT_OF_REACH] = "out_of_reach",
	[RIO_LAT_WHY_NOT_REDISCOVERED] = "not_rediscovered",
	[RIO_LAT_WHY_NO_LINK] = "no_link",
};

/**
 * rio_lat_supported() - does a port support a feature, for the policy
 * @csr: the port's Latency Optimization CSR
 * @feat: the feature
 *
 * Return: bit 0 for multiple acknowledges; bits 1 and 2 both for
 * ackID-in-PNA recovery (rio_lat_csr_check()).
 */
bool rio_lat_supported(u32 csr, enum rio_lat_feat feat)
{
	if (feat == RIO_LAT_PNA)
		return (csr & RIO_LAT_CSR_PNA_SUP) && !rio_lat_csr_check(csr);
	return csr & RIO_LAT_CSR_MACK_SUP;
}

/* Part 6: bit 9 shall be 1 on a link running control symbol 64 */
static bool rio_lat_required(enum rio_voq_fmt fmt, enum rio_lat_feat feat)
{
	return feat == RIO_LAT_PNA && fmt == RIO_VOQ_FMT_CS64;
}

static enum rio_lat_lack rio_lat_lack(u32 csr, enum rio_lat_feat feat,
				      bool required)
{
	if (rio_lat_supported(csr, feat))
		return RIO_LAT_HAS;
	if (feat == RIO_LAT_PNA && (csr & RIO_LAT_CSR_PNA_SUP))
		return RIO_LAT_PNA_NO_TX;
	return required ? RIO_LAT_CS64_LACKS : RIO_LAT_LACKS;
}

static void rio_lat_plan_feat(const struct rio_lat_end *const e[2],
			      enum rio_lat_feat feat, bool required,
			      struct rio_lat_plan *p)
{
	enum rio_lat_lack lack[2];
	bool off = false;
	unsigned int i;

	*p = (struct rio_lat_plan) { };
	for (i = 0; i < 2; i++) {
		lack[i] = rio_lat_lack(e[i]->csr, feat, required);
		p->violation[i] = lack[i] == RIO_LAT_PNA_NO_TX ||
				  lack[i] == RIO_LAT_CS64_LACKS;
		/* Without the capability the bit is reserved: left as read */
		p->bit[i] = e[i]->csr & rio_lat_sup_bit[feat] ? RIO_LAT_CLEAR :
								 RIO_LAT_LEAVE;
		off |= e[i]->choice[feat] == RIO_LAT_CHOICE_OFF;
	}

	if (lack[0] != RIO_LAT_HAS || lack[1] != RIO_LAT_HAS) {
		for (i = 0; i < 2; i++) {
			p->why[i] = lack[i] != RIO_LAT_HAS ? rio_lat_why_own[lack[i]] :
							    rio_lat_why_partner[lack[!i]];
			p->reason[i] = lack[i] != RIO_LAT_HAS ? rio_lat_reason_own[lack[i]] :
								rio_lat_reason_partner[lack[!i]];
		}
		return;
	}

	if (off && !required) {
		for (i = 0; i < 2; i++) {
			p->why[i] = rio_lat_why_admin;
			p->reason[i] = RIO_LAT_WHY_ADMIN;
		}
		return;
	}

	p->on = true;
	for (i = 0; i < 2; i++)
		p->bit[i] = RIO_LAT_SET;
}

/**
 * rio_lat_plan_link() - plan both latency-optimization features of a link
 * @a: one end
 * @b: the other end
 * @fmt: the control symbol the link runs: RIO_VOQ_FMT_CS64 for control
 *	symbol 64, RIO_VOQ_FMT_CS48 or RIO_VOQ_FMT_REV2 for CS24 and CS48
 *	(rio_voq_link_fmt() tells it from the baud-rate class)
 * @plan: the plan of each feature; index 0 of its arrays is @a, 1 is @b
 *
 * See the top of this file for the rules.
 */
void rio_lat_plan_link(const struct rio_lat_end *a, const struct rio_lat_end *b,
		       enum rio_voq_fmt fmt,
		       struct rio_lat_plan plan[RIO_LAT_NR_FEATS])
{
	const struct rio_lat_end *const e[2] = { a, b };
	unsigned int f;

	for (f = 0; f < RIO_LAT_NR_FEATS; f++)
		rio_lat_plan_feat(e, f, rio_lat_required(fmt, f), &plan[f]);
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_plan_link);

static bool rio_lat_bit_val(enum rio_lat_bit bit, bool now)
{
	return bit == RIO_LAT_LEAVE ? now : bit == RIO_LAT_SET;
}

/**
 * rio_lat_want_csr() - the Latency Optimization CSR value an end should have
 * @cur: the end's register now
 * @plan: the link's plan (rio_lat_plan_link())
 * @end: which end, 0 or 1
 * @want: the value to write; equal to @cur where nothing changes
 *
 * Return: 0, or -EINVAL if the plan sets a control whose capability
 * @cur lacks (a plan made from another reading of the register).
 */
int rio_lat_want_csr(u32 cur, const struct rio_lat_plan plan[RIO_LAT_NR_FEATS],
		     unsigned int end, u32 *want)
{
	struct rio_lat_port p;

	rio_lat_csr_decode(cur, &p);
	p.mack_en = rio_lat_bit_val(plan[RIO_LAT_MACK].bit[end], p.mack_en);
	p.pna_en = rio_lat_bit_val(plan[RIO_LAT_PNA].bit[end], p.pna_en);
	return rio_lat_csr_encode(cur, &p, want);
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_want_csr);

/**
 * rio_lat_choice_check() - may an admin choose this for a port
 * @me: the port's end
 * @far: the other end of the port's link, NULL if it has none
 * @fmt: the control symbol of the link (see rio_lat_plan_link()); ignored
 *	without @far
 * @feat: the feature
 * @val: the choice
 *
 * Nothing is written; each refusal has its own error, so that a tool can
 * tell the admin which rule refused.
 *
 * Return: 0; -EINVAL for an unknown feature or choice; -ENOLINK for "on"
 * on a port without a link; -EOPNOTSUPP for "on" where this end lacks
 * the feature, -EXDEV where the partner does; -EPERM for "off" of
 * ackID-in-PNA on a CS64 link whose ends both support it (Part 6 wants
 * bit 9 set there).
 */
int rio_lat_choice_check(const struct rio_lat_end *me,
			 const struct rio_lat_end *far, enum rio_voq_fmt fmt,
			 enum rio_lat_feat feat, enum rio_lat_choice val)
{
	if (feat >= RIO_LAT_NR_FEATS || val > RIO_LAT_CHOICE_ON)
		return -EINVAL;

	switch (val) {
	case RIO_LAT_CHOICE_OFF:
		if (far && rio_lat_required(fmt, feat) &&
		    rio_lat_supported(me->csr, feat) && rio_lat_supported(far->csr, feat))
			return -EPERM;
		return 0;
	case RIO_LAT_CHOICE_ON:
		if (!far)
			return -ENOLINK;
		if (!rio_lat_supported(me->csr, feat))
			return -EOPNOTSUPP;
		return rio_lat_supported(far->csr, feat) ? 0 : -EXDEV;
	default:
		return 0;
	}
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_choice_check);

/**
 * rio_lat_order() - the writes that take a link's two ends to their plan
 * @cur: each end's register now
 * @want: each end's wanted value (rio_lat_want_csr())
 * @near: the end the host reaches without crossing the link (the core's
 *	parent of the other); either end if the host reaches both
 *	otherwise
 * @w: the writes, in order
 *
 * The far end first, then the near end, one write each, an end already
 * as wanted not written.  That bounds the time the ends differ, it does
 * not remove it: the far end's response, and a rollback of the far end
 * after the near end's write failed, cross the link while they differ
 * (voq.rst, "Latency optimization", says why no order can avoid it).
 * To roll back after write k failed, write @w[j].old to @w[j].end for
 * j = k - 1 down to 0.
 *
 * Return: the number of writes, 0 to RIO_LAT_MAX_WRITES.
 */
unsigned int rio_lat_order(const u32 cur[2], const u32 want[2],
			   unsigned int near,
			   struct rio_lat_write w[RIO_LAT_MAX_WRITES])
{
	const unsigned int order[2] = { !near, !!near };
	unsigned int i, n = 0;

	for (i = 0; i < 2; i++) {
		unsigned int e = order[i];

		if (cur[e] != want[e])
			w[n++] = (struct rio_lat_write) {
				.end = e, .old = cur[e], .val = want[e],
			};
	}
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(rio_lat_order);
