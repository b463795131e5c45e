// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq sysfs: voq/ under each RapidIO device and each mport with a VoQ
 * block, and voq/port<N>/ for each of its ports; an mport without one
 * has a voq/ too, for its fabric's files (voq_net_sysfs.c).  One value per file;
 * see Documentation/ABI/testing/sysfs-bus-rapidio-voq.  Parsing and
 * formatting only: the semantics are voq_admin.c's.
 *
 * The directories follow the nodes (rio_voq_sysfs_sync(), after every
 * operation that may have made or replaced a block).
 *
 * The stores are the admin's way in, as voq_main.c's entry points are
 * the kernel's: each parses its value without a lock, takes rio_voq_lock,
 * finds its node and calls one operation, drops the lock and makes
 * sysfs follow (rio_voq_sysfs_catch_up()).  Every file is a struct
 * rio_voq_port_attr: its show runs with rio_voq_lock held and the node
 * alive, and gets the node and port.  Files that do not apply to a
 * port (group sizes on a rev 2.x block, per_vc without per-VC support)
 * are not shown.
 *
 * Reads of the VoQ CSR are live for CAP_SYS_ADMIN; other readers see the
 * value rio-voq last read or wrote, so that no unprivileged reader can
 * keep the fabric busy or hold off a scan or an admin write.
 */

#include <kunit/visibility.h>
#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rio_drv.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "voq_core.h"

/* Adding and removing sysfs directories; taken outside rio_voq_lock */
static DEFINE_MUTEX(rio_voq_sysfs_lock);

static void rio_voq_sysfs_catch_up(void);

/*
 * The directories are the core's kobjects (kobject_create_and_add()), so
 * that their release is never this module's code, even when a reader
 * holds one after rio_voq is unloaded.  A file finds its node and port
 * from its directory: the name ("voq", "port<N>") and the device above.
 */
static struct rio_voq_node *rio_voq_kobj_node(struct kobject *kobj,
					      unsigned int *port)
{
	struct kobject *voq = kobj;
	struct rio_dev *rdev = NULL;
	struct rio_mport *mport;
	struct rio_voq_node *n;
	struct device *dev;

	lockdep_assert_held(&rio_voq_lock);
	*port = 0;
	if (strcmp(kobject_name(kobj), "voq")) {
		if (!str_has_prefix(kobject_name(kobj), "port") ||
		    kstrtouint(kobject_name(kobj) + 4, 10, port))
			return NULL;
		voq = kobj->parent;
	}
	dev = kobj_to_dev(voq->parent);
	if (dev->bus == &rio_bus_type) {
		rdev = to_rio_dev(dev);
		mport = rdev->net->hport;
	} else {
		mport = to_rio_mport(dev);
	}
	n = rio_voq_node_of(mport, rdev);
	return n && !n->dead && *port < n->nports ? n : NULL;
}

/**
 * struct rio_voq_port_attr - a file of voq/ or voq/port<N>/
 * @ka: the sysfs attribute, with the dispatchers below
 * @show: called with rio_voq_lock held, the node alive
 * @store: called without the lock, with the value free of NULs: an
 *	entry point (see the top of this file)
 */
struct rio_voq_port_attr {
	struct kobj_attribute ka;
	ssize_t (*show)(struct rio_voq_node *n, unsigned int port, char *buf);
	ssize_t (*store)(struct kobject *kobj, const char *buf, size_t count);
};

#define to_port_attr(a) container_of(a, struct rio_voq_port_attr, ka)

static ssize_t rio_voq_attr_show(struct kobject *kobj, struct kobj_attribute *ka,
				 char *buf)
{
	struct rio_voq_port_attr *pa = to_port_attr(ka);
	struct rio_voq_node *n;
	unsigned int port;
	ssize_t ret = -ENODEV;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	if (n)
		ret = pa->show(n, port, buf);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static ssize_t rio_voq_attr_store(struct kobject *kobj, struct kobj_attribute *ka,
				  const char *buf, size_t count)
{
	struct rio_voq_port_attr *pa = to_port_attr(ka);

	/*
	 * kernfs passes embedded NULs through: a value followed by a NUL
	 * and more is not the value, whatever a parser stopping at the
	 * NUL would make of it.
	 */
	if (strnlen(buf, count) != count)
		return -EINVAL;
	return pa->store(kobj, buf, count);
}

#define RIO_VOQ_ATTR_RO(_name)							\
	static struct rio_voq_port_attr rio_voq_attr_##_name = {		\
		.ka = __ATTR(_name, 0444, rio_voq_attr_show, NULL),		\
		.show = _name##_show,						\
	}
