// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq sysfs: voq/ under each RapidIO device and each mport with a VoQ
 * block, and voq/port<N>/ for each of its ports.  One value per file;
 * see Documentation/ABI/testing/sysfs-bus-rapidio-voq.  Parsing and
 * formatting only: the semantics are voq_admin.c's.
 */

#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "voq_core.h"

struct rio_voq_kobj {
	struct kobject kobj;
	struct rio_voq_node *n;
	unsigned int port;
};

static struct rio_voq_kobj *to_voq_kobj(struct kobject *kobj)
{
	return container_of(kobj, struct rio_voq_kobj, kobj);
}

static void rio_voq_kobj_release(struct kobject *kobj)
{
	kfree(to_voq_kobj(kobj));
}

static const char * const rio_voq_fmt_names[] = { "auto", "cs48", "cs64" };

/* voq/ */

static ssize_t layout_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	return sysfs_emit(buf, "%s\n", to_voq_kobj(kobj)->n->layout ==
			  RIO_VOQ_LAYOUT_REV2 ? "rev2" : "rev3");
}

static ssize_t ef_offset_show(struct kobject *kobj, struct kobj_attribute *attr,
			      char *buf)
{
	return sysfs_emit(buf, "0x%04x\n", to_voq_kobj(kobj)->n->ef);
}

static ssize_t ports_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%u\n", to_voq_kobj(kobj)->n->nports);
}

static struct kobj_attribute rio_voq_attr_layout = __ATTR_RO(layout);
static struct kobj_attribute rio_voq_attr_ef_offset = __ATTR_RO(ef_offset);
static struct kobj_attribute rio_voq_attr_ports = __ATTR_RO(ports);

static struct attribute *rio_voq_dir_attrs[] = {
	&rio_voq_attr_layout.attr,
	&rio_voq_attr_ef_offset.attr,
	&rio_voq_attr_ports.attr,
	NULL,
};
ATTRIBUTE_GROUPS(rio_voq_dir);

static const struct kobj_type rio_voq_dir_ktype = {
	.release = rio_voq_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = rio_voq_dir_groups,
};

/* voq/port<N>/: read-only */

static int rio_voq_live(struct kobject *kobj, struct rio_voq_port *p)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	u32 csr;
	int ret = rio_voq_port_read(k->n, k->port, &csr);

	if (!ret)
		rio_voq_csr_decode(k->n->layout, csr, p);
	return ret;
}

static ssize_t csr_show(struct kobject *kobj, struct kobj_attribute *attr,
			char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	u32 csr;
	int ret = rio_voq_port_read(k->n, k->port, &csr);

	return ret ?: sysfs_emit(buf, "0x%08x\n", csr);
}

