// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq - show and set RapidIO VoQ backpressure state, decode symbols.
 *
 * Reads and writes only sysfs (the files of rio_voq, described in
 * Documentation/ABI/testing/sysfs-bus-rapidio-voq, and the core's lprev,
 * lnext and hopcount), under a root that can be changed so that the tool
 * can be tested on a fake tree.  Nothing read from sysfs or the command
 * line is trusted: names are looked up in the directory listings, never
 * pasted into paths; values are read whole into buffers of their size;
 * output is escaped for the terminal, JSON and DOT.  A file that is
 * missing is "not applicable" (rio_voq may hide what a port does not
 * support); a file that cannot be read makes the exit status 3.  See
 * riovoq(8).
 */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/kernel.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

/* Exit status, documented in -h and riovoq(8) */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* the kernel refused a change; not a VoQ symbol */
	EXIT_USAGE = 2,		/* usage, bad input, unknown DEVICE or PORT */
	EXIT_READ = 3,		/* sysfs could not be read (output incomplete) */
};

static const char *root = "/sys";

static const char usage[] =
"Usage: riovoq [-r ROOT] show [-a] [-j] [DEVICE]\n"
"       riovoq [-r ROOT] set DEVICE PORT KEY=VALUE...\n"
"       riovoq decode (--cs48 | --cs64 | --rev2) [--group-size N] HEX...\n"
"       riovoq [-r ROOT] dot\n"
"\n"
"RapidIO VoQ backpressure (Part 12) administration; see riovoq(8).\n"
"\n"
"  show    one line per link: both ends, symbol format, each direction's\n"
"          state (on, reported, off, FAILED) with its group size (gsN) and\n"
"          per-VC (vc), the latency optimization (LAT: mack+pna, mack, pna,\n"
"          off, none, FAILED) where an end has the register, and why a\n"
"          direction or a feature is off; then the idle ports.\n"
"          -a: one line per port instead, every port; -j: every port as\n"
"          JSON, every field.  DEVICE limits the output to one device.\n"
"  set     writes KEY=VALUE to the port's sysfs files, in order; KEY is\n"
"          generation, participation, xoff, per_vc, tx_group_size,\n"
"          rx_group_size, symbol_format, staging_map (\"0 0 1 1\"),\n"
"          multiple_ack or pna_recovery (on, off or auto).  A refusal\n"
"          names the rule, reading both ends of the link.\n"
"  decode  decodes captured VoQ symbols: 14-bit stype2 field for --cs48\n"
"          and --rev2, stype0 + parameter0/1 (28 bits) for --cs64;\n"
"          --group-size is the receiver's RX group size (default 0).\n"
"  dot     the whole fabric as a Graphviz graph: devices without a VoQ\n"
"          block greyed, links labelled with format, group sizes and\n"
"          latency optimization.\n"
"\n"
"  DEVICE  a name in ROOT/bus/rapidio/devices (00:s:0002) or\n"
"          ROOT/class/rapidio_port (rapidio0); PORT a decimal port number.\n"
"  -r ROOT where sysfs is (default /sys); -h, --help this text.\n"
"\n"
"Exit status: 0 success; 1 the kernel refused a change (set), or a symbol\n"
"is not a VoQ symbol (decode); 2 usage error or bad input, including a\n"
"DEVICE or PORT sysfs does not list; 3 a sysfs read failed or held an\n"
"unexpected value, or there is no RapidIO sysfs under ROOT.\n";

/* One line, then the exit status for bad usage */
static int __attribute__((format(printf, 1, 2))) bad_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("riovoq: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (riovoq -h for help)\n", stderr);
	return EXIT_USAGE;
}

static void __attribute__((noreturn)) oom(void)
{
	fputs("riovoq: out of memory\n", stderr);
	exit(EXIT_READ);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		oom();
	return d;
}

/* Every string riovoq builds is sized to fit: nothing is truncated */
static char * __attribute__((format(printf, 1, 2))) xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	return s;
}

/* Strict decimal: digits only, no sign, no spaces, at most @max */
static bool parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	unsigned long v = 0, d;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		d = (unsigned long)(*s - '0');
		if (v > (max - d) / 10 || v * 10 + d > max)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* Reading sysfs */

#define MAX_FILE	(16UL << 20)	/* a bound against a hostile tree */

/* open_file()'s own error, beyond every errno: not a regular file */
#define ERR_NOT_REG	4096

static const char *file_error(int err)
{
	return err == ERR_NOT_REG ? "not a regular file" : strerror(err);
}

/*
 * Open a file of the tree, as open(2) with @flags, but never wait
 * (O_NONBLOCK: the open of a FIFO planted in a hostile tree would block)
 * and only a regular file, as every sysfs attribute is: a FIFO, a
 * device, a directory is refused with ERR_NOT_REG.  The fd, or -errno.
 */
static int open_file(const char *path, int flags)
{
	struct stat st;
	int fd, err;

	fd = open(path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		/* a FIFO without a reader, a directory to write: say what it is */
		err = -errno;
		return !stat(path, &st) && !S_ISREG(st.st_mode) ? -ERR_NOT_REG : err;
	}
	if (fstat(fd, &st))
		err = -errno;
	else if (!S_ISREG(st.st_mode))
		err = -ERR_NOT_REG;
	else
		return fd;
	close(fd);
	return err;
}

