// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq: the links of the fabric (rio_voq's partner files, then the
 * core's lnext and lprev), and the state of each direction and of the
 * latency optimization of a link, as its ends' files read.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include "riovoq.h"

static void add_link(struct links *ls, struct dev *a, int ap, struct dev *b, int bp,
		     bool voq)
{
	ls->l = xrealloc(ls->l, (ls->n + 1) * sizeof(*ls->l));
	ls->l[ls->n++] = (struct link){ .a = a, .ap = ap, .b = b, .bp = bp, .voq = voq };
}

static unsigned int dev_index(const struct fabric *fab, const struct dev *d)
{
	return d - fab->dev;
}

/* The port of @b whose partner is @a's port @ap, or NULL */
static struct port *back_port(struct dev *a, unsigned int ap, struct dev *b,
			      unsigned int bp)
{
	struct port *q;

	if (!b->voq || !b->ports_ok || bp >= b->nports)
		return NULL;
	q = &b->port[bp];
	return q->peer == a && q->peer_port == ap ? q : NULL;
}

/* Whether a link, of rio_voq's or the core's, has the mport @m at an end */
static bool mport_linked(const struct links *ls, const struct dev *m)
{
	unsigned int i;

	for (i = 0; i < ls->n; i++)
		if (ls->l[i].a == m || ls->l[i].b == m)
			return true;
	return false;
}

/*
 * The mport whose port the core says @d is on, or NULL.  lprev reads
 * "root" for every device without a predecessor: the device the core
 * reached at hop 0, but also a device added from userspace (RIO_DEV_ADD)
 * and one whose predecessor was deleted.  Only a switch's hopcount
 * tells them apart: 0x00, the switch maintenance packets reach at hop
 * 0, the first past the mport's port; for an endpoint (no hopcount
 * file) sysfs does not say, and nothing is drawn.  The mport is the
 * one of the core's name (NN:s:TTTT: mport NN).
 */
static struct dev *at_mport(struct fabric *fab, const struct dev *d)
{
	unsigned int id;
	char *path, *hops;
	struct dev *m;
	bool hop0;

	if (!d->lprev || strcmp(d->lprev, "root") || sscanf(d->name, "%2x:", &id) != 1)
		return NULL;
	path = xasprintf("%s/hopcount", d->path);
	hops = peek(path);
	free(path);
	hop0 = hops && !strcmp(hops, "0x00");
	free(hops);
	if (!hop0)
		return NULL;
	path = xasprintf("rapidio%u", id);
	m = find_dev(fab, path);
	free(path);
	return m && m->mport ? m : NULL;
}

static const struct fabric *sort_fab;

static int link_cmp(const void *x, const void *y)
{
	const struct link *a = x, *b = y;
	unsigned int ia = dev_index(sort_fab, a->a), ib = dev_index(sort_fab, b->a);

	if (ia != ib)
		return ia < ib ? -1 : 1;
	if (a->ap != b->ap)
		return a->ap < b->ap ? -1 : 1;
	return (int)dev_index(sort_fab, a->b) - (int)dev_index(sort_fab, b->b);
}

/*
 * Every link: those rio_voq reports (partner files), drawn once from the
 * end that sorts first, then those only the core knows (lnext of a
 * switch; an mport's to the one device at_mport() puts there, if no
 * other claims it and no link has the mport yet), toward devices without
 * a VoQ block or between ports rio_voq did not pair.
 */
