// SPDX-License-Identifier: GPL-2.0-only
/*
 * RapidIO Part 12 congestion-message codec: VoQ backpressure symbols of
 * rev 3+ control symbol 48 (stype2) and 64 (stype0 0b1101 with VC_IND),
 * and of rev 2.x control symbol 48.  Pure code, see rio_voq.h for the
 * symbol layouts.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

/**
 * rio_voq_vc_ind_encode() - VC_IND value of a VC (table 3-3)
 * @vc: 0..8, or RIO_VOQ_VC_ALL
 * @ind: the 4-bit VC_IND
 *
 * Return: 0, or -EINVAL for another @vc.
 */
int rio_voq_vc_ind_encode(int vc, u8 *ind)
{
	if (vc == RIO_VOQ_VC_ALL)
		*ind = RIO_VOQ_VC_IND_ALL;
	else if (vc == 0)
		*ind = RIO_VOQ_VC_IND_VC0;
	else if (vc >= 1 && vc <= 8)
		*ind = vc - 1;
	else
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_vc_ind_encode);

/**
 * rio_voq_vc_ind_decode() - VC of a VC_IND value (table 3-3)
 * @ind: the 4-bit VC_IND
 * @vc: 0..8, or RIO_VOQ_VC_ALL
 *
 * Return: 0; -EBADMSG for the reserved values 0b1001..0b1110, which a
 * receiver ignores without error; -EINVAL if @ind does not fit 4 bits.
 */
int rio_voq_vc_ind_decode(u8 ind, int *vc)
{
	if (ind <= 7)
		*vc = ind + 1;
	else if (ind == RIO_VOQ_VC_IND_VC0)
		*vc = 0;
	else if (ind == RIO_VOQ_VC_IND_ALL)
		*vc = RIO_VOQ_VC_ALL;
	else
		return ind < 16 ? -EBADMSG : -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_vc_ind_decode);

/* Status bits and group bits of a format and group size */
static int rio_voq_sym_widths(enum rio_voq_fmt fmt, unsigned int pgs,
			      unsigned int *sbits, unsigned int *gbits)
{
	int status = rio_voq_status_bits(fmt, pgs);

	if (status < 0)
		return status;
	*sbits = status;
	*gbits = rio_voq_fmt_param_bits(fmt) - status;
	return 0;
}

/**
 * rio_voq_sym_encode() - build a VoQ backpressure symbol
 * @fmt: symbol format
 * @pgs: port group size (ignored for rev 2.x, whose format is fixed)
 * @vc: VC the status applies to, for CS64 (0..8 or RIO_VOQ_VC_ALL); CS48
 *	and rev 2.x carry no VC (per-VC goes with the Status or VC_Status
 *	symbol the field is combined with, see rio_voq_sym_decode()), so
 *	@vc is ignored there
 * @group: port group value
 * @status: port status, bit 0 for the group's first port
 * @sym: the symbol
 *
 * Return: 0, or -EINVAL if @group, @status or @vc do not fit.
 */
