/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-in: rio-voq's state may embed kobjects; riovoq never uses them. */
#ifndef _RIOVOQ_LINUX_KOBJECT_H
#define _RIOVOQ_LINUX_KOBJECT_H
struct kobject {
	void *unused;
};
#endif
