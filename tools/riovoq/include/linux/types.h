/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-ins for the kernel types the VoQ codec uses. */
#ifndef _RIOVOQ_LINUX_TYPES_H
#define _RIOVOQ_LINUX_TYPES_H
#include_next <linux/types.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
#endif
