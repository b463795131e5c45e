// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq sysfs: voq/ under each RapidIO device with a VoQ block and
 * under each mport rio-voq follows, and voq/port<N>/ for each port of a
 * block.  One value per file, the same for every reader: each show
 * returns what rio-voq last read, wrote or was told by a port event,
 * and makes no maintenance access, except the one 0400 file csr_live.
 * See Documentation/ABI/testing/sysfs-bus-rapidio-voq.  Parsing and
 * formatting only: the semantics are voq_admin.c's.
 *
 * The objects follow drivers/cpuidle/sysfs.c: each directory is a
 * kobject embedded in rio-voq's state of its node (struct rio_voq_kdir)
 * or port (struct rio_voq_kport), with a kobj_type whose release
 * frees it.  Removal waits for the readers in the files, not for the
 * release, which may come later (a reference held, or
 * CONFIG_DEBUG_KOBJECT_RELEASE) and touches nothing but its object; the
 * module's exit waits for the last release (as cpufreq_policy_put_kobj()
 * waits for its one), so none runs after the module is gone.  A file
 * finds its node and port with container_of().  No uevent: nothing
 * listens for one on a kobject that is not a device; a change of
 * tx_state, port_state, multiple_ack or pna_recovery is told to poll()
 * with sysfs_notify_dirent().
 *
 * The directories follow the nodes (rio_voq_sysfs_sync(), after every
 * operation that may have made or replaced a block).
 *
 * The stores are the admin's way in, as voq_main.c's entry points are
 * the kernel's: each parses its value without a lock, takes rio_voq_lock,
 * checks its node and calls one operation, drops the lock and makes
 * sysfs follow (rio_voq_sysfs_catch_up()).  Every file is a struct
 * rio_voq_port_attr: its show runs with rio_voq_lock held and the node
 * alive, and gets the node and port.  Files that do not apply to a
 * port (group sizes on a rev 2.x block, per_vc without per-VC support)
 * are not shown.
 */

#include <kunit/visibility.h>
#include <linux/ctype.h>
#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/wait_bit.h>

#include "voq_core.h"

/* Adding and removing sysfs directories; taken outside rio_voq_lock */
static DEFINE_MUTEX(rio_voq_sysfs_lock);

static const struct kobj_type rio_voq_port_ktype;

/*
 * The node (and port) of a directory, if the node is not going away and
 * the port is still one of its block's (a board swapped in may have
 * fewer, until sysfs follows it)
 */
static struct rio_voq_node *rio_voq_kobj_node(struct kobject *kobj,
					      unsigned int *port)
{
	struct rio_voq_kport *kp;
	struct rio_voq_node *n;

	lockdep_assert_held(&rio_voq_lock);
	if (kobj->ktype != &rio_voq_port_ktype) {
		*port = 0;
		n = container_of(kobj, struct rio_voq_kdir, kobj)->node;
		return n->dead ? NULL : n;
	}
	kp = container_of(kobj, struct rio_voq_kport, kobj);
	n = kp->node;
	*port = kp->port;
	return n->dead || *port >= n->nports ? NULL : n;
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

#define RIO_VOQ_ATTR_MODE(_name, _mode)						\
	static struct rio_voq_port_attr rio_voq_attr_##_name = {		\
		.ka = __ATTR(_name, _mode, rio_voq_attr_show, NULL),		\
		.show = _name##_show,						\
	}
#define RIO_VOQ_ATTR_RO(_name)	RIO_VOQ_ATTR_MODE(_name, 0444)
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

/* An mport's voq/ is there for its fabric's files, its block's if it has one */
static umode_t rio_voq_dir_attr_visible(struct kobject *kobj,
					struct attribute *a, int i)
{
	struct rio_voq_node *n = container_of(kobj, struct rio_voq_kdir, kobj)->node;
	umode_t mode;

	mutex_lock(&rio_voq_lock);
	mode = n->ef ? a->mode : 0;
	mutex_unlock(&rio_voq_lock);
	return mode;
}

