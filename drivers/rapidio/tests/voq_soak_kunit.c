// SPDX-License-Identifier: GPL-2.0-only
/*
 * The seeded soak of rio-voq on rio-sim fabrics the core enumerates,
 * and its replay: random port events, boards swapped, admin writes and
 * injected faults, with Part 12's invariants checked after each from
 * rio-sim's registers only.  A replay case repeats the events a soak
 * logged (the kselftests' soak logs them too) on the same fabric,
 * so that a seed that failed once stays a test.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/prandom.h>
#include <linux/rio_drv.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/*
 * The seeded soak: on a tree, and on random fabrics that rio-sim builds
 * from the seed ("random:SEED": sizes, rev 2.x and rev 3+ blocks,
 * capabilities and group sizes, up to 255 ports, devices without a
 * block), random port events, boards swapped, admin writes valid and
 * invalid, refused rescans and injected faults (failed accesses, writes
 * that do not stick), and after each the invariants, from rio-sim's
 * registers only.
 */
#define VOQ_SOAK_LOG		32768
#define VOQ_SOAK_PORTS		256	/* per device, in the soak's tables */

/*
 * Bits of the Port n VoQ CSR a fault may concern: never generation; the
 * group sizes first, which only stuck faults take (voq_soak_fault())
 */
static const u32 voq_soak_fault_masks[] = {
	RIO_VOQ_CSR_TX_PGS, RIO_VOQ_CSR_RX_PGS, RIO_VOQ_CSR_PART_EN,
	RIO_VOQ_CSR_XOFF, RIO_VOQ_CSR_VC_EN,
};

struct voq_soak {
	struct kunit *test;
	struct rio_sim_mport *sm;
	struct rnd_state rnd;
	s8 *xoff;		/* admin XOFF by device and port; -1: none */
	s8 *vc;			/* admin per-VC choice of the link; -1: none */
	s8 *tx;			/* admin TX group size; -1: none */
	unsigned long *excused;	/* directions a fault left off */
	unsigned int *room;	/* ports the first board of each device had */
	u32 *snap;		/* VoQ CSRs before an invalid write */
	unsigned long *seen;
	struct rio_sim_dev **queue;
	char *log;
	size_t len;
	unsigned int ports, widest;
	unsigned int events, checks, failures, faults;
};

static __printf(2, 3) void voq_soak_say(struct voq_soak *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (s->len < VOQ_SOAK_LOG)
		s->len += vscnprintf(s->log + s->len, VOQ_SOAK_LOG - s->len, fmt, ap);
	va_end(ap);
}

/* The knobs by their sysfs names, for the soak's event list */
static const char * const voq_soak_knobs[] = {
	[RIO_VOQ_KNOB_GEN] = "generation", [RIO_VOQ_KNOB_PART] = "participation",
	[RIO_VOQ_KNOB_XOFF] = "xoff", [RIO_VOQ_KNOB_VC] = "per_vc",
	[RIO_VOQ_KNOB_TX_PGS] = "tx_group_size", [RIO_VOQ_KNOB_RX_PGS] = "rx_group_size",
	[RIO_VOQ_KNOB_FMT] = "symbol_format",
};

static unsigned int voq_soak_ix(const struct rio_sim_dev *d, unsigned int p)
{
	return d->index * VOQ_SOAK_PORTS + p;
}

static u32 voq_soak_rnd(struct voq_soak *s, u32 n)
{
	return prandom_u32_state(&s->rnd) % n;
}

static bool voq_soak_up(const struct rio_sim_port *p)
{
	return p->peer && !p->link_down && !p->unavailable &&
	       !p->peer->port[p->peer_port].unavailable;
}

/* Both ends of @d's port @p have a Port n VoQ CSR */
static bool voq_soak_voq_link(const struct rio_sim_dev *d, unsigned int p)
{
	const struct rio_sim_port *sp = &d->port[p];

	return d->voq_ef && p < d->voq_nports && sp->peer && sp->peer->voq_ef &&
	       sp->peer_port < sp->peer->voq_nports;
}

/* The devices the host reaches over links that are up */
static void voq_soak_walk(struct voq_soak *s)
{
	struct rio_sim_fabric *fab = s->sm->fab;
	unsigned int head = 0, tail = 0, k;
	struct rio_sim_dev *d;

	bitmap_zero(s->seen, fab->ndevs);
	__set_bit(fab->host->index, s->seen);
	s->queue[tail++] = fab->host;
	while (head < tail) {
		d = s->queue[head++];
		for (k = 0; k < d->nports; k++) {
			if (!voq_soak_up(&d->port[k]) ||
			    test_and_set_bit(d->port[k].peer->index, s->seen))
				continue;
			s->queue[tail++] = d->port[k].peer;
		}
	}
}

