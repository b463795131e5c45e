// SPDX-License-Identifier: GPL-2.0-only
/*
 * riofm - a small RapidIO fabric-manager client for /dev/rio_mportN.
 *
 * Does what a userspace fabric manager does through rio_mport_cdev
 * (include/uapi/linux/rio_mport_cdev.h): asks the mport for its link,
 * maintenance reads and writes, local and remote, adding and deleting
 * devices of the kernel's view of the net (RIO_DEV_ADD, RIO_DEV_DEL),
 * port-write events and doorbells.  One request per invocation, so that
 * a script sees each result as an exit status.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/rio_mport_cdev.h>
#include <linux/types.h>

/* Size of the maintenance (configuration) space, as the kernel checks */
#define MAINT_SPACE	0x1000000UL
#define MAX_WORDS	1024
#define MAX_DESTID	0xffffUL
#define MAX_HOPCOUNT	0xffUL
#define MAX_WAIT_S	3600UL
#define MAX_EVENTS	100000UL
/* What RIO_MPORT_GET_PROPERTIES says of a link that is down */
#define LINK_DOWN	0

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
"    riofm [-m MPORT] link\n"
"    riofm [-m MPORT] pw    [-w SECONDS] [-e EVENTS] [-r FILE] [LOW HIGH]\n"
"    riofm [-m MPORT] dbell -d DESTID INFO\n"
"    riofm [-m MPORT] dbell-wait [-w SECONDS] [-e EVENTS] [-r FILE] LOW HIGH\n"
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
"    link   the mport's own link: \"up SPEED WIDTH\" (the codes of\n"
"           RIO_MPORT_GET_PROPERTIES) and exit 0, or \"down\" and exit 1.\n"
"    pw     port-write events (RIO_ENABLE_PORTWRITE_RANGE) of the\n"
"           devices whose component tag is in LOW..HIGH (default all),\n"
"           one \"pw comptag 0xT port P errdetect 0xE\" line each, until\n"
"           EVENTS (default 1) came or SECONDS (default 10) passed.\n"
"    dbell  sends the doorbell INFO (0..0xffff) to DESTID (a write of a\n"
"           struct rio_event).\n"
"    dbell-wait  doorbells whose INFO is in LOW..HIGH\n"
"           (RIO_ENABLE_DOORBELL_RANGE), one \"dbell from 0xS info 0xI\"\n"
"           line each, until EVENTS came or SECONDS passed.\n"
"\n"
"    A request that crosses the fabric (a remote read or write, add,\n"
"    dbell) first asks the mport for its link, and is refused if the\n"
"    link is down.\n"
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
"    -w SECONDS   how long pw and dbell-wait wait at most (1..3600)\n"
"    -e EVENTS    how many events they wait for (1..100000)\n"
"    -r FILE      pw and dbell-wait create FILE once the kernel takes\n"
"                 the range, before they wait: events sent from then on\n"
"                 reach them (a script waits for FILE, not for a time)\n"
"    -h           this text\n"
"\n"
"    A command's options come before its arguments.\n"
"\n"
"EXIT STATUS\n"
"    0 success, 1 the kernel refused, the access failed, the link is\n"
"    down or fewer EVENTS came in time (the reason is printed), 2 bad\n"
"    usage.\n";

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
	unsigned long wait_s, events;
	int have_wait, have_events;
	const char *ready;
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
	/* Crosses the fabric: the link must be up */
	int remote;
	/* pw, dbell-wait: the events asked for */
	__u32 mask;
	struct rio_pw_filter pwf;
	struct rio_doorbell_filter dbf;
	struct rio_event ev;
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
	if (t->have_wait || t->have_events || t->ready)
		return bad_usage("-w, -e and -r are for pw and dbell-wait");
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
	r->remote = !t->local;
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
	r->remote = 1;
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
	    t->have_comptag || t->name || t->have_wait || t->have_events ||
	    t->ready)
		return bad_usage("info and link take only -m");
	r->ioc = RIO_MPORT_GET_PROPERTIES;
	r->what = "RIO_MPORT_GET_PROPERTIES";
	r->arg = &r->props;
	return 0;
}

/* pw and dbell-wait: -w and -e only, and a range LOW HIGH within @max */
static int prep_wait(const char *cmd, const struct target *t, int argc,
		     char **argv, unsigned long max, unsigned long *low,
		     unsigned long *high)
{
	if (t->local || t->have_destid || t->have_hopcount || t->have_comptag ||
	    t->name)
		return bad_usage("%s takes -w, -e, -r and a range", cmd);
	if (argc != 2)
		return bad_usage("%s: give LOW HIGH", cmd);
	if (parse_num("low", argv[0], max, low) ||
	    parse_num("high", argv[1], max, high))
		return EXIT_USAGE;
	if (*low > *high)
		return bad_usage("%s: LOW above HIGH", cmd);
	return 0;
}