static const struct attribute_group rio_voq_dir_group = {
	.attrs = rio_voq_dir_attrs,
	.is_visible = rio_voq_dir_attr_visible,
};

/* voq/port<N>/: what the port is and does, as last read or written */

/* The words of tx_state, multiple_ack and pna_recovery */
enum rio_voq_word {
	RIO_VOQ_ON,
	RIO_VOQ_OFF,
	RIO_VOQ_FAILED,
	RIO_VOQ_DOWN,
	RIO_VOQ_NONE,
};

static const char * const rio_voq_words[] = {
	[RIO_VOQ_ON] = "on",
	[RIO_VOQ_OFF] = "off",
	[RIO_VOQ_FAILED] = "failed",
	[RIO_VOQ_DOWN] = "down",
	[RIO_VOQ_NONE] = "none",
};

/* The port's link and this port's end of it, NULL without one */
static struct rio_voq_link *rio_voq_port_link(struct rio_voq_node *n,
					      unsigned int port, unsigned int *end)
{
	struct rio_voq_link *l = n->port[port].link;

	*end = l ? rio_voq_link_end(l, n, port) : 0;
	return l;
}

/*
 * What the port's symbol generation is: on a host that writes the link,
 * what rio-voq wrote (off where the plan has it off); on one that only
 * reports (it discovered the fabric, or auto_config is off), what the
 * CSR said when last read
 */
static enum rio_voq_word rio_voq_tx_state(struct rio_voq_node *n,
					  unsigned int port)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	if (!l)
		return RIO_VOQ_NONE;
	switch (l->state) {
	case RIO_VOQ_LINK_FAILED:
		return RIO_VOQ_FAILED;
	case RIO_VOQ_LINK_DOWN:
		return RIO_VOQ_DOWN;
	case RIO_VOQ_LINK_REPORTED:
		return n->port[port].csr & RIO_VOQ_CSR_GEN_EN ? RIO_VOQ_ON : RIO_VOQ_OFF;
	case RIO_VOQ_LINK_CONFIGURED:
		return l->dir[end].gen ? RIO_VOQ_ON : RIO_VOQ_OFF;
	default:
		return RIO_VOQ_OFF;
	}
}

/* Why the plan has generation off, or the link failed or is down */
static enum rio_voq_reason rio_voq_tx_reason(struct rio_voq_node *n,
					     unsigned int port)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	if (!l)
		return RIO_VOQ_WHY_NO_LINK;
	if (l->state == RIO_VOQ_LINK_FAILED)
		return l->reason;
	if (l->state == RIO_VOQ_LINK_DOWN)
		return RIO_VOQ_WHY_LINK_DOWN;
	return l->dir[end].gen ? RIO_VOQ_WHY_NONE : l->dir[end].reason;
}

/* A latency-optimization feature on the port's link */
static enum rio_voq_word rio_lat_state(struct rio_voq_node *n, unsigned int port,
				       enum rio_lat_feat feat)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	if (!l)
		return RIO_VOQ_NONE;
	switch (l->lat.state) {
	case RIO_LAT_PLANNED:
		return l->lat.plan[feat].on ? RIO_VOQ_ON : RIO_VOQ_OFF;
	case RIO_LAT_FAILED:
		return RIO_VOQ_FAILED;
	case RIO_LAT_DOWN:
		return RIO_VOQ_DOWN;
	default:
		return RIO_VOQ_NONE;
	}
}

static enum rio_lat_reason rio_lat_reason(struct rio_voq_node *n, unsigned int port,
					  enum rio_lat_feat feat)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	if (!l)
		return RIO_LAT_WHY_NO_LINK;
	if (l->lat.state != RIO_LAT_PLANNED)
		return l->lat.reason;
	return l->lat.plan[feat].on ? RIO_LAT_WHY_NONE : l->lat.plan[feat].reason[end];
}

