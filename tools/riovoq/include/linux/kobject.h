/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-in: rio-voq's state may embed kobjects; riovoq never uses them. */
#ifndef _RIOVOQ_LINUX_KOBJECT_H
#define _RIOVOQ_LINUX_KOBJECT_H
struct kobject {
	struct kobject *parent;
};

/* The driver model's way from a kobject to its device: never called */
struct device;
#define kobj_to_dev(kobj)	((struct device *)(kobj))
#endif