void find_links(struct fabric *fab, struct links *ls)
{
	unsigned int i, j, p;
	char *line, *save, *name, *path;
	struct dev **at;

	memset(ls, 0, sizeof(*ls));
	for (i = 0; i < fab->n; i++) {
		struct dev *d = &fab->dev[i];

		for (p = 0; d->port && p < d->nports; p++) {
			struct port *pt = &d->port[p];
			struct port *q;

			if (!pt->peer)
				continue;
			q = back_port(d, p, pt->peer, pt->peer_port);
			if (q && (dev_index(fab, pt->peer) < i ||
				  (pt->peer == d && pt->peer_port < p)))
				continue;	/* drawn from the other end */
			pt->linked = true;
			if (q)
				q->linked = true;
			add_link(ls, d, p, pt->peer, pt->peer_port, true);
		}
	}
	for (i = 0; i < fab->n; i++) {
		struct dev *d = &fab->dev[i], *n;

		if (!d->lnext)
			continue;
		name = d->lnext;
		for (p = 0; (line = strtok_r(name, "\n", &save)); p++, name = NULL) {
			if (!strcmp(line, "null"))
				continue;
			n = find_dev(fab, line);
			if (!n || n == d) {
				path = xasprintf("%s/lnext", d->path);
				failed(path, "names a device sysfs does not list");
				free(path);
				continue;
			}
			if (d->port && p < d->nports && d->port[p].linked)
				continue;
			if (d->port && p < d->nports)
				d->port[p].linked = true;
			add_link(ls, d, p, n, -1, false);
		}
	}
	at = xrealloc(NULL, fab->n * sizeof(*at));
	for (i = 0; i < fab->n; i++)
		at[i] = at_mport(fab, &fab->dev[i]);
	for (i = 0; i < fab->n; i++) {
		struct dev *m = at[i];

		if (!m || mport_linked(ls, m))
			continue;
		for (j = 0; j < fab->n && (j == i || at[j] != m); j++)
			;
		if (j == fab->n)	/* else two claim the one port: neither */
			add_link(ls, m, m->voq && m->nports == 1 ? 0 : -1, &fab->dev[i], -1,
				 false);
	}
	free(at);
	sort_fab = fab;
	if (ls->n)
		qsort(ls->l, ls->n, sizeof(*ls->l), link_cmp);
}

const char *val_or(const struct val *v, const char *none)
{
	return v->s ? v->s : v->bad ? "?" : none;
}

const char *fval(const struct dev *d, int p, unsigned int k)
{
	if (!d->port || p < 0 || (unsigned int)p >= d->nports)
		return NULL;
	return d->port[p].f[k].s;
}

/* Whether a port has any file of a Latency Optimization CSR (read or not) */
bool has_lat(const struct dev *d, int p)
{
	unsigned int k;

	if (!d->port || p < 0 || (unsigned int)p >= d->nports)
		return false;
	for (k = K_LCAPS; k < NKEYS; k++)
		if (d->port[p].f[k].s || d->port[p].f[k].bad)
			return true;
	return false;
}

static bool is(const char *s, const char *word)
{
	return s && !strcmp(s, word);
}

/* A direction's state, from its transmitter's tx_state */
static enum dir_state dir_state(const char *st)
{
	if (!st)
		return D_NONE;
	if (!strcmp(st, "on"))
		return D_ON;
	if (!strcmp(st, "off"))
		return D_OFF;
	if (!strcmp(st, "failed"))
		return D_FAILED;
	if (!strcmp(st, "down"))
		return D_DOWN;
	return strcmp(st, "none") ? D_UNKNOWN : D_NONE;
}

/*
 * "on gs4 vc": a direction from @tx port @tp to @rx port @rp.  *@why:
 * why it is not on (tx_reason), or what this host's plan says where it
 * differs (a host that does not write the link shows the CSR); NULL if
 * nothing is to be said
 */
char *dir_text(const struct dev *tx, int tp, const struct dev *rx, int rp,
	       enum dir_state *st, char **why)
{
	static const char * const names[] = { "-", "on", "off", "FAILED", "down", "?" };
	const char *tsz = fval(tx, tp, K_TX), *rsz = fval(rx, rp, K_RX);
	const char *vc = fval(tx, tp, K_VC), *plan = fval(tx, tp, K_TXPLAN);
	const char *reason = fval(tx, tp, K_TXREASON);
	bool differ;
	char *s;

	*st = dir_state(fval(tx, tp, K_TXSTATE));
	*why = NULL;
	differ = (*st == D_ON && is(plan, "off")) || (*st == D_OFF && is(plan, "on"));
	if (reason && strcmp(reason, "none") && (*st != D_ON || differ))
		*why = differ ? xasprintf("plan %s: %s", plan, reason) : xstrdup(reason);
	else if (differ)
		*why = xasprintf("plan %s", plan);
	if (*st != D_ON)
		return xstrdup(names[*st]);
	if (tsz && rsz && strcmp(tsz, rsz))
		s = xasprintf("%s gs%s/rx%s!", names[*st], tsz, rsz);
	else if (tsz)
		s = xasprintf("%s gs%s", names[*st], tsz);
	else
		s = xstrdup(names[*st]);
	if (vc && !strcmp(vc, "1")) {
		char *t = xasprintf("%s vc", s);

		free(s);
		s = t;
	}
	return s;
}