static ssize_t capabilities_show(struct kobject *kobj,
				 struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_port p;
	int ret = rio_voq_live(kobj, &p), len = 0;

	if (ret)
		return ret;
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

static ssize_t group_sizes_supported_show(struct kobject *kobj,
					  struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_port p;
	int ret = rio_voq_live(kobj, &p), len = 0;
	unsigned int g;

	if (ret)
		return ret;
	for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
		if (p.pgs_sup & BIT(g))
			len += sysfs_emit_at(buf, len, len ? " %u" : "%u", g);
	return len + sysfs_emit_at(buf, len, "\n");
}

/*
 * The link of a port directory's port, with rio_voq_lock taken; -ENODEV
 * (lock released) if the node is going away.  *@l is NULL without a link.
 */
static int rio_voq_kobj_link(struct rio_voq_kobj *k, struct rio_voq_link **l)
{
	mutex_lock(&rio_voq_lock);
	if (k->n->dead) {
		mutex_unlock(&rio_voq_lock);
		return -ENODEV;
	}
	*l = k->n->port[k->port].link;
	return 0;
}

static ssize_t partner_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	struct rio_voq_link *l;
	ssize_t ret = rio_voq_kobj_link(k, &l);

	if (ret)
		return ret;
	if (!l) {
		ret = sysfs_emit(buf, "none\n");
	} else {
		unsigned int me = rio_voq_link_end(l, k->n, k->port);

		ret = sysfs_emit(buf, "%s %u\n", rio_voq_node_name(l->end[!me]),
				 l->port[!me]);
	}
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static ssize_t link_status_show(struct kobject *kobj,
				struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	const struct rio_voq_dir *d;
	struct rio_voq_link *l;
	ssize_t ret = rio_voq_kobj_link(k, &l);

	if (ret)
		return ret;
	if (!l) {
		ret = sysfs_emit(buf, "none\n");
	} else {
		d = &l->dir[rio_voq_link_end(l, k->n, k->port)];
		if (l->state == RIO_VOQ_LINK_FAILED)
			ret = sysfs_emit(buf, "failed: %s\n", l->reason);
		else if (!d->gen)
			ret = sysfs_emit(buf, "disabled: %s\n", d->why ?: "not configured");
		else if (l->state == RIO_VOQ_LINK_REPORTED)
			ret = sysfs_emit(buf, "reported\n");
		else
			ret = sysfs_emit(buf, "configured\n");
	}
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static const char * const rio_voq_fmt_effective[] = {
	[RIO_VOQ_FMT_REV2] = "rev2",
	[RIO_VOQ_FMT_CS48] = "cs48",
	[RIO_VOQ_FMT_CS64] = "cs64",
};

/* Writes: a format to force, or "auto"; reads: the effective format */
static ssize_t symbol_format_show(struct kobject *kobj,
				  struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	struct rio_voq_link *l;
	ssize_t ret = rio_voq_kobj_link(k, &l);

	if (ret)
		return ret;
	ret = sysfs_emit(buf, "%s\n", l ? rio_voq_fmt_effective[l->fmt] : "none");
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static ssize_t symbol_format_store(struct kobject *kobj,
				   struct kobj_attribute *attr,
				   const char *buf, size_t count)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	int fmt = sysfs_match_string(rio_voq_fmt_names, buf);
	int ret;

	if (fmt < 0)
		return -EINVAL;
	ret = rio_voq_port_set(k->n, k->port, RIO_VOQ_KNOB_FMT, fmt);
	return ret ?: count;
}

/* voq/port<N>/: read-write numbers */

static ssize_t rio_voq_knob_show(struct kobject *kobj, char *buf,
				 enum rio_voq_knob knob)
{
	struct rio_voq_port p;
	int ret = rio_voq_live(kobj, &p);
	unsigned int val = 0;

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
	case RIO_VOQ_KNOB_RX_PGS:
		val = p.rx_pgs;
		break;
	default:
		return -EINVAL;
	}
	return sysfs_emit(buf, "%u\n", val);
}

static ssize_t rio_voq_knob_store(struct kobject *kobj, const char *buf,
				  size_t count, enum rio_voq_knob knob)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	unsigned int val;
	int ret;

	/* Decimal only, as shown; anything else is refused, unchanged */
	if (kstrtouint(buf, 10, &val))
		return -EINVAL;
	ret = rio_voq_port_set(k->n, k->port, knob, val);
	return ret ?: count;
}

#define RIO_VOQ_KNOB_SHOW(_name, _knob)						\
static ssize_t _name##_show(struct kobject *kobj,				\
			    struct kobj_attribute *attr, char *buf)		\
{										\
	return rio_voq_knob_show(kobj, buf, _knob);				\
}

#define RIO_VOQ_KNOB_STORE(_name, _knob)					\
static ssize_t _name##_store(struct kobject *kobj,				\
			     struct kobj_attribute *attr,			\
			     const char *buf, size_t count)			\
{										\
	return rio_voq_knob_store(kobj, buf, count, _knob);			\
}