/* Read a whole file, without its final newline: 0 or -errno */
static int slurp(const char *path, char **out, size_t *outlen)
{
	size_t len = 0, cap = 256;
	char *buf;
	ssize_t n;
	int fd, err;

	*out = NULL;
	fd = open_file(path, O_RDONLY);
	if (fd < 0)
		return fd;
	buf = xrealloc(NULL, cap);
	for (;;) {
		if (cap - len < 2) {
			if (cap >= MAX_FILE) {
				close(fd);
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			close(fd);
			free(buf);
			return err;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);
	if (len && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	*out = buf;
	if (outlen)
		*outlen = len;
	return 0;
}

/* Reads that failed, or held what they cannot hold: exit status 3 */
static unsigned int nfailed;
static char *first_failure;

static void failed(const char *path, const char *why)
{
	if (!nfailed++)
		first_failure = xasprintf("%s: %s", path, why);
}

static char *tty(const char *s);

static int failures(void)
{
	char *f;

	if (!nfailed)
		return EXIT_OK;
	f = tty(first_failure);		/* one line, even for a name with a newline */
	if (nfailed == 1)
		fprintf(stderr, "riovoq: %s\n", f);
	else
		fprintf(stderr, "riovoq: %u sysfs reads failed or held unexpected values; the first: %s\n",
			nfailed, f);
	free(f);
	return EXIT_READ;
}

/* A value read from sysfs; s is NULL if missing (not applicable) or bad */
struct val {
	char *s;
	size_t len;
	bool bad;
};

static void rd(struct val *v, const char *path)
{
	int err = slurp(path, &v->s, &v->len);

	v->bad = err && err != -ENOENT;
	if (v->bad)
		failed(path, file_error(-err));
}

/* The value of a file, or NULL (missing or failed): for explanations */
static char *peek(const char *path)
{
	char *s;

	return slurp(path, &s, NULL) ? NULL : s;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Where mports and devices are, under the root: mports first */
static const char * const bases[] = { "class/rapidio_port", "bus/rapidio/devices" };

/* The fabric as sysfs shows it */

/*
 * Files of voq/port<N>/, in the order of -j; from K_LCAPS on, those of the
 * Port n Latency Optimization CSR, only on ports that have one, in an
 * object of their own in -j
 */
static const char * const port_keys[] = {
	"capabilities", "generation", "participation", "xoff", "per_vc",
	"tx_group_size", "rx_group_size", "symbol_format", "partner",
	"link_status", "staging_queues", "staging_map",
	"latency_capabilities", "latency_csr", "multiple_ack", "pna_recovery",
};

enum { K_CAPS, K_GEN, K_PART, K_XOFF, K_VC, K_TX, K_RX, K_FMT, K_PARTNER,
	K_STATUS, K_SQ, K_SMAP, K_LCAPS, K_LCSR, K_MACK, K_PNA, NKEYS };

struct dev;

struct port {
	struct val f[NKEYS];
	struct dev *peer;	/* parsed partner, NULL for none */
	unsigned int peer_port;
	bool linked;		/* shown in a link */
};

struct dev {
	char *name;
	char *path;		/* ROOT/<base>/<name> */
	bool mport;
	bool voq;		/* has a voq/ directory */
	bool ports_ok;
	struct val layout;
	unsigned int nports;
	struct port *port;
	char *lprev;		/* the core's lprev, NULL if missing */
	char *lnext;		/* the core's lnext, NULL if missing */
};

struct fabric {
	struct dev *dev;
	unsigned int n;
};

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* mports, switches, endpoints, each by name: a link's end A is upstream */
static int dev_rank(const struct dev *d)
{
	return d->mport ? 0 : strstr(d->name, ":s:") ? 1 : 2;
}

static int dev_cmp(const void *x, const void *y)
{
	const struct dev *a = x, *b = y;

	if (dev_rank(a) != dev_rank(b))
		return dev_rank(a) - dev_rank(b);
	return strcmp(a->name, b->name);
}

static bool dot_name(const char *s)
{
	return !strcmp(s, ".") || !strcmp(s, "..");
}

/* List both bases; 0, or -errno if neither can be read */
static int list_fabric(struct fabric *fab)
{
	struct dirent **names;
	unsigned int b;
	int n, i, listed = 0, err = -ENOENT;

	memset(fab, 0, sizeof(*fab));
	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		char *base = xasprintf("%s/%s", root, bases[b]);

		n = scandir(base, &names, NULL, by_name);
		if (n < 0) {
			if (errno != ENOENT)
				err = -errno;
			free(base);
			continue;
		}
		listed++;
		for (i = 0; i < n; i++) {
			struct dev *d;

			if (!dot_name(names[i]->d_name)) {
				fab->dev = xrealloc(fab->dev, (fab->n + 1) * sizeof(*d));
				d = &fab->dev[fab->n++];
				memset(d, 0, sizeof(*d));
				d->name = xstrdup(names[i]->d_name);
				d->path = xasprintf("%s/%s", base, d->name);
				d->mport = b == 0;
			}
			free(names[i]);
		}
		free(names);
		free(base);
	}
	if (fab->n)
		qsort(fab->dev, fab->n, sizeof(*fab->dev), dev_cmp);
	return listed ? 0 : err;
}

/* A device of the fabric by its exact name: never a path */
static struct dev *find_dev(struct fabric *fab, const char *name)
{
	unsigned int i;

	for (i = 0; i < fab->n; i++)
		if (!strcmp(fab->dev[i].name, name))
			return &fab->dev[i];
	return NULL;
}

static char *voq_path(const struct dev *d, const char *file)
{
	return xasprintf("%s/voq/%s", d->path, file);
}

static char *port_path(const struct dev *d, unsigned int p, const char *file)
{
	return xasprintf("%s/voq/port%u/%s", d->path, p, file);
}

/* voq/, its layout and its number of ports */
static void load_voq(struct dev *d)
{
	struct val ports = { 0 };
	unsigned long n;
	char *path = voq_path(d, "");

	d->voq = is_dir(path);
	free(path);
	if (!d->voq)
		return;
	path = voq_path(d, "layout");
	rd(&d->layout, path);
	free(path);
	path = voq_path(d, "ports");
	rd(&ports, path);
	if (ports.s && parse_uint(ports.s, RIO_VOQ_MAX_PORTS, &n)) {
		d->nports = n;
		d->ports_ok = true;
	} else if (!ports.bad) {
		failed(path, ports.s ? "not a number of ports (0 to 256)" : "missing");
	}
	free(path);
	free(ports.s);
}

static void parse_partner(struct fabric *fab, struct dev *d, unsigned int p)
{
	struct port *pt = &d->port[p];
	char *s = pt->f[K_PARTNER].s, *sp, *path;
	unsigned long q;

	if (!s || !strcmp(s, "none"))
		return;
	sp = strrchr(s, ' ');
	if (sp) {
		*sp = '\0';
		pt->peer = find_dev(fab, s);
		*sp = ' ';
		if (pt->peer && parse_uint(sp + 1, RIO_VOQ_MAX_PORTS - 1, &q)) {
			pt->peer_port = q;
			return;
		}
	}
	pt->peer = NULL;
	path = port_path(d, p, "partner");
	failed(path, "not \"none\" nor a device listed in sysfs and a port");
	free(path);
}

/* Read every port of every device with a VoQ block, and the core's links */
static void load_fabric(struct fabric *fab)
{
	unsigned int i, p, k;
	char *path;

	for (i = 0; i < fab->n; i++)
		load_voq(&fab->dev[i]);
	for (i = 0; i < fab->n; i++) {
		struct dev *d = &fab->dev[i];

		if (!d->mport) {
			path = xasprintf("%s/lprev", d->path);
			d->lprev = peek(path);
			free(path);
			path = xasprintf("%s/lnext", d->path);
			d->lnext = peek(path);
			free(path);
		}
		if (!d->voq || !d->ports_ok)
			continue;
		d->port = xrealloc(NULL, (d->nports ? d->nports : 1) * sizeof(*d->port));
		memset(d->port, 0, (d->nports ? d->nports : 1) * sizeof(*d->port));
		for (p = 0; p < d->nports; p++) {
			path = port_path(d, p, "");
			if (!is_dir(path)) {
				failed(path, "missing, but ports says there is such a port");
				free(path);
				continue;
			}
			free(path);
			for (k = 0; k < NKEYS; k++) {
				path = port_path(d, p, port_keys[k]);
				rd(&d->port[p].f[k], path);
				free(path);
			}
			parse_partner(fab, d, p);
		}
	}
}

/* Output escaping */

/* The length of the valid UTF-8 sequence at @s (of @n bytes), or 0 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned int c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return len;
}

/* A JSON string; invalid UTF-8 becomes U+FFFD */
static void json_str(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, l;

	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	while (i < n) {
		if (u[i] == '"' || u[i] == '\\') {
			printf("\\%c", u[i++]);
		} else if (u[i] < 0x20 || u[i] == 0x7f) {
			printf("\\u%04x", u[i++]);
		} else {
			l = utf8_len(u + i, n - i);
			if (l) {
				fwrite(u + i, 1, l, stdout);
				i += l;
			} else {
				fputs("\\ufffd", stdout);
				i++;
			}
		}
	}
	putchar('"');
}

/*
 * The bytes of a value a DOT label shows, at most: Graphviz takes a
 * quoted string of up to 16384 bytes, and a label holds a few values
 * (each escaped to three bytes a byte at most); a device's name, also
 * a node's ID, is shorter (NAME_MAX), so never cut.  -j shows it whole.
 */
#define DOT_MAX		256

/* A DOT quoted string's content: no quote, backslash or escape survives */
static void dot_esc(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, l, back;
	bool cut = n > DOT_MAX;

	/* cut at a character, where a UTF-8 sequence begins */
	if (cut)
		for (n = DOT_MAX, back = 0; back < 3 && (u[n] & 0xc0) == 0x80; back++)
			n--;
	while (i < n) {
		if (u[i] == '"' || u[i] == '\\') {
			printf("\\%c", u[i++]);
		} else if (u[i] < 0x20 || u[i] == 0x7f) {
			putchar(' ');
			i++;
		} else {
			l = utf8_len(u + i, n - i);
			fwrite(l ? (const char *)u + i : "\xef\xbf\xbd", 1, l ? l : 3, stdout);
			i += l ? l : 1;
		}
	}
	if (cut)
		fputs("...", stdout);
}

/* Whether the locale's character set (LC_CTYPE) is UTF-8: set by main() */
static bool tty_utf8;

/*
 * Text for a terminal: a control character is shown as '?', C0, DEL and
 * C1 (0x80-0x9f, of which 0x9b is the 8-bit CSI).  In a UTF-8 locale,
 * valid UTF-8 is kept but for U+0080-U+009F (the C1 controls, 0xc2
 * 0x80-0x9f), a '?' each, and an invalid byte is a '?' each; in any
 * other locale, only printable ASCII is kept and any other byte is a
 * '?', whatever that locale's character set would make of it.
 */
static char *tty(const char *s)
{
	char *t = xstrdup(s ? s : "-");
	unsigned char *u = (unsigned char *)t;
	size_t n = strlen(t), i = 0, o = 0, l;

	while (i < n) {
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			u[o++] = u[i++];
			continue;
		}
		l = tty_utf8 && u[i] >= 0x80 ? utf8_len(u + i, n - i) : 0;
		if (l && !(l == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0)) {
			memmove(u + o, u + i, l);
			o += l;
		} else {
			u[o++] = '?';	/* one a character, or a byte if invalid */
			l = l ? l : 1;
		}
		i += l;
	}
	u[o] = '\0';
	return t;
}

/* Links */

struct link {
	struct dev *a, *b;
	int ap, bp;		/* -1: unknown port (the core does not say) */
	bool voq;		/* both ends have a VoQ block and see each other */
};

struct links {
	struct link *l;
	unsigned int n;
};

static void add_link(struct links *ls, struct dev *a, int ap, struct dev *b, int bp,
		     bool voq)
{
	ls->l = xrealloc(ls->l, (ls->n + 1) * sizeof(*ls->l));
	ls->l[ls->n++] = (struct link){ .a = a, .ap = ap, .b = b, .bp = bp, .voq = voq };
}

static unsigned int dev_index(const struct fabric *fab, const struct dev *d)
{
	return d - fab->dev;
}

/* The port of @b whose partner is @a's port @ap, or NULL */
static struct port *back_port(struct dev *a, unsigned int ap, struct dev *b,
			      unsigned int bp)
{
	struct port *q;

	if (!b->voq || !b->ports_ok || bp >= b->nports)
		return NULL;
	q = &b->port[bp];
	return q->peer == a && q->peer_port == ap ? q : NULL;
}

/* Whether a link, of rio_voq's or the core's, has the mport @m at an end */
static bool mport_linked(const struct links *ls, const struct dev *m)
{
	unsigned int i;

	for (i = 0; i < ls->n; i++)
		if (ls->l[i].a == m || ls->l[i].b == m)
			return true;
	return false;
}

/*
 * The mport whose port the core says @d is on, or NULL.  lprev reads
 * "root" for every device without a predecessor: the device the core
 * reached at hop 0, but also a device added from userspace (RIO_DEV_ADD)
 * and one whose predecessor was deleted.  Only a switch's hopcount
 * tells them apart: 0x00, the switch maintenance packets reach at hop
 * 0, the first past the mport's port; for an endpoint (no hopcount
 * file) sysfs does not say, and nothing is drawn.  The mport is the
 * one of the core's name (NN:s:TTTT: mport NN).
 */
static struct dev *at_mport(struct fabric *fab, const struct dev *d)
{
	unsigned int id;
	char *path, *hops;
	struct dev *m;
	bool hop0;

	if (!d->lprev || strcmp(d->lprev, "root") || sscanf(d->name, "%2x:", &id) != 1)
		return NULL;
	path = xasprintf("%s/hopcount", d->path);
	hops = peek(path);
	free(path);
	hop0 = hops && !strcmp(hops, "0x00");
	free(hops);
	if (!hop0)
		return NULL;
	path = xasprintf("rapidio%u", id);
	m = find_dev(fab, path);
	free(path);
	return m && m->mport ? m : NULL;
}

static const struct fabric *sort_fab;

static int link_cmp(const void *x, const void *y)
{
	const struct link *a = x, *b = y;
	unsigned int ia = dev_index(sort_fab, a->a), ib = dev_index(sort_fab, b->a);

	if (ia != ib)
		return ia < ib ? -1 : 1;
	if (a->ap != b->ap)
		return a->ap < b->ap ? -1 : 1;
	return (int)dev_index(sort_fab, a->b) - (int)dev_index(sort_fab, b->b);
}

/*
 * Every link: those rio_voq reports (partner files), drawn once from the
 * end that sorts first, then those only the core knows (lnext of a
 * switch; an mport's to the one device at_mport() puts there, if no
 * other claims it and no link has the mport yet), toward devices without
 * a VoQ block or between ports rio_voq did not pair.
 */
static void find_links(struct fabric *fab, struct links *ls)
{
	unsigned int i, j, p;
	char *line, *save, *name, *path;
	struct dev **at;

	memset(ls, 0, sizeof(*ls));
	for (i = 0; i < fab->n; i++) {
		struct dev *d = &fab->dev[i];

		for (p = 0; d->port && p < d->nports; p++) {
			struct port *pt = &d->port[p];
			struct port *q;

			if (!pt->peer)
				continue;
			q = back_port(d, p, pt->peer, pt->peer_port);
			if (q && (dev_index(fab, pt->peer) < i ||
				  (pt->peer == d && pt->peer_port < p)))
				continue;	/* drawn from the other end */
			pt->linked = true;
			if (q)
				q->linked = true;
			add_link(ls, d, p, pt->peer, pt->peer_port, true);
		}
	}
	for (i = 0; i < fab->n; i++) {
		struct dev *d = &fab->dev[i], *n;

		if (!d->lnext)
			continue;
		name = d->lnext;
		for (p = 0; (line = strtok_r(name, "\n", &save)); p++, name = NULL) {
			if (!strcmp(line, "null"))
				continue;
			n = find_dev(fab, line);
			if (!n || n == d) {
				path = xasprintf("%s/lnext", d->path);
				failed(path, "names a device sysfs does not list");
				free(path);
				continue;
			}
			if (d->port && p < d->nports && d->port[p].linked)
				continue;
			if (d->port && p < d->nports)
				d->port[p].linked = true;
			add_link(ls, d, p, n, -1, false);
		}
	}
	at = xrealloc(NULL, fab->n * sizeof(*at));
	for (i = 0; i < fab->n; i++)
		at[i] = at_mport(fab, &fab->dev[i]);
	for (i = 0; i < fab->n; i++) {
		struct dev *m = at[i];

		if (!m || mport_linked(ls, m))
			continue;
		for (j = 0; j < fab->n && (j == i || at[j] != m); j++)
			;
		if (j == fab->n)	/* else two claim the one port: neither */
			add_link(ls, m, m->voq && m->nports == 1 ? 0 : -1, &fab->dev[i], -1,
				 false);
	}
	free(at);
	sort_fab = fab;
	if (ls->n)
		qsort(ls->l, ls->n, sizeof(*ls->l), link_cmp);
}

/* show */

static const char *val_or(const struct val *v, const char *none)
{
	return v->s ? v->s : v->bad ? "?" : none;
}

static const char *fval(const struct dev *d, int p, unsigned int k)
{
	if (!d->port || p < 0 || (unsigned int)p >= d->nports)
		return NULL;
	return d->port[p].f[k].s;
}

/* Whether a port has any file of a Latency Optimization CSR (read or not) */
static bool has_lat(const struct dev *d, int p)
{
	unsigned int k;

	if (!d->port || p < 0 || (unsigned int)p >= d->nports)
		return false;
	for (k = K_LCAPS; k < NKEYS; k++)
		if (d->port[p].f[k].s || d->port[p].f[k].bad)
			return true;
	return false;
}

static bool starts(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

/* A direction's state from its transmitter's link_status */
enum dir_state { D_NONE, D_ON, D_REPORTED, D_OFF, D_FAILED };

static enum dir_state dir_state(const char *status, const char **why)
{
	*why = NULL;
	if (!status)
		return D_NONE;
	if (!strcmp(status, "configured"))
		return D_ON;
	if (!strcmp(status, "reported"))
		return D_REPORTED;
	if (starts(status, "reported: ")) {
		*why = status + strlen("reported: ");
		return D_REPORTED;
	}
	if (starts(status, "disabled: ")) {
		*why = status + strlen("disabled: ");
		return D_OFF;
	}
	if (starts(status, "failed: ")) {
		*why = status + strlen("failed: ");
		return D_FAILED;
	}
	return D_NONE;
}

/* What a direction's reason is about */
static const char *why_label(enum dir_state st)
{
	return st == D_FAILED ? "failed" : st == D_REPORTED ? "reported" : "off";
}

/* "on gs4 vc": a direction from @tx port @tp to @rx port @rp */
static char *dir_text(const struct dev *tx, int tp, const struct dev *rx, int rp,
		      enum dir_state *st, const char **why)
{
	static const char * const names[] = { "-", "on", "reported", "off", "FAILED" };
	const char *tsz = fval(tx, tp, K_TX), *rsz = fval(rx, rp, K_RX);
	const char *vc = fval(tx, tp, K_VC);
	char *s;

	*st = dir_state(fval(tx, tp, K_STATUS), why);
	if (*st != D_ON && *st != D_REPORTED)
		return xstrdup(names[*st]);
	if (tsz && rsz && strcmp(tsz, rsz))
		s = xasprintf("%s gs%s/rx%s!", names[*st], tsz, rsz);
	else if (tsz)
		s = xasprintf("%s gs%s", names[*st], tsz);
	else
		s = xstrdup(names[*st]);
	if (vc && !strcmp(vc, "1")) {
		char *t = xasprintf("%s vc", s);

		free(s);
		s = t;
	}
	return s;
}

static char *end_text(const struct dev *d, int p)
{
	return p < 0 ? tty(d->name) : xasprintf("%s %d", d->name, p);
}

/* Columns of show: END A, END B, FMT, A->B, B->A, LAT, NOTE */
enum { C_LAT = 5, C_NOTE, NCOLS };

struct row {
	char *col[NCOLS];
};

/* Append "; @add" to *@s */
static void note(char **s, const char *add)
{
	char *t = *s ? xasprintf("%s; %s", *s, add) : xstrdup(add);

	free(*s);
	*s = t;
}

/* A feature of the Latency Optimization CSR, as its file reads */
enum lat_state { L_UNKNOWN, L_ON, L_OFF, L_FAILED, L_NONE };

static enum lat_state lat_state(const char *s, const char **why)
{
	*why = NULL;
	if (!s)
		return L_UNKNOWN;
	/* "on", or "on (admin: on)": the admin's choice, which it follows */
	if (!strcmp(s, "on") || starts(s, "on (admin: "))
		return L_ON;
	if (!strcmp(s, "none") || starts(s, "none (admin: "))
		return L_NONE;
	/* "none: register of D port N out of reach", "none: D could not..." */
	if (starts(s, "none: ")) {
		*why = s + strlen("none: ");
		return L_NONE;
	}
	if (starts(s, "off: ")) {
		*why = s + strlen("off: ");
		return L_OFF;
	}
	if (starts(s, "failed: ")) {
		*why = s + strlen("failed: ");
		return L_FAILED;
	}
	return L_UNKNOWN;
}

/*
 * The latency optimization of a VoQ link, as end A's files read (a
 * feature is on at both ends or at neither): the features on, "mack",
 * "pna" or "mack+pna"; "off"; "none" where an end has no register;
 * "FAILED"; "?" for a file that cannot be read or understood; with "!"
 * where end B reads otherwise.  NULL where neither end has the register.
 * Why a feature is off or failed is appended to *@notes, if not NULL.
 */
static char *lat_text(const struct link *l, char **notes)
{
	static const char * const names[] = { "mack", "pna" };
	enum lat_state st[2], other;
	const char *why[2], *w;
	bool ha = has_lat(l->a, l->ap), hb = has_lat(l->b, l->bp), differ = false, on_a, on_b;
	char *s = NULL, *t;
	unsigned int f;

	if (!ha && !hb)
		return NULL;
	if (!ha || !hb) {
		if (notes) {
			/* The kernel's reason if it has one: a register out of reach */
			w = ha ? fval(l->a, l->ap, K_MACK) : fval(l->b, l->bp, K_MACK);
			if (w && starts(w, "none: "))
				t = xasprintf("lat: %s", w + strlen("none: "));
			else
				t = xasprintf("lat: %s has no latency-optimization register",
					      ha ? l->b->name : l->a->name);
			note(notes, t);
			free(t);
		}
		return xstrdup("none");
	}
	for (f = 0; f < 2; f++) {
		st[f] = lat_state(fval(l->a, l->ap, K_MACK + f), &why[f]);
		other = lat_state(fval(l->b, l->bp, K_MACK + f), &w);
		on_a = st[f] == L_ON;
		on_b = other == L_ON;
		if (st[f] != L_UNKNOWN && other != L_UNKNOWN && on_a != on_b)
			differ = true;
	}
	if (st[0] == L_UNKNOWN || st[1] == L_UNKNOWN)
		s = xstrdup("?");
	else if (st[0] == L_FAILED || st[1] == L_FAILED)
		s = xstrdup("FAILED");
	else if (st[0] == L_ON || st[1] == L_ON)
		s = xasprintf("%s%s%s", st[0] == L_ON ? names[0] : "",
			      st[0] == L_ON && st[1] == L_ON ? "+" : "",
			      st[1] == L_ON ? names[1] : "");
	else
		s = xstrdup(st[0] == L_NONE && st[1] == L_NONE ? "none" : "off");
	if (differ) {
		t = xasprintf("%s!", s);
		free(s);
		s = t;
	}
	if (!notes)
		return s;
	/* Both off, or both failed, for one reason: said once */
	if (why[0] && why[1] && st[0] == st[1] && !strcmp(why[0], why[1])) {
		t = xasprintf("lat %s: %s", st[0] == L_FAILED ? "failed" :
			      st[0] == L_NONE ? "none" : "off", why[0]);
		note(notes, t);
		free(t);
		return s;
	}
	for (f = 0; f < 2; f++) {
		if (!why[f])
			continue;
		t = xasprintf("%s %s: %s", names[f], st[f] == L_FAILED ? "failed" :
			      st[f] == L_NONE ? "none" : "off", why[f]);
		note(notes, t);
		free(t);
	}
	return s;
}

static void link_row(const struct link *l, struct row *r)
{
	enum dir_state sa = D_NONE, sb = D_NONE;
	const char *wa = NULL, *wb = NULL, *fa, *fb;
	char *n = NULL, *t;
	int e;

	memset(r, 0, sizeof(*r));
	r->col[0] = end_text(l->a, l->ap);
	r->col[1] = end_text(l->b, l->bp);
	if (!l->voq) {
		r->col[2] = xstrdup("-");
		r->col[3] = xstrdup("-");
		r->col[4] = xstrdup("-");
		if (!l->b->voq)
			n = xasprintf("%s has no VoQ block", l->b->name);
		else if (!l->a->voq)
			n = xasprintf("%s has no VoQ block", l->a->name);
		else
			n = xstrdup("no VoQ link (rio_voq did not pair these ports)");
		r->col[C_NOTE] = n;
		return;
	}
	fa = fval(l->a, l->ap, K_FMT);
	fb = fval(l->b, l->bp, K_FMT);
	if (fa && fb && strcmp(fa, fb))
		r->col[2] = xasprintf("%s/%s!", fa, fb);
	else
		r->col[2] = xstrdup(fa ? fa : fb ? fb : "?");
	r->col[3] = dir_text(l->a, l->ap, l->b, l->bp, &sa, &wa);
	r->col[4] = dir_text(l->b, l->bp, l->a, l->ap, &sb, &wb);
	if (wa && wb && !strcmp(wa, wb) && sa == sb) {
		n = xasprintf("%s both ways: %s", why_label(sa), wa);
	} else {
		if (wa)
			n = xasprintf("A->B %s: %s", why_label(sa), wa);
		if (wb) {
			t = xasprintf("B->A %s: %s", why_label(sb), wb);
			note(&n, t);
			free(t);
		}
	}
	r->col[C_LAT] = lat_text(l, &n);
	if (strchr(r->col[3], '!') || strchr(r->col[4], '!') || strchr(r->col[2], '!') ||
	    (r->col[C_LAT] && strchr(r->col[C_LAT], '!')))
		note(&n, "the two ends disagree (!)");
	for (e = 0; e < 2; e++) {
		const struct dev *d = e ? l->b : l->a;
		int p = e ? l->bp : l->ap;
		const char *x = fval(d, p, K_XOFF), *part = fval(d, p, K_PART);

		if (x && !strcmp(x, "1")) {
			t = xasprintf("%s XOFF set", e ? "B" : "A");
			note(&n, t);
			free(t);
		}
		if (part && !strcmp(part, "0")) {
			t = xasprintf("%s does not participate", e ? "B" : "A");
			note(&n, t);
			free(t);
		}
	}
	r->col[C_NOTE] = n ? n : xstrdup("");
}

static void print_rows(struct row *rows, unsigned int n, unsigned int ncol)
{
	size_t w[NCOLS] = { 0 }, len;
	unsigned int i, c;
	char *line, *t, *u;

	for (i = 0; i < n; i++)
		for (c = 0; c < ncol; c++)
			if (strlen(rows[i].col[c]) > w[c])
				w[c] = strlen(rows[i].col[c]);
	for (i = 0; i < n; i++) {
		line = xstrdup("");
		for (c = 0; c < ncol; c++) {
			t = tty(rows[i].col[c]);
			u = xasprintf("%s%-*s%s", line, c == ncol - 1 ? 0 : (int)w[c], t,
				      c == ncol - 1 ? "" : "  ");
			free(t);
			free(line);
			line = u;
		}
		/* an empty last column leaves no trailing spaces */
		for (len = strlen(line); len && line[len - 1] == ' '; len--)
			line[len - 1] = '\0';
		printf("%s\n", line);
		free(line);
	}
}

/* "00:s:0003 4-47": the idle ports of a device */
static char *idle_ports(const struct dev *d)
{
	char *s = NULL, *t;
	unsigned int p, q;

	for (p = 0; d->port && p < d->nports; p = q) {
		for (q = p; q < d->nports && !d->port[q].linked && !d->port[q].peer; q++)
			;
		if (q == p) {
			q++;
			continue;
		}
		t = q - p == 1 ? xasprintf("%s%s%u", s ? s : "", s ? "," : "", p) :
			xasprintf("%s%s%u-%u", s ? s : "", s ? "," : "", p, q - 1);
		free(s);
		s = t;
	}
	return s;
}

static void show_links(struct fabric *fab, const struct dev *only)
{
	struct links ls;
	struct row *rows;
	unsigned int i, n = 1, c;
	char *idle = NULL, *t, *ports;
	bool lat = false;

	find_links(fab, &ls);
	rows = xrealloc(NULL, (ls.n + 1) * sizeof(*rows));
	rows[0] = (struct row){ { xstrdup("END A"), xstrdup("END B"), xstrdup("FMT"),
				  xstrdup("A->B"), xstrdup("B->A"), xstrdup("LAT"),
				  xstrdup("NOTE") } };
	for (i = 0; i < ls.n; i++)
		if (!only || ls.l[i].a == only || ls.l[i].b == only)
			link_row(&ls.l[i], &rows[n++]);
	/* LAT only where a link shown has a Latency Optimization CSR */
	for (i = 1; i < n && !lat; i++)
		lat = rows[i].col[C_LAT];
	for (i = 0; i < n; i++) {
		if (!lat) {
			free(rows[i].col[C_LAT]);
			rows[i].col[C_LAT] = rows[i].col[C_NOTE];
			rows[i].col[C_NOTE] = NULL;
		} else if (!rows[i].col[C_LAT]) {
			rows[i].col[C_LAT] = xstrdup("-");
		}
	}
	if (n > 1)
		print_rows(rows, n, lat ? NCOLS : NCOLS - 1);
	for (i = 0; i < n; i++)
		for (c = 0; c < NCOLS; c++)
			free(rows[i].col[c]);
	free(rows);
	free(ls.l);

	for (i = 0; i < fab->n; i++) {
		if (only && &fab->dev[i] != only)
			continue;
		ports = idle_ports(&fab->dev[i]);
		if (!ports)
			continue;
		t = xasprintf("%s%s%s %s", idle ? idle : "", idle ? ", " : "",
			      fab->dev[i].name, ports);
		free(idle);
		free(ports);
		idle = t;
	}
	if (idle) {
		t = tty(idle);
		printf("idle ports (no link): %s (riovoq show -a: every port)\n", t);
		free(t);
		free(idle);
	} else if (n == 1) {
		printf("no links\n");
	}
}

static void show_ports(struct fabric *fab, const struct dev *only)
{
	unsigned int i, p, c;
	size_t wd = 6;
	char *t;

	for (i = 0; i < fab->n; i++)
		if (fab->dev[i].voq && (!only || &fab->dev[i] == only) &&
		    strlen(fab->dev[i].name) > wd)
			wd = strlen(fab->dev[i].name);
	printf("%-*s %4s %-5s %-16s %3s %4s %4s %3s %2s %2s %-5s %2s %-16s %s\n",
	       (int)wd, "device", "port", "lay", "capabilities", "gen", "part", "xoff",
	       "vc", "tx", "rx", "fmt", "sq", "partner", "link");
	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];
		char *lay;

		if (!d->voq || (only && d != only))
			continue;
		lay = tty(val_or(&d->layout, "-"));
		for (p = 0; d->port && p < d->nports; p++) {
			const struct val *f = d->port[p].f;
			char *v[NKEYS];

			for (c = 0; c < NKEYS; c++) {
				v[c] = tty(val_or(&f[c], "-"));
				if (!*v[c] && (c == K_CAPS || c >= K_LCAPS)) {
					free(v[c]);
					v[c] = xstrdup("-");
				}
			}
			t = tty(d->name);
			printf("%-*s %4u %-5s %-16s %3s %4s %4s %3s %2s %2s %-5s %2s %-16s %s",
			       (int)wd, t, p, lay, v[K_CAPS], v[K_GEN], v[K_PART], v[K_XOFF],
			       v[K_VC], v[K_TX], v[K_RX], v[K_FMT], v[K_SQ], v[K_PARTNER],
			       v[K_STATUS]);
			/* Latency optimization, where the port has the register */
			if (has_lat(d, p))
				printf("  lat: caps %s; csr %s; multiple_ack %s; pna_recovery %s",
				       v[K_LCAPS], v[K_LCSR], v[K_MACK], v[K_PNA]);
			printf("\n");
			free(t);
			for (c = 0; c < NKEYS; c++)
				free(v[c]);
		}
		free(lay);
	}
	for (i = 0, t = NULL; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];
		char *u;

		if (d->voq || (only && d != only))
			continue;
		u = xasprintf("%s%s%s", t ? t : "", t ? " " : "", d->name);
		free(t);
		t = u;
	}
	if (t) {
		char *u = tty(t);

		printf("no VoQ block: %s\n", u);
		free(u);
		free(t);
	}
}