char *end_text(const struct dev *d, int p)
{
	return p < 0 ? tty(d->name) : xasprintf("%s %d", d->name, p);
}

/* A feature of the Latency Optimization CSR, as its file reads */
enum lat_state { L_UNKNOWN, L_ON, L_OFF, L_FAILED, L_DOWN, L_NONE };

static const char * const lat_names[] = {
	[L_ON] = "on", [L_OFF] = "off", [L_FAILED] = "failed", [L_DOWN] = "down",
	[L_NONE] = "none",
};

/* The state of feature @f (0 or 1) of a port; *@why its reason, or NULL */
static enum lat_state lat_state(const struct dev *d, int p, unsigned int f,
				const char **why)
{
	const char *s = fval(d, p, f ? K_PNA : K_MACK);
	const char *r = fval(d, p, f ? K_PNAR : K_MACKR);
	unsigned int i;

	*why = r && strcmp(r, "none") ? r : NULL;
	for (i = L_ON; s && i < ARRAY_SIZE(lat_names); i++)
		if (!strcmp(s, lat_names[i]))
			return i;
	return L_UNKNOWN;
}

/*
 * The latency optimization of a VoQ link, as end A's files read (a
 * feature is on at both ends or at neither): the features on, "mack",
 * "pna" or "mack+pna"; "off"; "none" where an end has no register;
 * "FAILED"; "down"; "?" for a file that cannot be read or understood;
 * with "!" where end B reads otherwise.  NULL where neither end has the
 * register.  Why a feature is not on (its _reason file, where it says
 * more than its state) is appended to *@notes, if not NULL.
 */
char *lat_text(const struct link *l, char **notes)
{
	static const char * const names[] = { "mack", "pna" };
	enum lat_state st[2], other;
	const char *why[2], *w;
	bool ha = has_lat(l->a, l->ap), hb = has_lat(l->b, l->bp), differ = false, on_a, on_b;
	char *s = NULL, *t;
	unsigned int f;

	if (!ha && !hb)
		return NULL;
	if (!ha || !hb) {
		if (notes) {
			/* The kernel's reason if it has one: a register out of reach */
			lat_state(ha ? l->a : l->b, ha ? l->ap : l->bp, 0, &w);
			if (w && strcmp(w, "no_partner_register") && strcmp(w, "unsupported"))
				t = xasprintf("lat: %s", w);
			else
				t = xasprintf("lat: %s has no latency-optimization register",
					      ha ? l->b->name : l->a->name);
			note(notes, t);
			free(t);
		}
		return xstrdup("none");
	}
	for (f = 0; f < 2; f++) {
		st[f] = lat_state(l->a, l->ap, f, &why[f]);
		other = lat_state(l->b, l->bp, f, &w);
		on_a = st[f] == L_ON;
		on_b = other == L_ON;
		if (st[f] != L_UNKNOWN && other != L_UNKNOWN && on_a != on_b)
			differ = true;
		if (st[f] == L_ON)
			why[f] = NULL;
	}
	if (st[0] == L_UNKNOWN || st[1] == L_UNKNOWN)
		s = xstrdup("?");
	else if (st[0] == L_FAILED || st[1] == L_FAILED)
		s = xstrdup("FAILED");
	else if (st[0] == L_ON || st[1] == L_ON)
		s = xasprintf("%s%s%s", st[0] == L_ON ? names[0] : "",
			      st[0] == L_ON && st[1] == L_ON ? "+" : "",
			      st[1] == L_ON ? names[1] : "");
	else if (st[0] == L_DOWN || st[1] == L_DOWN)
		s = xstrdup("down");
	else
		s = xstrdup(st[0] == L_NONE && st[1] == L_NONE ? "none" : "off");
	if (differ) {
		t = xasprintf("%s!", s);
		free(s);
		s = t;
	}
	if (!notes)
		return s;
	/* Both off, or both failed, for one reason: said once */
	if (why[0] && why[1] && st[0] == st[1] && !strcmp(why[0], why[1])) {
		t = xasprintf("lat %s: %s", lat_names[st[0]], why[0]);
		note(notes, t);
		free(t);
		return s;
	}
	for (f = 0; f < 2; f++) {
		if (!why[f] || st[f] == L_UNKNOWN)
			continue;
		t = xasprintf("%s %s: %s", names[f], lat_names[st[f]], why[f]);
		note(notes, t);
		free(t);
	}
	return s;
}