static void voq_soak_expect(struct voq_soak *s, bool ok, const char *what,
			    struct rio_sim_dev *d, unsigned int p)
{
	struct rio_sim_port *sp = p < d->nports ? &d->port[p] : NULL;
	u32 x = 0, y = 0;

	s->checks++;
	if (ok)
		return;
	if (sp) {
		x = sp->voq_caps | sp->voq_ctl;
		if (sp->peer)
			y = sp->peer->port[sp->peer_port].voq_caps |
			    sp->peer->port[sp->peer_port].voq_ctl;
	}
	if (s->failures++ < 4)
		kunit_err(s->test, "event %u: %s at dev%u port %u (CSR %08x, partner's %08x)\n",
			  s->events, what, d->index, p, x, y);
}

/* A link planned again: a direction a fault left off must be on again */
static void voq_soak_unexcuse(struct voq_soak *s, struct rio_sim_dev *d,
			      unsigned int p)
{
	struct rio_sim_port *sp = &d->port[p];

	clear_bit(voq_soak_ix(d, p), s->excused);
	if (sp->peer)
		clear_bit(voq_soak_ix(sp->peer, sp->peer_port), s->excused);
}

static bool voq_soak_pgs_sup(const struct rio_voq_port *x, unsigned int g)
{
	return x->pgs_sup & BIT(g);
}

/*
 * The invariants of one port, if its device is reachable, from the
 * registers: generation only where the transmitter can generate, the
 * receiver can receive and both use the same layout, and there always
 * (the soak makes no admin choice of generation) unless a fault left it
 * off; per-VC only where both ends support it, symbols go either way and
 * the admin did not turn it off, and there always unless a fault left
 * it off, the same at both ends; A.TX = B.RX where symbols flow, and the
 * size the admin chose where both ends support it; XOFF as Port
 * Unavailable or the admin has it
 */
static void voq_soak_check_port(struct voq_soak *s, struct rio_sim_dev *d,
				unsigned int p)
{
	struct rio_sim_port *sp = &d->port[p];
	struct rio_voq_port x = voq_test_hw(d, p), y;
	bool xoff = sp->unavailable, up = voq_soak_up(sp), gen, back, vc, off;
	unsigned int ix = voq_soak_ix(d, p), pix;
	s8 choice;

	voq_soak_expect(s, !sp->voq_violations, "Part 12 ordering violation", d, p);
	if (!test_bit(d->index, s->seen) || d == s->sm->fab->host)
		return;
	if (s->xoff[ix] >= 0)
		xoff = s->xoff[ix];
	voq_soak_expect(s, x.xoff == xoff, "XOFF not as Port Unavailable or the admin has it",
			d, p);
	if (!up || !voq_soak_voq_link(d, p)) {
		voq_soak_expect(s, !x.gen_en, "generation on toward a down link or no block",
				d, p);
		return;
	}
	y = voq_test_hw(sp->peer, sp->peer_port);
	pix = voq_soak_ix(sp->peer, sp->peer_port);
	off = test_bit(ix, s->excused);
	gen = d->voq_layout == sp->peer->voq_layout && x.gen_sup && y.rx_sup;
	voq_soak_expect(s, !x.gen_en || gen,
			"generation toward a partner that cannot take it", d, p);
	voq_soak_expect(s, x.gen_en || !gen || off, "generation off on an up link", d, p);
	/* Bit 11 on both ends or neither, where symbols go either way */
	back = d->voq_layout == sp->peer->voq_layout && y.gen_sup && x.rx_sup;
	choice = s->vc[ix] >= 0 ? s->vc[ix] : s->vc[pix];
	vc = (gen || back) && x.vc_sup && y.vc_sup && choice;
	voq_soak_expect(s, !x.vc_en || vc,
			"per-VC not where both ends support it and the admin allows it",
			d, p);
	voq_soak_expect(s, x.vc_en || !vc || off || test_bit(pix, s->excused),
			"per-VC off where both ends support it", d, p);
	/*
	 * The same at both ends, unless a fault left the link with no
	 * symbols either way: an end rio-voq could not discover again is
	 * not written until it can be, and keeps the bit it had
	 */
	voq_soak_expect(s, x.vc_en == y.vc_en ||
			(!x.gen_en && !y.gen_en && (off || test_bit(pix, s->excused))),
			"per-VC on one end of a link only", d, p);
	if (!x.gen_en)
		return;
	voq_soak_expect(s, x.tx_pgs == y.rx_pgs, "A.TX != B.RX on an up link", d, p);
	if (s->tx[ix] >= 0 && d->voq_layout == RIO_VOQ_LAYOUT_REV3 &&
	    voq_soak_pgs_sup(&x, s->tx[ix]) && voq_soak_pgs_sup(&y, s->tx[ix]))
		voq_soak_expect(s, x.tx_pgs == s->tx[ix],
				"the admin's group size not in place", d, p);
}