#define RIO_VOQ_ATTR_RW(_name)							\
	static struct rio_voq_port_attr rio_voq_attr_##_name = {		\
		.ka = __ATTR(_name, 0644, rio_voq_attr_show, rio_voq_attr_store), \
		.show = _name##_show,						\
		.store = _name##_store,						\
	}

/* voq/ */

static ssize_t layout_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	return sysfs_emit(buf, "%s\n", n->layout == RIO_VOQ_LAYOUT_REV2 ? "rev2" : "rev3");
}

static ssize_t ef_offset_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	return sysfs_emit(buf, "0x%04x\n", n->ef);
}

static ssize_t ports_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	return sysfs_emit(buf, "%u\n", n->nports);
}

RIO_VOQ_ATTR_RO(layout);
RIO_VOQ_ATTR_RO(ef_offset);
RIO_VOQ_ATTR_RO(ports);

static struct attribute *rio_voq_dir_attrs[] = {
	&rio_voq_attr_layout.ka.attr,
	&rio_voq_attr_ef_offset.ka.attr,
	&rio_voq_attr_ports.ka.attr,
	NULL,
};

static const struct attribute_group rio_voq_dir_group = {
	.attrs = rio_voq_dir_attrs,
};

/*
 * voq/port<N>/: the CSR, live for an admin, else as last read or written.
 * Not live from a board not known (its registers may not be where they
 * were) nor across a cable down on the way (each read would be a
 * timeout), as everywhere else in rio-voq; and a read is not a use of
 * privilege: no audit, no mark on the reader.
 */
static int rio_voq_csr_of(struct rio_voq_node *n, unsigned int port,
			  struct rio_voq_port *p, u32 *csr)
{
	int ret = 0;

	lockdep_assert_held(&rio_voq_lock);
	*csr = n->port[port].csr;
	if (has_capability_noaudit(current, CAP_SYS_ADMIN) && !n->unknown &&
	    !rio_voq_node_cut_off(n, NULL))
		ret = rio_voq_csr_read(n, port, csr);
	if (!ret && p)
		rio_voq_csr_decode(n->layout, *csr, p);
	return ret;
}

static ssize_t csr_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	u32 csr;

	return rio_voq_csr_of(n, port, NULL, &csr) ?: sysfs_emit(buf, "0x%08x\n", csr);
}

static ssize_t capabilities_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	struct rio_voq_port p;
	int len = 0;

	/* Read-only bits: discovery read them */
	rio_voq_csr_decode(n->layout, n->port[port].csr, &p);
	if (p.gen_sup)
		len += sysfs_emit_at(buf, len, "gen ");
	if (p.rx_sup)
		len += sysfs_emit_at(buf, len, "rx ");
	if (p.vc_sup)
		len += sysfs_emit_at(buf, len, "per_vc ");
	if (len)
		len--;		/* no trailing space */
	return len + sysfs_emit_at(buf, len, "\n");
}

static ssize_t group_sizes_supported_show(struct rio_voq_node *n,
					  unsigned int port, char *buf)
{
	struct rio_voq_port p;
	unsigned int g;
	int len = 0;

	rio_voq_csr_decode(n->layout, n->port[port].csr, &p);
	for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
		if (p.pgs_sup & BIT(g))
			len += sysfs_emit_at(buf, len, len ? " %u" : "%u", g);
	return len + sysfs_emit_at(buf, len, "\n");
}

static ssize_t partner_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	struct rio_voq_link *l = n->port[port].link;
	unsigned int me;

	if (!l)
		return sysfs_emit(buf, "none\n");
	me = rio_voq_link_end(l, n, port);
	return sysfs_emit(buf, "%s %u\n", rio_voq_node_name(l->end[!me]), l->port[!me]);
}