/* A file of space-separated words as a JSON array: "none" is [] */
static void json_words(const struct val *v)
{
	const char *s = v->s, *end, *sp;
	bool first = true;

	if (!s) {
		fputs("null", stdout);
		return;
	}
	end = v->len == 4 && !memcmp(s, "none", 4) ? s : s + v->len;
	putchar('[');
	for (; s < end; s = sp + 1) {
		sp = memchr(s, ' ', end - s);
		if (!sp)
			sp = end;
		if (sp == s)
			continue;
		if (!first)
			fputs(", ", stdout);
		first = false;
		json_str(s, sp - s);
	}
	putchar(']');
}

/* The latency files of a port: an object, or null without the register */
static void json_lat(const struct dev *d, unsigned int p)
{
	static const char * const names[] = { "csr", "multiple_ack", "pna_recovery" };
	const struct val *f = d->port[p].f;
	unsigned int k;

	if (!has_lat(d, p)) {
		fputs("null", stdout);
		return;
	}
	fputs("{\"capabilities\": ", stdout);
	json_words(&f[K_LCAPS]);
	for (k = K_LCSR; k < NKEYS; k++) {
		printf(", \"%s\": ", names[k - K_LCSR]);
		json_str(f[k].s, f[k].len);
	}
	putchar('}');
}

