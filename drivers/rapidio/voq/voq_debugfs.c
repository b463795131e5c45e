// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq debugfs: rio-voq/links (every link, both directions, its state
 * and why generation is off, its latency optimization, the admin's
 * choices an end cannot honour), rio-voq/counters (maintenance accesses)
 * and rio-voq/refresh_cost (symbols a full status refresh takes).
 * The reasons are the words of the sysfs files, the prose beside them.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "voq_core.h"

static struct dentry *rio_voq_dbg;

static const char * const rio_voq_state_name[] = {
	[RIO_VOQ_LINK_NEW] = "new",
	[RIO_VOQ_LINK_CONFIGURED] = "configured",
	[RIO_VOQ_LINK_REPORTED] = "reported",
	[RIO_VOQ_LINK_FAILED] = "failed",
	[RIO_VOQ_LINK_DOWN] = "down",
};

static void rio_voq_show_dir(struct seq_file *m, const struct rio_voq_link *l,
			     unsigned int i)
{
	const struct rio_voq_dir *d = &l->dir[i];

	seq_printf(m, "  %s.%u -> %s.%u: ", rio_voq_node_name(l->end[i]), l->port[i],
		   rio_voq_node_name(l->end[!i]), l->port[!i]);
	if (d->gen)
		seq_printf(m, "generation on, group size %u%s", d->pgs,
			   d->vc ? ", per-VC" : "");
	else
		seq_printf(m, "generation off (%s: %s)", rio_voq_reason_names[d->reason],
			   d->why ?: "n/a");
	if (d->uncovered && d->uncovered < l->end[i]->nports)
		seq_printf(m, ", ports %u-%u not reported", d->uncovered,
			   l->end[i]->nports - 1);
	seq_puts(m, "\n");
}

/* Latency optimization as end 0 sees it: the plan is the link's */
static void rio_voq_show_lat(struct seq_file *m, const struct rio_voq_link *l)
{
	static const char * const names[RIO_LAT_NR_FEATS] = {
		[RIO_LAT_MACK] = "multiple acks", [RIO_LAT_PNA] = "ackID-in-PNA",
	};
	unsigned int f;

	seq_puts(m, "  latency optimization: ");
	switch (l->lat.state) {
	case RIO_LAT_NONE:
	case RIO_LAT_DOWN:
	case RIO_LAT_FAILED:
		seq_printf(m, "%s (%s)\n", l->lat.state == RIO_LAT_NONE ? "none" :
			   l->lat.state == RIO_LAT_DOWN ? "down" : "failed",
			   rio_lat_reason_names[l->lat.reason]);
		return;
	case RIO_LAT_PLANNED:
		break;
	}
	for (f = 0; f < RIO_LAT_NR_FEATS; f++) {
		const struct rio_lat_plan *p = &l->lat.plan[f];

		seq_printf(m, "%s%s %s", f ? ", " : "", names[f], p->on ? "on" : "off");
		if (!p->on)
			seq_printf(m, " (%s: %s)", rio_lat_reason_names[p->reason[0]],
				   p->why[0] ?: "n/a");
	}
	seq_puts(m, "\n");
}

/*
 * The admin's choices an end's port keeps but cannot honour with the
 * devices in place (a partner swapped for another board): knob names
 */
static void rio_voq_show_unapplied(struct seq_file *m, const struct rio_voq_link *l,
				   unsigned int i)
{
	unsigned long set = l->end[i]->port[l->port[i]].unapplied;
	unsigned int k;

	if (!set)
		return;
	seq_printf(m, "  %s.%u: not applied:", rio_voq_node_name(l->end[i]), l->port[i]);
	for_each_set_bit(k, &set, RIO_VOQ_NR_KNOBS)
		seq_printf(m, " %s", rio_voq_knob_name(k));
	seq_puts(m, "\n");
}

