// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq link configuration: plan both directions of a link, then write
 * both ends in the order Part 12 demands, reading back every write:
 *
 *  1. generation off on each end that generates and is about to change,
 *     or whose partner's RX group size is about to change (a TX size may
 *     change only while its own generation is off, an RX size only while
 *     the partner's is);
 *  2. group sizes and the other controls, generation still off;
 *  3. generation on where the plan has it.
 *
 * An end already as planned is not written.  On any failure both ends
 * are put back with generation off, the link is marked failed with the
 * reason, and one line names both devices and ports.
 */

#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/printk.h>
#include <linux/rio_regs.h>
#include <linux/string.h>

#include "voq_core.h"

/* Selected baud rate (Port n Control 2 CSR, Part 6) -> baud-rate class */
static unsigned int rio_voq_baud_class(u32 ctl2)
{
	switch (FIELD_GET(RIO_PORT_N_CTL2_SEL_BAUD, ctl2)) {
	case 0x1 ... 0x3:	/* 1.25, 2.5, 3.125 Gbaud */
		return 1;
	case 0x4 ... 0x5:	/* 5.0, 6.25 Gbaud */
		return 2;
	case 0x6 ... 0x8:	/* 10.3125, 12.5, 25.78125 Gbaud */
		return 3;
	}
	return 0;
}

static int rio_voq_link_baud(struct rio_voq_link *l, unsigned int *cls)
{
	u32 off = rio_voq_phys_reg(l->end[0], l->port[0], RIO_PORT_N_CTL2_CSR(0, 0)), ctl2;
	int ret;

	*cls = 0;
	if (!off)
		return 0;
	ret = rio_voq_read(l->end[0], off, &ctl2);
	if (!ret)
		*cls = rio_voq_baud_class(ctl2);
	return ret;
}

static int rio_voq_link_apply(struct rio_voq_link *l, const u32 want[2],
			      const char **step)
{
	u32 cur[2] = { l->end[0]->port[l->port[0]].csr,
		       l->end[1]->port[l->port[1]].csr };
	unsigned int i;
	int ret;

	*step = "turning generation off";
	for (i = 0; i < 2; i++) {
		bool partner_rx = FIELD_GET(RIO_VOQ_CSR_RX_PGS, cur[!i]) !=
				  FIELD_GET(RIO_VOQ_CSR_RX_PGS, want[!i]);

		if ((cur[i] & RIO_VOQ_CSR_GEN_EN) && (cur[i] != want[i] || partner_rx)) {
			ret = rio_voq_csr_write(l->end[i], l->port[i],
						cur[i] & ~RIO_VOQ_CSR_GEN_EN);
			if (ret)
				return ret;
		}
	}

	*step = "setting group sizes and controls";
	for (i = 0; i < 2; i++) {
		u32 now = l->end[i]->port[l->port[i]].csr;
		u32 val = want[i] & ~RIO_VOQ_CSR_GEN_EN;

		if (now != want[i] && now != val) {
			ret = rio_voq_csr_write(l->end[i], l->port[i], val);
			if (ret)
				return ret;
		}
	}

	*step = "turning generation on";
	for (i = 0; i < 2; i++) {
		if (l->end[i]->port[l->port[i]].csr != want[i]) {
			ret = rio_voq_csr_write(l->end[i], l->port[i], want[i]);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * rio_voq_link_safe() - generation off at both ends of a link
 * @l: the link, after a failed access
 *
 * Best effort: each end is read again and, if it generates, written
 * with generation off; an end that cannot be reached is left as it is.
 */
void rio_voq_link_safe(struct rio_voq_link *l)
{
	unsigned int i;
	u32 val;

	for (i = 0; i < 2; i++) {
		if (rio_voq_csr_read(l->end[i], l->port[i], &val))
			val = l->end[i]->port[l->port[i]].csr;
		if (val & RIO_VOQ_CSR_GEN_EN)
			rio_voq_csr_write(l->end[i], l->port[i], val & ~RIO_VOQ_CSR_GEN_EN);
	}
}

static void rio_voq_link_warn(const struct rio_voq_link *l)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		const struct rio_voq_dir *d = &l->dir[i];
		const struct rio_voq_node *from = l->end[i], *to = l->end[!i];

		if (d->why && l->end[0]->layout != l->end[1]->layout && i == 0)
			pr_warn("rio-voq: %s port %u <-> %s port %u: %s, generation stays off\n",
				rio_voq_node_name(from), l->port[i],
				rio_voq_node_name(to), l->port[!i], d->why);
		if (d->uncovered && d->uncovered < from->nports)
			pr_warn("rio-voq: %s port %u -> %s port %u: group size %u reports ports 0-%u only; ports %u-%u of %s cannot be reported\n",
				rio_voq_node_name(from), l->port[i],
				rio_voq_node_name(to), l->port[!i], d->pgs,
				d->uncovered - 1, d->uncovered, from->nports - 1,
				rio_voq_node_name(from));
	}
}

/**
 * rio_voq_link_configure() - plan a link and, if allowed, write it
 * @l: the link; both ends probed, with VoQ blocks
 * @write: write the plan (the enumerating host with auto configuration);
 *	else only plan and report
 *
 * Return: 0, or the error of the access that failed (the link is then
 * in state RIO_VOQ_LINK_FAILED with generation off at both ends).
 */
int rio_voq_link_configure(struct rio_voq_link *l, bool write)
{
	struct rio_voq_end e[2];
	const char *step = "reading the baud rate";
	unsigned int cls, i;
	u32 want[2];
	int ret;

	for (i = 0; i < 2; i++) {
		struct rio_voq_node *n = l->end[i];

		e[i].layout = n->layout;
		e[i].nports = n->nports;
		rio_voq_csr_decode(n->layout, n->port[l->port[i]].csr, &e[i].caps);
	}

	ret = rio_voq_link_baud(l, &cls);
	if (ret)
		goto failed;
	l->fmt = rio_voq_link_fmt(e[0].layout, e[1].layout, cls,
				  l->fmt_force ?: rio_voq_fmt_policy());
	rio_voq_plan_link(&e[0], &e[1], l->fmt, rio_voq_per_vc_policy(), l->dir);
	rio_voq_link_warn(l);

	if (!write) {
		l->state = RIO_VOQ_LINK_REPORTED;
		return 0;
	}

	step = "planning";
	for (i = 0; i < 2; i++) {
		struct rio_voq_portst *ps = &l->end[i]->port[l->port[i]];

		ret = rio_voq_want_csr(e[i].layout, ps->csr, &l->dir[i], &l->dir[!i],
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_OK,
				       ps->err_sts & RIO_PORT_N_ERR_STS_PORT_UA,
				       &want[i]);
		if (ret)
			goto failed;
	}
	ret = rio_voq_link_apply(l, want, &step);
	if (ret)
		goto failed;
	l->state = RIO_VOQ_LINK_CONFIGURED;
	l->reason[0] = '\0';
	return 0;

failed:
	if (write)
		rio_voq_link_safe(l);
	l->state = RIO_VOQ_LINK_FAILED;
	snprintf(l->reason, sizeof(l->reason), "%s: error %d", step, ret);
	pr_err("rio-voq: %s port %u <-> %s port %u: configuration failed while %s (%pe); generation left off\n",
	       rio_voq_node_name(l->end[0]), l->port[0],
	       rio_voq_node_name(l->end[1]), l->port[1], step, ERR_PTR(ret));
	return ret;
}
