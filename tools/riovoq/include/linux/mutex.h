/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-in: riovoq is single-threaded; the lock is never taken. */
#ifndef _RIOVOQ_LINUX_MUTEX_H
#define _RIOVOQ_LINUX_MUTEX_H
struct mutex {
	int unused;
};

#define DEFINE_MUTEX(m)	struct mutex m
#endif
