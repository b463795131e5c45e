// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim configfs interface, in the manner of gpio-sim: userspace
 * describes a fabric, then makes it live, which builds the simulated
 * fabric and registers an mport for it.
 *
 *   /sys/kernel/config/rio-sim/<fabric>/
 *       topology     a canned topology ("star:4"...), or empty to use
 *                    the devices and links below
 *       large        16-bit destination IDs (0/1)
 *       host_destid  the host's ID, -1 for a discovering node, -2 for
 *                    the core's rapidio.hdid= (default); "live" refuses
 *                    an ID beyond the fabric's width (254, or 65534)
 *       links        one link per line: "DEV PORT DEV PORT CLASS"
 *       live         1 builds and registers, 0 tears down
 *       mport        (read-only) the live mport's name
 *       <device>/    one directory per device; "host" is the host's own
 *                    port and must be an endpoint
 *           switch, ports, vid, did, map (1 or 2), em,
 *           lat_caps (read-only bits 0-2 of the Port n Latency
 *           Optimization CSR, in register position: 0x80000000 multiple
 *           acknowledges, 0x40000000 ackID in PNA, 0x20000000 TX ackID
 *           status in PNA; other bits -EINVAL; map 2 only, or "live"
 *           refuses the description),
 *           voq (none, rev2, rev3), voq_caps (Port n VoQ CSR bits),
 *           minimal (1: minimal Part 12 silicon, no full status when
 *           generation is turned on or a link recovers, no receiver
 *           forgetting its partner's state),
 *           and for hostile devices: voq_ports (VoQ CSRs of the block,
 *           0 for one per port), voq_place (last, first, end) and
 *           swp_ports (ports the switch claims, -1 for its real count)
 *
 * A live fabric's description cannot change (-EBUSY); removing a live
 * fabric's directory tears it down.  Every store takes one value, or one
 * link per line, with at most a final newline: a NUL, junk after the
 * value or a second value is refused (-EINVAL), nothing changed; flags
 * are 0 or 1.
 */

#include <linux/configfs.h>
#include <linux/err.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sim.h"

struct sim_cfs_fabric {
	struct config_group group;
	struct mutex lock;	/* description and live state */
	struct list_head devs;
	char topology[24];
	bool large;
	int host_destid;
	char *links;
	struct rio_sim_mport *sm;
};

struct sim_cfs_dev {
	struct config_group group;
	struct sim_cfs_fabric *fabric;
	struct list_head node;
	struct rio_sim_dev_desc desc;
};

static struct sim_cfs_fabric *to_sim_cfs_fabric(struct config_item *item)
{
	return container_of(to_config_group(item), struct sim_cfs_fabric, group);
}

static struct sim_cfs_dev *to_sim_cfs_dev(struct config_item *item)
{
	return container_of(to_config_group(item), struct sim_cfs_dev, group);
}

/*
 * configfs hands a store the bytes as written, embedded NULs included
 * (page[count] is NUL): a value followed by a NUL and more is not the
 * value, whatever a parser that stops at the NUL would make of it.
 */
static bool sim_cfs_bad_bytes(const char *page, size_t count)
{
	return strnlen(page, count) != count;
}

/* A flag: 0 or 1, and at most a final newline */
static int sim_cfs_flag(const char *page, size_t count, bool *flag)
{
	unsigned int val;

	if (sim_cfs_bad_bytes(page, count) || kstrtouint(page, 10, &val) || val > 1)
		return -EINVAL;
	*flag = val;
	return 0;
}

/* One line of the links text: "DEV PORT DEV PORT CLASS", blank-separated */
struct sim_cfs_link {
	const char *a, *b;
	unsigned int pa, pb, cls;
};

/*
 * Return: 1 for a link, 0 for a blank line (spaces and tabs only: not
 * strim(), whose isspace() takes 0xa0 too), -EINVAL.
 */
static int sim_cfs_link_parse(char *line, struct sim_cfs_link *l)
{
	char *word[6];
	unsigned int n = 0;

	while (line && n < ARRAY_SIZE(word)) {
		word[n] = strsep(&line, " \t");
		n += *word[n] != '\0';
	}
	if (!n)
		return 0;
	if (n != 5 || strlen(word[0]) >= sizeof_field(struct rio_sim_dev, name) ||
	    strlen(word[2]) >= sizeof_field(struct rio_sim_dev, name) ||
	    kstrtouint(word[1], 10, &l->pa) || kstrtouint(word[3], 10, &l->pb) ||
	    kstrtouint(word[4], 10, &l->cls) || l->cls > U8_MAX)
		return -EINVAL;
	l->a = word[0];
	l->b = word[2];
	return 1;
}

/*
 * Parse the links text; with @fab, connect its devices too (else only
 * check the text's form, as its store does).  Return: the number of
 * links, or an error.
 */
static int sim_cfs_links(struct rio_sim_fabric *fab, const char *text)
{
	struct rio_sim_dev *da, *db, *dev;
	char *buf, *cur, *line;
	struct sim_cfs_link l;
	int ret = 0, n = 0;

	if (!text)
		return 0;
	buf = kstrdup(text, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	cur = buf;
	while (ret >= 0 && (line = strsep(&cur, "\n"))) {
		ret = sim_cfs_link_parse(line, &l);
		if (ret <= 0)
			continue;
		n++;
		if (!fab)
			continue;
		da = NULL;
		db = NULL;
		list_for_each_entry(dev, &fab->devs, node) {
			if (!strcmp(dev->name, l.a))
				da = dev;
			if (!strcmp(dev->name, l.b))
				db = dev;
		}
		ret = da && db ? rio_sim_link(da, l.pa, db, l.pb, l.cls) : -EINVAL;
	}
	kfree(buf);
	return ret < 0 ? ret : n;
}

static struct rio_sim_fabric *sim_cfs_build(struct sim_cfs_fabric *f)
{
	struct sim_cfs_dev *host = NULL, *d;
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *dev;
	int ret;

	if (f->topology[0]) {
		if (!list_empty(&f->devs) || f->links)
			return ERR_PTR(-EINVAL);
		return rio_sim_topo_build(f->topology);
	}

	list_for_each_entry(d, &f->devs, node)
		if (!strcmp(d->desc.name, "host"))
			host = d;
	if (!host || host->desc.is_switch)
		return ERR_PTR(-EINVAL);

	fab = rio_sim_fabric_alloc(f->large);
	if (!fab)
		return ERR_PTR(-ENOMEM);
	dev = rio_sim_dev_add(fab, &host->desc);
	ret = PTR_ERR_OR_ZERO(dev);
	list_for_each_entry(d, &f->devs, node) {
		if (ret || d == host)
			continue;
		dev = rio_sim_dev_add(fab, &d->desc);
		ret = PTR_ERR_OR_ZERO(dev);
	}
	if (!ret)
		ret = min(sim_cfs_links(fab, f->links), 0);
	if (ret) {
		rio_sim_fabric_free(fab);
		return ERR_PTR(ret);
	}
	return fab;
}

static int sim_cfs_set_live(struct sim_cfs_fabric *f, bool live)
{
	struct rio_sim_fabric *fab;
	struct rio_sim_mport *sm;

	if (live == !!f->sm)
		return 0;
	if (!live) {
		rio_sim_mport_destroy(f->sm);
		f->sm = NULL;
		return 0;
	}
	fab = sim_cfs_build(f);
	if (IS_ERR(fab))
		return PTR_ERR(fab);
	sm = rio_sim_mport_create(fab, f->host_destid);
	if (IS_ERR(sm))
		return PTR_ERR(sm);
	f->sm = sm;
	return 0;
}

/* Fabric attributes */

static ssize_t sim_cfs_fabric_topology_show(struct config_item *item, char *page)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	ssize_t ret;

	mutex_lock(&f->lock);
	ret = sprintf(page, "%s\n", f->topology);
	mutex_unlock(&f->lock);
	return ret;
}

static ssize_t sim_cfs_fabric_topology_store(struct config_item *item,
					     const char *page, size_t count)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	char buf[sizeof(f->topology)];
	struct rio_sim_fabric *check;
	int ret = 0;

	if (sim_cfs_bad_bytes(page, count) || strscpy(buf, page, sizeof(buf)) < 0)
		return -EINVAL;
	/* One final newline, and nothing else around the name */
	if (count && buf[count - 1] == '\n')
		buf[count - 1] = '\0';
	/* Refuse what cannot be built, so that "live" does not fail later */
	if (buf[0]) {
		check = rio_sim_topo_build(buf);
		if (IS_ERR(check))
			return PTR_ERR(check);
		rio_sim_fabric_free(check);
	}
	mutex_lock(&f->lock);
	if (f->sm)
		ret = -EBUSY;
	else
		strscpy(f->topology, buf, sizeof(f->topology));
	mutex_unlock(&f->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_fabric_, topology);

static ssize_t sim_cfs_fabric_large_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", to_sim_cfs_fabric(item)->large);
}

