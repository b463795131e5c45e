// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq set: why the kernel refused a setting, from the kernel's own
 * rules.
 *
 * The refusals that depend on the two ends of a link only are made by
 * pure functions of rio_voq, rio_voq_choice_check() (voq_policy.c) and
 * rio_lat_choice_check() (lat_policy.c), which riovoq is built with.
 * riovoq fills their ends from sysfs (layout, capabilities, ports,
 * latency_capabilities, the partner's files) and asks them again: if
 * the answer is the kernel's errno, it asks once more for each
 * capability an end lacks, given to it, and names those without which
 * the refusal goes (the rule the kernel applied, whatever its rules are
 * when riovoq is built).  The other refusals (a host that does not own
 * the fabric, a board not discovered again, a link down, an access that
 * failed) are told by the port's state files.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"
#include "voq_core.h"

#include "riovoq.h"

/* One end of the link, for the kernel's checks */
struct end {
	const struct dev *d;
	unsigned int p;
	bool ok;		/* layout, capabilities and ports could be read */
	bool lat_reg;		/* the port has a Latency Optimization CSR */
	struct rio_voq_end voq;
	struct rio_lat_end lat;
	char *caps;		/* the files, as read, for the text */
	char *lcaps;
};

/* The two ends, the link and its format: what the checks are given */
struct trial {
	struct end e[2];	/* this port, its partner */
	bool link;
	enum rio_voq_fmt fmt;
	int err;		/* the refusal explained, -errno */
};

/* What a check is asked: the knob or feature, and the value */
struct ask {
	bool lat;
	unsigned int what;	/* enum rio_voq_knob, or enum rio_lat_feat */
	unsigned int val;
};

static void load_end(const struct dev *d, unsigned int p, struct end *e)
{
	char *path = voq_path(d, "layout"), *lay = peek(path), *ports;
	unsigned long n = 0;
	unsigned int v;

	free(path);
	path = voq_path(d, "ports");
	ports = peek(path);
	free(path);
	memset(e, 0, sizeof(*e));
	e->d = d;
	e->p = p;
	e->caps = port_read(d, p, "capabilities");
	e->lcaps = port_read(d, p, "latency_capabilities");
	e->voq.layout = lay && !strcmp(lay, "rev2") ? RIO_VOQ_LAYOUT_REV2 : RIO_VOQ_LAYOUT_REV3;
	e->ok = lay && (!strcmp(lay, "rev2") || !strcmp(lay, "rev3")) && e->caps &&
		parse_hex32(e->caps, &v) && ports && parse_uint(ports, RIO_VOQ_MAX_PORTS, &n);
	if (e->ok)
		rio_voq_csr_decode(e->voq.layout, v, &e->voq.caps);
	e->voq.nports = n;
	/* As rio_voq has it: 0 for a port without the register */
	e->lat_reg = e->lcaps;
	if (e->lcaps && parse_hex32(e->lcaps, &v))
		e->lat.csr = v;
	free(lay);
	free(ports);
}

static int check(const struct trial *t, const struct ask *a)
{
	if (a->lat)
		return rio_lat_choice_check(&t->e[0].lat, t->link ? &t->e[1].lat : NULL,
					    t->fmt, a->what, a->val);
	return rio_voq_choice_check(&t->e[0].voq, t->link ? &t->e[1].voq : NULL, a->what,
				    a->val);
}

/*
 * What an end may lack, in the order tried; each is given to the end
 * (FACT_LINK: a partner that has everything; FACT_CS64: a CS48 link)
 */
enum { FACT_LAYOUT, FACT_GEN, FACT_RX, FACT_VC, FACT_PGS, FACT_MACK, FACT_PNA,
	FACT_PNA_TX, NFACTS, FACT_LINK = NFACTS, FACT_CS64 };

static bool set_flag(bool *b)
{
	if (*b)
		return false;
	*b = true;
	return true;
}

static bool set_bits(u32 *v, u32 bits)
{
	if ((*v & bits) == bits)
		return false;
	*v |= bits;
	return true;
}

static bool give(struct trial *t, unsigned int end, unsigned int f, const struct ask *a)
{
	struct rio_voq_port *caps = &t->e[end].voq.caps;
	u32 *lcsr = &t->e[end].lat.csr;
	u32 pgs;

	switch (f) {
	case FACT_LAYOUT:
		if (t->e[end].voq.layout == RIO_VOQ_LAYOUT_REV3)
			return false;
		t->e[end].voq.layout = RIO_VOQ_LAYOUT_REV3;
		return true;
	case FACT_GEN:
		return set_flag(&caps->gen_sup);
	case FACT_RX:
		return set_flag(&caps->rx_sup);
	case FACT_VC:
		return set_flag(&caps->vc_sup);
	case FACT_PGS:
		if (a->lat || a->val > RIO_VOQ_PGS_MAX)
			return false;
		pgs = caps->pgs_sup;
		if (!set_bits(&pgs, BIT(a->val)))
			return false;
		caps->pgs_sup = pgs;
		return true;
	case FACT_MACK:
		return set_bits(lcsr, RIO_LAT_CSR_MACK_SUP);
	case FACT_PNA:
		return set_bits(lcsr, RIO_LAT_CSR_PNA_SUP);
	case FACT_PNA_TX:
		return set_bits(lcsr, RIO_LAT_CSR_PNA_TX_SUP);
	case FACT_LINK:
		if (t->link)
			return false;
		t->link = true;
		for (f = 0; f < NFACTS; f++)
			give(t, 1, f, a);
		return true;
	case FACT_CS64:
		if (t->fmt != RIO_VOQ_FMT_CS64)
			return false;
		t->fmt = RIO_VOQ_FMT_CS48;
		return true;
	}
	return false;
}

/* The facts of one group (an end, or the link), as (end, fact) pairs */
struct fact {
	unsigned int end, f;
};

static int check_with(const struct trial *base, const struct fact *fs, unsigned int n,
		      unsigned int skip, const struct ask *a)
{
	struct trial t = *base;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (i != skip)
			give(&t, fs[i].end, fs[i].f, a);
	return check(&t, a);
}

static char *who(const struct end *e, bool partner)
{
	return xasprintf("%s%s port %u", partner ? "partner " : "", e->d->name, e->p);
}

/* "0 1 2 4": the group sizes an end supports, as the kernel decodes them */
static char *sizes(const struct end *e)
{
	char *s = xstrdup(""), *t;
	unsigned int g;

	for (g = 0; g <= RIO_VOQ_PGS_MAX; g++) {
		if (!(e->voq.caps.pgs_sup & BIT(g)))
			continue;
		t = xasprintf("%s%s%u", s, *s ? " " : "", g);
		free(s);
		s = t;
	}
	if (!*s) {
		free(s);
		s = xstrdup("none");
	}
	return s;
}

/* The text of a fact the refusal needed, in the link as read (@t) */
static char *fact_text(const struct trial *t, const struct fact *fa)
{
	const struct end *e = &t->e[fa->end], *o = &t->e[!fa->end];
	char *w = who(e, fa->end), *s, *g;
	const char *caps = e->caps ? e->caps : "?", *lcaps = e->lcaps ? e->lcaps : "?";

	switch (fa->f) {
	case FACT_LAYOUT:
		if (t->err == -EXDEV && o->d && o->voq.layout != e->voq.layout)
			s = xasprintf("%s is rev 2.x and %s is rev 3+: %s", e->d->name,
				      o->d->name, "their symbols are incompatible");
		else
			s = xasprintf("%s has a rev 2.x VoQ block: %s", w,
				      "its symbol format and group size are fixed");
		break;
	case FACT_GEN:
		s = xasprintf("%s cannot generate VoQ symbols (capabilities %s)", w, caps);
		break;
	case FACT_RX:
		s = xasprintf("%s cannot receive VoQ symbols (capabilities %s)", w, caps);
		break;
	case FACT_VC:
		s = xasprintf("%s does not support per-VC backpressure (capabilities %s)", w, caps);
		break;
	case FACT_PGS:
		g = sizes(e);
		s = xasprintf("%s supports group sizes %s", w, g);
		free(g);
		break;
	case FACT_MACK:
	case FACT_PNA:
		if (!e->lat_reg)
			s = xasprintf("%s has no latency-optimization register", w);
		else
			s = xasprintf("%s does not support %s (latency_capabilities %s)", w,
				      fa->f == FACT_MACK ? "multiple acknowledges" :
				      "ackID-in-PNA recovery", lcaps);
		break;
	case FACT_PNA_TX:
		s = xasprintf("%s has ackID-in-PNA recovery without its ackID in PNAs %s%s", w,
			      "(bit 1 without bit 2, which breaks Part 6: ",
			      "rio_voq takes it as lacking the feature)");
		break;
	case FACT_LINK:
		s = xasprintf("%s has no VoQ link (partner_device: none)", w);
		break;
	default:
		s = xasprintf("%s, %s: it cannot be turned off",
			      "the link runs CS64 and both ends support ackID-in-PNA recovery",
			      "where Part 6 wants it on (bit 9 set)");
		break;
	}
	free(w);
	return s;
}

/*
 * Whether fact @i is said by another one needed: a rev 2.x block says
 * the rest of its end, ackID-in-PNA recovery its bit 2, a port without
 * the register each feature it lacks once
 */
static bool said(const struct trial *t, const struct fact *fs, const bool *need,
		 unsigned int n, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < n; j++) {
		if (j == i || !need[j] || fs[j].end != fs[i].end || fs[i].f >= NFACTS)
			continue;
		if (fs[j].f == FACT_LAYOUT)
			return true;
		if (fs[j].f == FACT_PNA && fs[i].f == FACT_PNA_TX)
			return true;
		if (!t->e[fs[i].end].lat_reg && j < i && fs[j].f >= FACT_MACK)
			return true;
	}
	return false;
}