RIO_VOQ_KNOB_SHOW(generation, RIO_VOQ_KNOB_GEN)
RIO_VOQ_KNOB_STORE(generation, RIO_VOQ_KNOB_GEN)
RIO_VOQ_KNOB_SHOW(participation, RIO_VOQ_KNOB_PART)
RIO_VOQ_KNOB_STORE(participation, RIO_VOQ_KNOB_PART)
RIO_VOQ_KNOB_SHOW(xoff, RIO_VOQ_KNOB_XOFF)
RIO_VOQ_KNOB_STORE(xoff, RIO_VOQ_KNOB_XOFF)
RIO_VOQ_KNOB_SHOW(per_vc, RIO_VOQ_KNOB_VC)
RIO_VOQ_KNOB_STORE(per_vc, RIO_VOQ_KNOB_VC)
RIO_VOQ_KNOB_SHOW(tx_group_size, RIO_VOQ_KNOB_TX_PGS)
RIO_VOQ_KNOB_STORE(tx_group_size, RIO_VOQ_KNOB_TX_PGS)
RIO_VOQ_KNOB_SHOW(rx_group_size, RIO_VOQ_KNOB_RX_PGS)
RIO_VOQ_KNOB_STORE(rx_group_size, RIO_VOQ_KNOB_RX_PGS)

/* voq/port<N>/: staging queues */

static ssize_t staging_queues_show(struct kobject *kobj,
				   struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	ssize_t ret;

	mutex_lock(&rio_voq_lock);
	ret = k->n->dead ? -ENODEV :
	      sysfs_emit(buf, "%u\n", k->n->port[k->port].smap ?
			 k->n->port[k->port].nqueues : 0);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

/* One queue number per downstream port, in port order */
static ssize_t staging_map_show(struct kobject *kobj,
				struct kobj_attribute *attr, char *buf)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	struct rio_voq_portst *ps;
	unsigned int d;
	int len = 0;

	mutex_lock(&rio_voq_lock);
	if (k->n->dead) {
		mutex_unlock(&rio_voq_lock);
		return -ENODEV;
	}
	ps = &k->n->port[k->port];
	for (d = 0; ps->smap && d < ps->nsmap; d++)
		len += sysfs_emit_at(buf, len, d ? " %u" : "%u", ps->smap[d]);
	len += sysfs_emit_at(buf, len, "\n");
	mutex_unlock(&rio_voq_lock);
	return len;
}

static ssize_t staging_map_store(struct kobject *kobj,
				 struct kobj_attribute *attr,
				 const char *buf, size_t count)
{
	struct rio_voq_kobj *k = to_voq_kobj(kobj);
	char *copy, *cur, *tok;
	unsigned int n = 0, q;
	u8 *map;
	int ret = 0;

	copy = kstrndup(buf, count, GFP_KERNEL);
	map = kcalloc(RIO_VOQ_MAX_PORTS, sizeof(*map), GFP_KERNEL);
	if (!copy || !map) {
		ret = -ENOMEM;
		goto out;
	}
	/* Single spaces between entries; only a final newline is allowed */
	cur = copy;
	if (count && cur[count - 1] == '\n')
		cur[count - 1] = '\0';
	while (!ret && (tok = strsep(&cur, " "))) {
		if (!*tok)
			ret = -EINVAL;		/* two spaces in a row */
		else if (n == RIO_VOQ_MAX_PORTS || kstrtouint(tok, 10, &q) || q > U8_MAX)
			ret = -EINVAL;
		else
			map[n++] = q;
	}
	if (!ret)
		ret = rio_voq_staging_set_map(k->n, k->port, map, n);
out:
	kfree(copy);
	kfree(map);
	return ret ?: count;
}

static struct kobj_attribute rio_voq_attr_staging_queues = __ATTR_RO(staging_queues);
static struct kobj_attribute rio_voq_attr_staging_map = __ATTR_RW(staging_map);
static struct kobj_attribute rio_voq_attr_csr = __ATTR_RO(csr);
static struct kobj_attribute rio_voq_attr_capabilities = __ATTR_RO(capabilities);
static struct kobj_attribute rio_voq_attr_group_sizes_supported =
	__ATTR_RO(group_sizes_supported);