/*
 * A link this node does not write (it only discovered the fabric, or
 * auto_config is off): whether the port generates as its CSR reads
 * (live for CAP_SYS_ADMIN, as csr), beside this node's own plan, since
 * the host that wrote it may have had a reason this one cannot know
 */
static ssize_t rio_voq_reported_show(struct rio_voq_node *n, unsigned int port,
				     const struct rio_voq_dir *d, char *buf)
{
	struct rio_voq_port p;
	u32 csr;
	int ret = rio_voq_csr_of(n, port, &p, &csr);

	if (ret)
		return ret;
	if (p.gen_en && d->gen)
		return sysfs_emit(buf, "reported\n");
	if (p.gen_en)
		return sysfs_emit(buf, "reported: this host would have it off: %s\n",
				  d->why ?: "not configured");
	if (d->gen)
		return sysfs_emit(buf, "disabled: off in the hardware\n");
	return sysfs_emit(buf, "disabled: %s\n", d->why ?: "not configured");
}

static ssize_t link_status_show(struct rio_voq_node *n, unsigned int port,
				char *buf)
{
	struct rio_voq_link *l = n->port[port].link;
	const struct rio_voq_dir *d;

	if (!l)
		return sysfs_emit(buf, "none\n");
	d = &l->dir[rio_voq_link_end(l, n, port)];
	if (l->state == RIO_VOQ_LINK_FAILED)
		return sysfs_emit(buf, "failed: %s\n", l->reason);
	if (l->state == RIO_VOQ_LINK_REPORTED)
		return rio_voq_reported_show(n, port, d, buf);
	if (!d->gen)
		return sysfs_emit(buf, "disabled: %s\n", d->why ?: "not configured");
	return sysfs_emit(buf, "configured\n");
}

/* The port's own link, as its Error and Status CSR last said */
static ssize_t link_state_show(struct rio_voq_node *n, unsigned int port,
			       char *buf)
{
	return sysfs_emit(buf, "%s\n", rio_voq_port_link_state(n, port));
}

/*
 * The admin's choices the devices in place cannot honour (a partner
 * swapped for another board): the knobs' names, in knob order
 */
static ssize_t not_applied_show(struct rio_voq_node *n, unsigned int port,
				char *buf)
{
	unsigned long set = n->port[port].unapplied;
	unsigned int k;
	int len = 0;

	for_each_set_bit(k, &set, RIO_VOQ_NR_KNOBS)
		len += sysfs_emit_at(buf, len, len ? " %s" : "%s", rio_voq_knob_name(k));
	return len + sysfs_emit_at(buf, len, "\n");
}

/*
 * Reads: the effective format ("unknown" for a link not planned yet: new
 * while down); writes: a format to force, or "auto"
 */
static ssize_t symbol_format_show(struct rio_voq_node *n, unsigned int port,
				  char *buf)
{
	struct rio_voq_link *l = n->port[port].link;

	if (!l)
		return sysfs_emit(buf, "none\n");
	return sysfs_emit(buf, "%s\n", l->fmt_known ? rio_voq_fmt_names[l->fmt] : "unknown");
}

static ssize_t symbol_format_store(struct kobject *kobj, const char *buf,
				   size_t count)
{
	int pref = sysfs_match_string(rio_voq_pref_names, buf);
	struct rio_voq_node *n;
	unsigned int port;
	int ret;

	if (pref < 0)
		return -EINVAL;
	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	ret = n ? rio_voq_port_set(n, port, RIO_VOQ_KNOB_FMT, pref) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();
	return ret ?: count;
}

/* voq/port<N>/: read-write numbers, shown from the CSR */

static ssize_t rio_voq_knob_show(struct rio_voq_node *n, unsigned int port,
				 char *buf, enum rio_voq_knob knob)
{
	struct rio_voq_port p;
	unsigned int val;
	u32 csr;
	int ret = rio_voq_csr_of(n, port, &p, &csr);

	if (ret)
		return ret;
	switch (knob) {
	case RIO_VOQ_KNOB_GEN:
		val = p.gen_en;
		break;
	case RIO_VOQ_KNOB_PART:
		val = p.part_en;
		break;
	case RIO_VOQ_KNOB_XOFF:
		val = p.xoff;
		break;
	case RIO_VOQ_KNOB_VC:
		val = p.vc_en;
		break;
	case RIO_VOQ_KNOB_TX_PGS:
		val = p.tx_pgs;
		break;
	default:
		val = p.rx_pgs;
		break;
	}
	return sysfs_emit(buf, "%u\n", val);
}