/*
 * The rule the kernel's check applied to @t: the facts of the first
 * group (this end, the partner, the link) which, given, make the check
 * answer otherwise; of those, the ones it cannot do without.  NULL if
 * no group changes the answer.
 */
static char *rule(const struct trial *t, const struct ask *a, int err)
{
	struct fact fs[NFACTS + 2];
	bool need[NFACTS + 2];
	struct trial probe;
	unsigned int g, f, n, i;
	char *s = NULL, *x, *u;

	for (g = 0; g < 3; g++) {
		probe = *t;
		n = 0;
		for (f = 0; f < (g < 2 ? NFACTS : 2); f++) {
			struct fact fa = g < 2 ? (struct fact){ g, f } :
					 (struct fact){ 0, NFACTS + f };

			if (g == 1 && !t->link)
				break;
			if (!give(&probe, fa.end, fa.f, a))
				continue;
			fs[n++] = fa;
			if (check(&probe, a) != err)
				break;
		}
		if (!n || check(&probe, a) == err)
			continue;
		for (i = 0; i < n; i++)
			need[i] = check_with(t, fs, n, i, a) == err;
		for (i = 0; i < n; i++) {
			if (!need[i] || said(t, fs, need, n, i))
				continue;
			x = fact_text(t, &fs[i]);
			u = s ? xasprintf("%s; %s", s, x) : xstrdup(x);
			free(s);
			free(x);
			s = u;
		}
		if (s)
			return s;
	}
	return NULL;
}

