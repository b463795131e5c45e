/* SPDX-License-Identifier: GPL-2.0-only */
#include <linux/bitmap.h>

#ifndef _RIOVOQ_FLS
#define _RIOVOQ_FLS
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
#endif
