// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq show: one line per link (both ends, the symbol format, each
 * direction's state, the latency optimization, why a direction or a
 * feature is off), or one line per port (-a), or every file as JSON (-j);
 * and each fabric's policy (its mport's auto_config and poll_ms).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riovoq.h"

/* "A->B off: partner_cannot_receive" */
static void dir_note(char **n, const char *dir, enum dir_state st, const char *why)
{
	static const char * const label[] = { "-", "on", "off", "failed", "down", "?" };
	char *t = xasprintf("%s %s: %s", dir, label[st], why);

	note(n, t);
	free(t);
}

static void link_row(const struct link *l, struct row *r)
{
	enum dir_state sa = D_NONE, sb = D_NONE;
	const char *fa, *fb;
	char *wa = NULL, *wb = NULL;
	char *n = NULL, *t;
	int e;

	memset(r, 0, sizeof(*r));
	r->col[0] = end_text(l->a, l->ap);
	r->col[1] = end_text(l->b, l->bp);
	if (!l->voq) {
		r->col[2] = xstrdup("-");
		r->col[3] = xstrdup("-");
		r->col[4] = xstrdup("-");
		if (!l->b->voq)
			n = xasprintf("%s has no VoQ block", l->b->name);
		else if (!l->a->voq)
			n = xasprintf("%s has no VoQ block", l->a->name);
		else
			n = xstrdup("no VoQ link (rio_voq did not pair these ports)");
		r->col[C_NOTE] = n;
		return;
	}
	fa = fval(l->a, l->ap, K_FMT);
	fb = fval(l->b, l->bp, K_FMT);
	if (fa && fb && strcmp(fa, fb))
		r->col[2] = xasprintf("%s/%s!", fa, fb);
	else
		r->col[2] = xstrdup(fa ? fa : fb ? fb : "?");
	r->col[3] = dir_text(l->a, l->ap, l->b, l->bp, &sa, &wa);
	r->col[4] = dir_text(l->b, l->bp, l->a, l->ap, &sb, &wb);
	if (wa && wb && !strcmp(wa, wb) && sa == sb) {
		dir_note(&n, "both ways", sa, wa);
	} else {
		if (wa)
			dir_note(&n, "A->B", sa, wa);
		if (wb)
			dir_note(&n, "B->A", sb, wb);
	}
	free(wa);
	free(wb);
	r->col[C_LAT] = lat_text(l, &n);
	if (strchr(r->col[3], '!') || strchr(r->col[4], '!') || strchr(r->col[2], '!') ||
	    (r->col[C_LAT] && strchr(r->col[C_LAT], '!')))
		note(&n, "the two ends disagree (!)");
	for (e = 0; e < 2; e++) {
		const struct dev *d = e ? l->b : l->a;
		int p = e ? l->bp : l->ap;
		const char *x = fval(d, p, K_XOFF), *part = fval(d, p, K_PART);

		if (x && !strcmp(x, "1")) {
			t = xasprintf("%s XOFF set", e ? "B" : "A");
			note(&n, t);
			free(t);
		}
		if (part && !strcmp(part, "0")) {
			t = xasprintf("%s does not participate", e ? "B" : "A");
			note(&n, t);
			free(t);
		}
	}
	r->col[C_NOTE] = n ? n : xstrdup("");
}

/* "00:s:0003 4-47": the idle ports of a device */
static char *idle_ports(const struct dev *d)
{
	char *s = NULL, *t;
	unsigned int p, q;

	for (p = 0; d->port && p < d->nports; p = q) {
		for (q = p; q < d->nports && !d->port[q].linked && !d->port[q].peer; q++)
			;
		if (q == p) {
			q++;
			continue;
		}
		t = q - p == 1 ? xasprintf("%s%s%u", s ? s : "", s ? "," : "", p) :
			xasprintf("%s%s%u-%u", s ? s : "", s ? "," : "", p, q - 1);
		free(s);
		s = t;
	}
	return s;
}