static void voq_soak_check(struct voq_soak *s)
{
	struct rio_sim_dev *d;
	unsigned int p;

	voq_soak_walk(s);
	list_for_each_entry(d, &s->sm->fab->devs, node)
		for (p = 0; p < d->voq_nports; p++)
			voq_soak_check_port(s, d, p);
	voq_soak_expect(s, !s->sm->fab->stray_writes, "a write outside every block",
			s->sm->fab->host, 0);
}

/*
 * After a fault: the directions it left off (generation or per-VC off
 * where they would be on) are excused until their link is planned again;
 * the other invariants hold all the same
 */
static void voq_soak_excuse(struct voq_soak *s)
{
	struct rio_sim_dev *d;
	struct rio_voq_port x;
	unsigned int p;

	voq_soak_walk(s);
	list_for_each_entry(d, &s->sm->fab->devs, node) {
		if (!test_bit(d->index, s->seen) || d == s->sm->fab->host)
			continue;
		for (p = 0; p < d->voq_nports; p++) {
			x = voq_test_hw(d, p);
			if (voq_soak_up(&d->port[p]) && voq_soak_voq_link(d, p) &&
			    (!x.gen_en || !x.vc_en))
				set_bit(voq_soak_ix(d, p), s->excused);
		}
	}
}

/*
 * A random board in @d's place: an endpoint for an endpoint, a switch
 * of 2 ports up to as many as the first board in that place had (the
 * room rio_sim_dev_keep_blocks() asks for), with the same register map
 * and error management if the board had it; rev 2 or rev 3, random
 * capabilities, sometimes no block
 */
static void voq_soak_board(struct voq_soak *s, struct rio_sim_dev *d,
			   struct rio_sim_dev_desc *desc)
{
	u32 r = prandom_u32_state(&s->rnd);
	unsigned int k;

	*desc = (struct rio_sim_dev_desc) {
		.name = "swapped", .is_switch = d->is_switch, .nports = 1,
		.vid = RIO_SIM_VID, .did = d->did, .map = d->map,
		.em = d->is_switch || d->em_ef || (r & 4), .voq = r % 6,
		.voq_layout = r & 8 ? RIO_VOQ_LAYOUT_REV2 : RIO_VOQ_LAYOUT_REV3,
		.voq_caps = (r & 0x10 ? RIO_VOQ_CSR_GEN_SUP : 0) |
			    (r & 0x20 ? RIO_VOQ_CSR_RX_SUP : 0) |
			    (r & 0x40 ? RIO_VOQ_CSR_VC_SUP : 0) |
			    (r & RIO_VOQ_CSR_PGS_SUP_ALL),
	};
	/*
	 * A rev 2.x CSR without any capability reads 0 until written, and
	 * rio-voq takes such a port for one the block does not have
	 * (voq_discover.c): give each rev 2.x board something to do
	 */
	if (desc->voq_layout == RIO_VOQ_LAYOUT_REV2 &&
	    !(desc->voq_caps & (RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP)))
		desc->voq_caps |= RIO_VOQ_CSR_RX_SUP;
	if (!d->is_switch)
		return;
	desc->nports = 2 + (r >> 16) % (s->room[d->index] - 1);
	/* Mostly, the new board keeps the ports that are cabled */
	if (r & 0x80)
		for (k = desc->nports; k < d->nports; k++)
			if (d->port[k].peer)
				desc->nports = k + 1;
	if (desc->voq_layout == RIO_VOQ_LAYOUT_REV2 &&
	    desc->nports > RIO_VOQ_R2_MAX_PORTS)
		desc->voq_nports = RIO_VOQ_R2_MAX_PORTS;
}

/* A random switch port that is not the host's link, mostly a cabled one */
static struct rio_sim_dev *voq_soak_port(struct voq_soak *s, unsigned int *port)
{
	struct rio_sim_dev *d;
	unsigned int i;

	for (i = 0; i < 1000; i++) {
		d = rio_sim_dev_find(s->sm->fab, 1 + voq_soak_rnd(s, s->sm->fab->ndevs - 1));
		if (!d || !d->is_switch)
			continue;
		*port = voq_soak_rnd(s, d->nports);
		if (!d->port[*port].peer && voq_soak_rnd(s, 8))
			continue;
		if (d->port[*port].peer != s->sm->fab->host)
			return d;
	}
	return NULL;
}

/* The node of @d if the host reaches it, for an admin write */
static struct rio_voq_node *voq_soak_node(struct voq_soak *s, struct rio_sim_dev *d)
{
	voq_soak_walk(s);
	return test_bit(d->index, s->seen) ? voq_test_node(s->sm, d) : NULL;
}