static ssize_t sim_cfs_fabric_large_store(struct config_item *item,
					  const char *page, size_t count)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	bool val;
	int ret = sim_cfs_flag(page, count, &val);

	if (ret)
		return ret;
	mutex_lock(&f->lock);
	if (f->sm)
		ret = -EBUSY;
	else
		f->large = val;
	mutex_unlock(&f->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_fabric_, large);

static ssize_t sim_cfs_fabric_host_destid_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", to_sim_cfs_fabric(item)->host_destid);
}

static ssize_t sim_cfs_fabric_host_destid_store(struct config_item *item,
						const char *page, size_t count)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	int val, ret = 0;

	if (sim_cfs_bad_bytes(page, count) || kstrtoint(page, 0, &val))
		return -EINVAL;
	if (val < RIO_SIM_HDID_CORE || val > 0xfffe)
		return -EINVAL;
	mutex_lock(&f->lock);
	if (f->sm)
		ret = -EBUSY;
	else
		f->host_destid = val;
	mutex_unlock(&f->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_fabric_, host_destid);

static ssize_t sim_cfs_fabric_links_show(struct config_item *item, char *page)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	ssize_t ret;

	mutex_lock(&f->lock);
	ret = sprintf(page, "%s", f->links ?: "");
	mutex_unlock(&f->lock);
	return ret;
}