/* The word each notified file shows (rio_voq_sysfs_notify()) */
static const char *rio_voq_notified(struct rio_voq_node *n, unsigned int port,
				    enum rio_voq_notify i)
{
	switch (i) {
	case RIO_VOQ_NOTIFY_TX_STATE:
		return rio_voq_words[rio_voq_tx_state(n, port)];
	case RIO_VOQ_NOTIFY_PORT_STATE:
		return rio_voq_port_link_state(n, port);
	case RIO_VOQ_NOTIFY_MACK:
		return rio_voq_words[rio_lat_state(n, port, RIO_LAT_MACK)];
	default:
		return rio_voq_words[rio_lat_state(n, port, RIO_LAT_PNA)];
	}
}

static ssize_t csr_show(struct rio_voq_node *n, unsigned int port, char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", n->port[port].csr);
}

/*
 * The one live read, root's only (0400): not from a board not known
 * (its registers may not be where they were) nor across a cable down on
 * the way (each read would be a timeout), as everywhere else in rio-voq.
 * The value is not remembered: csr stays what rio-voq itself last read,
 * wrote or was told.
 */
static ssize_t csr_live_show(struct rio_voq_node *n, unsigned int port,
			     char *buf)
{
	u32 csr;

	if (n->unknown)
		return -EBUSY;
	if (rio_voq_node_cut_off(n, NULL))
		return -EHOSTUNREACH;
	if (rio_voq_read(n, rio_voq_node_csr(n, port), &csr))
		return -EIO;
	return sysfs_emit(buf, "0x%08x\n", csr);
}

/* The read-only bits, as discovery read them */
static ssize_t capabilities_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	u32 caps = RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | RIO_VOQ_CSR_VC_SUP;

	if (n->layout == RIO_VOQ_LAYOUT_REV3)
		caps |= RIO_VOQ_CSR_PGS_SUP_ALL;
	return sysfs_emit(buf, "0x%08x\n", n->port[port].csr & caps);
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

static ssize_t partner_device_show(struct rio_voq_node *n, unsigned int port,
				   char *buf)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	return sysfs_emit(buf, "%s\n", l ? rio_voq_node_name(l->end[!end]) : "none");
}

static ssize_t partner_port_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	if (!l)
		return sysfs_emit(buf, "none\n");
	return sysfs_emit(buf, "%u\n", l->port[!end]);
}

/* The port's own link, as its Error and Status CSR last said */
static ssize_t port_state_show(struct rio_voq_node *n, unsigned int port,
			       char *buf)
{
	return sysfs_emit(buf, "%s\n", rio_voq_port_link_state(n, port));
}

static ssize_t tx_state_show(struct rio_voq_node *n, unsigned int port,
			     char *buf)
{
	return sysfs_emit(buf, "%s\n", rio_voq_words[rio_voq_tx_state(n, port)]);
}

/* This host's plan for the direction from the port */
static ssize_t tx_plan_show(struct rio_voq_node *n, unsigned int port,
			    char *buf)
{
	struct rio_voq_link *l;
	unsigned int end;

	l = rio_voq_port_link(n, port, &end);
	return sysfs_emit(buf, "%s\n", l && l->dir[end].gen ? "on" : "off");
}

