// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq sysfs: the fabric's files in its mport's voq/ directory, its
 * policy (Documentation/ABI/testing/sysfs-class-rapidio_port-voq-fabric):
 *   auto_config  0 or 1: rio-voq configures every link of the fabric
 *                after each scan and port event (1), or discovers and
 *                reports only (0); writing 1 configures the fabric at once
 *   poll_ms      0 (off) to 60000: the period of the fabric's poll of
 *                every port's Error and Status CSR
 * Each file holds one decimal value.  The stores are the admin's way in,
 * as voq_sysfs.c's are: each parses its value without a lock, takes
 * rio_voq_lock, finds the fabric and calls one operation of
 * voq_admin.c, and drops the lock.  Bad input is refused with -EINVAL
 * and changes nothing.
 */

#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/sysfs.h>

#include "voq_core.h"

/* Show one value of the fabric of @kobj's mport, as rio-voq holds it */
static ssize_t rio_voq_net_show(struct kobject *kobj, char *buf, bool poll)
{
	struct rio_voq_net *net;
	ssize_t ret = -ENODEV;

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of_kobj(kobj);
	if (net)
		ret = sysfs_emit(buf, "%u\n", poll ? net->pol.poll_ms :
				 (unsigned int)net->pol.auto_config);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static ssize_t auto_config_show(struct kobject *kobj, struct kobj_attribute *attr,
				char *buf)
{
	return rio_voq_net_show(kobj, buf, false);
}

static ssize_t auto_config_store(struct kobject *kobj, struct kobj_attribute *attr,
				 const char *buf, size_t count)
{
	struct rio_voq_net *net;
	unsigned int val;
	int ret;

	if (rio_voq_parse_uint(buf, count, 1, &val))
		return -EINVAL;
	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of_kobj(kobj);
	ret = net ? rio_voq_net_set_auto_config(net, val) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();	/* poll() told of the ports it changed */
	return ret ?: count;
}

static ssize_t poll_ms_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return rio_voq_net_show(kobj, buf, true);
}

static ssize_t poll_ms_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	struct rio_voq_net *net;
	unsigned int val;
	int ret;

	if (rio_voq_parse_uint(buf, count, RIO_VOQ_POLL_MAX_MS, &val))
		return -EINVAL;
	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of_kobj(kobj);
	ret = net ? rio_voq_net_set_poll_ms(net, val) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_catch_up();
	return ret ?: count;
}

static struct kobj_attribute rio_voq_net_auto_config = __ATTR_RW(auto_config);
static struct kobj_attribute rio_voq_net_poll_ms = __ATTR_RW(poll_ms);

static struct attribute *rio_voq_net_attrs[] = {
	&rio_voq_net_auto_config.attr,
	&rio_voq_net_poll_ms.attr,
	NULL,
};

/* The fabric's files, in the voq/ directory of its mport */
const struct attribute_group rio_voq_net_attr_group = {
	.attrs = rio_voq_net_attrs,
};