static ssize_t sim_cfs_fabric_links_store(struct config_item *item,
					  const char *page, size_t count)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	char *links = NULL;
	int ret = 0;

	if (sim_cfs_bad_bytes(page, count))
		return -EINVAL;
	links = kstrndup(page, count, GFP_KERNEL);
	if (!links)
		return -ENOMEM;
	/* A text without a link (blank lines, or none) clears the links */
	ret = sim_cfs_links(NULL, links);
	if (ret <= 0) {
		kfree(links);
		if (ret < 0)
			return ret;
		links = NULL;
	}
	ret = 0;
	mutex_lock(&f->lock);
	if (f->sm)
		ret = -EBUSY;
	else
		swap(f->links, links);
	mutex_unlock(&f->lock);
	kfree(links);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_fabric_, links);

static ssize_t sim_cfs_fabric_live_show(struct config_item *item, char *page)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	ssize_t ret;

	mutex_lock(&f->lock);
	ret = sprintf(page, "%d\n", !!f->sm);
	mutex_unlock(&f->lock);
	return ret;
}

static ssize_t sim_cfs_fabric_live_store(struct config_item *item,
					 const char *page, size_t count)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	bool live;
	int ret = sim_cfs_flag(page, count, &live);

	if (ret)
		return ret;
	mutex_lock(&f->lock);
	ret = sim_cfs_set_live(f, live);
	mutex_unlock(&f->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_fabric_, live);