static void show_links(struct fabric *fab, const struct dev *only)
{
	struct links ls;
	struct row *rows;
	unsigned int i, n = 1, c;
	char *idle = NULL, *t, *ports;
	bool lat = false;

	find_links(fab, &ls);
	rows = xrealloc(NULL, (ls.n + 1) * sizeof(*rows));
	rows[0] = (struct row){ { xstrdup("END A"), xstrdup("END B"), xstrdup("FMT"),
				  xstrdup("A->B"), xstrdup("B->A"), xstrdup("LAT"),
				  xstrdup("NOTE") } };
	for (i = 0; i < ls.n; i++)
		if (!only || ls.l[i].a == only || ls.l[i].b == only)
			link_row(&ls.l[i], &rows[n++]);
	/* LAT only where a link shown has a Latency Optimization CSR */
	for (i = 1; i < n && !lat; i++)
		lat = rows[i].col[C_LAT];
	for (i = 0; i < n; i++) {
		if (!lat) {
			free(rows[i].col[C_LAT]);
			rows[i].col[C_LAT] = rows[i].col[C_NOTE];
			rows[i].col[C_NOTE] = NULL;
		} else if (!rows[i].col[C_LAT]) {
			rows[i].col[C_LAT] = xstrdup("-");
		}
	}
	if (n > 1)
		print_rows(rows, n, lat ? NCOLS : NCOLS - 1);
	for (i = 0; i < n; i++)
		for (c = 0; c < NCOLS; c++)
			free(rows[i].col[c]);
	free(rows);
	free(ls.l);

	for (i = 0; i < fab->n; i++) {
		if (only && &fab->dev[i] != only)
			continue;
		ports = idle_ports(&fab->dev[i]);
		if (!ports)
			continue;
		t = xasprintf("%s%s%s %s", idle ? idle : "", idle ? ", " : "",
			      fab->dev[i].name, ports);
		free(idle);
		free(ports);
		idle = t;
	}
	if (idle) {
		t = tty(idle);
		printf("idle ports (no link): %s (riovoq show -a: every port)\n", t);
		free(t);
		free(idle);
	} else if (n == 1) {
		printf("no links\n");
	}
}

/* "fabric rapidio0: auto_config 1, poll_ms 0": each fabric's policy */
static void show_fabrics(struct fabric *fab, const struct dev *only)
{
	unsigned int i;
	char *a, *p, *n;

	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];

		if (!d->fabric || (only && d != only))
			continue;
		n = tty(d->name);
		a = tty(val_or(&d->fab[F_AUTO], "-"));
		p = tty(val_or(&d->fab[F_POLL], "-"));
		printf("fabric %s: auto_config %s, poll_ms %s\n", n, a, p);
		free(n);
		free(a);
		free(p);
	}
}

/* The columns of show -a */
#define PORT_COLS	"%-4s %-10s %3s %4s %4s %2s %2s %2s %-5s %2s %-14s %-5s %-6s %-4s %s"
static const char head_fmt[] = "%-*s %4s " PORT_COLS "\n";
static const char row_fmt[] = "%-*s %4u " PORT_COLS;

static void show_ports(struct fabric *fab, const struct dev *only)
{
	unsigned int i, p, c;
	size_t wd = 6;
	char *t, *peer;

	for (i = 0; i < fab->n; i++)
		if (fab->dev[i].voq && (!only || &fab->dev[i] == only) &&
		    strlen(fab->dev[i].name) > wd)
			wd = strlen(fab->dev[i].name);
	printf(head_fmt, (int)wd, "device", "port", "lay", "caps", "gen", "part", "xoff",
	       "vc", "tx", "rx", "fmt", "sq", "partner", "port", "tx", "plan", "reason");
	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];
		char *lay;

		if (!d->voq || (only && d != only))
			continue;
		lay = tty(val_or(&d->layout, "-"));
		for (p = 0; d->port && p < d->nports; p++) {
			const struct val *f = d->port[p].f;
			char *v[NKEYS];

			for (c = 0; c < NKEYS; c++) {
				v[c] = tty(val_or(&f[c], "-"));
				if (!*v[c]) {
					free(v[c]);
					v[c] = xstrdup("-");
				}
			}
			t = tty(d->name);
			peer = !strcmp(v[K_PDEV], "none") && !strcmp(v[K_PPORT], "none") ?
			       xstrdup("none") : xasprintf("%s %s", v[K_PDEV], v[K_PPORT]);
			printf(row_fmt, (int)wd, t, p, lay, v[K_CAPS], v[K_GEN], v[K_PART],
			       v[K_XOFF], v[K_VC], v[K_TX], v[K_RX], v[K_FMT], v[K_SQ], peer,
			       v[K_PSTATE], v[K_TXSTATE], v[K_TXPLAN], v[K_TXREASON]);
			/* Latency optimization, where the port has the register */
			if (has_lat(d, p))
				printf("  lat: caps %s; csr %s; %s %s (%s); %s %s (%s)",
				       v[K_LCAPS], v[K_LCSR], "multiple_ack", v[K_MACK], v[K_MACKR],
				       "pna_recovery", v[K_PNA], v[K_PNAR]);
			printf("\n");
			free(peer);
			free(t);
			for (c = 0; c < NKEYS; c++)
				free(v[c]);
		}
		free(lay);
	}
	for (i = 0, t = NULL; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];
		char *u;

		if (d->voq || (only && d != only))
			continue;
		u = xasprintf("%s%s%s", t ? t : "", t ? " " : "", d->name);
		free(t);
		t = u;
	}
	if (t) {
		char *u = tty(t);

		printf("no VoQ block: %s\n", u);
		free(u);
		free(t);
	}
}