static void voq_soak_snap(struct voq_soak *s, bool check)
{
	struct rio_sim_dev *d;
	unsigned int p;

	list_for_each_entry(d, &s->sm->fab->devs, node)
		for (p = 0; p < d->voq_nports && p < VOQ_SOAK_PORTS; p++) {
			if (check)
				voq_soak_expect(s, s->snap[voq_soak_ix(d, p)] ==
						d->port[p].voq_ctl,
						"an invalid admin write changed a CSR", d, p);
			else
				s->snap[voq_soak_ix(d, p)] = d->port[p].voq_ctl;
		}
}

/*
 * An admin write that is invalid whatever the fabric's state: out of
 * range, or beyond what this end's registers say it supports.  It must
 * be refused, and change nothing at all.
 */
static void voq_soak_invalid(struct voq_soak *s, struct rio_sim_dev *d,
			     unsigned int port)
{
	static const struct {
		enum rio_voq_knob knob;
		unsigned int val;
	} bad[] = {
		{ RIO_VOQ_KNOB_GEN, 2 }, { RIO_VOQ_KNOB_PART, 2 },
		{ RIO_VOQ_KNOB_XOFF, 3 }, { RIO_VOQ_KNOB_VC, 2 },
		{ RIO_VOQ_KNOB_TX_PGS, 7 }, { RIO_VOQ_KNOB_RX_PGS, 7 },
		{ RIO_VOQ_KNOB_TX_PGS, 255 }, { RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64 + 1 },
	};
	struct rio_voq_node *n = voq_soak_node(s, d);
	enum rio_voq_knob knob;
	struct rio_voq_port x;
	unsigned int val, k;
	u64 writes;
	int ret;

	if (!n)
		return;
	k = voq_soak_rnd(s, ARRAY_SIZE(bad) + 4);
	x = voq_test_hw(d, port);
	if (k < ARRAY_SIZE(bad)) {
		knob = bad[k].knob;
		val = bad[k].val;
	} else if (k == ARRAY_SIZE(bad)) {
		/* a port the device does not have */
		knob = RIO_VOQ_KNOB_XOFF;
		val = 1;
		port = d->nports + voq_soak_rnd(s, 4);
	} else if (port < d->voq_nports && !x.gen_sup) {
		knob = RIO_VOQ_KNOB_GEN;
		val = 1;
	} else if (port < d->voq_nports && !x.vc_sup) {
		knob = RIO_VOQ_KNOB_VC;
		val = 1;
	} else if (port < d->voq_nports && d->voq_layout == RIO_VOQ_LAYOUT_REV3 &&
		   (~x.pgs_sup & GENMASK(6, 0))) {
		knob = RIO_VOQ_KNOB_TX_PGS;
		val = __ffs(~x.pgs_sup & GENMASK(6, 0));
	} else {
		return;
	}
	voq_soak_say(s, "bad %s=%u on dev%u.%u ", voq_soak_knobs[knob], val,
		     d->index, port);
	voq_soak_snap(s, false);
	writes = s->sm->fab->writes;
	ret = voq_test_port_set(n, port, knob, val);
	voq_soak_expect(s, ret < 0, "an invalid admin write taken", d, port);
	voq_soak_expect(s, s->sm->fab->writes == writes,
			"an invalid admin write made a write", d, port);
	voq_soak_snap(s, true);
}

/*
 * A valid admin write: XOFF, per-VC, or a TX group size both ends
 * support.  Remembered if taken; if refused, nothing changed.
 */
static void voq_soak_admin(struct voq_soak *s, struct rio_sim_dev *d,
			   unsigned int port)
{
	struct rio_voq_node *n = voq_soak_node(s, d);
	unsigned int k = voq_soak_rnd(s, 3), val, ix = voq_soak_ix(d, port), g;
	struct rio_sim_port *sp = &d->port[port];
	struct rio_voq_port x, y;
	enum rio_voq_knob knob;
	int ret;

	if (!n || port >= d->voq_nports)
		return;
	x = voq_test_hw(d, port);
	if (k == 2 && voq_soak_voq_link(d, port) && d->voq_layout == RIO_VOQ_LAYOUT_REV3 &&
	    sp->peer->voq_layout == RIO_VOQ_LAYOUT_REV3) {
		y = voq_test_hw(sp->peer, sp->peer_port);
		g = voq_soak_rnd(s, 7);
		if (!voq_soak_pgs_sup(&x, g) || !voq_soak_pgs_sup(&y, g) ||
		    !x.gen_sup || !y.rx_sup)
			return;
		knob = RIO_VOQ_KNOB_TX_PGS;
		val = g;
	} else if (k == 1 && sp->peer) {
		knob = RIO_VOQ_KNOB_VC;
		val = voq_soak_rnd(s, 2);
	} else {
		knob = RIO_VOQ_KNOB_XOFF;
		val = voq_soak_rnd(s, 2);
	}
	voq_soak_say(s, "%s=%u on dev%u.%u ", voq_soak_knobs[knob], val, d->index, port);
	voq_soak_snap(s, false);
	ret = voq_test_port_set(n, port, knob, val);
	voq_soak_say(s, "(%d) ", ret);
	if (ret) {
		/* Refused (a link not known, say): nothing changed */
		voq_soak_expect(s, ret != -EIO, "a valid admin write failed", d, port);
		voq_soak_snap(s, true);
		return;
	}
	if (knob == RIO_VOQ_KNOB_XOFF) {
		s->xoff[ix] = val;
		return;
	}
	if (knob == RIO_VOQ_KNOB_TX_PGS) {
		s->tx[ix] = val;
	} else {
		/* A knob of the link: it replaces a choice on the other end */
		s->vc[ix] = val;
		if (sp->peer)
			s->vc[voq_soak_ix(sp->peer, sp->peer_port)] = -1;
	}
	voq_soak_unexcuse(s, d, port);
}

