/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_BITS_H
#define _RIOVOQ_LINUX_BITS_H
#define BIT(n)			(1UL << (n))
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (sizeof(long) * 8 - 1 - (h))))
#define BITS_PER_LONG		(sizeof(long) * 8)
#endif
