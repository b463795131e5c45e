// SPDX-License-Identifier: GPL-2.0-only
/*
 * riofm - a small RapidIO fabric-manager client for /dev/rio_mportN.
 *
 * Does what a userspace fabric manager does through rio_mport_cdev
 * (include/uapi/linux/rio_mport_cdev.h): maintenance reads and writes,
 * local and remote, and adding and deleting devices of the kernel's view
 * of the net (RIO_DEV_ADD, RIO_DEV_DEL).  One ioctl per invocation, so
 * that a script sees each result as an exit status.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/rio_mport_cdev.h>
#include <linux/types.h>

/* Size of the maintenance (configuration) space, as the kernel checks */
#define MAINT_SPACE	0x1000000UL
#define MAX_WORDS	1024
#define MAX_DESTID	0xffffUL
#define MAX_HOPCOUNT	0xffUL

static const char usage[] =
"NAME\n"
"    riofm - RapidIO fabric-manager client (rio_mport_cdev)\n"
"\n"
"SYNOPSIS\n"
"    riofm [-m MPORT] info\n"
"    riofm [-m MPORT] read  (-l | -d DESTID -c HOPCOUNT) OFFSET [WORDS]\n"
"    riofm [-m MPORT] write (-l | -d DESTID -c HOPCOUNT) OFFSET VALUE...\n"
"    riofm [-m MPORT] add   -d DESTID -c HOPCOUNT [-t COMPTAG] [-n NAME]\n"
"    riofm [-m MPORT] del   (-n NAME | -t COMPTAG -d DESTID -c HOPCOUNT)\n"
"\n"
"DESCRIPTION\n"
"    info   the mport's properties (RIO_MPORT_GET_PROPERTIES).\n"
"    read   maintenance read of WORDS (default 1) 32-bit registers from\n"
"           OFFSET: of the mport itself with -l (RIO_MPORT_MAINT_READ_LOCAL),\n"
"           else of the device reached by DESTID and HOPCOUNT\n"
"           (RIO_MPORT_MAINT_READ_REMOTE); one \"0xOFFSET 0xVALUE\" line each.\n"
"    write  maintenance write of the VALUEs to consecutive registers from\n"
"           OFFSET (RIO_MPORT_MAINT_WRITE_LOCAL / _REMOTE).\n"
"    add    adds the device reached by DESTID and HOPCOUNT to the kernel's\n"
"           net (RIO_DEV_ADD), with component tag COMPTAG (default 0); the\n"
"           kernel names it NAME, or 00:e:TTTT / 00:s:TTTT from the tag.\n"
"    del    deletes a device from the kernel's net (RIO_DEV_DEL): by NAME,\n"
"           or by COMPTAG, DESTID and HOPCOUNT all matching.  Endpoints\n"
"           found by the enumerator have hop count 0xff.\n"
"\n"
"    Numbers are decimal, 0x hex or 0 octal.  OFFSET is word aligned and\n"
"    below 0x1000000.  NAME has at most 20 characters.\n"
"\n"
"OPTIONS\n"
"    -m MPORT     the mport: a number N (/dev/rio_mportN) or a path\n"
"                 (default /dev/rio_mport0)\n"
"    -l           local: the mport's own registers\n"
"    -d DESTID    destination ID (0..0xffff)\n"
"    -c HOPCOUNT  hop count (0..0xff)\n"
"    -t COMPTAG   component tag (32 bits)\n"
"    -n NAME      device name\n"
"    -h           this text\n"
"\n"
"    A command's options come before its arguments.\n"
"\n"
"EXIT STATUS\n"
"    0 success, 1 the kernel refused or the access failed (the reason is\n"
"    printed), 2 bad usage.\n";

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2 };

/* What the command line asks for */
struct target {
	const char *mport;
	int local;
	int have_destid, have_hopcount, have_comptag;
	__u16 destid;
	__u8 hopcount;
	__u32 comptag;
	const char *name;
};

/* One ioctl, prepared before the mport is opened */
struct request {
	unsigned long ioc;
	const char *what;
	char obj[80];
	void *arg;
	struct rio_mport_properties props;
	struct rio_mport_maint_io io;
	struct rio_rdev_info info;
	__u32 buf[MAX_WORDS];
	unsigned long words;
};

static int bad_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("riofm: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'riofm -h'.\n", stderr);
	return EXIT_USAGE;
}

/* A whole number in [0, max]: decimal, 0x hex or 0 octal */
static int parse_num(const char *what, const char *s, unsigned long max,
		     unsigned long *val)
{
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return bad_usage("bad %s '%s' (0..%#lx)", what, s, max);
	*val = strtoul(s, &end, 0);
	if (errno || *end || *val > max)
		return bad_usage("bad %s '%s' (0..%#lx)", what, s, max);
	return 0;
}