static ssize_t rio_voq_knob_store(struct kobject *kobj, const char *buf,
				  size_t count, enum rio_voq_knob knob)
{
	struct rio_voq_node *n;
	unsigned int port, val;
	int ret;

	/* Decimal only, as shown (kstrtouint() takes a "+"); else refused */
	if (!isdigit(buf[0]) || kstrtouint(buf, 10, &val))
		return -EINVAL;
	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	ret = n ? rio_voq_port_set(n, port, knob, val) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();
	return ret ?: count;
}

#define RIO_VOQ_KNOB_SHOW(_name, _knob)						\
static ssize_t _name##_show(struct rio_voq_node *n, unsigned int port,		\
			    char *buf)						\
{										\
	return rio_voq_knob_show(n, port, buf, _knob);				\
}

#define RIO_VOQ_KNOB_STORE(_name, _knob)					\
static ssize_t _name##_store(struct kobject *kobj, const char *buf,	\
			     size_t count)					\
{										\
	return rio_voq_knob_store(kobj, buf, count, _knob);			\
}

RIO_VOQ_KNOB_SHOW(generation, RIO_VOQ_KNOB_GEN)
RIO_VOQ_KNOB_STORE(generation, RIO_VOQ_KNOB_GEN)
RIO_VOQ_ATTR_RW(generation);
RIO_VOQ_KNOB_SHOW(participation, RIO_VOQ_KNOB_PART)
RIO_VOQ_KNOB_STORE(participation, RIO_VOQ_KNOB_PART)
RIO_VOQ_ATTR_RW(participation);
RIO_VOQ_KNOB_SHOW(xoff, RIO_VOQ_KNOB_XOFF)
RIO_VOQ_KNOB_STORE(xoff, RIO_VOQ_KNOB_XOFF)
RIO_VOQ_ATTR_RW(xoff);
RIO_VOQ_KNOB_SHOW(per_vc, RIO_VOQ_KNOB_VC)
RIO_VOQ_KNOB_STORE(per_vc, RIO_VOQ_KNOB_VC)
RIO_VOQ_ATTR_RW(per_vc);
RIO_VOQ_KNOB_SHOW(tx_group_size, RIO_VOQ_KNOB_TX_PGS)
RIO_VOQ_KNOB_STORE(tx_group_size, RIO_VOQ_KNOB_TX_PGS)
RIO_VOQ_ATTR_RW(tx_group_size);
RIO_VOQ_KNOB_SHOW(rx_group_size, RIO_VOQ_KNOB_RX_PGS)
RIO_VOQ_KNOB_STORE(rx_group_size, RIO_VOQ_KNOB_RX_PGS)
RIO_VOQ_ATTR_RW(rx_group_size);

/* voq/port<N>/: staging queues */

static ssize_t staging_queues_show(struct rio_voq_node *n, unsigned int port,
				   char *buf)
{
	const struct rio_voq_port_state *ps = &n->port[port];

	return sysfs_emit(buf, "%u\n", ps->smap ? ps->nqueues : 0);
}

/* One queue number per downstream port, in port order */
static ssize_t staging_map_show(struct rio_voq_node *n, unsigned int port,
				char *buf)
{
	const struct rio_voq_port_state *ps = &n->port[port];
	unsigned int d;
	int len = 0;

	for (d = 0; ps->smap && d < ps->nsmap; d++)
		len += sysfs_emit_at(buf, len, d ? " %u" : "%u", ps->smap[d]);
	return len + sysfs_emit_at(buf, len, "\n");
}

