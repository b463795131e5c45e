/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-ins for what rio-voq's pure files use of sysfs: text helpers. */
#ifndef _RIOVOQ_LINUX_SYSFS_H
#define _RIOVOQ_LINUX_SYSFS_H
#include <stdio.h>
#include <string.h>

#define PAGE_SIZE	4096

static inline int __sysfs_match_string(const char * const *array, size_t n,
				       const char *str)
{
	size_t i, len;

	for (i = 0; i < n; i++) {
		if (!array[i])
			continue;
		len = strlen(array[i]);
		if (!strncmp(str, array[i], len) &&
		    (!str[len] || (str[len] == '\n' && !str[len + 1])))
			return i;
	}
	return -EINVAL;
}

/* ARRAY_SIZE(a), as the kernel has it, in a form that names @a once */
#define sysfs_match_string(a, s) \
	__sysfs_match_string(a, sizeof(typeof(a)) / sizeof(typeof((a)[0])), s)
#define sysfs_emit(buf, ...)	snprintf(buf, PAGE_SIZE, __VA_ARGS__)
#endif