static ssize_t tx_reason_show(struct rio_voq_node *n, unsigned int port,
			      char *buf)
{
	return sysfs_emit(buf, "%s\n", rio_voq_reason_names[rio_voq_tx_reason(n, port)]);
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

/* voq/port<N>/: read-write numbers, shown from the CSR as last read or written */

static ssize_t rio_voq_knob_show(struct rio_voq_node *n, unsigned int port,
				 char *buf, enum rio_voq_knob knob)
{
	struct rio_voq_port p;
	unsigned int val;

	rio_voq_csr_decode(n->layout, n->port[port].csr, &p);
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

/**
 * rio_voq_parse_uint() - a decimal number, as the files show one
 * @buf: the bytes written (not NUL-terminated)
 * @len: how many, one final newline included if there is one
 * @max: the largest value taken
 * @val: the value
 *
 * Every number written to a voq/ file: digits only, with at most one
 * final newline; no sign, base prefix, leading zero, space or NUL, at
 * most ten digits.
 *
 * Return: 0, or -EINVAL (and @val untouched).
 */
int rio_voq_parse_uint(const char *buf, size_t len, unsigned int max,
		       unsigned int *val)
{
	u64 v = 0;
	size_t i;

	if (len && buf[len - 1] == '\n')
		len--;
	if (!len || len > 10 || (buf[0] == '0' && len > 1))
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (!isdigit(buf[i]))
			return -EINVAL;
		v = v * 10 + (buf[i] - '0');
	}
	if (v > max)
		return -EINVAL;
	*val = v;
	return 0;
}

static ssize_t rio_voq_knob_store(struct kobject *kobj, const char *buf,
				  size_t count, enum rio_voq_knob knob)
{
	struct rio_voq_node *n;
	unsigned int port, val;
	int ret;

	if (rio_voq_parse_uint(buf, count, UINT_MAX, &val))
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
		if (nmap == RIO_VOQ_MAX_PORTS ||
		    rio_voq_parse_uint(tok, strlen(tok), U8_MAX, &q))
			ret = -EINVAL;	/* two spaces in a row, a sign, "01" */
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

/* What an admin writes: a choice, or none ("auto") */
static const char * const rio_lat_choice_words[] = {
	[RIO_LAT_CHOICE_NONE] = "auto",
	[RIO_LAT_CHOICE_OFF] = "off",
	[RIO_LAT_CHOICE_ON] = "on",
};

/* The capability bits, as discovery read them */
static ssize_t latency_capabilities_show(struct rio_voq_node *n,
					 unsigned int port, char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", (u32)(n->port[port].lat_csr & RIO_LAT_CSR_CAPS));
}

static ssize_t latency_csr_show(struct rio_voq_node *n, unsigned int port,
				char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", n->port[port].lat_csr);
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
	return sysfs_emit(buf, "%s\n", rio_voq_words[rio_lat_state(n, port, RIO_LAT_MACK)]);
}

static ssize_t multiple_ack_store(struct kobject *kobj, const char *buf,
				  size_t count)
{
	return rio_lat_feat_store(kobj, buf, count, RIO_LAT_MACK);
}

static ssize_t multiple_ack_reason_show(struct rio_voq_node *n, unsigned int port,
					char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  rio_lat_reason_names[rio_lat_reason(n, port, RIO_LAT_MACK)]);
}

static ssize_t pna_recovery_show(struct rio_voq_node *n, unsigned int port,
				 char *buf)
{
	return sysfs_emit(buf, "%s\n", rio_voq_words[rio_lat_state(n, port, RIO_LAT_PNA)]);
}

static ssize_t pna_recovery_store(struct kobject *kobj, const char *buf,
				  size_t count)
{
	return rio_lat_feat_store(kobj, buf, count, RIO_LAT_PNA);
}

static ssize_t pna_recovery_reason_show(struct rio_voq_node *n, unsigned int port,
					char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  rio_lat_reason_names[rio_lat_reason(n, port, RIO_LAT_PNA)]);
}

RIO_VOQ_ATTR_RO(csr);
RIO_VOQ_ATTR_MODE(csr_live, 0400);
RIO_VOQ_ATTR_RO(capabilities);
RIO_VOQ_ATTR_RO(group_sizes_supported);
RIO_VOQ_ATTR_RO(partner_device);
RIO_VOQ_ATTR_RO(partner_port);
RIO_VOQ_ATTR_RO(port_state);
RIO_VOQ_ATTR_RO(tx_state);
RIO_VOQ_ATTR_RO(tx_plan);
RIO_VOQ_ATTR_RO(tx_reason);
RIO_VOQ_ATTR_RW(symbol_format);
RIO_VOQ_ATTR_RO(staging_queues);
RIO_VOQ_ATTR_RW(staging_map);
RIO_VOQ_ATTR_RO(latency_capabilities);
RIO_VOQ_ATTR_RO(latency_csr);
RIO_VOQ_ATTR_RW(multiple_ack);
RIO_VOQ_ATTR_RO(multiple_ack_reason);
RIO_VOQ_ATTR_RW(pna_recovery);
RIO_VOQ_ATTR_RO(pna_recovery_reason);

