/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-in: rio-voq's state may hold work items; riovoq runs none. */
#ifndef _RIOVOQ_LINUX_WORKQUEUE_H
#define _RIOVOQ_LINUX_WORKQUEUE_H
struct workqueue_struct;

struct work_struct {
	void *unused;
};

struct delayed_work {
	struct work_struct work;
};
#endif