static void show_json(struct fabric *fab, const struct dev *only)
{
	bool first = true;
	unsigned int i, p, k;

	printf("[");
	for (i = 0; i < fab->n; i++) {
		const struct dev *d = &fab->dev[i];

		if (!d->voq || (only && d != only))
			continue;
		for (p = 0; d->port && p < d->nports; p++) {
			printf("%s\n  {\"device\": ", first ? "" : ",");
			first = false;
			json_str(d->name, strlen(d->name));
			printf(", \"port\": %u, \"layout\": ", p);
			json_str(d->layout.s, d->layout.len);
			for (k = 0; k < K_LCAPS; k++) {
				printf(", \"%s\": ", port_keys[k]);
				json_str(d->port[p].f[k].s, d->port[p].f[k].len);
			}
			fputs(", \"latency\": ", stdout);
			json_lat(d, p);
			printf("}");
		}
	}
	printf("%s]\n", first ? "" : "\n");
}

/* The fabric, listed; an error and exit 3 if there is no RapidIO sysfs */
static int open_fabric(struct fabric *fab)
{
	int err = list_fabric(fab);

	if (err) {
		fprintf(stderr, "riovoq: %s/%s: %s (no RapidIO sysfs here: is the rapidio core loaded?)\n",
			root, bases[1], strerror(-err));
		return EXIT_READ;
	}
	return EXIT_OK;
}