static struct attribute *rio_voq_port_attrs[] = {
	&rio_voq_attr_csr.ka.attr,
	&rio_voq_attr_csr_live.ka.attr,
	&rio_voq_attr_capabilities.ka.attr,
	&rio_voq_attr_group_sizes_supported.ka.attr,
	&rio_voq_attr_partner_device.ka.attr,
	&rio_voq_attr_partner_port.ka.attr,
	&rio_voq_attr_port_state.ka.attr,
	&rio_voq_attr_tx_state.ka.attr,
	&rio_voq_attr_tx_plan.ka.attr,
	&rio_voq_attr_tx_reason.ka.attr,
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
	&rio_voq_attr_multiple_ack_reason.ka.attr,
	&rio_voq_attr_pna_recovery.ka.attr,
	&rio_voq_attr_pna_recovery_reason.ka.attr,
	NULL,
};

/* The notified files, in enum rio_voq_notify order */
static const char * const rio_voq_notify_names[RIO_VOQ_NR_NOTIFY] = {
	[RIO_VOQ_NOTIFY_TX_STATE] = "tx_state",
	[RIO_VOQ_NOTIFY_PORT_STATE] = "port_state",
	[RIO_VOQ_NOTIFY_MACK] = "multiple_ack",
	[RIO_VOQ_NOTIFY_PNA] = "pna_recovery",
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
		     a == &rio_voq_attr_multiple_ack_reason.ka.attr ||
		     a == &rio_voq_attr_pna_recovery.ka.attr ||
		     a == &rio_voq_attr_pna_recovery_reason.ka.attr) && !n->port[port].lat)
			mode = 0;
	}
	mutex_unlock(&rio_voq_lock);
	return mode;
}

static const struct attribute_group rio_voq_port_group = {
	.attrs = rio_voq_port_attrs,
	.is_visible = rio_voq_port_attr_visible,
};

/* The objects: cpuidle's model (see the top of this file) */

/*
 * Directories whose release has not run yet, of every node: a release
 * may come long after its node is gone (a reference held by a reader in
 * sysfs, or delayed by CONFIG_DEBUG_KOBJECT_RELEASE), and it runs code
 * of this module, so the module's exit waits for the count to fall to
 * zero (rio_voq_sysfs_exit()), as cpufreq_policy_put_kobj() waits for
 * its one.  A release frees its own directory and touches nothing else:
 * the node does not wait for it.
 */
static atomic_t rio_voq_sysfs_objs = ATOMIC_INIT(0);

static void rio_voq_sysfs_obj_gone(void)
{
	if (atomic_dec_and_test(&rio_voq_sysfs_objs))
		wake_up_var(&rio_voq_sysfs_objs);
}

static void rio_voq_kdir_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct rio_voq_kdir, kobj));
	rio_voq_sysfs_obj_gone();
}

static void rio_voq_kport_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct rio_voq_kport, kobj));
	rio_voq_sysfs_obj_gone();
}

/**
 * rio_voq_sysfs_objects() - how many directories are still to be released
 *
 * Return: the count, of every node (removed or not).
 */
int rio_voq_sysfs_objects(void)
{
	return atomic_read(&rio_voq_sysfs_objs);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_sysfs_objects);

/**
 * rio_voq_sysfs_exit() - wait until every directory has been released
 *
 * Called at the module's exit, after every node is gone: no release
 * runs after it returns.
 */
void rio_voq_sysfs_exit(void)
{
	wait_var_event(&rio_voq_sysfs_objs, !atomic_read(&rio_voq_sysfs_objs));
}

static const struct attribute_group *rio_voq_dev_dir_groups[] = {
	&rio_voq_dir_group,
	NULL,
};

/* An mport's voq/ carries its fabric's files too */
static const struct attribute_group *rio_voq_mport_dir_groups[] = {
	&rio_voq_dir_group,
	NULL,	/* the fabric's files, from rio_voq_sysfs_init() */
	NULL,
};