static ssize_t sim_cfs_fabric_mport_show(struct config_item *item, char *page)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);
	ssize_t ret;

	mutex_lock(&f->lock);
	ret = sprintf(page, "%s\n", f->sm ? (const char *)f->sm->mport.name : "");
	mutex_unlock(&f->lock);
	return ret;
}

CONFIGFS_ATTR_RO(sim_cfs_fabric_, mport);

static struct configfs_attribute *sim_cfs_fabric_attrs[] = {
	&sim_cfs_fabric_attr_topology,
	&sim_cfs_fabric_attr_large,
	&sim_cfs_fabric_attr_host_destid,
	&sim_cfs_fabric_attr_links,
	&sim_cfs_fabric_attr_live,
	&sim_cfs_fabric_attr_mport,
	NULL,
};

/* Device attributes: each one a number, refused while the fabric is live */

enum sim_cfs_field { SIM_SWITCH, SIM_PORTS, SIM_VID, SIM_DID, SIM_MAP, SIM_EM,
		     SIM_LAT_CAPS, SIM_VOQ_CAPS, SIM_VOQ_PORTS, SIM_SWP_PORTS,
		     SIM_MINIMAL };

static ssize_t sim_cfs_dev_show(struct config_item *item, char *page,
				enum sim_cfs_field field)
{
	const struct rio_sim_dev_desc *d = &to_sim_cfs_dev(item)->desc;

	switch (field) {
	case SIM_SWITCH:
		return sprintf(page, "%d\n", d->is_switch);
	case SIM_PORTS:
		return sprintf(page, "%u\n", d->nports);
	case SIM_VID:
		return sprintf(page, "0x%04x\n", d->vid);
	case SIM_DID:
		return sprintf(page, "0x%04x\n", d->did);
	case SIM_MAP:
		return sprintf(page, "%d\n", d->map);
	case SIM_EM:
		return sprintf(page, "%d\n", d->em);
	case SIM_LAT_CAPS:
		return sprintf(page, "0x%08x\n", d->lat_caps);
	case SIM_VOQ_CAPS:
		return sprintf(page, "0x%08x\n", d->voq_caps);
	case SIM_VOQ_PORTS:
		return sprintf(page, "%u\n", d->voq_nports);
	case SIM_SWP_PORTS:
		return sprintf(page, "%d\n", d->swp_claim ? d->swp_ports : -1);
	case SIM_MINIMAL:
		return sprintf(page, "%d\n", d->minimal);
	}
	return -EINVAL;
}

static ssize_t sim_cfs_dev_store(struct config_item *item, const char *page,
				 size_t count, enum sim_cfs_field field)
{
	struct sim_cfs_dev *dev = to_sim_cfs_dev(item);
	struct rio_sim_dev_desc *d = &dev->desc;
	bool flag = false;
	int claim = -1;
	u32 val = 0;
	int ret;

	if (sim_cfs_bad_bytes(page, count))
		return -EINVAL;
	if (field == SIM_SWITCH || field == SIM_EM || field == SIM_MINIMAL)
		ret = sim_cfs_flag(page, count, &flag);
	else if (field == SIM_SWP_PORTS)
		ret = kstrtoint(page, 0, &claim);
	else
		ret = kstrtou32(page, 0, &val);
	if (ret)
		return -EINVAL;		/* out of range, too (-ERANGE) */
	if ((field == SIM_PORTS && (!val || val > RIO_SIM_MAX_PORTS)) ||
	    ((field == SIM_VID || field == SIM_DID) && val > U16_MAX) ||
	    (field == SIM_MAP && val != RIO_SIM_MAP_I && val != RIO_SIM_MAP_II) ||
	    (field == SIM_LAT_CAPS && (val & ~RIO_SIM_LAT_CAPS_ALL)) ||
	    (field == SIM_VOQ_PORTS && val > RIO_SIM_MAX_PORTS) ||
	    (field == SIM_SWP_PORTS && (claim < -1 || claim > RIO_SIM_MAX_PORTS)))
		return -EINVAL;

	mutex_lock(&dev->fabric->lock);
	if (dev->fabric->sm) {
		ret = -EBUSY;
	} else {
		switch (field) {
		case SIM_SWITCH:
			d->is_switch = flag;
			break;
		case SIM_PORTS:
			d->nports = val;
			break;
		case SIM_VID:
			d->vid = val;
			break;
		case SIM_DID:
			d->did = val;
			break;
		case SIM_MAP:
			d->map = val;
			break;
		case SIM_EM:
			d->em = flag;
			break;
		case SIM_LAT_CAPS:
			d->lat_caps = val;
			break;
		case SIM_VOQ_CAPS:
			d->voq_caps = val;
			break;
		case SIM_VOQ_PORTS:
			d->voq_nports = val;
			break;
		case SIM_SWP_PORTS:
			d->swp_claim = claim >= 0;
			d->swp_ports = claim >= 0 ? claim : 0;
			break;
		case SIM_MINIMAL:
			d->minimal = flag;
			break;
		}
	}
	mutex_unlock(&dev->fabric->lock);
	return ret ?: count;
}

