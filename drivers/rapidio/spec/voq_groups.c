// SPDX-License-Identifier: GPL-2.0-only
/*
 * RapidIO Part 12 VoQ Backpressure: port group arithmetic.
 *
 * A VoQ backpressure symbol carries a port group and a port status
 * vector in a fixed number of parameter bits W: 13 for rev 3+ control
 * symbol 48, 20 for control symbol 64.  With g group bits there are
 * W - g status bits, so the symbols of one link cover 2^g * (W - g)
 * ports.  Port 0 of a group is the least significant status bit, and the
 * first port of group k is k * (W - g) (Part 12 rev 3+, 4.2 d, tables 3-2
 * and 3-4).  Rev 2.x has one fixed format: 5 group bits and 6 status
 * bits, covering 192 ports (rev 2.2 tables 3-2 and 3-3).
 */

#include <kunit/visibility.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

/**
 * rio_voq_fmt_param_bits() - parameter bits shared by group and status
 * @fmt: symbol format
 *
 * Return: 13 for CS48, 20 for CS64, 11 (5 group + 6 status) for rev 2.
 */
unsigned int rio_voq_fmt_param_bits(enum rio_voq_fmt fmt)
{
	switch (fmt) {
	case RIO_VOQ_FMT_REV2:
		return RIO_VOQ_R2_GROUP_BITS + RIO_VOQ_R2_STATUS_BITS;
	case RIO_VOQ_FMT_CS48:
		return RIO_VOQ_CS48_PARAM_BITS;
	case RIO_VOQ_FMT_CS64:
		return RIO_VOQ_CS64_PARAM_BITS;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_fmt_param_bits);

/* The group size actually in force: rev 2 has a fixed one. */
static unsigned int rio_voq_fmt_pgs(enum rio_voq_fmt fmt, unsigned int pgs)
{
	return fmt == RIO_VOQ_FMT_REV2 ? RIO_VOQ_R2_GROUP_BITS : pgs;
}

/**
 * rio_voq_status_bits() - port status bits in one symbol
 * @fmt: symbol format
 * @pgs: port group size in bits (ignored for rev 2, whose format is fixed)
 *
 * Return: the number of status bits, or -EINVAL if @pgs is not 0..6.
 */
int rio_voq_status_bits(enum rio_voq_fmt fmt, unsigned int pgs)
{
	pgs = rio_voq_fmt_pgs(fmt, pgs);
	if (pgs > RIO_VOQ_PGS_MAX)
		return -EINVAL;
	return rio_voq_fmt_param_bits(fmt) - pgs;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_status_bits);

/**
 * rio_voq_ports_covered() - ports the symbols of one link can describe
 * @fmt: symbol format
 * @pgs: port group size in bits (ignored for rev 2)
 *
 * Return: 2^pgs * (W - pgs) for parameter width W, 192 for rev 2, or 0
 * if @pgs is not 0..6.
 */
unsigned int rio_voq_ports_covered(enum rio_voq_fmt fmt, unsigned int pgs)
{
	int status = rio_voq_status_bits(fmt, pgs);

	if (status < 0)
		return 0;
	return BIT(rio_voq_fmt_pgs(fmt, pgs)) * status;
}
EXPORT_SYMBOL_GPL(rio_voq_ports_covered);

/**
 * rio_voq_pgs_min_cover() - smallest supported group size covering a device
 * @fmt: symbol format of the link
 * @pgs_mask: supported group sizes, bit g for size g (ignored for rev 2)
 * @nports: number of ports whose status must be reported
 *
 * The smallest group size packs the most status bits in each symbol, so
 * a full refresh needs the fewest symbols.
 *
 * Return: the group size, or -ERANGE if no supported size covers @nports
 * ports.
 */
int rio_voq_pgs_min_cover(enum rio_voq_fmt fmt, u8 pgs_mask,
			  unsigned int nports)
{
	unsigned int g;

	if (fmt == RIO_VOQ_FMT_REV2)
		return nports <= rio_voq_ports_covered(fmt, 0) ?
			RIO_VOQ_R2_GROUP_BITS : -ERANGE;

	for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
		if ((pgs_mask & BIT(g)) && rio_voq_ports_covered(fmt, g) >= nports)
			return g;
	return -ERANGE;
}
EXPORT_SYMBOL_GPL(rio_voq_pgs_min_cover);

/**
 * rio_voq_pgs_common() - group sizes two link partners both support
 * @a: one port's supported sizes, bit g for size g
 * @b: the other port's supported sizes
 *
 * Return: the intersection, limited to the defined sizes 0..6.
 */
u8 rio_voq_pgs_common(u8 a, u8 b)
{
	return a & b & RIO_VOQ_PGS_MASK_ALL;
}
EXPORT_SYMBOL_GPL(rio_voq_pgs_common);

/**
 * rio_voq_port_to_slot() - where a port's status travels in a symbol
 * @fmt: symbol format
 * @pgs: port group size (ignored for rev 2)
 * @port: port number
 * @group: the port group value carrying @port
 * @bit: the status bit for @port, 0 being the least significant
 *
 * Return: 0, -EINVAL if @pgs is not 0..6, or -ERANGE if the format cannot
 * describe @port.
 */
int rio_voq_port_to_slot(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int port, unsigned int *group,
			 unsigned int *bit)
{
	int status = rio_voq_status_bits(fmt, pgs);

	if (status < 0)
		return status;
	if (port >= RIO_VOQ_MAX_PORTS ||
	    port >= rio_voq_ports_covered(fmt, pgs))
		return -ERANGE;

	*group = port / status;
	*bit = port % status;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_port_to_slot);

/**
 * rio_voq_slot_to_port() - the port a status bit of a symbol stands for
 * @fmt: symbol format
 * @pgs: port group size (ignored for rev 2)
 * @group: port group value
 * @bit: status bit, 0 being the least significant
 *
 * Return: the port number, -EINVAL if @pgs, @group or @bit do not fit the
 * format, or -ERANGE if the slot names a port beyond the 256 a device
 * can have.
 */
int rio_voq_slot_to_port(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int group, unsigned int bit)
{
	int status = rio_voq_status_bits(fmt, pgs);
	unsigned int port;

	if (status < 0)
		return status;
	if (group >= BIT(rio_voq_fmt_pgs(fmt, pgs)) || bit >= status)
		return -EINVAL;

	port = group * status + bit;
	if (port >= RIO_VOQ_MAX_PORTS)
		return -ERANGE;
	return port;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_slot_to_port);