/* The values a knob takes, as the kernel's check has it on two able ends */
static char *range(const struct ask *a)
{
	struct trial t = { .link = true, .fmt = RIO_VOQ_FMT_CS48 };
	struct ask v = *a;
	char *s = NULL, *u;
	unsigned int f;

	for (f = 0; f < NFACTS; f++) {
		give(&t, 0, f, a);
		give(&t, 1, f, a);
	}
	t.e[0].voq.caps.pgs_sup = RIO_VOQ_PGS_MASK_ALL;
	t.e[1].voq.caps.pgs_sup = RIO_VOQ_PGS_MASK_ALL;
	for (v.val = 0; v.val < 16; v.val++) {
		if (check(&t, &v))
			continue;
		u = xasprintf("%s%s%u", s ? s : "", s ? " " : "", v.val);
		free(s);
		s = u;
	}
	return s ? s : xstrdup("none");
}

/* The documented syntax of each setting: a reason, or NULL if well formed */
char *why_syntax(unsigned int key, const char *val)
{
	unsigned long v;
	unsigned int i;
	char *s = NULL, *u;

	switch (key) {
	case S_GEN: case S_PART: case S_XOFF: case S_VC:
		return parse_uint(val, 1, &v) ? NULL : xasprintf("%s takes 0 or 1", set_keys[key]);
	case S_TX: case S_RX:
		if (parse_uint(val, 255, &v))
			return NULL;
		return xasprintf("\"%s\" is not a group size (a decimal)", val);
	case S_FMT:
		/* The words the kernel's store takes: its own table */
		for (i = 0; i < RIO_VOQ_NR_PREFS; i++) {
			if (!strcmp(val, rio_voq_pref_names[i]))
				return NULL;
			u = xasprintf("%s%s%s", s ? s : "", s ? ", " : "", rio_voq_pref_names[i]);
			free(s);
			s = u;
		}
		u = xasprintf("symbol_format takes %s", s);
		free(s);
		return u;
	case S_MACK: case S_PNA:
		if (strcmp(val, "on") && strcmp(val, "off") && strcmp(val, "auto"))
			return xasprintf("%s takes on, off or auto", set_keys[key]);
		return NULL;
	}
	return NULL;
}