/*
 * A fault: the next accesses fail once, or a VoQ CSR of the link does
 * not keep some bits, then the link is made to change (it goes down or
 * comes up, or an admin writes it).  Afterwards the fault is gone.  A
 * link whose write failed is left safe: generation off at both ends.
 */
static void voq_soak_fault(struct voq_soak *s, struct rio_sim_dev *d,
			   unsigned int port)
{
	struct rio_sim_fabric *fab = s->sm->fab;
	struct rio_sim_port *sp = &d->port[port];
	struct rio_voq_node *n = voq_soak_node(s, d);
	enum rio_sim_wfault mode;
	unsigned int nth, val;
	u32 mask;
	int ret;

	s->faults++;
	if (voq_soak_rnd(s, 2) || !n || !voq_soak_voq_link(d, port)) {
		if (!sp->peer)
			return;
		nth = 1 + voq_soak_rnd(s, 40);
		val = sp->link_down;
		voq_soak_say(s, "fail access %u, link dev%u.%u %s ", nth, d->index, port,
			     val ? "up" : "down");
		voq_test_fail_nth(fab, nth);
		KUNIT_EXPECT_EQ(s->test, rio_sim_port_set_link(d, port, val), 0);
		rio_sim_mport_pw_flush(s->sm);
		voq_test_fail_nth(fab, 0);
		if (val)
			voq_soak_unexcuse(s, d, port);
		voq_soak_excuse(s);
		return;
	}
	/*
	 * A group size that reads back otherwise is not known at all: what
	 * rio-voq writes back, XOFF included, then rests on a value read
	 * wrong, and only generation off is certain.  Those bits are only
	 * made to stick.
	 */
	mode = voq_soak_rnd(s, 2) ? RIO_SIM_WFAULT_STUCK : RIO_SIM_WFAULT_READBACK;
	mask = voq_soak_fault_masks[mode == RIO_SIM_WFAULT_STUCK ?
				    voq_soak_rnd(s, ARRAY_SIZE(voq_soak_fault_masks)) :
				    2 + voq_soak_rnd(s, ARRAY_SIZE(voq_soak_fault_masks) - 2)];
	nth = 1 + voq_soak_rnd(s, 2);
	val = !voq_test_hw(d, port).xoff;
	voq_soak_say(s, "wfault %s %x from %u on dev%u.%u, xoff=%u ",
		     mode == RIO_SIM_WFAULT_STUCK ? "stuck" : "readback", mask, nth,
		     d->index, port, val);
	KUNIT_EXPECT_EQ(s->test, rio_sim_set_wfault(d, port, mode, mask, nth), 0);
	ret = voq_test_port_set(n, port, RIO_VOQ_KNOB_XOFF, val);
	voq_soak_say(s, "(%d) ", ret);
	if (!ret) {
		s->xoff[voq_soak_ix(d, port)] = val;
	} else {
		voq_soak_expect(s, ret == -EIO || ret == -EBUSY,
				"an admin write refused under a write fault", d, port);
		/* Both ends with generation off, but one it cannot reach */
		voq_soak_walk(s);
		if (ret == -EIO)
			voq_soak_expect(s, !voq_test_hw(d, port).gen_en &&
					(!test_bit(sp->peer->index, s->seen) ||
					 !voq_test_hw(sp->peer, sp->peer_port).gen_en),
					"a failed link not left with generation off", d, port);
	}
	KUNIT_EXPECT_EQ(s->test, rio_sim_set_wfault(d, port, RIO_SIM_WFAULT_NONE, 0, 0), 0);
	voq_soak_excuse(s);
}