static int cmd_show(int argc, char **argv)
{
	struct fabric fab;
	struct dev *only = NULL;
	const char *name = NULL;
	bool json = false, all = false;
	unsigned int i, nvoq = 0;
	int ret;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] &&
		    strspn(argv[i] + 1, "aj") == strlen(argv[i] + 1)) {
			all |= !!strchr(argv[i], 'a');
			json |= !!strchr(argv[i], 'j');
		} else if (argv[i][0] == '-') {
			return bad_usage("show: %s: not an option (-a, -j)", argv[i]);
		} else if (!name) {
			name = argv[i];
		} else {
			return bad_usage("show: one DEVICE at most");
		}
	}
	ret = open_fabric(&fab);
	if (ret)
		return ret;
	if (name) {
		only = find_dev(&fab, name);
		if (!only)
			return bad_usage("%s: no such RapidIO device or mport", name);
	}
	load_fabric(&fab);
	for (i = 0; i < fab.n; i++)
		nvoq += fab.dev[i].voq;
	if (only && !only->voq && (json || all))
		return bad_usage("%s: no VoQ block", name);
	if (json)
		show_json(&fab, only);
	else if (all)
		show_ports(&fab, only);
	else
		show_links(&fab, only);
	if (!nvoq && !nfailed)
		failed(root, "no device with a VoQ block (is rio_voq loaded?)");
	return failures();
}

/* set: refusals explained */

static const char * const set_keys[] = {
	"generation", "participation", "xoff", "per_vc", "tx_group_size",
	"rx_group_size", "symbol_format", "staging_map", "multiple_ack",
	"pna_recovery",
};

enum { S_GEN, S_PART, S_XOFF, S_VC, S_TX, S_RX, S_FMT, S_SMAP, S_MACK, S_PNA };

/* The knobs of the Latency Optimization CSR */
static bool lat_key(unsigned int key)
{
	return key == S_MACK || key == S_PNA;
}

/* What riovoq knows of the port being set and of its partner */
struct ctx {
	struct fabric *fab;
	struct dev *d;
	unsigned int port;
	unsigned int key;
	const char *val;
	struct dev *pd;		/* partner, NULL without a link */
	unsigned int pp;
};

static char *cread(const struct dev *d, unsigned int p, const char *file)
{
	char *path = port_path(d, p, file), *s = peek(path);

	free(path);
	return s;
}

static char *clayout(const struct dev *d)
{
	char *path = voq_path(d, "layout"), *s = peek(path);

	free(path);
	return s;
}