/**
 * rio_voq_sysfs_init() - take the fabric's files of the mports' voq/
 * @fabric: their group (voq_net_sysfs.c, a tier above: the module's
 *	init hands it down)
 *
 * Called once, at the module's init, before any directory is made.
 */
void rio_voq_sysfs_init(const struct attribute_group *fabric)
{
	rio_voq_mport_dir_groups[1] = fabric;
}

static const struct attribute_group *rio_voq_port_groups[] = {
	&rio_voq_port_group,
	NULL,
};

static const struct kobj_type rio_voq_dev_dir_ktype = {
	.sysfs_ops = &kobj_sysfs_ops,
	.release = rio_voq_kdir_release,
	.default_groups = rio_voq_dev_dir_groups,
};

static const struct kobj_type rio_voq_mport_dir_ktype = {
	.sysfs_ops = &kobj_sysfs_ops,
	.release = rio_voq_kdir_release,
	.default_groups = rio_voq_mport_dir_groups,
};

static const struct kobj_type rio_voq_port_ktype = {
	.sysfs_ops = &kobj_sysfs_ops,
	.release = rio_voq_kport_release,
	.default_groups = rio_voq_port_groups,
};

/* A port's directory; its notified files found once, and their words */
static struct rio_voq_kport *rio_voq_kport_add(struct rio_voq_node *n,
					       unsigned int port)
{
	struct rio_voq_kport *kp = kzalloc(sizeof(*kp), GFP_KERNEL);
	unsigned int i;

	if (!kp)
		return NULL;
	kp->node = n;
	kp->port = port;
	atomic_inc(&rio_voq_sysfs_objs);
	if (kobject_init_and_add(&kp->kobj, &rio_voq_port_ktype, &n->kdir->kobj,
				 "port%u", port)) {
		kobject_put(&kp->kobj);	/* its release frees it */
		return NULL;
	}
	for (i = 0; i < RIO_VOQ_NR_NOTIFY; i++)
		kp->kn[i] = sysfs_get_dirent(kp->kobj.sd, rio_voq_notify_names[i]);
	mutex_lock(&rio_voq_lock);
	for (i = 0; !n->dead && port < n->nports && i < RIO_VOQ_NR_NOTIFY; i++)
		kp->shown[i] = rio_voq_notified(n, port, i);
	mutex_unlock(&rio_voq_lock);
	return kp;
}

/*
 * Remove a port's directory: its files gone, the readers in them
 * drained; its release, which frees it, may come later (a reference
 * held, or CONFIG_DEBUG_KOBJECT_RELEASE)
 */
static void rio_voq_kport_del(struct rio_voq_kport *kp)
{
	unsigned int i;

	for (i = 0; i < RIO_VOQ_NR_NOTIFY; i++)
		sysfs_put(kp->kn[i]);
	kobject_del(&kp->kobj);
	kobject_put(&kp->kobj);
}

/**
 * rio_voq_sysfs_add() - create voq/ and voq/port<N>/ for a node
 * @n: a probed node with a VoQ block, or an mport's own node, not in
 *	sysfs yet
 *
 * Called without rio_voq_lock (a failure removes what was made, which
 * waits for readers that take it); the caller keeps @n alive.
 *
 * Return: 0 or -ENOMEM (nothing is left half made).
 */