static void voq_soak_event(struct voq_soak *s)
{
	unsigned int kind = voq_soak_rnd(s, 20), port, val, k;
	struct rio_sim_dev *d = voq_soak_port(s, &port);
	struct rio_sim_dev_desc desc;
	struct rio_voq_node *n;

	if (!d)
		return;
	s->events++;
	voq_soak_say(s, "%u:", s->events);
	if (kind < 5 && d->port[port].peer) {
		val = d->port[port].link_down;
		voq_soak_say(s, "link dev%u.%u %s ", d->index, port, val ? "up" : "down");
		KUNIT_EXPECT_EQ(s->test, rio_sim_port_set_link(d, port, val), 0);
		if (val)
			voq_soak_unexcuse(s, d, port);
	} else if (kind < 7) {
		/* The switch, or what its port leads to */
		if (d->port[port].peer && d->port[port].peer != s->sm->fab->host &&
		    voq_soak_rnd(s, 2))
			d = d->port[port].peer;
		voq_soak_board(s, d, &desc);
		voq_soak_say(s, "swap dev%u %u ports %s caps %x ", d->index, desc.nports,
			     desc.voq ? desc.voq_layout == RIO_VOQ_LAYOUT_REV2 ?
			     "rev2" : "rev3" : "none", desc.voq_caps);
		KUNIT_EXPECT_EQ(s->test, rio_sim_dev_replace(d, &desc), 0);
		for (k = 0; k < d->nports; k++)
			voq_soak_unexcuse(s, d, k);
	} else if (kind < 10) {
		/* The switch's port, or the port at the other end */
		if (d->port[port].peer && d->port[port].peer != s->sm->fab->host &&
		    voq_soak_rnd(s, 2)) {
			k = d->port[port].peer_port;
			d = d->port[port].peer;
			port = k;
		}
		val = !d->port[port].unavailable;
		voq_soak_say(s, "ua dev%u.%u %u ", d->index, port, val);
		KUNIT_EXPECT_EQ(s->test, rio_sim_port_set_unavailable(d, port, val), 0);
		if (!val)
			voq_soak_unexcuse(s, d, port);
	} else if (kind < 13) {
		voq_soak_admin(s, d, port);
	} else if (kind < 15) {
		voq_soak_invalid(s, d, port);
	} else if (kind < 16) {
		voq_soak_say(s, "rescan ");
		KUNIT_EXPECT_EQ(s->test, rio_sim_mport_scan(s->sm), -EBUSY);
		n = voq_test_node(s->sm, d);
		if (n && port < n->nports)
			KUNIT_EXPECT_EQ(s->test, voq_test_port_set(n, port, RIO_VOQ_KNOB_TX_PGS, 7),
					-EINVAL);
	} else {
		voq_soak_fault(s, d, port);
	}
	rio_sim_mport_pw_flush(s->sm);
	voq_soak_check(s);
}

/**
 * struct voq_soak_param - one run of the soak
 * @topo: the fabric: a canned topology, or NULL for random:@seed
 * @seed: seed of the events (and of the fabric)
 * @events: how many events
 */
struct voq_soak_param {
	const char *topo;
	u32 seed;
	unsigned int events;
};

static const struct voq_soak_param voq_soak_params[] = {
	{ "tree:2", 1, 150 }, { "tree:2", 2, 150 }, { "tree:2", 20261122, 150 },
	{ NULL, 1, 300 }, { NULL, 2, 300 }, { NULL, 3, 300 }, { NULL, 4, 300 },
	{ NULL, 5, 300 }, { NULL, 6, 300 }, { NULL, 7, 300 }, { NULL, 8, 300 },
	{ NULL, 9, 300 }, { NULL, 10, 300 }, { NULL, 11, 300 }, { NULL, 12, 300 },
	/* Swaps for a like board, a port event of a device not known */
	{ NULL, 22, 300 }, { NULL, 31, 300 }, { NULL, 54, 300 }, { NULL, 59, 300 },
	{ NULL, 60, 300 },
};

static void voq_soak_desc(const struct voq_soak_param *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s seed %u", p->topo ?: "random", p->seed);
}

KUNIT_ARRAY_PARAM(voq_soak, voq_soak_params, voq_soak_desc);