/* The question the kernel's check answers for a setting; false if none */
static bool ask_of(unsigned int key, const char *val, struct ask *a)
{
	static const int knob[] = {
		[S_GEN] = RIO_VOQ_KNOB_GEN, [S_PART] = RIO_VOQ_KNOB_PART,
		[S_XOFF] = RIO_VOQ_KNOB_XOFF, [S_VC] = RIO_VOQ_KNOB_VC,
		[S_TX] = RIO_VOQ_KNOB_TX_PGS, [S_RX] = RIO_VOQ_KNOB_RX_PGS,
		[S_FMT] = RIO_VOQ_KNOB_FMT,
	};
	unsigned long v;
	unsigned int i;

	memset(a, 0, sizeof(*a));
	if (key == S_MACK || key == S_PNA) {
		a->lat = true;
		a->what = key == S_MACK ? RIO_LAT_MACK : RIO_LAT_PNA;
		a->val = !strcmp(val, "on") ? RIO_LAT_CHOICE_ON : !strcmp(val, "off") ?
			 RIO_LAT_CHOICE_OFF : RIO_LAT_CHOICE_NONE;
		return true;
	}
	if (key == S_SMAP)
		return false;
	a->what = knob[key];
	if (key == S_FMT) {
		for (i = 0; i < RIO_VOQ_NR_PREFS; i++)
			if (!strcmp(val, rio_voq_pref_names[i]))
				break;
		a->val = i;
		return i < RIO_VOQ_NR_PREFS;
	}
	if (!parse_uint(val, 255, &v))
		return false;
	a->val = v;
	return true;
}