#define SIM_CFS_DEV_SHOW(_name, _field)						\
static ssize_t sim_cfs_dev_##_name##_show(struct config_item *item, char *page) \
{										\
	return sim_cfs_dev_show(item, page, _field);				\
}

#define SIM_CFS_DEV_STORE(_name, _field)					\
static ssize_t sim_cfs_dev_##_name##_store(struct config_item *item,		\
					   const char *page, size_t count)	\
{										\
	return sim_cfs_dev_store(item, page, count, _field);			\
}

SIM_CFS_DEV_SHOW(switch, SIM_SWITCH)
SIM_CFS_DEV_STORE(switch, SIM_SWITCH)
CONFIGFS_ATTR(sim_cfs_dev_, switch);
SIM_CFS_DEV_SHOW(ports, SIM_PORTS)
SIM_CFS_DEV_STORE(ports, SIM_PORTS)
CONFIGFS_ATTR(sim_cfs_dev_, ports);
SIM_CFS_DEV_SHOW(vid, SIM_VID)
SIM_CFS_DEV_STORE(vid, SIM_VID)
CONFIGFS_ATTR(sim_cfs_dev_, vid);
SIM_CFS_DEV_SHOW(did, SIM_DID)
SIM_CFS_DEV_STORE(did, SIM_DID)
CONFIGFS_ATTR(sim_cfs_dev_, did);
SIM_CFS_DEV_SHOW(map, SIM_MAP)
SIM_CFS_DEV_STORE(map, SIM_MAP)
CONFIGFS_ATTR(sim_cfs_dev_, map);
SIM_CFS_DEV_SHOW(em, SIM_EM)
SIM_CFS_DEV_STORE(em, SIM_EM)
CONFIGFS_ATTR(sim_cfs_dev_, em);
SIM_CFS_DEV_SHOW(lat_caps, SIM_LAT_CAPS)
SIM_CFS_DEV_STORE(lat_caps, SIM_LAT_CAPS)
CONFIGFS_ATTR(sim_cfs_dev_, lat_caps);
SIM_CFS_DEV_SHOW(voq_caps, SIM_VOQ_CAPS)
SIM_CFS_DEV_STORE(voq_caps, SIM_VOQ_CAPS)
CONFIGFS_ATTR(sim_cfs_dev_, voq_caps);
SIM_CFS_DEV_SHOW(voq_ports, SIM_VOQ_PORTS)
SIM_CFS_DEV_STORE(voq_ports, SIM_VOQ_PORTS)
CONFIGFS_ATTR(sim_cfs_dev_, voq_ports);
SIM_CFS_DEV_SHOW(swp_ports, SIM_SWP_PORTS)
SIM_CFS_DEV_STORE(swp_ports, SIM_SWP_PORTS)
CONFIGFS_ATTR(sim_cfs_dev_, swp_ports);
SIM_CFS_DEV_SHOW(minimal, SIM_MINIMAL)
SIM_CFS_DEV_STORE(minimal, SIM_MINIMAL)
CONFIGFS_ATTR(sim_cfs_dev_, minimal);

