/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_BITFIELD_H
#define _RIOVOQ_LINUX_BITFIELD_H
#define FIELD_GET(mask, reg)	(((reg) & (mask)) >> __builtin_ctzl(mask))
#define FIELD_PREP(mask, val)	(((unsigned long)(val) << __builtin_ctzl(mask)) & (mask))
#endif