static ssize_t staging_map_store(struct kobject *kobj, const char *buf,
				 size_t count)
{
	char *copy, *cur, *tok;
	unsigned int nmap = 0, port, q;
	struct rio_voq_node *n;
	size_t len = count;
	u8 *map;
	int ret = 0;

	/* Single spaces between entries; only a final newline is allowed */
	if (len && buf[len - 1] == '\n')
		len--;
	copy = kmemdup_nul(buf, len, GFP_KERNEL);
	map = kcalloc(RIO_VOQ_MAX_PORTS, sizeof(*map), GFP_KERNEL);
	if (!copy || !map) {
		ret = -ENOMEM;
		goto out;
	}
	cur = copy;
	if (strchr(copy, '\n'))
		ret = -EINVAL;		/* kstrtouint() would take "2\n" */
	while (!ret && (tok = strsep(&cur, " "))) {
		if (!isdigit(*tok))
			ret = -EINVAL;		/* two spaces in a row, a sign */
		else if (nmap == RIO_VOQ_MAX_PORTS || kstrtouint(tok, 10, &q) || q > U8_MAX)
			ret = -EINVAL;
		else
			map[nmap++] = q;
	}
	if (ret)
		goto out;
	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	ret = n ? rio_voq_staging_set_map(n, port, map, nmap) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();
out:
	kfree(copy);
	kfree(map);
	return ret ?: count;
}

/* voq/port<N>/: latency optimization, on ports with the register */

static const char * const rio_lat_choice_words[] = {
	[RIO_LAT_CHOICE_NONE] = "auto",
	[RIO_LAT_CHOICE_OFF] = "off",
	[RIO_LAT_CHOICE_ON] = "on",
};

static ssize_t latency_capabilities_show(struct rio_voq_node *n,
					 unsigned int port, char *buf)
{
	static const struct {
		u32 bit;
		const char *name;
	} caps[] = {
		{ RIO_LAT_CSR_MACK_SUP, "multiple_ack" },
		{ RIO_LAT_CSR_PNA_SUP, "pna_recovery" },
		{ RIO_LAT_CSR_PNA_TX_SUP, "pna_tx" },
	};
	u32 csr = n->port[port].lat_csr;
	unsigned int i;
	int len = 0;

	for (i = 0; i < ARRAY_SIZE(caps); i++)
		if (csr & caps[i].bit)
			len += sysfs_emit_at(buf, len, len ? " %s" : "%s", caps[i].name);
	return len + sysfs_emit_at(buf, len, len ? "\n" : "none\n");
}

static ssize_t latency_csr_show(struct rio_voq_node *n, unsigned int port,
				char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", n->port[port].lat_csr);
}

/* The feature on the port's link, and the admin's choice if there is one */
static ssize_t rio_lat_feat_show(struct rio_voq_node *n, unsigned int port,
				 char *buf, enum rio_lat_feat feat)
{
	const struct rio_voq_port_state *ps = &n->port[port];
	const struct rio_voq_link *l = ps->link;
	u8 ch = ps->choice.lat[feat];
	int len = 0;

	if (!l || l->lat.state == RIO_LAT_NONE) {
		len = sysfs_emit(buf, "none%s%s", l && l->lat.reason[0] ? ": " : "",
				 l ? l->lat.reason : "");
	} else if (l->lat.state == RIO_LAT_DOWN) {
		len = sysfs_emit(buf, "off: link down");
	} else if (l->lat.state == RIO_LAT_FAILED) {
		len = sysfs_emit(buf, "failed: %s", l->lat.reason);
	} else {
		const struct rio_lat_plan *p = &l->lat.plan[feat];
		unsigned int end = rio_voq_link_end(l, n, port);

		len = p->on ? sysfs_emit(buf, "on") :
			      sysfs_emit(buf, "off: %s", p->why[end] ?: "?");
	}
	if (ch != RIO_LAT_CHOICE_NONE && ch < ARRAY_SIZE(rio_lat_choice_words))
		len += sysfs_emit_at(buf, len, " (admin: %s)", rio_lat_choice_words[ch]);
	return len + sysfs_emit_at(buf, len, "\n");
}

static ssize_t rio_lat_feat_store(struct kobject *kobj, const char *buf,
				  size_t count, enum rio_lat_feat feat)
{
	int val = sysfs_match_string(rio_lat_choice_words, buf);
	struct rio_voq_node *n;
	unsigned int port;
	int ret;

	if (val < 0)
		return -EINVAL;
	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	ret = n ? rio_lat_port_set(n, port, feat, val) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();
	return ret ?: count;
}