/* The latency files of a port: an object, or null without the register */
static void json_lat(const struct dev *d, unsigned int p)
{
	const struct val *f = d->port[p].f;
	unsigned int k;

	if (!has_lat(d, p)) {
		fputs("null", stdout);
		return;
	}
	for (k = K_LCAPS; k < NKEYS; k++) {
		printf("%s\"%s\": ", k == K_LCAPS ? "{" : ", ",
		       port_keys[k] + (k == K_LCAPS || k == K_LCSR ? strlen("latency_") : 0));
		json_str(f[k].s, f[k].len);
	}
	putchar('}');
}

/*
 * {"fabrics": [each mport's fabric files], "ports": [every port, every
 * file]}: a file missing or unreadable is null
 */
static void show_json(struct fabric *fab, const struct dev *only)
{
	bool first = true;
	unsigned int i, p, k;

	printf("{\"fabrics\": [");
	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];

		if (!d->fabric || (only && d != only))
			continue;
		printf("%s\n  {\"mport\": ", first ? "" : ",");
		first = false;
		json_str(d->name, strlen(d->name));
		for (k = 0; k < NFABKEYS; k++) {
			printf(", \"%s\": ", fabric_keys[k]);
			json_str(d->fab[k].s, d->fab[k].len);
		}
		printf("}");
	}
	printf("%s],\n \"ports\": [", first ? "" : "\n");
	first = true;
	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];

		if (!d->voq || (only && d != only))
			continue;
		for (p = 0; d->port && p < d->nports; p++) {
			printf("%s\n  {\"device\": ", first ? "" : ",");
			first = false;
			json_str(d->name, strlen(d->name));
			printf(", \"port\": %u, \"layout\": ", p);
			json_str(d->layout.s, d->layout.len);
			for (k = 0; k < K_LCAPS; k++) {
				printf(", \"%s\": ", port_keys[k]);
				json_str(d->port[p].f[k].s, d->port[p].f[k].len);
			}
			fputs(", \"latency\": ", stdout);
			json_lat(d, p);
			printf("}");
		}
	}
	printf("%s]}\n", first ? "" : "\n");
}

int cmd_show(int argc, char **argv)
{
	struct fabric fab;
	struct dev *only = NULL;
	const char *name = NULL;
	bool json = false, all = false;
	unsigned int i, nvoq = 0;
	int ret;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] &&
		    strspn(argv[i] + 1, "aj") == strlen(argv[i] + 1)) {
			all |= !!strchr(argv[i], 'a');
			json |= !!strchr(argv[i], 'j');
		} else if (argv[i][0] == '-') {
			return bad_usage("show: %s: not an option (-a, -j)", argv[i]);
		} else if (!name) {
			name = argv[i];
		} else {
			return bad_usage("show: one DEVICE at most");
		}
	}
	ret = open_fabric(&fab);
	if (ret)
		return ret;
	if (name) {
		only = find_dev(&fab, name);
		if (!only)
			return bad_usage("%s: no such RapidIO device or mport", name);
	}
	load_fabric(&fab);
	for (i = 0; i < fab.n; i++)
		nvoq += fab.dev[i].voq;
	if (only && !only->voq && !only->fabric && (json || all))
		return bad_usage("%s: no VoQ block", name);
	if (json) {
		show_json(&fab, only);
	} else {
		if (all)
			show_ports(&fab, only);
		else
			show_links(&fab, only);
		show_fabrics(&fab, only);
	}
	if (!nvoq && !nfailed)
		failed(root, "no device with a VoQ block (is rio_voq loaded?)");
	return failures();
}