static ssize_t sim_cfs_dev_voq_show(struct config_item *item, char *page)
{
	const struct rio_sim_dev_desc *d = &to_sim_cfs_dev(item)->desc;

	if (!d->voq)
		return sprintf(page, "none\n");
	return sprintf(page, "%s\n",
		       d->voq_layout == RIO_VOQ_LAYOUT_REV2 ? "rev2" : "rev3");
}

static ssize_t sim_cfs_dev_voq_store(struct config_item *item,
				     const char *page, size_t count)
{
	static const char * const names[] = { "none", "rev2", "rev3" };
	struct sim_cfs_dev *dev = to_sim_cfs_dev(item);
	int which = sysfs_match_string(names, page);
	int ret = 0;

	if (which < 0 || sim_cfs_bad_bytes(page, count))
		return -EINVAL;
	mutex_lock(&dev->fabric->lock);
	if (dev->fabric->sm) {
		ret = -EBUSY;
	} else {
		dev->desc.voq = which != 0;
		dev->desc.voq_layout = which == 1 ? RIO_VOQ_LAYOUT_REV2 :
						    RIO_VOQ_LAYOUT_REV3;
	}
	mutex_unlock(&dev->fabric->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_dev_, voq);

static const char * const sim_cfs_voq_place[] = {
	[RIO_SIM_VOQ_LAST] = "last",
	[RIO_SIM_VOQ_FIRST] = "first",
	[RIO_SIM_VOQ_END] = "end",
};

static ssize_t sim_cfs_dev_voq_place_show(struct config_item *item, char *page)
{
	const struct rio_sim_dev_desc *d = &to_sim_cfs_dev(item)->desc;

	return sprintf(page, "%s\n", sim_cfs_voq_place[d->voq_place]);
}

static ssize_t sim_cfs_dev_voq_place_store(struct config_item *item,
					   const char *page, size_t count)
{
	struct sim_cfs_dev *dev = to_sim_cfs_dev(item);
	int which = sysfs_match_string(sim_cfs_voq_place, page);
	int ret = 0;

	if (which < 0 || sim_cfs_bad_bytes(page, count))
		return -EINVAL;
	mutex_lock(&dev->fabric->lock);
	if (dev->fabric->sm)
		ret = -EBUSY;
	else
		dev->desc.voq_place = which;
	mutex_unlock(&dev->fabric->lock);
	return ret ?: count;
}

CONFIGFS_ATTR(sim_cfs_dev_, voq_place);

static struct configfs_attribute *sim_cfs_dev_attrs[] = {
	&sim_cfs_dev_attr_switch,
	&sim_cfs_dev_attr_ports,
	&sim_cfs_dev_attr_vid,
	&sim_cfs_dev_attr_did,
	&sim_cfs_dev_attr_map,
	&sim_cfs_dev_attr_em,
	&sim_cfs_dev_attr_lat_caps,
	&sim_cfs_dev_attr_voq,
	&sim_cfs_dev_attr_voq_caps,
	&sim_cfs_dev_attr_voq_ports,
	&sim_cfs_dev_attr_voq_place,
	&sim_cfs_dev_attr_swp_ports,
	&sim_cfs_dev_attr_minimal,
	NULL,
};

static void sim_cfs_dev_release(struct config_item *item)
{
	struct sim_cfs_dev *dev = to_sim_cfs_dev(item);

	mutex_lock(&dev->fabric->lock);
	list_del(&dev->node);
	mutex_unlock(&dev->fabric->lock);
	kfree(dev);
}

static struct configfs_item_operations sim_cfs_dev_item_ops = {
	.release = sim_cfs_dev_release,
};

static const struct config_item_type sim_cfs_dev_type = {
	.ct_item_ops = &sim_cfs_dev_item_ops,
	.ct_attrs = sim_cfs_dev_attrs,
	.ct_owner = THIS_MODULE,
};

static struct config_group *sim_cfs_make_dev(struct config_group *group,
					     const char *name)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(&group->cg_item);
	struct sim_cfs_dev *dev;

	if (strlen(name) >= sizeof(((struct rio_sim_dev *)NULL)->name))
		return ERR_PTR(-ENAMETOOLONG);
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);

	config_group_init_type_name(&dev->group, name, &sim_cfs_dev_type);
	dev->fabric = f;
	dev->desc = (struct rio_sim_dev_desc) {
		.name = config_item_name(&dev->group.cg_item),
		.nports = 1,
		.vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_ENDPOINT,
		.map = RIO_SIM_MAP_I,
		.voq = true,
		.voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};

	mutex_lock(&f->lock);
	if (f->sm) {
		mutex_unlock(&f->lock);
		kfree(dev);
		return ERR_PTR(-EBUSY);
	}
	list_add_tail(&dev->node, &f->devs);
	mutex_unlock(&f->lock);
	return &dev->group;
}