static ssize_t multiple_ack_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	return rio_lat_feat_show(n, port, buf, RIO_LAT_MACK);
}

static ssize_t multiple_ack_store(struct kobject *kobj, const char *buf,
				  size_t count)
{
	return rio_lat_feat_store(kobj, buf, count, RIO_LAT_MACK);
}

static ssize_t pna_recovery_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	return rio_lat_feat_show(n, port, buf, RIO_LAT_PNA);
}

static ssize_t pna_recovery_store(struct kobject *kobj, const char *buf,
				  size_t count)
{
	return rio_lat_feat_store(kobj, buf, count, RIO_LAT_PNA);
}

RIO_VOQ_ATTR_RO(csr);
RIO_VOQ_ATTR_RO(capabilities);
RIO_VOQ_ATTR_RO(group_sizes_supported);
RIO_VOQ_ATTR_RO(partner);
RIO_VOQ_ATTR_RO(link_status);
RIO_VOQ_ATTR_RO(link_state);
RIO_VOQ_ATTR_RO(not_applied);
RIO_VOQ_ATTR_RW(symbol_format);
RIO_VOQ_ATTR_RO(staging_queues);
RIO_VOQ_ATTR_RW(staging_map);
RIO_VOQ_ATTR_RO(latency_capabilities);
RIO_VOQ_ATTR_RO(latency_csr);
RIO_VOQ_ATTR_RW(multiple_ack);
RIO_VOQ_ATTR_RW(pna_recovery);

static struct attribute *rio_voq_port_attrs[] = {
	&rio_voq_attr_csr.ka.attr,
	&rio_voq_attr_capabilities.ka.attr,
	&rio_voq_attr_group_sizes_supported.ka.attr,
	&rio_voq_attr_partner.ka.attr,
	&rio_voq_attr_link_status.ka.attr,
	&rio_voq_attr_link_state.ka.attr,
	&rio_voq_attr_not_applied.ka.attr,
	&rio_voq_attr_symbol_format.ka.attr,
	&rio_voq_attr_generation.ka.attr,
	&rio_voq_attr_participation.ka.attr,
	&rio_voq_attr_xoff.ka.attr,
	&rio_voq_attr_per_vc.ka.attr,
	&rio_voq_attr_tx_group_size.ka.attr,
	&rio_voq_attr_rx_group_size.ka.attr,
	&rio_voq_attr_staging_queues.ka.attr,
	&rio_voq_attr_staging_map.ka.attr,
	&rio_voq_attr_latency_capabilities.ka.attr,
	&rio_voq_attr_latency_csr.ka.attr,
	&rio_voq_attr_multiple_ack.ka.attr,
	&rio_voq_attr_pna_recovery.ka.attr,
	NULL,
};

/* Each port shows only what applies to it, as ASPM's link files do */
static umode_t rio_voq_port_attr_visible(struct kobject *kobj,
					 struct attribute *a, int i)
{
	struct rio_voq_node *n;
	struct rio_voq_port p;
	unsigned int port;
	umode_t mode = a->mode;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_kobj_node(kobj, &port);
	if (n) {
		rio_voq_csr_decode(n->layout, n->port[port].csr, &p);
		if ((a == &rio_voq_attr_tx_group_size.ka.attr ||
		     a == &rio_voq_attr_rx_group_size.ka.attr ||
		     a == &rio_voq_attr_group_sizes_supported.ka.attr) &&
		    n->layout != RIO_VOQ_LAYOUT_REV3)
			mode = 0;
		if (a == &rio_voq_attr_per_vc.ka.attr && !p.vc_sup)
			mode = 0;
		if (a == &rio_voq_attr_generation.ka.attr && !p.gen_sup)
			mode = 0;
		if ((a == &rio_voq_attr_latency_capabilities.ka.attr ||
		     a == &rio_voq_attr_latency_csr.ka.attr ||
		     a == &rio_voq_attr_multiple_ack.ka.attr ||
		     a == &rio_voq_attr_pna_recovery.ka.attr) && !n->port[port].lat)
			mode = 0;
	}
	mutex_unlock(&rio_voq_lock);
	return mode;
}

