// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq link policy, pure: what each end of a link should be set to.
 *
 * For each direction (one end transmits symbols, the other receives):
 * - generation only if the transmitter can generate, the receiver can
 *   receive, and both use the same symbol generation (rev 2.x and rev 3+
 *   symbols are not compatible);
 * - one group size for the transmitter's TX and the receiver's RX field,
 *   the smallest both support that covers the transmitter's ports in the
 *   link's format, else the largest both support (then some ports
 *   cannot be reported);
 * - per-VC transmission only if both ends support it and policy allows.
 */

#include <linux/bitops.h>
#include <linux/export.h>

#include "voq_core.h"

/**
 * rio_voq_link_fmt() - symbol format of a link
 * @a: layout of one end's VoQ block
 * @b: layout of the other end's
 * @baud_class: baud-rate class of the link (from the selected baud rate),
 *	0 if unknown
 * @policy: the symbol_format module parameter
 *
 * Class 3 links use control symbol 64, class 2 control symbol 48; class 1
 * may be built either way and is taken as CS48 unless policy forces CS64.
 *
 * Return: RIO_VOQ_FMT_REV2 if either end is rev 2.x, else CS48 or CS64.
 */
enum rio_voq_fmt rio_voq_link_fmt(enum rio_voq_layout a, enum rio_voq_layout b,
				  unsigned int baud_class,
				  enum rio_voq_fmt_policy policy)
{
	if (a == RIO_VOQ_LAYOUT_REV2 || b == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_FMT_REV2;
	if (policy == RIO_VOQ_FMT_FORCE_CS48)
		return RIO_VOQ_FMT_CS48;
	if (policy == RIO_VOQ_FMT_FORCE_CS64)
		return RIO_VOQ_FMT_CS64;
	return baud_class == 3 ? RIO_VOQ_FMT_CS64 : RIO_VOQ_FMT_CS48;
}

static void rio_voq_plan_dir(const struct rio_voq_end *from,
			     const struct rio_voq_end *to, enum rio_voq_fmt fmt,
			     bool per_vc, struct rio_voq_dir *d)
{
	u8 common;
	int g;

	*d = (struct rio_voq_dir) { };
	if (from->layout != to->layout)
		d->why = "rev 2.x and rev 3+ symbols are incompatible";
	else if (!from->caps.gen_sup)
		d->why = "cannot generate";
	else if (!to->caps.rx_sup)
		d->why = "partner cannot receive";
	else
		d->gen = true;

	if (from->layout == RIO_VOQ_LAYOUT_REV3 && to->layout == RIO_VOQ_LAYOUT_REV3) {
		common = rio_voq_pgs_common(from->caps.pgs_sup, to->caps.pgs_sup);
		g = rio_voq_pgs_min_cover(fmt, common, from->nports);
		if (g < 0) {
			g = common ? fls(common) - 1 : 0;
			d->uncovered = rio_voq_ports_covered(fmt, g);
		}
		d->pgs = g;
	} else if (from->nports > rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0)) {
		d->uncovered = rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0);
	}

	d->vc = d->gen && per_vc && from->caps.vc_sup && to->caps.vc_sup;
}

/**
 * rio_voq_plan_link() - plan both directions of a link
 * @a: one end
 * @b: the other end
 * @fmt: the link's symbol format (see rio_voq_link_fmt())
 * @per_vc: policy allows per-VC transmission
 * @dir: dir[0] for @a transmitting to @b, dir[1] for @b transmitting to @a
 */
void rio_voq_plan_link(const struct rio_voq_end *a, const struct rio_voq_end *b,
		       enum rio_voq_fmt fmt, bool per_vc, struct rio_voq_dir dir[2])
{
	rio_voq_plan_dir(a, b, fmt, per_vc, &dir[0]);
	rio_voq_plan_dir(b, a, fmt, per_vc, &dir[1]);
}

/**
 * rio_voq_want_csr() - the Port n VoQ CSR value one end should have
 * @layout: layout of the end's block
 * @cur: the CSR's current value
 * @tx: the direction in which this end transmits, NULL for a port with
 *	no link (generation off, group sizes kept)
 * @rx: the direction in which this end receives, NULL likewise
 * @in_use: the port is in use: its status takes part in symbols
 * @unavailable: the port is unavailable: its status is forced congested
 * @want: the value to write
 *
 * Return: 0, or -EINVAL if the plan does not fit the port (see
 * rio_voq_csr_encode()).
 */
int rio_voq_want_csr(enum rio_voq_layout layout, u32 cur,
		     const struct rio_voq_dir *tx, const struct rio_voq_dir *rx,
		     bool in_use, bool unavailable, u32 *want)
{
	struct rio_voq_port p;

	rio_voq_csr_decode(layout, cur, &p);
	p.gen_en = tx && tx->gen;
	p.vc_en = tx && tx->vc;
	if (tx && rx && layout == RIO_VOQ_LAYOUT_REV3) {
		p.tx_pgs = tx->pgs;
		p.rx_pgs = rx->pgs;
	}
	p.part_en = in_use;
	p.xoff = unavailable;
	return rio_voq_csr_encode(layout, cur, &p, want);
}
