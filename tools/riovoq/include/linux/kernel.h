/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_KERNEL_H
#define _RIOVOQ_LINUX_KERNEL_H
/* Each argument evaluated once, as in the kernel */
#define DIV_ROUND_UP(n, d)	({ typeof(d) d_ = (d); ((n) + d_ - 1) / d_; })
#define min(a, b)		({ typeof(a) a_ = (a); typeof(b) b_ = (b); a_ < b_ ? a_ : b_; })
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))
#endif