/* Where a maintenance access goes: -l, or -d and -c */
static int check_where(const struct target *t)
{
	if (t->local && (t->have_destid || t->have_hopcount))
		return bad_usage("-l and -d/-c exclude each other");
	if (!t->local && !(t->have_destid && t->have_hopcount))
		return bad_usage("give -l, or both -d DESTID and -c HOPCOUNT");
	if (t->name || t->have_comptag)
		return bad_usage("-n and -t are for add and del");
	return 0;
}

static int prep_maint(const struct target *t, const char *off,
		      struct request *r)
{
	unsigned long o;
	int ret;

	ret = check_where(t);
	if (ret)
		return ret;
	if (parse_num("offset", off, MAINT_SPACE - 4, &o))
		return EXIT_USAGE;
	if (o % 4)
		return bad_usage("offset '%s' is not word aligned", off);
	if (o + 4 * r->words > MAINT_SPACE)
		return bad_usage("offset '%s': the access runs past %#lx", off,
				 MAINT_SPACE);
	r->io.offset = o;
	r->io.rioid = t->destid;
	r->io.hopcount = t->hopcount;
	r->io.length = 4 * r->words;
	r->io.buffer = (uintptr_t)r->buf;
	r->arg = &r->io;
	if (t->local)
		snprintf(r->obj, sizeof(r->obj), "local 0x%06lx", o);
	else
		snprintf(r->obj, sizeof(r->obj), "destid 0x%x hopcount 0x%x 0x%06lx",
			 t->destid, t->hopcount, o);
	return 0;
}

static int prep_read(const struct target *t, int argc, char **argv,
		     struct request *r)
{
	r->words = 1;
	if (argc < 1 || argc > 2)
		return bad_usage("read: OFFSET [WORDS]");
	if (argc == 2 && (parse_num("word count", argv[1], MAX_WORDS, &r->words) ||
			  !r->words))
		return bad_usage("word count '%s': 1..%d", argv[1], MAX_WORDS);
	r->ioc = t->local ? RIO_MPORT_MAINT_READ_LOCAL : RIO_MPORT_MAINT_READ_REMOTE;
	r->what = "maintenance read";
	return prep_maint(t, argv[0], r);
}

static int prep_write(const struct target *t, int argc, char **argv,
		      struct request *r)
{
	unsigned long v;
	int i;

	if (argc < 2)
		return bad_usage("write: OFFSET VALUE...");
	if (argc - 1 > MAX_WORDS)
		return bad_usage("write: at most %d values", MAX_WORDS);
	for (i = 1; i < argc; i++) {
		if (parse_num("value", argv[i], UINT32_MAX, &v))
			return EXIT_USAGE;
		r->buf[i - 1] = v;
	}
	r->words = argc - 1;
	r->ioc = t->local ? RIO_MPORT_MAINT_WRITE_LOCAL : RIO_MPORT_MAINT_WRITE_REMOTE;
	r->what = "maintenance write";
	return prep_maint(t, argv[0], r);
}

static void prep_info(const struct target *t, struct request *r)
{
	r->info.destid = t->destid;
	r->info.hopcount = t->hopcount;
	r->info.comptag = t->comptag;
	if (t->name)
		strcpy(r->info.name, t->name);	/* length checked when parsed */
	r->arg = &r->info;
}

static int prep_add(const struct target *t, int argc, struct request *r)
{
	if (argc)
		return bad_usage("add takes options only");
	if (t->local || !t->have_destid || !t->have_hopcount)
		return bad_usage("add: give -d DESTID and -c HOPCOUNT");
	prep_info(t, r);
	r->ioc = RIO_DEV_ADD;
	r->what = "RIO_DEV_ADD";
	snprintf(r->obj, sizeof(r->obj), "%s%scomptag 0x%x destid 0x%x hopcount 0x%x",
		 t->name ? t->name : "", t->name ? " " : "", t->comptag,
		 t->destid, t->hopcount);
	return 0;
}

static int prep_del(const struct target *t, int argc, struct request *r)
{
	if (argc || t->local)
		return bad_usage("del takes -n, or -t, -d and -c");
	if (t->name && (t->have_comptag || t->have_destid || t->have_hopcount))
		return bad_usage("del: -n excludes -t, -d and -c");
	if (!t->name && !(t->have_comptag && t->have_destid && t->have_hopcount))
		return bad_usage("del: give -n NAME, or -t COMPTAG, -d DESTID and -c HOPCOUNT");
	prep_info(t, r);
	r->ioc = RIO_DEV_DEL;
	r->what = "RIO_DEV_DEL";
	if (t->name)
		snprintf(r->obj, sizeof(r->obj), "%s", t->name);
	else
		snprintf(r->obj, sizeof(r->obj), "comptag 0x%x destid 0x%x hopcount 0x%x",
			 t->comptag, t->destid, t->hopcount);
	return 0;
}

