/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RapidIO Part 6 Port n Latency Optimization CSRs: multiple acknowledges
 * and error recovery with the ackID in Packet-Not-Accepted symbols.
 *
 * The per-link policy (lat_policy.c, in rio_voq) is pure: registers come
 * in as values, nothing is written.  The register model and its discovery
 * are in the shared library (../spec/lat_regs.c, ../spec/rio_spec.h).
 * See Documentation/driver-api/rapidio/voq.rst, "Latency optimization".
 */
#ifndef _RIO_LAT_INTERNAL_H
#define _RIO_LAT_INTERNAL_H

#include <linux/bits.h>
#include <linux/rio_voq.h>
#include <linux/types.h>

#include "../spec/rio_spec.h"

/**
 * enum rio_lat_feat - the two features of the register
 * @RIO_LAT_MACK: multiple acknowledges (bits 0 and 8)
 * @RIO_LAT_PNA: error recovery with the ackID in PNA (bits 1, 2 and 9)
 * @RIO_LAT_NR_FEATS: number of features
 */
enum rio_lat_feat {
	RIO_LAT_MACK,
	RIO_LAT_PNA,
	RIO_LAT_NR_FEATS,
};

/**
 * enum rio_lat_choice - an admin's choice for a feature on a port
 * @RIO_LAT_CHOICE_NONE: none: the policy decides
 * @RIO_LAT_CHOICE_OFF: off
 * @RIO_LAT_CHOICE_ON: on
 */
enum rio_lat_choice {
	RIO_LAT_CHOICE_NONE,
	RIO_LAT_CHOICE_OFF,
	RIO_LAT_CHOICE_ON,
};

/**
 * enum rio_lat_reason - why a feature is off (or not planned) on a port
 * @RIO_LAT_WHY_NONE: it is on, or nothing keeps it off
 * @RIO_LAT_WHY_ADMIN: turned off by the admin
 * @RIO_LAT_WHY_UNSUPPORTED: the port does not support it
 * @RIO_LAT_WHY_PARTNER_UNSUPPORTED: the partner does not support it
 * @RIO_LAT_WHY_NO_PARTNER_REGISTER: the partner has no Latency
 *	Optimization CSR
 * @RIO_LAT_WHY_BREAKS_PART6: an end breaks Part 6 (a CS64 port without
 *	ackID-in-PNA support, bit 1 without bit 2)
 * @RIO_LAT_WHY_LINK_DOWN: the link is down
 * @RIO_LAT_WHY_ACCESS_FAILED: a maintenance access failed
 * @RIO_LAT_WHY_OUT_OF_REACH: an end's register is out of rio-voq's reach
 * @RIO_LAT_WHY_NOT_REDISCOVERED: an end is a board not discovered again
 * @RIO_LAT_WHY_NO_LINK: the port has no VoQ link
 * @RIO_LAT_NR_WHYS: number of reasons
 *
 * Their words are rio_lat_reason_names[] (lat_policy.c).
 */
enum rio_lat_reason {
	RIO_LAT_WHY_NONE,
	RIO_LAT_WHY_ADMIN,
	RIO_LAT_WHY_UNSUPPORTED,
	RIO_LAT_WHY_PARTNER_UNSUPPORTED,
	RIO_LAT_WHY_NO_PARTNER_REGISTER,
	RIO_LAT_WHY_BREAKS_PART6,
	RIO_LAT_WHY_LINK_DOWN,
	RIO_LAT_WHY_ACCESS_FAILED,
	RIO_LAT_WHY_OUT_OF_REACH,
	RIO_LAT_WHY_NOT_REDISCOVERED,
	RIO_LAT_WHY_NO_LINK,
	RIO_LAT_NR_WHYS,
};

/**
 * struct rio_lat_end - what the policy needs of one end of a link
 * @csr: the end's Latency Optimization CSR as last read
 * @choice: the admin's choice for each feature on the end's port
 */
struct rio_lat_end {
	u32 csr;
	enum rio_lat_choice choice[RIO_LAT_NR_FEATS];
};

/**
 * enum rio_lat_bit - what the plan does with an end's control bit
 * @RIO_LAT_LEAVE: nothing: the end lacks the capability, so the bit is
 *	reserved; it is written back as read and is never reported on
 * @RIO_LAT_CLEAR: write 0
 * @RIO_LAT_SET: write 1
 */
enum rio_lat_bit {
	RIO_LAT_LEAVE,
	RIO_LAT_CLEAR,
	RIO_LAT_SET,
};

/**
 * struct rio_lat_plan - one feature on both ends of a link
 * @on: the feature is on at both ends; it is never on at one end only
 * @bit: what to do with each end's control bit
 * @why: for each end, why the feature is off there, NULL when it is on
 * @reason: the same as a word, RIO_LAT_WHY_NONE when it is on
 * @violation: the end breaks Part 6 (a CS64 port without ackID-in-PNA
 *	support, bit 1 set without bit 2): to be reported once
 *
 * An admin's choice the plan does not follow (an "on" toward a partner
 * that lacks the feature, an "off" of bit 9 on a CS64 link) is not kept
 * here: the port's reason file shows the plan's reason, not the choice.
 */
struct rio_lat_plan {
	bool on;
	enum rio_lat_bit bit[2];
	const char *why[2];
	enum rio_lat_reason reason[2];
	bool violation[2];
};

/**
 * struct rio_lat_write - one write of a link's sequence
 * @end: the end written, 0 or 1
 * @old: its value before the write: what a rollback writes back
 * @val: the value written
 */
struct rio_lat_write {
	unsigned int end;
	u32 old;
	u32 val;
};

/* Writes a link's sequence has at the most: one per end */
#define RIO_LAT_MAX_WRITES	2

/* Per-link policy: lat_policy.c */
extern const char * const rio_lat_reason_names[RIO_LAT_NR_WHYS];
bool rio_lat_supported(u32 csr, enum rio_lat_feat feat);
void rio_lat_plan_link(const struct rio_lat_end *a, const struct rio_lat_end *b,
		       enum rio_voq_fmt fmt,
		       struct rio_lat_plan plan[RIO_LAT_NR_FEATS]);
int rio_lat_want_csr(u32 cur, const struct rio_lat_plan plan[RIO_LAT_NR_FEATS],
		     unsigned int end, u32 *want);
int rio_lat_choice_check(const struct rio_lat_end *me,
			 const struct rio_lat_end *far, enum rio_voq_fmt fmt,
			 enum rio_lat_feat feat, enum rio_lat_choice val);
unsigned int rio_lat_order(const u32 cur[2], const u32 want[2],
			   unsigned int near,
			   struct rio_lat_write w[RIO_LAT_MAX_WRITES]);

#endif /* _RIO_LAT_INTERNAL_H */
