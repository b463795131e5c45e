// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq: the fabric as sysfs shows it, read into a model: the devices
 * and mports, their voq/ directories, every file of every port, the
 * fabric files of each mport, and the core's lprev and lnext.
 */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/rio_voq.h>

#include "riovoq.h"

#define MAX_FILE	(16UL << 20)	/* a bound against a hostile tree */

const char *root = "/sys";

const char *file_error(int err)
{
	return err == ERR_NOT_REG ? "not a regular file" : strerror(err);
}

/*
 * Open a file of the tree, as open(2) with @flags, but never wait
 * (O_NONBLOCK: the open of a FIFO planted in a hostile tree would block)
 * and only a regular file, as every sysfs attribute is: a FIFO, a
 * device, a directory is refused with ERR_NOT_REG.  The fd, or -errno.
 */
int open_file(const char *path, int flags)
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

static void rd(struct val *v, const char *path)
{
	int err = slurp(path, &v->s, &v->len);

	v->bad = err && err != -ENOENT;
	if (v->bad)
		failed(path, file_error(-err));
}

/* The value of a file, or NULL (missing or failed): for explanations */
char *peek(const char *path)
{
	char *s;

	return slurp(path, &s, NULL) ? NULL : s;
}

bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Where mports and devices are, under the root: mports first */
static const char * const bases[] = { "class/rapidio_port", "bus/rapidio/devices" };

const char * const port_keys[NKEYS] = {
	"capabilities", "group_sizes_supported", "csr", "partner_device",
	"partner_port", "port_state", "tx_state", "tx_plan", "tx_reason",
	"generation", "participation", "xoff", "per_vc", "tx_group_size",
	"rx_group_size", "symbol_format", "staging_queues", "staging_map",
	"latency_capabilities", "latency_csr", "multiple_ack",
	"multiple_ack_reason", "pna_recovery", "pna_recovery_reason",
};

const char * const fabric_keys[NFABKEYS] = { "auto_config", "poll_ms" };

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
struct dev *find_dev(struct fabric *fab, const char *name)
{
	unsigned int i;

	for (i = 0; i < fab->n; i++)
		if (!strcmp(fab->dev[i].name, name))
			return &fab->dev[i];
	return NULL;
}

char *voq_path(const struct dev *d, const char *file)
{
	return xasprintf("%s/voq/%s", d->path, file);
}

char *port_path(const struct dev *d, unsigned int p, const char *file)
{
	return xasprintf("%s/voq/port%u/%s", d->path, p, file);
}

/* The value of a port's file, or NULL (missing or failed): for explanations */
char *port_read(const struct dev *d, unsigned int p, const char *file)
{
	char *path = port_path(d, p, file), *s = peek(path);

	free(path);
	return s;
}

/*
 * voq/: the fabric's files of an mport; the VoQ block's layout and number
 * of ports, where there is one (an mport's voq/ may hold the fabric's
 * files alone)
 */
void load_voq(struct dev *d)
{
	struct val ports = { 0 };
	unsigned long n;
	unsigned int k;
	char *path = voq_path(d, "");
	bool dir = is_dir(path);

	free(path);
	if (!dir)
		return;
	for (k = 0; d->mport && k < NFABKEYS; k++) {
		path = voq_path(d, fabric_keys[k]);
		rd(&d->fab[k], path);
		d->fabric |= d->fab[k].s || d->fab[k].bad;
		free(path);
	}
	path = voq_path(d, "ports");
	rd(&ports, path);
	d->voq = ports.s || ports.bad || !d->fabric;
	if (!d->voq) {
		free(path);
		return;
	}
	if (ports.s && parse_uint(ports.s, RIO_VOQ_MAX_PORTS, &n)) {
		d->nports = n;
		d->ports_ok = true;
	} else if (!ports.bad) {
		failed(path, ports.s ? "not a number of ports (0 to 256)" : "missing");
	}
	free(path);
	free(ports.s);
	path = voq_path(d, "layout");
	rd(&d->layout, path);
	free(path);
}

/*
 * A port's partner, from partner_device and partner_port: NULL for none
 * ("none" in both), or if they name no device sysfs lists and no port
 * (then one failure, the first time for the port)
 */
static struct dev *partner_of(struct fabric *fab, const struct dev *d, unsigned int p,
			      const char *dev, const char *port, unsigned int *pp,
			      bool report)
{
	struct dev *peer;
	unsigned long q;
	char *path;

	if (!dev || !port || (!strcmp(dev, "none") && !strcmp(port, "none")))
		return NULL;
	peer = find_dev(fab, dev);
	if (peer && parse_uint(port, RIO_VOQ_MAX_PORTS - 1, &q) && (port[0] != '0' || !port[1])) {
		*pp = q;
		return peer;
	}
	if (report) {
		path = port_path(d, p, "partner_device");
		failed(path, "with partner_port, not \"none\" nor a listed device and a port");
		free(path);
	}
	return NULL;
}

/* The partner of a port not loaded (set): read now */
struct dev *port_partner(struct fabric *fab, const struct dev *d, unsigned int p,
			 unsigned int *pp)
{
	char *dev = port_read(d, p, "partner_device"), *port = port_read(d, p, "partner_port");
	struct dev *peer = partner_of(fab, d, p, dev, port, pp, false);

	free(dev);
	free(port);
	return peer;
}

/* Read every port of every device with a VoQ block, and the core's links */
void load_fabric(struct fabric *fab)
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
			struct port *pt = &d->port[p];

			path = port_path(d, p, "");
			if (!is_dir(path)) {
				failed(path, "missing, but ports says there is such a port");
				free(path);
				continue;
			}
			free(path);
			for (k = 0; k < NKEYS; k++) {
				path = port_path(d, p, port_keys[k]);
				rd(&pt->f[k], path);
				free(path);
			}
			pt->peer = partner_of(fab, d, p, pt->f[K_PDEV].s, pt->f[K_PPORT].s,
					      &pt->peer_port, true);
		}
	}
}

/* The fabric, listed; an error and exit 3 if there is no RapidIO sysfs */
int open_fabric(struct fabric *fab)
{
	int err = list_fabric(fab);

	if (err) {
		fprintf(stderr, "riovoq: %s/%s: %s (%s)\n", root, bases[1], strerror(-err),
			"no RapidIO sysfs here: is the rapidio core loaded?");
		return EXIT_READ;
	}
	return EXIT_OK;
}