static const struct attribute_group rio_voq_port_group = {
	.attrs = rio_voq_port_attrs,
	.is_visible = rio_voq_port_attr_visible,
};

/* A directory of the core's, with its files */
static struct kobject *rio_voq_dir_add(struct kobject *parent, const char *name,
				       const struct attribute_group *group)
{
	struct kobject *kobj = kobject_create_and_add(name, parent);

	if (kobj && sysfs_create_group(kobj, group)) {
		kobject_put(kobj);
		kobj = NULL;
	}
	return kobj;
}

static void rio_voq_dir_del(struct kobject *kobj)
{
	kobject_del(kobj);	/* files gone, readers drained */
	kobject_put(kobj);
}

/**
 * rio_voq_sysfs_add() - create voq/ and voq/port<N>/ for a node
 * @n: a probed node with a VoQ block, or an mport's own node (its
 *	fabric's files), not in sysfs yet
 *
 * Called without rio_voq_lock (a failure removes what was made, which
 * waits for readers that take it); the caller keeps @n alive.
 *
 * Return: 0 or -ENOMEM (nothing is left half made).
 */
int rio_voq_sysfs_add(struct rio_voq_node *n)
{
	struct kobject *parent = n->rdev ? &n->rdev->dev.kobj : &n->mport->dev.kobj;
	unsigned int p, nports;
	char name[16];

	mutex_lock(&rio_voq_lock);
	nports = n->nports;	/* a replacement makes them again */
	mutex_unlock(&rio_voq_lock);
	n->kport = kcalloc(nports, sizeof(*n->kport), GFP_KERNEL);
	if (!n->kport)
		return -ENOMEM;
	n->nkport = nports;
	/*
	 * The fabric's files, in its mport's voq/ (voq_net_sysfs.c): the
	 * only ones of an mport without a VoQ block
	 */
	n->kdir = rio_voq_dir_add(parent, "voq", n->ef ? &rio_voq_dir_group :
				  &rio_voq_net_attr_group);
	if (n->kdir && n->ef && !n->rdev &&
	    sysfs_create_group(n->kdir, &rio_voq_net_attr_group)) {
		rio_voq_sysfs_del(n);
		return -ENOMEM;
	}
	for (p = 0; n->kdir && p < nports; p++) {
		snprintf(name, sizeof(name), "port%u", p);
		n->kport[p] = rio_voq_dir_add(n->kdir, name, &rio_voq_port_group);
		if (!n->kport[p])
			break;
	}
	if (!n->kdir || p < nports) {
		rio_voq_sysfs_del(n);
		return -ENOMEM;
	}
	kobject_uevent(n->kdir, KOBJ_ADD);
	for (p = 0; p < nports; p++)
		kobject_uevent(n->kport[p], KOBJ_ADD);
	return 0;
}

/**
 * rio_voq_sysfs_del() - remove a node's sysfs directories
 * @n: the node
 *
 * Must not be called with rio_voq_lock held: removal waits for the
 * reads and writes in progress, which take it.
 */
void rio_voq_sysfs_del(struct rio_voq_node *n)
{
	unsigned int p;

	for (p = 0; n->kport && p < n->nkport; p++)
		if (n->kport[p])
			rio_voq_dir_del(n->kport[p]);
	kfree(n->kport);
	n->kport = NULL;
	n->nkport = 0;
	if (n->kdir)
		rio_voq_dir_del(n->kdir);
	n->kdir = NULL;
}

/* Has @n a voq/: a VoQ block, or it is an mport's (its fabric's files) */
static bool rio_voq_sysfs_has(const struct rio_voq_node *n)
{
	return n->ef || !n->rdev;
}

/*
 * The first node after @n (in its fabric, then in the fabrics after it;
 * from the start if @n is NULL or died) whose directories must follow
 * it, NULL if none; with @add_only, only those that have a VoQ block and
 * no directory, and are not to be made again.  A node that is not dead
 * is in its fabric, and its fabric in the list.  Called with
 * rio_voq_lock held.
 */