/* A soak on @topo, enumerated, with no admin choice yet */
static struct voq_soak *voq_soak_new(struct kunit *test, const char *topo)
{
	struct voq_soak *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct rio_sim_dev *d;
	size_t n;

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->test = test;
	s->sm = voq_test_scanned(test, topo);
	n = s->sm->fab->ndevs * VOQ_SOAK_PORTS;
	s->log = kunit_kzalloc(test, VOQ_SOAK_LOG, GFP_KERNEL);
	s->seen = kunit_kcalloc(test, BITS_TO_LONGS(s->sm->fab->ndevs), sizeof(long),
				GFP_KERNEL);
	s->queue = kunit_kcalloc(test, s->sm->fab->ndevs, sizeof(*s->queue), GFP_KERNEL);
	s->xoff = kunit_kmalloc(test, n, GFP_KERNEL);
	s->vc = kunit_kmalloc(test, n, GFP_KERNEL);
	s->tx = kunit_kmalloc(test, n, GFP_KERNEL);
	s->snap = kunit_kcalloc(test, n, sizeof(*s->snap), GFP_KERNEL);
	s->excused = kunit_kcalloc(test, BITS_TO_LONGS(n), sizeof(long), GFP_KERNEL);
	s->room = kunit_kcalloc(test, s->sm->fab->ndevs, sizeof(*s->room), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s->log);
	KUNIT_ASSERT_NOT_NULL(test, s->seen);
	KUNIT_ASSERT_NOT_NULL(test, s->queue);
	KUNIT_ASSERT_NOT_NULL(test, s->xoff);
	KUNIT_ASSERT_NOT_NULL(test, s->vc);
	KUNIT_ASSERT_NOT_NULL(test, s->tx);
	KUNIT_ASSERT_NOT_NULL(test, s->snap);
	KUNIT_ASSERT_NOT_NULL(test, s->excused);
	KUNIT_ASSERT_NOT_NULL(test, s->room);
	memset(s->xoff, -1, n);
	memset(s->vc, -1, n);
	memset(s->tx, -1, n);
	list_for_each_entry(d, &s->sm->fab->devs, node) {
		s->room[d->index] = d->nports;
		s->ports += d->nports;
		s->widest = max(s->widest, d->nports);
	}
	return s;
}

static void voq_event_soak(struct kunit *test)
{
	const struct voq_soak_param *param = test->param_value;
	struct voq_soak *s;
	char topo[24];
	unsigned int i;

	if (param->topo)
		strscpy(topo, param->topo, sizeof(topo));
	else
		snprintf(topo, sizeof(topo), "random:%u", param->seed);
	s = voq_soak_new(test, topo);
	prandom_seed_state(&s->rnd, param->seed);

	voq_soak_check(s);
	for (i = 0; i < param->events && !s->failures; i++)
		voq_soak_event(s);
	KUNIT_EXPECT_EQ(test, s->sm->fab->stray_writes, 0ULL);
	KUNIT_EXPECT_EQ_MSG(test, s->failures, 0U, "%s seed %u, events below", topo,
			    param->seed);
	/* The events, in lines short enough for the log */
	for (i = 0; s->failures && i < s->len; i += 200)
		kunit_err(test, "%s seed %u events: %.200s\n", topo, param->seed,
			  s->log + i);
	kunit_info(test, "%s seed %u: %u devices, %u ports (widest %u): %u events (%u faults), %u checks, %u violations\n",
		   topo, param->seed, s->sm->fab->ndevs, s->ports, s->widest, s->events,
		   s->faults, s->checks, s->failures);
	rio_sim_kunit_release(test, s->sm);
}

/*
 * One event as the rio-voq kselftests' soak logs it (soak_lib.sh), done
 * as its writes to rio-sim's debugfs and rio-voq's sysfs do it
 */
static void voq_replay_event(struct voq_soak *s, const char *ev)
{
	struct kunit *test = s->test;
	unsigned int dev, port, val;
	struct rio_voq_node *n = NULL;
	struct rio_sim_dev *d = NULL;
	char what[16], board[32];

	s->events++;
	voq_soak_say(s, "%u:%s ", s->events, ev);
	if (sscanf(ev, "%15s dev%u", what, &dev) == 2) {
		d = rio_sim_dev_find(s->sm->fab, dev);
		KUNIT_ASSERT_NOT_NULL_MSG(test, d, "%s", ev);
		n = voq_test_node(s->sm, d);
	}
	if (sscanf(ev, "link dev%u.%u %u", &dev, &port, &val) == 3) {
		KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(d, port, val), 0);
	} else if (sscanf(ev, "ua dev%u.%u %u", &dev, &port, &val) == 3) {
		KUNIT_EXPECT_EQ(test, rio_sim_port_set_unavailable(d, port, val), 0);
	} else if (sscanf(ev, "swap dev%u %31[^\n]", &dev, board) == 2) {
		KUNIT_EXPECT_EQ(test, rio_sim_dev_replace_board(d, board), 0);
	} else if (sscanf(ev, "xoff dev%u.%u=%u", &dev, &port, &val) == 3) {
		/* The admin's write, where the device has the file */
		if (n && port < n->nports &&
		    !voq_test_port_set(n, port, RIO_VOQ_KNOB_XOFF, val))
			s->xoff[voq_soak_ix(d, port)] = val;
	} else if (sscanf(ev, "bad dev%u.%u %15s %29s", &dev, &port, what, board) == 4) {
		/* The soak's "echo VALUE > FILE", as it is logged */
		u64 writes = s->sm->fab->writes;
		size_t len = strlcat(board, "\n", sizeof(board));

		voq_soak_snap(s, false);
		if (n)
			KUNIT_EXPECT_LT_MSG(test, voq_test_sysfs_write(n, port, what, board, len),
					    0L, "%s", ev);
		KUNIT_EXPECT_EQ_MSG(test, s->sm->fab->writes, writes, "%s", ev);
		voq_soak_snap(s, true);
	} else if (!strcmp(ev, "rescan")) {
		KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(s->sm), -EBUSY);
	} else if (strncmp(ev, "bad ", 4)) {
		/* (a bad write that is not a number never reaches rio-voq) */
		KUNIT_FAIL(test, "not an event of the soak: %s", ev);
	}
	rio_sim_mport_pw_flush(s->sm);
	voq_soak_check(s);
}