static int prep_pw(const struct target *t, int argc, char **argv,
		   struct request *r)
{
	unsigned long low = 0, high = UINT32_MAX;
	int ret;

	if (argc)
		ret = prep_wait("pw", t, argc, argv, UINT32_MAX, &low, &high);
	else
		ret = prep_wait("pw", t, 2, (char *[]){ "0", "0xffffffff" },
				UINT32_MAX, &low, &high);
	if (ret)
		return ret;
	r->mask = RIO_PORTWRITE;
	r->pwf.mask = UINT32_MAX;
	r->pwf.low = low;
	r->pwf.high = high;
	r->what = "RIO_ENABLE_PORTWRITE_RANGE";
	snprintf(r->obj, sizeof(r->obj), "comptag 0x%lx..0x%lx", low, high);
	return 0;
}

static int prep_dbell_wait(const struct target *t, int argc, char **argv,
			   struct request *r)
{
	unsigned long low, high;
	int ret = prep_wait("dbell-wait", t, argc, argv, UINT16_MAX, &low, &high);

	if (ret)
		return ret;
	r->mask = RIO_DOORBELL;
	r->dbf.rioid = 0xffff;		/* RIO_INVALID_DESTID: from any */
	r->dbf.low = low;
	r->dbf.high = high;
	r->what = "RIO_ENABLE_DOORBELL_RANGE";
	snprintf(r->obj, sizeof(r->obj), "info 0x%lx..0x%lx", low, high);
	return 0;
}

static int prep_dbell(const struct target *t, int argc, char **argv,
		      struct request *r)
{
	unsigned long info;

	if (t->local || t->have_hopcount || t->have_comptag || t->name ||
	    t->have_wait || t->have_events || t->ready || !t->have_destid)
		return bad_usage("dbell: give -d DESTID and INFO");
	if (argc != 1)
		return bad_usage("dbell: give INFO");
	if (parse_num("info", argv[0], UINT16_MAX, &info))
		return EXIT_USAGE;
	r->ev.header = RIO_DOORBELL;
	r->ev.u.doorbell.rioid = t->destid;
	r->ev.u.doorbell.payload = info;
	r->remote = 1;
	r->what = "doorbell";
	snprintf(r->obj, sizeof(r->obj), "to destid 0x%x info 0x%lx", t->destid,
		 info);
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
	} else if (!strcmp(cmd, "link")) {
		if (p->link_speed == LINK_DOWN)
			puts("down");
		else
			printf("up %u %u\n", p->link_speed, p->link_width);
	}
}

/* The mport's link, as a fabric manager asks before it crosses the fabric */
static int link_up(int fd, int *up)
{
	struct rio_mport_properties props;

	if (ioctl(fd, RIO_MPORT_GET_PROPERTIES, &props)) {
		fprintf(stderr, "riofm: RIO_MPORT_GET_PROPERTIES: %s\n",
			strerror(errno));
		return EXIT_REFUSED;
	}
	*up = props.link_speed != LINK_DOWN;
	return 0;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void show_event(const struct rio_event *ev)
{
	/* The payload is the port-write as received: union rio_pw_msg */
	if (ev->header == RIO_PORTWRITE)
		printf("pw comptag 0x%08x port %u errdetect 0x%08x\n",
		       ev->u.portwrite.payload[0], ev->u.portwrite.payload[2] & 0xff,
		       ev->u.portwrite.payload[1]);
	else if (ev->header == RIO_DOORBELL)
		printf("dbell from 0x%x info 0x%04x\n", ev->u.doorbell.rioid,
		       ev->u.doorbell.payload);
	fflush(stdout);
}

/*
 * Take the events the request enabled: one struct rio_event per read
 * (a read of more than the queue holds waits for none and would spin in
 * the kernel's copy loop), until @events came or @wait_s passed.
 */
static int take_events(int fd, unsigned long wait_s, unsigned long events)
{
	long long end = now_ms() + wait_s * 1000LL, left;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned long got = 0;
	struct rio_event ev;
	ssize_t n;
	int ret;

	while (got < events) {
		left = end - now_ms();
		if (left <= 0)
			break;
		ret = poll(&pfd, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0) {
			fprintf(stderr, "riofm: poll: %s\n", strerror(errno));
			return EXIT_REFUSED;
		}
		if (!ret)
			break;
		n = read(fd, &ev, sizeof(ev));
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n != (ssize_t)sizeof(ev)) {
			fprintf(stderr, "riofm: read of an event: %s\n",
				n < 0 ? strerror(errno) : "short");
			return EXIT_REFUSED;
		}
		show_event(&ev);
		got++;
	}
	if (got < events) {
		fprintf(stderr, "riofm: %lu of %lu events in %lu s\n", got, events,
			wait_s);
		return EXIT_REFUSED;
	}
	return 0;
}