static void sim_cfs_fabric_release(struct config_item *item)
{
	struct sim_cfs_fabric *f = to_sim_cfs_fabric(item);

	mutex_lock(&f->lock);
	sim_cfs_set_live(f, false);
	mutex_unlock(&f->lock);
	mutex_destroy(&f->lock);
	kfree(f->links);
	kfree(f);
}

static struct configfs_item_operations sim_cfs_fabric_item_ops = {
	.release = sim_cfs_fabric_release,
};

static struct configfs_group_operations sim_cfs_fabric_group_ops = {
	.make_group = sim_cfs_make_dev,
};

static const struct config_item_type sim_cfs_fabric_type = {
	.ct_item_ops = &sim_cfs_fabric_item_ops,
	.ct_group_ops = &sim_cfs_fabric_group_ops,
	.ct_attrs = sim_cfs_fabric_attrs,
	.ct_owner = THIS_MODULE,
};

static struct config_group *sim_cfs_make_fabric(struct config_group *group,
						const char *name)
{
	struct sim_cfs_fabric *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return ERR_PTR(-ENOMEM);
	config_group_init_type_name(&f->group, name, &sim_cfs_fabric_type);
	mutex_init(&f->lock);
	INIT_LIST_HEAD(&f->devs);
	f->host_destid = RIO_SIM_HDID_CORE;
	return &f->group;
}

static struct configfs_group_operations sim_cfs_root_group_ops = {
	.make_group = sim_cfs_make_fabric,
};

static const struct config_item_type sim_cfs_root_type = {
	.ct_group_ops = &sim_cfs_root_group_ops,
	.ct_owner = THIS_MODULE,
};

static struct configfs_subsystem sim_cfs_subsys = {
	.su_group = {
		.cg_item = {
			.ci_namebuf = "rio-sim",
			.ci_type = &sim_cfs_root_type,
		},
	},
};

/**
 * rio_sim_configfs_init() - register the rio-sim configfs subsystem
 *
 * Return: 0 or the error of configfs_register_subsystem().
 */
int rio_sim_configfs_init(void)
{
	config_group_init(&sim_cfs_subsys.su_group);
	mutex_init(&sim_cfs_subsys.su_mutex);
	return configfs_register_subsystem(&sim_cfs_subsys);
}

/**
 * rio_sim_configfs_exit() - unregister the rio-sim configfs subsystem
 */
void rio_sim_configfs_exit(void)
{
	configfs_unregister_subsystem(&sim_cfs_subsys);
}