static struct kobj_attribute rio_voq_attr_partner = __ATTR_RO(partner);
static struct kobj_attribute rio_voq_attr_link_status = __ATTR_RO(link_status);
static struct kobj_attribute rio_voq_attr_symbol_format = __ATTR_RW(symbol_format);
static struct kobj_attribute rio_voq_attr_generation = __ATTR_RW(generation);
static struct kobj_attribute rio_voq_attr_participation = __ATTR_RW(participation);
static struct kobj_attribute rio_voq_attr_xoff = __ATTR_RW(xoff);
static struct kobj_attribute rio_voq_attr_per_vc = __ATTR_RW(per_vc);
static struct kobj_attribute rio_voq_attr_tx_group_size = __ATTR_RW(tx_group_size);
static struct kobj_attribute rio_voq_attr_rx_group_size = __ATTR_RW(rx_group_size);

static struct attribute *rio_voq_port_attrs[] = {
	&rio_voq_attr_csr.attr,
	&rio_voq_attr_capabilities.attr,
	&rio_voq_attr_group_sizes_supported.attr,
	&rio_voq_attr_partner.attr,
	&rio_voq_attr_link_status.attr,
	&rio_voq_attr_symbol_format.attr,
	&rio_voq_attr_generation.attr,
	&rio_voq_attr_participation.attr,
	&rio_voq_attr_xoff.attr,
	&rio_voq_attr_per_vc.attr,
	&rio_voq_attr_tx_group_size.attr,
	&rio_voq_attr_rx_group_size.attr,
	&rio_voq_attr_staging_queues.attr,
	&rio_voq_attr_staging_map.attr,
	NULL,
};
ATTRIBUTE_GROUPS(rio_voq_port);

static const struct kobj_type rio_voq_port_ktype = {
	.release = rio_voq_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = rio_voq_port_groups,
};

static __printf(5, 6)
struct kobject *rio_voq_kobj_add(struct rio_voq_node *n, unsigned int port,
				 const struct kobj_type *type,
				 struct kobject *parent, const char *fmt, ...)
{
	struct rio_voq_kobj *k = kzalloc(sizeof(*k), GFP_KERNEL);
	va_list args;
	int ret;

	if (!k)
		return NULL;
	k->n = n;
	k->port = port;
	kobject_init(&k->kobj, type);
	va_start(args, fmt);
	ret = kobject_set_name_vargs(&k->kobj, fmt, args);
	va_end(args);
	if (!ret)
		ret = kobject_add(&k->kobj, parent, NULL);
	if (ret) {
		kobject_put(&k->kobj);
		return NULL;
	}
	return &k->kobj;
}

/**
 * rio_voq_sysfs_add() - create voq/ and voq/port<N>/ for a node
 * @n: a probed node with a VoQ block, not in sysfs yet
 *
 * Return: 0 or -ENOMEM (nothing is left half made).
 */
int rio_voq_sysfs_add(struct rio_voq_node *n)
{
	struct kobject *parent = n->rdev ? &n->rdev->dev.kobj : &n->mport->dev.kobj;
	unsigned int p;

	n->kport = kcalloc(n->nports, sizeof(*n->kport), GFP_KERNEL);
	if (!n->kport)
		return -ENOMEM;
	n->kdir = rio_voq_kobj_add(n, 0, &rio_voq_dir_ktype, parent, "voq");
	for (p = 0; n->kdir && p < n->nports; p++) {
		n->kport[p] = rio_voq_kobj_add(n, p, &rio_voq_port_ktype, n->kdir,
					       "port%u", p);
		if (!n->kport[p])
			break;
	}
	if (!n->kdir || p < n->nports) {
		rio_voq_sysfs_del(n);
		return -ENOMEM;
	}
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

	for (p = 0; n->kport && p < n->nports; p++)
		if (n->kport[p])
			kobject_put(n->kport[p]);
	kfree(n->kport);
	n->kport = NULL;
	if (n->kdir)
		kobject_put(n->kdir);
	n->kdir = NULL;
}