/* pw and dbell-wait: enable the range, take the events, disable it */
static int run_events(int fd, const struct target *t, struct request *r)
{
	unsigned long on, off;
	void *filter;
	int ret;

	if (r->mask == RIO_PORTWRITE) {
		on = RIO_ENABLE_PORTWRITE_RANGE;
		off = RIO_DISABLE_PORTWRITE_RANGE;
		filter = &r->pwf;
	} else {
		on = RIO_ENABLE_DOORBELL_RANGE;
		off = RIO_DISABLE_DOORBELL_RANGE;
		filter = &r->dbf;
	}
	if (ioctl(fd, RIO_SET_EVENT_MASK, r->mask) || ioctl(fd, on, filter)) {
		fprintf(stderr, "riofm: %s %s: %s\n", r->what, r->obj, strerror(errno));
		return EXIT_REFUSED;
	}
	/* The range is the kernel's: tell whoever waits for that */
	if (t->ready) {
		int rfd = open(t->ready, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (rfd < 0 || close(rfd)) {
			fprintf(stderr, "riofm: %s: %s\n", t->ready, strerror(errno));
			ioctl(fd, off, filter);
			return EXIT_REFUSED;
		}
	}
	ret = take_events(fd, t->have_wait ? t->wait_s : 10,
			  t->have_events ? t->events : 1);
	if (ioctl(fd, off, filter)) {
		fprintf(stderr, "riofm: disabling %s %s: %s\n", r->what, r->obj,
			strerror(errno));
		ret = EXIT_REFUSED;
	}
	return ret;
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
	case 'w':
		if (parse_num("seconds", arg, MAX_WAIT_S, &t->wait_s))
			return EXIT_USAGE;
		if (!t->wait_s)
			return bad_usage("-w: 1..%lu seconds", MAX_WAIT_S);
		t->have_wait = 1;
		return 0;
	case 'e':
		if (parse_num("events", arg, MAX_EVENTS, &t->events))
			return EXIT_USAGE;
		if (!t->events)
			return bad_usage("-e: 1..%lu events", MAX_EVENTS);
		t->have_events = 1;
		return 0;
	case 'r':
		if (!*arg)
			return bad_usage("-r: give a file");
		t->ready = arg;
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
	while ((c = getopt(argc, argv, "+hlm:d:c:t:n:w:e:r:")) != -1) {
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
	if (!strcmp(cmd, "info") || !strcmp(cmd, "link"))
		ret = prep_props(&t, argc, &r);
	else if (!strcmp(cmd, "pw"))
		ret = prep_pw(&t, argc, argv, &r);
	else if (!strcmp(cmd, "dbell-wait"))
		ret = prep_dbell_wait(&t, argc, argv, &r);
	else if (!strcmp(cmd, "dbell"))
		ret = prep_dbell(&t, argc, argv, &r);
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
	if (r.remote) {
		int up;

		ret = link_up(fd, &up);
		if (!ret && !up) {
			fprintf(stderr, "riofm: %s%s%s: the mport's link is down\n",
				r.what, *r.obj ? " " : "", r.obj);
			ret = EXIT_REFUSED;
		}
		if (ret) {
			close(fd);
			return ret;
		}
	}
	if (r.mask) {
		ret = run_events(fd, &t, &r);
		close(fd);
		return ret;
	}
	if (r.ev.header) {
		ret = write(fd, &r.ev, sizeof(r.ev)) == (ssize_t)sizeof(r.ev) ? 0 : EXIT_REFUSED;
		if (ret)
			fprintf(stderr, "riofm: %s %s: %s\n", r.what, r.obj,
				strerror(errno));
		close(fd);
		return ret;
	}
	if (ioctl(fd, r.ioc, r.arg)) {
		fprintf(stderr, "riofm: %s%s%s: %s\n", r.what, *r.obj ? " " : "",
			r.obj, strerror(errno));
		close(fd);
		return EXIT_REFUSED;
	}
	close(fd);
	show(cmd, &r);
	return !strcmp(cmd, "link") && r.props.link_speed == LINK_DOWN ? EXIT_REFUSED : 0;
}