static const char *errname(int err)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		{ EINVAL, "EINVAL" }, { EPERM, "EPERM" }, { EACCES, "EACCES" },
		{ ENOLINK, "ENOLINK" }, { EOPNOTSUPP, "EOPNOTSUPP" }, { EXDEV, "EXDEV" },
		{ EBUSY, "EBUSY" }, { ENODEV, "ENODEV" }, { EHOSTUNREACH, "EHOSTUNREACH" },
		{ EIO, "EIO" }, { ENOENT, "ENOENT" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].err == err)
			return names[i].name;
	return "an error";
}

/* symbol_format: the choice a baud-rate class leaves (rio_voq_pref_check()) */
static char *why_class(const struct ctx *c, const struct ask *a)
{
	char *fmt = port_read(c->d, c->port, "symbol_format"), *s = NULL;
	unsigned int cl;

	for (cl = 1; fmt && cl <= 3 && !s; cl++) {
		enum rio_voq_fmt_pref imposed = rio_voq_class_pref(cl);

		if (imposed == RIO_VOQ_PREF_AUTO || strcmp(fmt, rio_voq_pref_names[imposed]) ||
		    !rio_voq_pref_check(cl, a->val))
			continue;
		s = xasprintf("the link runs %s, as its baud-rate class %u imposes: %s %s", fmt, cl,
			      rio_voq_pref_names[a->val],
			      "cannot be chosen there (only where the class leaves the choice)");
	}
	free(fmt);
	return s;
}

/* Which of the port and its partner a state file names with @word */
static char *state_says(const struct ctx *c, const char *file, const char *word)
{
	char *v = port_read(c->d, c->port, file), *s = NULL;

	if (v && !strcmp(v, word))
		s = xasprintf("%s port %u (%s: %s)", c->d->name, c->port, file, word);
	free(v);
	if (s || !c->pd)
		return s;
	v = port_read(c->pd, c->pp, file);
	if (v && !strcmp(v, word))
		s = xasprintf("partner %s port %u (%s: %s)", c->pd->name, c->pp, file, word);
	free(v);
	return s;
}

/* The refusals the state files tell: a host, a board, a link, an access */
static char *why_state(const struct ctx *c, int err)
{
	bool lat = c->key == S_MACK || c->key == S_PNA;
	char *reason = lat ? xasprintf("%s_reason", set_keys[c->key]) : xstrdup("tx_reason");
	char *s = NULL, *w, *st, *r;

	switch (err) {
	case EPERM:
		s = xasprintf("%s: %s", "this host does not own the fabric",
			      "it only discovered it, the host that enumerated it configures VoQ");
		break;
	case EACCES:
		s = xstrdup("permission denied: only root may change VoQ settings");
		break;
	case ENODEV:
		s = xstrdup("the device is going away");
		break;
	case EBUSY:
		w = state_says(c, reason, "not_rediscovered");
		s = xasprintf("%s is a board rio_voq could not discover again after a swap: %s",
			      w ? w : "the port or its partner", "nothing is written until it is");
		free(w);
		break;
	case EHOSTUNREACH:
		w = state_says(c, "port_state", "down");
		s = xasprintf("a link that is down cuts the device off from the host%s%s: %s",
			      w ? ": " : "", w ? w : "",
			      "nothing was tried; try again when it is back");
		free(w);
		break;
	case EIO:
		st = port_read(c->d, c->port, lat ? set_keys[c->key] : "tx_state");
		r = port_read(c->d, c->port, reason);
		s = xasprintf("a maintenance access failed; %s (%s: %s, %s: %s)",
			      lat ? "both ends of the link were put back as they were" :
				    "generation was left off on the link",
			      lat ? set_keys[c->key] : "tx_state", st ? st : "?", reason,
			      r ? r : "?");
		free(st);
		free(r);
		break;
	case EXDEV:
		if (lat)
			s = state_says(c, reason, "out_of_reach");
		if (s) {
			w = xasprintf("%s is out of rio_voq's reach: %s",
				      "the latency-optimization register of the partner", s);
			free(s);
			s = w;
		}
		break;
	case EOPNOTSUPP:
		w = port_read(c->d, c->port, "latency_capabilities");
		if (lat && !w)
			s = xasprintf("%s port %u has no latency-optimization register",
				      c->d->name, c->port);
		free(w);
		break;
	}
	free(reason);
	return s;
}