static void rio_voq_show_link(struct seq_file *m, const struct rio_voq_link *l)
{
	seq_printf(m, "%s.%u <-> %s.%u %s %s",
		   rio_voq_node_name(l->end[0]), l->port[0],
		   rio_voq_node_name(l->end[1]), l->port[1],
		   l->fmt_known ? rio_voq_fmt_names[l->fmt] : "unknown",
		   rio_voq_state_name[l->state]);
	if (l->state == RIO_VOQ_LINK_FAILED)
		seq_printf(m, " (%s)", rio_voq_reason_names[l->reason]);
	seq_puts(m, "\n");
	rio_voq_show_dir(m, l, 0);
	rio_voq_show_dir(m, l, 1);
	rio_voq_show_lat(m, l);
	rio_voq_show_unapplied(m, l, 0);
	rio_voq_show_unapplied(m, l, 1);
}

static int rio_voq_links_show(struct seq_file *m, void *v)
{
	struct rio_voq_link *l;
	struct rio_voq_net *net;

	mutex_lock(&rio_voq_lock);
	for (net = rio_voq_net_first(); net; net = rio_voq_net_next(net)) {
		list_for_each_entry(l, &net->links, node)
			rio_voq_show_link(m, l);
	}
	mutex_unlock(&rio_voq_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_links);

static int rio_voq_counters_show(struct seq_file *m, void *v)
{
	mutex_lock(&rio_voq_lock);
	seq_printf(m, "reads %llu\nwrites %llu\nfailed %llu\nscan_ns %llu\nlat_reads %llu\nlat_writes %llu\n",
		   rio_voq_count.reads, rio_voq_count.writes, rio_voq_count.failed,
		   rio_voq_count.scan_ns, rio_voq_count.lat_reads,
		   rio_voq_count.lat_writes);
	mutex_unlock(&rio_voq_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_counters);

/*
 * Symbols a full status refresh takes, per port count, format and group
 * size: the bandwidth the group-size choice trades against coverage.
 * "*" marks a size whose symbols cannot describe all the ports.
 */
static int rio_voq_refresh_cost_show(struct seq_file *m, void *v)
{
	static const unsigned int nports[] = {
		8, 16, 24, 32, 48, 64, 96, 128, 144, 192, 255, 256,
	};
	static const enum rio_voq_fmt fmts[] = { RIO_VOQ_FMT_CS48, RIO_VOQ_FMT_CS64 };
	unsigned int i, f, g;

	seq_puts(m, "ports |         CS48 group size 0..6          |         CS64 group size 0..6          | rev2\n");
	for (i = 0; i < ARRAY_SIZE(nports); i++) {
		seq_printf(m, "%5u |", nports[i]);
		for (f = 0; f < ARRAY_SIZE(fmts); f++) {
			for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
				seq_printf(m, " %3u%c",
					   rio_voq_refresh_symbols(fmts[f], g, nports[i]),
					   rio_voq_ports_covered(fmts[f], g) < nports[i] ?
					   '*' : ' ');
			seq_puts(m, " |");
		}
		seq_printf(m, " %3u%c\n",
			   rio_voq_refresh_symbols(RIO_VOQ_FMT_REV2, 0, nports[i]),
			   rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0) < nports[i] ? '*' : ' ');
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rio_voq_refresh_cost);

/**
 * rio_voq_debugfs_init() - create rio-voq's debugfs files
 */
void rio_voq_debugfs_init(void)
{
	rio_voq_dbg = debugfs_create_dir("rio-voq", NULL);
	debugfs_create_file("links", 0444, rio_voq_dbg, NULL, &rio_voq_links_fops);
	debugfs_create_file("counters", 0444, rio_voq_dbg, NULL,
			    &rio_voq_counters_fops);
	debugfs_create_file("refresh_cost", 0444, rio_voq_dbg, NULL,
			    &rio_voq_refresh_cost_fops);
}

/**
 * rio_voq_debugfs_exit() - remove them
 */
void rio_voq_debugfs_exit(void)
{
	debugfs_remove_recursive(rio_voq_dbg);
	rio_voq_dbg = NULL;
}
