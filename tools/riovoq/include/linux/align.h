/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_ALIGN_H
#define _RIOVOQ_LINUX_ALIGN_H
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#endif