static struct rio_voq_node *rio_voq_sysfs_next(struct rio_voq_node *n,
					       bool add_only)
{
	struct rio_voq_net *net;

	if (!n || n->dead) {
		net = rio_voq_net_first();
		if (!net)
			return NULL;
		n = list_first_entry(&net->nodes, struct rio_voq_node, node);
	} else {
		net = n->net;
		n = list_next_entry(n, node);
	}
	for (;;) {
		list_for_each_entry_from(n, &net->nodes, node) {
			if (n->dead || n->sysfs_failed)
				continue;
			if (n->sysfs_stale ? !add_only : rio_voq_sysfs_has(n) && !n->kdir)
				return n;
		}
		net = rio_voq_net_next(net);
		if (!net)
			return NULL;
		n = list_first_entry(&net->nodes, struct rio_voq_node, node);
	}
}

/*
 * One pass over the nodes (see rio_voq_sysfs_sync()), with
 * rio_voq_sysfs_lock held; with @add_only, no directory is removed.
 */
static void rio_voq_sysfs_walk(bool add_only)
{
	struct rio_voq_node *n = NULL;
	struct rio_voq_net *net;
	bool stale, has;

	lockdep_assert_held(&rio_voq_sysfs_lock);
	for (;;) {
		mutex_lock(&rio_voq_lock);
		n = rio_voq_sysfs_next(n, add_only);
		stale = n && n->sysfs_stale;
		has = n && rio_voq_sysfs_has(n);
		if (n)
			n->sysfs_stale = false;
		mutex_unlock(&rio_voq_lock);
		if (!n)
			break;
		if (stale)
			rio_voq_sysfs_del(n);
		if (has && rio_voq_sysfs_add(n)) {
			rio_voq_err(n, "cannot create the voq/ directory, will retry at the next scan\n");
			n->sysfs_failed = true;
		}
	}
	/* Those that failed are tried again next time */
	mutex_lock(&rio_voq_lock);
	for (net = rio_voq_net_first(); net; net = rio_voq_net_next(net))
		list_for_each_entry(n, &net->nodes, node)
			n->sysfs_failed = false;
	mutex_unlock(&rio_voq_lock);
}

/**
 * rio_voq_sysfs_sync() - make the sysfs directories follow the nodes
 *
 * Every node that has a VoQ block gets its voq/ directory, and a node
 * whose device was replaced gets its directories made again for its
 * new block (or loses them with it).  A node cannot be freed while
 * rio_voq_sysfs_lock is held; sysfs directories are made and removed
 * without rio_voq_lock, which their handlers take.  The walk goes on
 * after the node it did last, which stays in the list unless it died
 * meanwhile (then it starts over): one pass over the nodes, not a pass
 * per node.  Called without rio_voq_lock, and not from a handler of
 * these files (rio_voq_sysfs_catch_up()).
 */
void rio_voq_sysfs_sync(void)
{
	mutex_lock(&rio_voq_sysfs_lock);
	rio_voq_sysfs_walk(false);
	mutex_unlock(&rio_voq_sysfs_lock);
}

/*
 * The sync of a store, which runs inside one of these files: removing a
 * directory waits for the handlers in it, this one too, so the store
 * neither removes one nor waits for rio_voq_sysfs_lock, whose holder may
 * be removing its own.  It makes the directories that are missing; a
 * node to be made again is left to the sync of the entry point that
 * replaced it, as are all of them when another sync runs.  No store's
 * operation makes or replaces a block: this only catches up.
 */
static void rio_voq_sysfs_catch_up(void)
{
	if (!mutex_trylock(&rio_voq_sysfs_lock))
		return;
	rio_voq_sysfs_walk(true);
	mutex_unlock(&rio_voq_sysfs_lock);
}

/**
 * rio_voq_sysfs_remove() - remove the sysfs directories of a node going away
 * @n: a node taken out with rio_voq_node_unlink()
 *
 * Returns once the reads and writes in progress are over.  Called
 * without rio_voq_lock.
 */
void rio_voq_sysfs_remove(struct rio_voq_node *n)
{
	mutex_lock(&rio_voq_sysfs_lock);
	rio_voq_sysfs_del(n);
	mutex_unlock(&rio_voq_sysfs_lock);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_sysfs_remove);
