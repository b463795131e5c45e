/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the kernel's build gives every file without an #include
 * (compiler attributes, READ_ONCE, IS_ENABLED): riovoq's build passes
 * it with -include to every file it compiles, the kernel's and its own.
 */
#ifndef _RIOVOQ_KERNEL_ENV_H
#define _RIOVOQ_KERNEL_ENV_H
#include <linux/kernel.h>

/* The attributes of <linux/compiler_attributes.h>, for the kernel's and riovoq's files */
#define compiler_attribute	__attribute__
#define __maybe_unused		compiler_attribute((unused))
#define __noreturn		compiler_attribute((noreturn))
#define __printf(a, b)		compiler_attribute((format(printf, a, b)))
/* Messages: riovoq runs none of the code that logs */
static inline __printf(1, 2) int no_printk(const char *fmt, ...)
{
	return 0;
}

#define pr_err(fmt, ...)	no_printk(fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	no_printk(fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	no_printk(fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	no_printk(fmt, ##__VA_ARGS__)

#define READ_ONCE(x)		(x)
#define WRITE_ONCE(x, v)	((x) = (v))
/*
 * No kernel option is set in userspace: KUnit's hooks are left out.  For
 * #if (the kernel's files use it there), where an undefined name is 0
 */
#define IS_ENABLED(CONFIG_option)	(0 && (CONFIG_option))
#endif
