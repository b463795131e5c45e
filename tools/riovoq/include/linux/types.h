/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-ins for the kernel types the VoQ codec uses. */
#ifndef _RIOVOQ_LINUX_TYPES_H
#define _RIOVOQ_LINUX_TYPES_H
#include_next <linux/types.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#endif