int rio_voq_sym_encode(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
		       unsigned int group, u32 status, u32 *sym)
{
	unsigned int sbits, gbits;
	u32 param;
	u8 ind;
	int ret;

	ret = rio_voq_sym_widths(fmt, pgs, &sbits, &gbits);
	if (ret)
		return ret;
	if (group >= BIT(gbits) || status >> sbits)
		return -EINVAL;
	param = status << gbits | group;

	switch (fmt) {
	case RIO_VOQ_FMT_REV2:
		*sym = FIELD_PREP(RIO_VOQ_R2_CMD_FIELD, RIO_VOQ_R2_CMD) |
		       FIELD_PREP(RIO_VOQ_R2_STATUS, status) |
		       FIELD_PREP(RIO_VOQ_R2_GROUP, group);
		return 0;
	case RIO_VOQ_FMT_CS48:
		*sym = RIO_VOQ_CS48_CMD | param;
		return 0;
	case RIO_VOQ_FMT_CS64:
		ret = rio_voq_vc_ind_encode(vc, &ind);
		if (ret)
			return ret;
		*sym = FIELD_PREP(RIO_VOQ_CS64_STYPE0_FIELD, RIO_VOQ_CS64_STYPE0) |
		       FIELD_PREP(RIO_VOQ_CS64_VC_IND, ind) | param;
		return 0;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_sym_encode);

/**
 * rio_voq_sym_decode() - read a VoQ backpressure symbol
 * @fmt: symbol format
 * @pgs: the receiver's RX port group size (ignored for rev 2.x)
 * @sym: the symbol
 * @vc: for CS48 and rev 2.x, whose VoQ field carries no VC, the VC of the
 *	control symbol it came combined with: 0 for a Status symbol, the
 *	VCID of a VC_Status symbol, RIO_VOQ_VC_ALL for any other (Part 12
 *	3.3, rule 4.2 c); ignored for CS64, whose VC_IND names the VC
 * @msg: the message it carries
 *
 * For a reserved VC_IND, @msg is filled (with @msg->vc RIO_VOQ_VC_ALL)
 * so that a capture can still be shown, and -EBADMSG tells a receiver to
 * ignore the symbol.
 *
 * Return: 0; -EINVAL if @sym is not a VoQ backpressure symbol of @fmt
 * (another CMD or stype0, bits beyond the field), @pgs is not 0..6 or
 * @vc is neither 0..8 nor RIO_VOQ_VC_ALL; -EBADMSG for a reserved VC_IND.
 */
int rio_voq_sym_decode(enum rio_voq_fmt fmt, unsigned int pgs, u32 sym,
		       int vc, struct rio_voq_msg *msg)
{
	unsigned int sbits, gbits;
	int ret, vcret = 0;
	u32 param;

	ret = rio_voq_sym_widths(fmt, pgs, &sbits, &gbits);
	if (ret)
		return ret;
	if (vc != RIO_VOQ_VC_ALL && (vc < 0 || vc >= RIO_VOQ_NR_VCS))
		return -EINVAL;
	msg->vc = fmt == RIO_VOQ_FMT_CS64 ? RIO_VOQ_VC_ALL : vc;

	switch (fmt) {
	case RIO_VOQ_FMT_REV2:
		if (sym >> 14 || FIELD_GET(RIO_VOQ_R2_CMD_FIELD, sym) != RIO_VOQ_R2_CMD)
			return -EINVAL;
		param = FIELD_GET(RIO_VOQ_R2_STATUS, sym) << gbits |
			FIELD_GET(RIO_VOQ_R2_GROUP, sym);
		break;
	case RIO_VOQ_FMT_CS48:
		if (sym >> 14 || !(sym & RIO_VOQ_CS48_CMD))
			return -EINVAL;
		param = sym & RIO_VOQ_CS48_PARAM;
		break;
	case RIO_VOQ_FMT_CS64:
		if (sym >> 28 ||
		    FIELD_GET(RIO_VOQ_CS64_STYPE0_FIELD, sym) != RIO_VOQ_CS64_STYPE0)
			return -EINVAL;
		vcret = rio_voq_vc_ind_decode(FIELD_GET(RIO_VOQ_CS64_VC_IND, sym),
					      &msg->vc);
		param = sym & RIO_VOQ_CS64_PARAM;
		break;
	default:
		return -EINVAL;
	}

	msg->group = param & (BIT(gbits) - 1);
	msg->status = param >> gbits;
	msg->nbits = sbits;
	msg->first_port = msg->group * sbits;
	return vcret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_sym_decode);

/**
 * rio_voq_refresh_symbols() - symbols for a full status refresh
 * @fmt: symbol format
 * @pgs: port group size (ignored for rev 2.x)
 * @nports: ports of the transmitting device
 *
 * Only the ports the format can describe are counted.
 *
 * Return: the number of symbols, one per group, or 0 for a bad @pgs.
 */
unsigned int rio_voq_refresh_symbols(enum rio_voq_fmt fmt, unsigned int pgs,
				     unsigned int nports)
{
	int sbits = rio_voq_status_bits(fmt, pgs);

	if (sbits <= 0)
		return 0;
	return DIV_ROUND_UP(min(nports, rio_voq_ports_covered(fmt, pgs)), sbits);
}
EXPORT_SYMBOL_GPL(rio_voq_refresh_symbols);

/**
 * rio_voq_sym_changes() - the symbols that report a change of status
 * @fmt: symbol format
 * @pgs: port group size (ignored for rev 2.x)
 * @vc: VC for CS64 symbols (see rio_voq_sym_encode()); with CS48 and
 *	rev 2.x the caller sends the symbols combined with the Status or
 *	VC_Status symbol of that VC
 * @old: status the partner knows, one bit per port; NULL for a full
 *	refresh (after link recovery, Part 12 rule 4.2 g)
 * @cur: status to report
 * @nports: ports of the transmitting device
 * @syms: where to put the symbols
 * @max: room in @syms
 *
 * One symbol per group in which at least one port's status changed
 * (rule 4.2 d-e), carrying the whole group: the fewest symbols that bring
 * the partner up to date.
 *
 * Return: the number of symbols, -ENOSPC if more than @max are needed
 * (the first @max are in @syms), or -EINVAL.
 */
int rio_voq_sym_changes(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
			const unsigned long *old, const unsigned long *cur,
			unsigned int nports, u32 *syms, unsigned int max)
{
	unsigned int sbits, gbits, group, i, port, n = 0;
	unsigned int covered = min(nports, rio_voq_ports_covered(fmt, pgs));
	int ret = rio_voq_sym_widths(fmt, pgs, &sbits, &gbits);
	bool changed;
	u32 status;

	if (ret)
		return ret;
	for (group = 0; group * sbits < covered; group++) {
		status = 0;
		changed = !old;
		for (i = 0; i < sbits; i++) {
			port = group * sbits + i;
			if (port >= covered)
				break;
			if (test_bit(port, cur))
				status |= BIT(i);
			if (old && test_bit(port, old) != test_bit(port, cur))
				changed = true;
		}
		if (!changed)
			continue;
		if (n < max) {
			ret = rio_voq_sym_encode(fmt, pgs, vc, group, status, &syms[n]);
			if (ret)
				return ret;
		}
		n++;
	}
	return n > max ? -ENOSPC : n;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_sym_changes);