/* Whether @word is among the space-separated words of the file; -1 unknown */
static int has_word(const struct dev *d, unsigned int p, const char *file, const char *word)
{
	char *s = cread(d, p, file), *w, *save;
	int ret = 0;

	if (!s)
		return -1;
	for (w = strtok_r(s, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strcmp(w, word))
			ret = 1;
	free(s);
	return ret;
}

static bool is_rev2(const struct dev *d)
{
	char *l = clayout(d);
	bool r = l && !strcmp(l, "rev2");

	free(l);
	return r;
}

static char *who(const struct ctx *c, bool partner)
{
	return partner ? xasprintf("partner %s port %u", c->pd->name, c->pp) :
			 xasprintf("%s port %u", c->d->name, c->port);
}

/* The documented syntax of each setting: a reason, or NULL if well formed */
static char *why_syntax(const struct ctx *c)
{
	unsigned long v;

	switch (c->key) {
	case S_GEN: case S_PART: case S_XOFF: case S_VC:
		if (!parse_uint(c->val, 1, &v))
			return xasprintf("%s takes 0 or 1", set_keys[c->key]);
		return NULL;
	case S_TX: case S_RX:
		if (!parse_uint(c->val, 999999, &v))
			return xasprintf("\"%s\" is not a group size (a decimal, 0 to %d)",
					 c->val, RIO_VOQ_PGS_MAX);
		if (v == RIO_VOQ_PGS_RESERVED)
			return xasprintf("group size %d is reserved (sizes are 0 to %d)",
					 RIO_VOQ_PGS_RESERVED, RIO_VOQ_PGS_MAX);
		if (v > RIO_VOQ_PGS_MAX)
			return xasprintf("group size %lu is out of range (sizes are 0 to %d)",
					 v, RIO_VOQ_PGS_MAX);
		return NULL;
	case S_FMT:
		if (strcmp(c->val, "cs48") && strcmp(c->val, "cs64") && strcmp(c->val, "auto"))
			return xstrdup("symbol_format takes cs48, cs64 or auto");
		return NULL;
	case S_MACK: case S_PNA:
		if (strcmp(c->val, "on") && strcmp(c->val, "off") && strcmp(c->val, "auto"))
			return xasprintf("%s takes on, off or auto", set_keys[c->key]);
		return NULL;
	}
	return NULL;
}

static char *why_nolink(const struct ctx *c)
{
	char *w = who(c, false), *s = xasprintf("%s has no VoQ link (partner: none)", w);

	free(w);
	return s;
}

/* A group size not in one end's group_sizes_supported */
static char *why_size(const struct ctx *c, bool partner)
{
	const struct dev *d = partner ? c->pd : c->d;
	unsigned int p = partner ? c->pp : c->port;
	char *w = who(c, partner), *sizes, *s = NULL;
	int has;

	if (is_rev2(d)) {
		s = xasprintf("%s has a rev 2.x VoQ block: its symbol format and group size are fixed",
			      w);
	} else {
		has = has_word(d, p, "group_sizes_supported", c->val);
		sizes = cread(d, p, "group_sizes_supported");
		if (has == 0)
			s = xasprintf("%s supports group sizes %s", w,
				      sizes && *sizes ? sizes : "(none)");
		free(sizes);
	}
	free(w);
	return s;
}

/* Whether a port has a Latency Optimization CSR: its files are there */
static bool lat_reg(const struct dev *d, unsigned int p)
{
	char *path = port_path(d, p, "latency_capabilities");
	bool none = access(path, F_OK) && errno == ENOENT;

	free(path);
	return !none;
}

/*
 * Whether an end supports the feature of a latency knob, as its
 * latency_capabilities reads: 1, 0 (also without the register), or -1 if
 * unknown.  ackID-in-PNA takes pna_recovery and pna_tx (bits 1 and 2), as
 * rio_voq has it.
 */
static int lat_sup(const struct dev *d, unsigned int p, unsigned int key)
{
	int has;

	if (!lat_reg(d, p))
		return 0;
	has = has_word(d, p, "latency_capabilities", set_keys[key]);
	if (key != S_PNA || has != 1)
		return has;
	return has_word(d, p, "latency_capabilities", "pna_tx");
}

/* A latency knob's feature that an end lacks */
static char *why_lat(const struct ctx *c, bool partner)
{
	static const char * const feat[] = {
		[S_MACK] = "multiple acknowledges",
		[S_PNA] = "ackID-in-PNA recovery",
	};
	const struct dev *d = partner ? c->pd : c->d;
	unsigned int p = partner ? c->pp : c->port;
	char *w = who(c, partner), *caps = cread(d, p, "latency_capabilities"), *s = NULL;

	if (!lat_reg(d, p))
		s = xasprintf("%s has no latency-optimization register", w);
	else if (has_word(d, p, "latency_capabilities", set_keys[c->key]) == 0)
		s = xasprintf("%s does not support %s (latency_capabilities: %s)", w,
			      feat[c->key], caps ? caps : "?");
	else if (lat_sup(d, p, c->key) == 0)
		s = xasprintf("%s has pna_recovery without pna_tx (bit 1 without bit 2, which breaks Part 6): rio_voq takes it as lacking ackID-in-PNA recovery",
			      w);
	free(caps);
	free(w);
	return s;
}

/*
 * EPERM for a latency knob: this host only discovers the fabric, or, for
 * pna_recovery "off", Part 6 wants ackID-in-PNA recovery on (bit 9 set)
 * on a CS64 link whose ends both support it.  symbol_format says whether
 * the link runs CS64, latency_capabilities whether both ends support it;
 * link_status whether this host writes the link ("configured", "failed:
 * ...": then only Part 6 refuses) or only reads it ("reported...", "off
 * in the hardware").  Both are said where riovoq cannot tell.  NULL: the
 * host only discovers (the generic text).
 */
static char *why_perm(const struct ctx *c)
{
	static const char part6[] =
		"the link runs CS64 and both ends support ackID-in-PNA recovery, where Part 6 wants it on (bit 9 set): it cannot be turned off";
	char *fmt, *st, *s = NULL;
	int rule = 1, me, far;	/* Part 6's rule applies: 1, 0, or -1 unknown */
	bool writes, reads;

	if (c->key != S_PNA || strcmp(c->val, "off") || !c->pd)
		return NULL;
	fmt = cread(c->d, c->port, "symbol_format");
	me = lat_sup(c->d, c->port, S_PNA);
	far = lat_sup(c->pd, c->pp, S_PNA);
	if ((fmt && strcmp(fmt, "cs64")) || !me || !far)
		rule = 0;
	else if (!fmt || me < 0 || far < 0)
		rule = -1;
	st = cread(c->d, c->port, "link_status");
	writes = st && (!strcmp(st, "configured") || starts(st, "failed: "));
	reads = st && (starts(st, "reported") || !strcmp(st, "disabled: off in the hardware"));
	if (writes && rule)
		s = xstrdup(part6);
	else if (!reads && (rule || writes))
		s = xasprintf("this host only discovers the fabric (the enumerating host configures it), or %s",
			      part6);
	free(fmt);
	free(st);
	return s;
}

/* Rules of this end (EOPNOTSUPP) or of the partner (EXDEV), in the kernel's order */
static char *why_end(const struct ctx *c, bool partner)
{
	const struct dev *d = partner ? c->pd : c->d;
	unsigned int p = partner ? c->pp : c->port;
	char *w, *s = NULL, *fixed;

	if (partner && !c->pd)
		return NULL;
	w = who(c, partner);
	switch (c->key) {
	case S_GEN:
		if (!partner && has_word(d, p, "capabilities", "gen") == 0)
			s = xasprintf("%s cannot generate VoQ symbols", w);
		if (partner && has_word(d, p, "capabilities", "rx") == 0)
			s = xasprintf("%s cannot receive VoQ symbols", w);
		if (partner && !s && is_rev2(c->d) != is_rev2(c->pd))
			s = xasprintf("%s is %s and %s is %s: their symbols are incompatible",
				      c->d->name, is_rev2(c->d) ? "rev 2.x" : "rev 3+",
				      c->pd->name, is_rev2(c->pd) ? "rev 2.x" : "rev 3+");
		break;
	case S_VC:
		if (has_word(d, p, "capabilities", "per_vc") == 0)
			s = xasprintf("%s does not support per-VC backpressure", w);
		break;
	case S_TX: case S_RX:
		s = why_size(c, partner);
		break;
	case S_FMT:
		if (is_rev2(d))
			s = xasprintf("%s has a rev 2.x VoQ block: its symbol format is fixed", w);
		break;
	case S_MACK: case S_PNA:
		s = why_lat(c, partner);
		break;
	case S_SMAP:
		if (!partner) {
			fixed = cread(d, p, "staging_queues");
			s = xasprintf("%s's staging map is a fixed decoder in the switch%s%s%s",
				      w, fixed ? " (" : "", fixed ? fixed : "",
				      fixed ? " queues)" : "");
			free(fixed);
		}
		break;
	}
	free(w);
	return s;
}

/* EBUSY: generation=1 while this end's TX size differs from the partner's RX */
static char *why_busy(const struct ctx *c)
{
	char *tx, *rx, *s = NULL;

	if (lat_key(c->key))
		return xasprintf("%s port %u, or its partner, is a board that could not be discovered again after a swap: nothing is written until it is",
				 c->d->name, c->port);
	if (c->key != S_GEN || !c->pd || is_rev2(c->d))
		return NULL;
	tx = cread(c->d, c->port, "tx_group_size");
	rx = cread(c->pd, c->pp, "rx_group_size");
	if (tx && rx && strcmp(tx, rx))
		s = xasprintf("%s port %u transmits with group size %s but partner %s port %u receives with %s: set tx_group_size first",
			      c->d->name, c->port, tx, c->pd->name, c->pp, rx);
	free(tx);
	free(rx);
	return s;
}

/* staging_map: one queue below staging_queues per port of the partner */
static char *why_map(const struct ctx *c)
{
	char *sq = cread(c->d, c->port, "staging_queues"), *copy, *tok, *save, *s = NULL;
	unsigned long nq = 0, q, want = 0, n = 0;
	char *path;

	if (!sq || !parse_uint(sq, 256, &nq) || !nq) {
		free(sq);
		return xasprintf("%s port %u has no staging queues", c->d->name, c->port);
	}
	free(sq);
	if (c->pd) {
		path = voq_path(c->pd, "ports");
		sq = peek(path);
		free(path);
		if (!sq || !parse_uint(sq, RIO_VOQ_MAX_PORTS, &want))
			want = 0;
		free(sq);
	}
	copy = xstrdup(c->val);
	if (!*copy || strstr(copy, "  ") || copy[0] == ' ' || copy[strlen(copy) - 1] == ' ')
		s = xstrdup("staging_map takes decimals separated by single spaces");
	for (tok = strtok_r(copy, " ", &save); !s && tok; tok = strtok_r(NULL, " ", &save), n++) {
		if (!parse_uint(tok, 255, &q))
			s = xasprintf("\"%s\" is not a queue number", tok);
		else if (q >= nq)
			s = xasprintf("queue %lu is not below the port's %lu staging queues", q, nq);
	}
	if (!s && want && n != want)
		s = xasprintf("staging_map needs one queue per port of %s (%lu ports), not %lu",
			      c->pd->name, want, n);
	free(copy);
	return s;
}

/* The precise reason for a refusal with @err, or NULL */
static char *diagnose(const struct ctx *c, int err)
{
	char *s = NULL;

	switch (err) {
	case EINVAL:
		/* Today's kernel answers EINVAL for every rule: find which */
		s = why_syntax(c);
		if (s)
			break;
		switch (c->key) {
		case S_SMAP:
			s = why_map(c);
			break;
		case S_GEN:
		case S_VC:
			if (strcmp(c->val, "1"))
				break;
			s = why_end(c, false);
			if (!s && !c->pd)
				s = why_nolink(c);
			if (!s)
				s = why_end(c, true);
			if (!s)
				s = why_busy(c);
			break;
		case S_TX:
		case S_RX:
		case S_FMT:
			if (!c->pd)
				s = why_nolink(c);
			if (!s)
				s = why_end(c, false);
			if (!s)
				s = why_end(c, true);
			break;
		}
		break;
	case EPERM:
		s = why_perm(c);
		break;
	case ENOLINK:
		s = why_nolink(c);
		break;
	case EOPNOTSUPP:
		s = why_end(c, false);
		break;
	case EXDEV:
		s = why_end(c, true);
		break;
	case EBUSY:
		s = why_busy(c);
		break;
	case ENOENT:
		if (c->key == S_SMAP)
			s = xasprintf("%s port %u has no staging queues", c->d->name, c->port);
		break;
	case EIO: {
		const char *f = lat_key(c->key) ? set_keys[c->key] : "link_status";
		char *st = cread(c->d, c->port, f);

		s = xasprintf("a maintenance access failed; %s (%s: %s)",
			      lat_key(c->key) ? "both ends of the link were put back as they were" :
						"generation was left off on the link",
			      f, st ? st : "unknown");
		free(st);
		break;
	}
	}
	return s;
}

/* What an errno means when nothing more precise is known */
static const char *generic(int err)
{
	switch (err) {
	case EINVAL:
		return "the kernel refused the value for this port (EINVAL)";
	case EPERM:
		return "this host does not own the fabric: it only discovers it, the enumerating host configures VoQ";
	case EACCES:
		return "permission denied: only root may change VoQ settings";
	case ENOLINK:
		return "the port has no VoQ link";
	case EOPNOTSUPP:
		return "this end does not support it";
	case EXDEV:
		return "the link partner does not support it";
	case EBUSY:
		return "this end's TX group size differs from the partner's RX group size: set the group size first";
	case ENODEV:
		return "the device is going away";
	case EHOSTUNREACH:
		return "a link that is down cuts the device off from the host: nothing was tried; try again when it is back";
	case EIO:
		return "a maintenance access failed; generation was left off on the link";
	}
	return strerror(err);
}

/* Write "@val\n" in one write(), so that the kernel's answer is its errno */
static int write_val(const char *path, const char *val)
{
	char *buf = xasprintf("%s\n", val);
	size_t n = strlen(buf);
	ssize_t w;
	int fd, err = 0;

	fd = open_file(path, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		err = -fd;
	} else {
		w = write(fd, buf, n);
		if (w < 0)
			err = errno;
		else if ((size_t)w != n)
			err = EIO;
		if (close(fd) && !err)
			err = errno;
	}
	free(buf);
	return err;
}

/* The port named on the command line: a decimal that voq/ports covers */
static int find_port(struct dev *d, const char *s, unsigned int *port)
{
	unsigned long p;
	char *path;
	bool ok;

	if (!d->ports_ok) {
		path = voq_path(d, "ports");
		failed(path, "unreadable or not a number of ports");
		free(path);
		return failures();
	}
	if (!parse_uint(s, RIO_VOQ_MAX_PORTS - 1, &p) || (s[0] == '0' && s[1]) ||
	    p >= d->nports) {
		if (d->nports)
			return bad_usage("%s: no port \"%s\" (ports are 0 to %u)", d->name, s,
					 d->nports - 1);
		return bad_usage("%s: no port \"%s\" (it has no ports)", d->name, s);
	}
	path = port_path(d, p, "");
	ok = is_dir(path);
	free(path);
	if (!ok)
		return bad_usage("%s: port %lu is not in sysfs", d->name, p);
	*port = p;
	return EXIT_OK;
}

static int cmd_set(int argc, char **argv)
{
	struct fabric fab;
	struct ctx c = { 0 };
	unsigned int *keys, k;
	char *path, *why, *done = NULL, *partner;
	bool missing;
	int i, ret, err;

	if (argc < 4)
		return bad_usage("set needs DEVICE PORT KEY=VALUE...");
	/* Every KEY=VALUE is checked before anything is written */
	keys = xrealloc(NULL, argc * sizeof(*keys));
	for (i = 3; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq)
			return bad_usage("set: \"%s\" is not KEY=VALUE", argv[i]);
		*eq = '\0';
		for (k = 0; k < ARRAY_SIZE(set_keys); k++)
			if (!strcmp(argv[i], set_keys[k]))
				break;
		*eq = '=';
		if (k == ARRAY_SIZE(set_keys))
			return bad_usage("set: \"%.*s\" is not a setting (generation, participation, xoff, per_vc, tx_group_size, rx_group_size, symbol_format, staging_map, multiple_ack, pna_recovery)",
					 (int)(eq - argv[i]), argv[i]);
		keys[i] = k;
		/* A latency knob's value is a word of three: checked here */
		if (lat_key(k)) {
			struct ctx v = { .key = k, .val = eq + 1 };

			why = why_syntax(&v);
			if (why) {
				char *a = tty(argv[i]);

				ret = bad_usage("set: %s: %s; nothing was written", a, why);
				free(a);
				free(why);
				free(keys);
				return ret;
			}
		}
	}
	ret = open_fabric(&fab);
	if (ret)
		return ret;
	c.fab = &fab;
	c.d = find_dev(&fab, argv[1]);
	if (!c.d)
		return bad_usage("%s: no such RapidIO device or mport", argv[1]);
	load_voq(c.d);
	if (!c.d->voq)
		return bad_usage("%s: no VoQ block", argv[1]);
	ret = find_port(c.d, argv[2], &c.port);
	if (ret)
		return ret;

	for (i = 3; i < argc; i++) {
		c.key = keys[i];
		c.val = strchr(argv[i], '=') + 1;
		path = port_path(c.d, c.port, set_keys[c.key]);
		err = write_val(path, c.val);
		if (err == ERR_NOT_REG) {
			/* not the kernel's refusal: a tree that is not sysfs */
			why = xasprintf("%s%s%s%s", file_error(err),
					done ? " (already applied: " : "", done ? done : "",
					done ? ")" : "");
			failed(path, why);
			free(why);
			free(path);
			free(done);
			free(keys);
			return failures();
		}
		free(path);
		if (!err) {
			char *t = xasprintf("%s%s%s", done ? done : "", done ? " " : "", argv[i]);

			free(done);
			done = t;
			continue;
		}
		/* The partner, for the rules of both ends */
		partner = cread(c.d, c.port, "partner");
		if (partner && strcmp(partner, "none")) {
			char *sp = strrchr(partner, ' ');
			unsigned long q;

			if (sp) {
				*sp = '\0';
				c.pd = find_dev(&fab, partner);
				if (c.pd && parse_uint(sp + 1, RIO_VOQ_MAX_PORTS - 1, &q))
					c.pp = q;
				else
					c.pd = NULL;
			}
		}
		free(partner);
		path = port_path(c.d, c.port, set_keys[c.key]);
		missing = access(path, F_OK) && errno == ENOENT;
		free(path);
		/* The kernel shows a port only the files that apply to it */
		why = missing ? why_end(&c, false) : diagnose(&c, err);
		if (missing && !why)
			why = xasprintf("%s port %u has no %s file: not applicable to this port",
					c.d->name, c.port, set_keys[c.key]);
		{
			char *w = tty(why ? why : generic(err)), *a = tty(argv[i]);

			fprintf(stderr, "riovoq: %s port %u: %s refused: %s%s%s%s\n", c.d->name,
				c.port, a, w, done ? " (already applied: " : "",
				done ? done : "", done ? ")" : "");
			free(w);
			free(a);
		}
		free(why);
		free(done);
		free(keys);
		return EXIT_REFUSED;
	}
	free(done);
	free(keys);
	return EXIT_OK;
}