static int prep_props(const struct target *t, int argc, struct request *r)
{
	if (argc || t->local || t->have_destid || t->have_hopcount ||
	    t->have_comptag || t->name)
		return bad_usage("info takes only -m");
	r->ioc = RIO_MPORT_GET_PROPERTIES;
	r->what = "RIO_MPORT_GET_PROPERTIES";
	r->arg = &r->props;
	return 0;
}

static void show(const char *cmd, const struct request *r)
{
	const struct rio_mport_properties *p = &r->props;
	unsigned long i;

	if (!strcmp(cmd, "read")) {
		for (i = 0; i < r->words; i++)
			printf("0x%06lx 0x%08x\n",
			       (unsigned long)r->io.offset + 4 * i, r->buf[i]);
	} else if (!strcmp(cmd, "info")) {
		printf("hdid %d\n", p->hdid == 0xffff ? -1 : (int)p->hdid);
		printf("id %u\nindex %u\nsys_size %u\nport_ok %u\n", p->id,
		       p->index, p->sys_size, p->port_ok);
		printf("link_speed %u\nlink_width %u\nflags 0x%x\n",
		       p->link_speed, p->link_width, p->flags);
	}
}

static int open_mport(const char *mport)
{
	char path[PATH_MAX];
	unsigned long n;
	int fd;

	if (strchr(mport, '/')) {
		snprintf(path, sizeof(path), "%s", mport);
	} else {
		if (parse_num("mport number", mport, INT_MAX, &n))
			return -EXIT_USAGE;
		snprintf(path, sizeof(path), "/dev/rio_mport%lu", n);
	}
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "riofm: %s: %s\n", path, strerror(errno));
		return -EXIT_REFUSED;
	}
	return fd;
}

static int parse_opt(int c, const char *arg, struct target *t)
{
	unsigned long v;

	switch (c) {
	case 'm':
		t->mport = arg;
		return 0;
	case 'l':
		t->local = 1;
		return 0;
	case 'd':
		if (parse_num("destid", arg, MAX_DESTID, &v))
			return EXIT_USAGE;
		t->destid = v;
		t->have_destid = 1;
		return 0;
	case 'c':
		if (parse_num("hopcount", arg, MAX_HOPCOUNT, &v))
			return EXIT_USAGE;
		t->hopcount = v;
		t->have_hopcount = 1;
		return 0;
	case 't':
		if (parse_num("comptag", arg, UINT32_MAX, &v))
			return EXIT_USAGE;
		t->comptag = v;
		t->have_comptag = 1;
		return 0;
	case 'n':
		if (!*arg || strlen(arg) > RIO_MAX_DEVNAME_SZ)
			return bad_usage("name '%s': 1 to %d characters", arg,
					 RIO_MAX_DEVNAME_SZ);
		t->name = arg;
		return 0;
	default:
		return bad_usage("unknown option (see -h)");
	}
}

int main(int argc, char **argv)
{
	static struct request r;
	struct target t = { .mport = "0" };
	const char *cmd;
	int c, fd, ret;

	/* Global options, the command, then its options and arguments */
	while ((c = getopt(argc, argv, "+hm:")) != -1) {
		if (c == 'h') {
			fputs(usage, stdout);
			return 0;
		}
		ret = parse_opt(c, optarg, &t);
		if (ret)
			return ret;
	}
	if (optind >= argc)
		return bad_usage("no command");
	cmd = argv[optind];
	argv += optind;
	argc -= optind;
	optind = 1;
	while ((c = getopt(argc, argv, "+hlm:d:c:t:n:")) != -1) {
		if (c == 'h') {
			fputs(usage, stdout);
			return 0;
		}
		ret = parse_opt(c, optarg, &t);
		if (ret)
			return ret;
	}
	argv += optind;
	argc -= optind;

	/* The whole request is checked before the kernel sees any of it */
	if (!strcmp(cmd, "info"))
		ret = prep_props(&t, argc, &r);
	else if (!strcmp(cmd, "read"))
		ret = prep_read(&t, argc, argv, &r);
	else if (!strcmp(cmd, "write"))
		ret = prep_write(&t, argc, argv, &r);
	else if (!strcmp(cmd, "add"))
		ret = prep_add(&t, argc, &r);
	else if (!strcmp(cmd, "del"))
		ret = prep_del(&t, argc, &r);
	else
		ret = bad_usage("unknown command '%s'", cmd);
	if (ret)
		return ret;

	fd = open_mport(t.mport);
	if (fd < 0)
		return -fd;
	if (ioctl(fd, r.ioc, r.arg)) {
		fprintf(stderr, "riofm: %s%s%s: %s\n", r.what, *r.obj ? " " : "",
			r.obj, strerror(errno));
		close(fd);
		return EXIT_REFUSED;
	}
	close(fd);
	show(cmd, &r);
	return 0;
}
