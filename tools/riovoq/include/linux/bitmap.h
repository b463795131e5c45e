/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_BITMAP_H
#define _RIOVOQ_LINUX_BITMAP_H
#include <linux/bits.h>
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]
static inline int test_bit(unsigned int nr, const unsigned long *addr)
{
	return (addr[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG)) & 1;
}
#endif