int rio_voq_sysfs_add(struct rio_voq_node *n)
{
	struct kobject *parent = n->rdev ? &n->rdev->dev.kobj : &n->mport->dev.kobj;
	struct rio_voq_kdir *kd;
	unsigned int p, nports;

	mutex_lock(&rio_voq_lock);
	nports = n->ef ? n->nports : 0;	/* a replacement makes them again */
	mutex_unlock(&rio_voq_lock);
	n->kport = kcalloc(nports, sizeof(*n->kport), GFP_KERNEL);
	kd = kzalloc(sizeof(*kd), GFP_KERNEL);
	if (!n->kport || !kd) {
		kfree(kd);
		kfree(n->kport);
		n->kport = NULL;
		return -ENOMEM;
	}
	n->nkport = nports;
	kd->node = n;
	atomic_inc(&rio_voq_sysfs_objs);
	if (kobject_init_and_add(&kd->kobj, n->rdev ? &rio_voq_dev_dir_ktype :
						      &rio_voq_mport_dir_ktype,
				 parent, "voq")) {
		kobject_put(&kd->kobj);	/* its release frees it */
		rio_voq_sysfs_del(n);
		return -ENOMEM;
	}
	n->kdir = kd;
	for (p = 0; p < nports; p++) {
		n->kport[p] = rio_voq_kport_add(n, p);
		if (!n->kport[p]) {
			rio_voq_sysfs_del(n);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * rio_voq_sysfs_del() - remove a node's sysfs directories
 * @n: the node
 *
 * Returns once no reader is in them any more; their releases, which
 * free them, may come later (see rio_voq_sysfs_exit()).  Must not be
 * called with rio_voq_lock held: removal waits for the reads and writes
 * in progress, which take it.
 */
void rio_voq_sysfs_del(struct rio_voq_node *n)
{
	unsigned int p;

	for (p = 0; n->kport && p < n->nkport; p++)
		if (n->kport[p])
			rio_voq_kport_del(n->kport[p]);
	kfree(n->kport);
	n->kport = NULL;
	n->nkport = 0;
	if (n->kdir) {
		kobject_del(&n->kdir->kobj);
		kobject_put(&n->kdir->kobj);
	}
	n->kdir = NULL;
}

/*
 * Tell poll() of each notified file of @n whose word changed since it
 * was last compared (a port event, the poll, a rescan, a write).
 * Called with rio_voq_lock and rio_voq_sysfs_lock held.
 */
static void rio_voq_sysfs_notify(struct rio_voq_node *n)
{
	unsigned int p, i;

	lockdep_assert_held(&rio_voq_lock);
	for (p = 0; p < n->nkport && p < n->nports; p++) {
		struct rio_voq_kport *kp = n->kport[p];

		for (i = 0; kp && i < RIO_VOQ_NR_NOTIFY; i++) {
			const char *now = rio_voq_notified(n, p, i);

			if (now == kp->shown[i])
				continue;
			kp->shown[i] = now;
			if (kp->kn[i])
				sysfs_notify_dirent(kp->kn[i]);
		}
	}
}

/* A node with a voq/ directory: one with a VoQ block, or an mport's own */
static bool rio_voq_sysfs_has(const struct rio_voq_node *n)
{
	return n->ef || !n->rdev;
}

/*
 * The first node after @n (in its fabric, then in the fabrics after it;
 * from the start if @n is NULL or died) whose directories must follow
 * it, NULL if none; with @add_only, only those that have a VoQ block (or
 * are an mport's own node) and no directory, and are not to be made
 * again.  A node that is not dead
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
	/* Those that failed are tried again next time; changes are told */
	mutex_lock(&rio_voq_lock);
	for (net = rio_voq_net_first(); net; net = rio_voq_net_next(net)) {
		list_for_each_entry(n, &net->nodes, node) {
			n->sysfs_failed = false;
			if (!n->dead)
				rio_voq_sysfs_notify(n);
		}
	}
	mutex_unlock(&rio_voq_lock);
}

/**
 * rio_voq_sysfs_sync() - make the sysfs directories follow the nodes
 *
 * Every node that has a VoQ block, and every mport's own node, gets its
 * voq/ directory, and a node
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

/**
 * rio_voq_sysfs_catch_up() - the sync of a store
 *
 * A store runs inside one of the files: removing a directory waits for
 * the handlers in it, this one too, so the store neither removes one nor
 * waits for rio_voq_sysfs_lock, whose holder may be removing its own.
 * This makes the directories that are missing and tells poll() of the
 * notified files that changed; a node to be made again is left to the
 * sync of the entry point that replaced it, as are all of them when
 * another sync runs.  No store's operation makes or replaces a block:
 * this only catches up.  Called without rio_voq_lock.
 */
void rio_voq_sysfs_catch_up(void)
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
