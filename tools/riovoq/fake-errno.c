// SPDX-License-Identifier: GPL-2.0-only
/*
 * fake-errno.so - make a fake sysfs tree answer like the kernel, for
 * riovoq's tests only (LD_PRELOAD; never part of riovoq).
 *
 * A regular file cannot refuse a write the way a sysfs file does.  With
 * this library preloaded, a file F of the fake tree beside which there is
 * a file "F.errno" holding an errno name ("EXDEV") or number answers:
 *
 *   write(2) to F     -1 with that errno, F unchanged (an O_TRUNC open
 *                     of F does not truncate it);
 *   read(2) of F      the same, if "F.errno" starts with "read ".
 *
 * riovoq opens, reads and writes with open(2), read(2) and write(2), as
 * it does on sysfs, so the errno it sees is the one a store or show
 * method of rio_voq would return.
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *name;
	int err;
} names[] = {
	{ "EINVAL", EINVAL }, { "EPERM", EPERM }, { "EACCES", EACCES },
	{ "ENOLINK", ENOLINK }, { "EOPNOTSUPP", EOPNOTSUPP }, { "EXDEV", EXDEV },
	{ "EBUSY", EBUSY }, { "ENODEV", ENODEV }, { "EIO", EIO }, { "ENOENT", ENOENT },
	{ "ENOMEM", ENOMEM }, { "EHOSTUNREACH", EHOSTUNREACH },
};

static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static int (*real_open)(const char *, int, ...);

static void init(void)
{
	if (!real_read) {
		real_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
		real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
		real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	}
}

/* The errno "@path.errno" names for a read (@rd) or a write, or 0 */
static int injected_path(const char *path, int rd)
{
	char epath[PATH_MAX + 8], buf[64], *s;
	ssize_t n;
	size_t i;
	int fd;

	if (snprintf(epath, sizeof(epath), "%s.errno", path) >= (int)sizeof(epath))
		return 0;
	fd = real_open(epath, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = real_read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	s = buf;
	if (!strncmp(s, "read ", 5)) {
		if (!rd)
			return 0;
		s += 5;
	} else if (rd) {
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i].name))
			return names[i].err;
	return atoi(s);
}

static int injected_fd(int fd, int rd)
{
	char link[64], path[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n <= 0)
		return 0;
	path[n] = '\0';
	return injected_path(path, rd);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	init();
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if ((flags & O_TRUNC) && injected_path(path, 0))
		flags &= ~O_TRUNC;
	return real_open(path, flags, mode);
}

ssize_t read(int fd, void *buf, size_t n)
{
	int err;

	init();
	err = injected_fd(fd, 1);
	if (err) {
		errno = err;
		return -1;
	}
	return real_read(fd, buf, n);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	int err;

	init();
	err = fd > 2 ? injected_fd(fd, 0) : 0;
	if (err) {
		errno = err;
		return -1;
	}
	return real_write(fd, buf, n);
}