/* staging_map: the kernel's rules (voq_staging.c), as its errnos tell them */
static char *why_map(const struct ctx *c, int err)
{
	char *sq = port_read(c->d, c->port, "staging_queues"), *n = NULL, *s, *path;

	if (err == ENOENT || (sq && !strcmp(sq, "0"))) {
		s = xasprintf("%s port %u has no staging queues", c->d->name, c->port);
	} else if (err == EOPNOTSUPP) {
		s = xasprintf("%s port %u's staging map is a fixed decoder in the switch %s%s%s",
			      c->d->name, c->port, "(", sq ? sq : "?", " queues)");
	} else if (err == EINVAL) {
		if (c->pd) {
			path = voq_path(c->pd, "ports");
			n = peek(path);
			free(path);
		}
		s = xasprintf("staging_map takes one queue below staging_queues (%s) %s (%s: %s %s",
			      sq ? sq : "?", "per port of the partner",
			      c->pd ? c->pd->name : "none", n ? n : "?",
			      "ports), decimals separated by single spaces");
	} else {
		s = NULL;
	}
	free(sq);
	free(n);
	return s;
}

/**
 * explain() - why the kernel refused a setting
 * @c: the port, its partner, the setting
 * @err: the errno of the write; 0 if the port has no such file (the
 *	kernel shows a port only the files that apply to it)
 *
 * Return: a sentence, to be freed.
 */
char *explain(const struct ctx *c, int err)
{
	struct trial t = { .fmt = RIO_VOQ_FMT_CS48 };
	struct ask a;
	char *s = NULL, *fmt;
	int want = err ? -err : -EOPNOTSUPP;
	unsigned int f;

	if (err == EINVAL)
		s = why_syntax(c->key, c->val);
	if (!s && c->key == S_SMAP)
		s = why_map(c, err ? err : ENOENT);
	t.err = want;
	if (!s && c->key != S_SMAP && ask_of(c->key, c->val, &a)) {
		load_end(c->d, c->port, &t.e[0]);
		if (c->pd)
			load_end(c->pd, c->pp, &t.e[1]);
		t.link = c->pd && t.e[1].ok;
		fmt = port_read(c->d, c->port, "symbol_format");
		if (fmt && !strcmp(fmt, "cs64"))
			t.fmt = RIO_VOQ_FMT_CS64;
		else if (fmt && !strcmp(fmt, "rev2"))
			t.fmt = RIO_VOQ_FMT_REV2;
		free(fmt);
		if (!err && a.lat && !t.e[0].lat_reg)
			s = xasprintf("%s port %u has no latency-optimization register", c->d->name,
				      c->port);
		/* A missing file: whether this end lacks it, with any partner */
		if (!s && !err && !t.link) {
			t.link = true;
			for (f = 0; f < NFACTS; f++)
				give(&t, 1, f, &a);
		}
		if (!s && t.e[0].ok && check(&t, &a) == want) {
			s = rule(&t, &a, want);
			if (!s && want == -EINVAL)
				s = xasprintf("%s takes %s", set_keys[c->key], range(&a));
		}
		if (!s && err == EINVAL && c->key == S_FMT)
			s = why_class(c, &a);
		free(t.e[0].caps);
		free(t.e[0].lcaps);
		free(t.e[1].caps);
		free(t.e[1].lcaps);
	}
	if (!s && err)
		s = why_state(c, err);
	if (!s && !err)
		s = xasprintf("%s port %u has no %s file: not applicable to this port", c->d->name,
			      c->port, set_keys[c->key]);
	if (!s)
		s = xasprintf("the kernel refused it (%s: %s), for a reason its files do not tell",
			      errname(err), strerror(err));
	return s;
}