/**
 * struct voq_replay_param - a soak of the kselftests, replayed
 * @seed: the fabric, random:@seed
 * @events: the events, as the soak logs them, without their numbers
 * @devs: its devices, as the soak logs them ("D devices, P ports,
 *	widest W"): the fabric rio-sim builds from @seed is the one the
 *	kselftest had
 * @ports: their ports
 * @widest: the most ports of one device
 */
struct voq_replay_param {
	u32 seed;
	const char * const *events;
	unsigned int devs, ports, widest;
};

/*
 * Found by the kselftests' soak (seed 185593): a switch port's link comes
 * up toward an endpoint whose board was swapped for one with a rev 3+
 * block while the link was down
 */
static const char * const voq_replay_185593[] = {
	"ua dev2.5 1", "swap dev2 11 rev2 40000000", "bad dev1.0 generation 5",
	"link dev2.5 0", "xoff dev1.3=0", "link dev2.8 0", "ua dev1.3 1", "ua dev1.1 1",
	"xoff dev1.1=1", "ua dev2.5 1", "ua dev1.0 1", "ua dev2.5 0", "ua dev2.8 1",
	"ua dev1.3 0", "xoff dev1.1=1", "bad dev1.1 tx_group_size 7", "link dev2.5 1",
	"link dev1.0 0", "swap dev2 15 rev3 a00e2000", "xoff dev2.0=0",
	"swap dev8 1 rev3 800ea000", "xoff dev1.0=0", "link dev1.3 1", NULL,
};

/*
 * Invalid writes as the soak logs them: junk after a valid value ("1x"),
 * a negative number; refused, and nothing written
 */
static const char * const voq_replay_bad[] = {
	"bad dev1.0 participation 1x", "bad dev1.0 per_vc -1", NULL,
};

static const struct voq_replay_param voq_replay_params[] = {
	{ 185593, voq_replay_185593, 9, 27, 16 },
	{ 185593, voq_replay_bad, 9, 27, 16 },
};

static void voq_replay_desc(const struct voq_replay_param *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "random seed %u, %s, ...", p->seed, p->events[0]);
}

KUNIT_ARRAY_PARAM(voq_replay, voq_replay_params, voq_replay_desc);

/*
 * The kselftests' soaks that found a bug, event by event: rio-sim builds
 * the same fabric from the seed, and every invariant of the soak is
 * checked after each event
 */
static void voq_event_soak_replay(struct kunit *test)
{
	const struct voq_replay_param *param = test->param_value;
	const char * const *ev;
	struct voq_soak *s;
	char topo[24];

	snprintf(topo, sizeof(topo), "random:%u", param->seed);
	s = voq_soak_new(test, topo);
	KUNIT_ASSERT_EQ(test, s->sm->fab->ndevs, param->devs);
	KUNIT_ASSERT_EQ(test, s->ports, param->ports);
	KUNIT_ASSERT_EQ(test, s->widest, param->widest);
	voq_soak_check(s);
	for (ev = param->events; *ev && !s->failures; ev++)
		voq_replay_event(s, *ev);
	KUNIT_EXPECT_EQ_MSG(test, s->failures, 0U, "random seed %u: %s", param->seed,
			    s->log);
	rio_sim_kunit_release(test, s->sm);
}

static struct kunit_case voq_soak_test_cases[] = {
	KUNIT_CASE_PARAM(voq_event_soak, voq_soak_gen_params),
	KUNIT_CASE_PARAM(voq_event_soak_replay, voq_replay_gen_params),
	{}
};

static void voq_soak_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_soak_test_suite = {
	.name = "rio_voq_soak",
	.exit = voq_soak_test_exit,
	.test_cases = voq_soak_test_cases,
};

kunit_test_suite(voq_soak_test_suite);
