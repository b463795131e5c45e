/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_KERNEL_H
#define _RIOVOQ_LINUX_KERNEL_H
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif
