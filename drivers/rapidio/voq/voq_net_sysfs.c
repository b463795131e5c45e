// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq: the fabric's files of an mport's voq/ directory (its policy).
 * None yet: the group is what voq_sysfs.c gives every mport's voq/.
 */

#include <linux/sysfs.h>

#include "voq_core.h"

static struct attribute *rio_voq_net_attrs[] = {
	NULL,
};

const struct attribute_group rio_voq_net_attr_group = {
	.attrs = rio_voq_net_attrs,
};