/* decode */

/* A hexadecimal symbol, optionally 0x-prefixed, of at most @bits bits */
static int parse_sym(const char *s, unsigned int bits, u32 *out)
{
	unsigned long long v = 0;
	const char *p = s;
	int d;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	if (!*p)
		return -EINVAL;
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			return -EINVAL;
		v = v << 4 | d;
		if (v >> bits)
			return -ERANGE;
	}
	*out = v;
	return 0;
}

static int cmd_decode(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cs48", no_argument, NULL, '4' },
		{ "cs64", no_argument, NULL, '6' },
		{ "rev2", no_argument, NULL, '2' },
		{ "group-size", required_argument, NULL, 'g' },
		{ }
	};
	static const char * const fmt_names[] = {
		[RIO_VOQ_FMT_REV2] = "rev 2.x CS48 stype2", [RIO_VOQ_FMT_CS48] = "CS48 stype2",
		[RIO_VOQ_FMT_CS64] = "CS64 stype0 + parameters",
	};
	enum rio_voq_fmt fmt = RIO_VOQ_FMT_CS48;
	unsigned int b, nfmt = 0, bits;
	unsigned long pgs = 0;
	bool has_pgs = false;
	struct rio_voq_msg m;
	int c, ret, status = EXIT_OK;
	char *a;
	u32 sym;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (c) {
		case '4':
			fmt = RIO_VOQ_FMT_CS48;
			nfmt++;
			break;
		case '6':
			fmt = RIO_VOQ_FMT_CS64;
			nfmt++;
			break;
		case '2':
			fmt = RIO_VOQ_FMT_REV2;
			nfmt++;
			break;
		case 'g':
			if (!parse_uint(optarg, 999999, &pgs))
				return bad_usage("decode: --group-size \"%s\" is not a group size (0 to %d)",
						 optarg, RIO_VOQ_PGS_MAX);
			if (pgs == RIO_VOQ_PGS_RESERVED)
				return bad_usage("decode: group size %d is reserved (sizes are 0 to %d)",
						 RIO_VOQ_PGS_RESERVED, RIO_VOQ_PGS_MAX);
			if (pgs > RIO_VOQ_PGS_MAX)
				return bad_usage("decode: group size %lu is out of range (0 to %d)",
						 pgs, RIO_VOQ_PGS_MAX);
			has_pgs = true;
			break;
		case ':':
			return bad_usage("decode: %s needs a value", argv[optind - 1]);
		default:
			return bad_usage("decode: %s: not an option (--cs48, --cs64, --rev2, --group-size N)",
					 argv[optind - 1]);
		}
	}
	if (nfmt != 1)
		return bad_usage("decode: name one symbol format: --cs48, --cs64 or --rev2");
	if (fmt == RIO_VOQ_FMT_REV2 && has_pgs)
		return bad_usage("decode: --group-size does not apply to --rev2 (its format is fixed)");
	if (optind >= argc)
		return bad_usage("decode: no symbol to decode");
	bits = fmt == RIO_VOQ_FMT_CS64 ? 28 : 14;

	/* Every symbol is checked before any is decoded */
	for (c = optind; c < argc; c++) {
		ret = parse_sym(argv[c], bits, &sym);
		a = tty(argv[c]);
		if (ret == -EINVAL)
			ret = bad_usage("decode: \"%s\" is not a hexadecimal symbol", a);
		else if (ret == -ERANGE)
			ret = bad_usage("decode: %s is wider than the %u-bit %s field (at most %x)",
					a, bits, fmt_names[fmt], (1U << bits) - 1);
		free(a);
		if (ret)
			return ret;
	}
	for (; optind < argc; optind++) {
		parse_sym(argv[optind], bits, &sym);
		/* CS48 and rev 2.x: the carrying symbol is not known here */
		ret = rio_voq_sym_decode(fmt, pgs, sym, RIO_VOQ_VC_ALL, &m);
		if (ret == -EINVAL) {
			printf("%s: not a VoQ backpressure symbol\n", argv[optind]);
			status = EXIT_REFUSED;
			continue;
		}
		printf("%s: ", argv[optind]);
		if (ret == -EBADMSG)
			printf("reserved VC_IND (a receiver ignores it), ");
		else if (m.vc == RIO_VOQ_VC_ALL)
			printf("all VCs, ");
		else
			printf("VC%d, ", m.vc);
		printf("group %u, ports %u-%u, congested:", m.group, m.first_port,
		       m.first_port + m.nbits - 1);
		if (!m.status)
			printf(" none");
		for (b = 0; b < m.nbits; b++)
			if (m.status & BIT(b))
				printf(" %u", m.first_port + b);
		printf("\n");
	}
	return status;
}

