/* SPDX-License-Identifier: GPL-2.0-only */
/* The system UAPI errno values (glibc includes this one too) */
#include_next <linux/errno.h>
