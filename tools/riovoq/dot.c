// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq dot: the whole fabric as a Graphviz graph: devices without a
 * VoQ block greyed, links labelled with format, group sizes and latency
 * optimization.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include "riovoq.h"

static void dot_node(const struct dev *d)
{
	char *lay = d->layout.s;

	printf("  \"");
	dot_esc(d->name);
	printf("\" [label=\"");
	dot_esc(d->name);
	if (!d->voq) {
		printf("\\nno VoQ block\", style=\"filled,dashed\", %s];\n",
		       "fillcolor=gray92, color=gray60, fontcolor=gray45");
		return;
	}
	printf("\\n%s", d->mport ? "mport" : strstr(d->name, ":s:") ? "switch" : "endpoint");
	if (lay) {
		printf(", ");
		dot_esc(lay);
	}
	if (d->ports_ok && !d->mport)
		printf(", %u port%s", d->nports, d->nports == 1 ? "" : "s");
	printf("\"];\n");
}

/* One direction of a link, for its label: "00:s:0002 1 -> 00:s:0003 0: on, gs 0" */
static void dot_dir(const struct dev *tx, int tp, const struct dev *rx, int rp)
{
	enum dir_state st;
	char *why, *t = dir_text(tx, tp, rx, rp, &st, &why);

	printf("\\n");
	dot_esc(tx->name);
	printf(" %d -> ", tp);
	dot_esc(rx->name);
	printf(" %d: ", rp);
	dot_esc(t);
	if (why) {
		printf(": ");
		dot_esc(why);
	}
	free(why);
	free(t);
}

static void dot_edge(const struct link *l)
{
	enum dir_state sa, sb;
	const char *color, *dir, *what;
	char *ta, *tb, *lat, *wa, *wb;
	bool oa, ob;

	printf("  \"");
	dot_esc(l->a->name);
	printf("\" -> \"");
	dot_esc(l->b->name);
	printf("\" [");
	if (l->ap >= 0)
		printf("taillabel=\"%d\", ", l->ap);
	if (l->bp >= 0)
		printf("headlabel=\"%d\", ", l->bp);
	if (!l->voq) {
		printf("label=\"%s\", color=gray60, fontcolor=gray45, style=dashed, dir=none];\n",
		       l->a->voq && l->b->voq ? "no VoQ link" : "no VoQ block");
		return;
	}
	ta = dir_text(l->a, l->ap, l->b, l->bp, &sa, &wa);
	tb = dir_text(l->b, l->bp, l->a, l->ap, &sb, &wb);
	free(ta);
	free(tb);
	free(wa);
	free(wb);
	oa = sa == D_ON;
	ob = sb == D_ON;
	if (sa == D_FAILED || sb == D_FAILED)
		color = "red", dir = "none", what = "failed";
	else if (oa && ob)
		color = "darkgreen", dir = "both", what = "VoQ both ways";
	else if (oa || ob)
		color = "orange", dir = oa ? "forward" : "back", what = "VoQ one way";
	else
		color = "gray50", dir = "none", what = "VoQ off";
	printf("label=\"");
	dot_esc(fval(l->a, l->ap, K_FMT) ? fval(l->a, l->ap, K_FMT) : "?");
	printf(", %s", what);
	lat = lat_text(l, NULL);
	if (lat) {
		printf(", lat ");
		dot_esc(lat);
		free(lat);
	}
	dot_dir(l->a, l->ap, l->b, l->bp);
	dot_dir(l->b, l->bp, l->a, l->ap);
	printf("\", color=%s, dir=%s];\n", color, dir);
}

static const char dot_legend[] =
"  subgraph cluster_legend {\n"
"    label=\"legend\"; fontsize=10; color=gray70;\n"
"    node [shape=point, width=0.05, label=\"\"];\n"
"    edge [fontsize=9];\n"
"    \"legend 1a\" -> \"legend 1b\" [label=\"VoQ both ways\", color=darkgreen, dir=both];\n"
"    \"legend 2a\" -> \"legend 2b\" [label=\"VoQ one way (arrow: the way it flows)\", color=orange];\n"
"    \"legend 3a\" -> \"legend 3b\" [label=\"VoQ off (why, per direction)\", color=gray50, dir=none];\n"
"    \"legend 4a\" -> \"legend 4b\" [label=\"failed (generation left off)\", color=red, dir=none];\n"
"    \"legend 5a\" -> \"legend 5b\" [label=\"no VoQ block at one end\", color=gray60, style=dashed, dir=none];\n"
"    \"legend text\" [shape=plaintext, fontsize=9, label=\"%s\"];\n"
"  }\n";

/* The legend's text, a line each ("\l": left-justified) */
static const char * const legend_text[] = {
	"A N -> B M: the direction from port N of A to port M of B\\l",
	"on / off / FAILED / down: its state; gsK: its port group size\\l",
	"vc: per-VC backpressure; !: the two ends disagree\\l",
	"lat mack+pna / mack / pna / off / none / down / FAILED: ",
	"latency optimization (Part 6) of the link\\l",
	"grey box: a device without a VoQ block\\l",
};

int cmd_dot(void)
{
	struct fabric fab;
	struct links ls;
	unsigned int i;
	char *text;
	int ret = open_fabric(&fab);

	if (ret)
		return ret;
	load_fabric(&fab);
	find_links(&fab, &ls);
	printf("digraph rapidio_voq {\n  rankdir=LR;\n  node [shape=box, fontsize=11];\n"
	       "  edge [fontsize=9];\n");
	for (i = 0; i < fab.n; i++)
		dot_node(&fab.dev[i]);
	for (i = 0; i < ls.n; i++)
		dot_edge(&ls.l[i]);
	text = xstrdup("");
	for (i = 0; i < ARRAY_SIZE(legend_text); i++) {
		char *t = xasprintf("%s%s", text, legend_text[i]);

		free(text);
		text = t;
	}
	printf(dot_legend, text);
	free(text);
	printf("}\n");
	free(ls.l);
	return failures();
}