/* dot */

static void dot_node(const struct dev *d)
{
	char *lay = d->layout.s;

	printf("  \"");
	dot_esc(d->name);
	printf("\" [label=\"");
	dot_esc(d->name);
	if (!d->voq) {
		printf("\\nno VoQ block\", style=\"filled,dashed\", fillcolor=gray92, color=gray60, fontcolor=gray45];\n");
		return;
	}
	printf("\\n%s", d->mport ? "mport" : strstr(d->name, ":s:") ? "switch" : "endpoint");
	if (lay) {
		printf(", ");
		dot_esc(lay);
	}
	if (d->ports_ok && !d->mport)
		printf(", %u port%s", d->nports, d->nports == 1 ? "" : "s");
	printf("\"];\n");
}

/* One direction of a link, for its label: "00:s:0002 1 -> 00:s:0003 0: on, gs 0" */
static void dot_dir(const struct dev *tx, int tp, const struct dev *rx, int rp)
{
	enum dir_state st;
	const char *why;
	char *t = dir_text(tx, tp, rx, rp, &st, &why);

	printf("\\n");
	dot_esc(tx->name);
	printf(" %d -> ", tp);
	dot_esc(rx->name);
	printf(" %d: ", rp);
	dot_esc(t);
	if (why) {
		printf(": ");
		dot_esc(why);
	}
	free(t);
}

static void dot_edge(const struct link *l)
{
	enum dir_state sa, sb;
	const char *wa, *wb, *color, *dir, *what;
	char *ta, *tb, *lat;
	bool oa, ob;

	printf("  \"");
	dot_esc(l->a->name);
	printf("\" -> \"");
	dot_esc(l->b->name);
	printf("\" [");
	if (l->ap >= 0)
		printf("taillabel=\"%d\", ", l->ap);
	if (l->bp >= 0)
		printf("headlabel=\"%d\", ", l->bp);
	if (!l->voq) {
		printf("label=\"%s\", color=gray60, fontcolor=gray45, style=dashed, dir=none];\n",
		       l->a->voq && l->b->voq ? "no VoQ link" : "no VoQ block");
		return;
	}
	ta = dir_text(l->a, l->ap, l->b, l->bp, &sa, &wa);
	tb = dir_text(l->b, l->bp, l->a, l->ap, &sb, &wb);
	free(ta);
	free(tb);
	oa = sa == D_ON || sa == D_REPORTED;
	ob = sb == D_ON || sb == D_REPORTED;
	if (sa == D_FAILED || sb == D_FAILED)
		color = "red", dir = "none", what = "failed";
	else if (oa && ob)
		color = "darkgreen", dir = "both", what = "VoQ both ways";
	else if (oa || ob)
		color = "orange", dir = oa ? "forward" : "back", what = "VoQ one way";
	else
		color = "gray50", dir = "none", what = "VoQ off";
	printf("label=\"");
	dot_esc(fval(l->a, l->ap, K_FMT) ? fval(l->a, l->ap, K_FMT) : "?");
	printf(", %s", what);
	lat = lat_text(l, NULL);
	if (lat) {
		printf(", lat ");
		dot_esc(lat);
		free(lat);
	}
	dot_dir(l->a, l->ap, l->b, l->bp);
	dot_dir(l->b, l->bp, l->a, l->ap);
	printf("\", color=%s, dir=%s];\n", color, dir);
}

static const char dot_legend[] =
"  subgraph cluster_legend {\n"
"    label=\"legend\"; fontsize=10; color=gray70;\n"
"    node [shape=point, width=0.05, label=\"\"];\n"
"    edge [fontsize=9];\n"
"    \"legend 1a\" -> \"legend 1b\" [label=\"VoQ both ways\", color=darkgreen, dir=both];\n"
"    \"legend 2a\" -> \"legend 2b\" [label=\"VoQ one way (arrow: the way it flows)\", color=orange];\n"
"    \"legend 3a\" -> \"legend 3b\" [label=\"VoQ off (why, per direction)\", color=gray50, dir=none];\n"
"    \"legend 4a\" -> \"legend 4b\" [label=\"failed (generation left off)\", color=red, dir=none];\n"
"    \"legend 5a\" -> \"legend 5b\" [label=\"no VoQ block at one end\", color=gray60, style=dashed, dir=none];\n"
"    \"legend text\" [shape=plaintext, fontsize=9, label=\"A N -> B M: the direction from port N of A to port M of B\\l"
"on / reported / off / FAILED: its state; gsK: its port group size\\lvc: per-VC backpressure; !: the two ends disagree\\l"
"lat mack+pna / mack / pna / off / none / FAILED: latency optimization (Part 6) of the link\\l"
"grey box: a device without a VoQ block\\l\"];\n"
"  }\n";

static int cmd_dot(void)
{
	struct fabric fab;
	struct links ls;
	unsigned int i;
	int ret = open_fabric(&fab);

	if (ret)
		return ret;
	load_fabric(&fab);
	find_links(&fab, &ls);
	printf("digraph rapidio_voq {\n  rankdir=LR;\n  node [shape=box, fontsize=11];\n"
	       "  edge [fontsize=9];\n");
	for (i = 0; i < fab.n; i++)
		dot_node(&fab.dev[i]);
	for (i = 0; i < ls.n; i++)
		dot_edge(&ls.l[i]);
	fputs(dot_legend, stdout);
	printf("}\n");
	free(ls.l);
	return failures();
}

int main(int argc, char **argv)
{
	int c, ret;

	setlocale(LC_CTYPE, "");
	tty_utf8 = !strcmp(nl_langinfo(CODESET), "UTF-8");
	/* -h or --help anywhere: the usage, whatever else is there */
	for (c = 1; c < argc; c++) {
		if (!strcmp(argv[c], "--help") || !strcmp(argv[c], "-h")) {
			fputs(usage, stdout);
			return EXIT_OK;
		}
		if (!strcmp(argv[c], "--"))
			break;
	}
	opterr = 0;
	while ((c = getopt(argc, argv, "+r:h")) != -1) {
		switch (c) {
		case 'r':
			root = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return EXIT_OK;
		case '?':
			if (optopt == 'r')
				return bad_usage("-r needs a ROOT");
			return bad_usage("-%c: not an option", optopt);
		}
	}
	if (optind >= argc)
		return bad_usage("no command (show, set, decode, dot)");
	argc -= optind;
	argv += optind;

	if (!strcmp(argv[0], "show"))
		ret = cmd_show(argc, argv);
	else if (!strcmp(argv[0], "set"))
		ret = cmd_set(argc, argv);
	else if (!strcmp(argv[0], "decode"))
		ret = cmd_decode(argc, argv);
	else if (!strcmp(argv[0], "dot"))
		ret = argc == 1 ? cmd_dot() : bad_usage("dot takes no argument");
	else
		ret = bad_usage("%s: not a command (show, set, decode, dot)", argv[0]);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "riovoq: writing the output: %s\n", strerror(errno));
		return EXIT_READ;
	}
	return ret;
}
