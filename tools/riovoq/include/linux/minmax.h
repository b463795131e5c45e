/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_MINMAX_H
#define _RIOVOQ_LINUX_MINMAX_H
#include <linux/kernel.h>
#define min3(a, b, c)	min(min(a, b), c)
#endif
