// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq set: KEY=VALUE written to a port's files, in order; a refusal
 * explained (explain.c), with what was applied before it.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/kernel.h>
#include <linux/rio_voq.h>

#include "riovoq.h"

const char * const set_keys[NSETKEYS] = {
	"generation", "participation", "xoff", "per_vc", "tx_group_size",
	"rx_group_size", "symbol_format", "staging_map", "multiple_ack",
	"pna_recovery",
};

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

int cmd_set(int argc, char **argv)
{
	struct fabric fab;
	struct ctx c = { 0 };
	unsigned int *keys, k;
	char *path, *why, *done = NULL;
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
			return bad_usage("set: \"%.*s\" is not a setting (%s%s)",
					 (int)(eq - argv[i]), argv[i],
					 "generation, participation, xoff, per_vc, tx_group_size, ",
					 "rx_group_size, symbol_format, staging_map, multiple_ack, pna_recovery");
		keys[i] = k;
		/* A latency knob's value is a word of three: checked here */
		if (k == S_MACK || k == S_PNA) {
			why = why_syntax(k, eq + 1);
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
		c.pd = port_partner(&fab, c.d, c.port, &c.pp);
		path = port_path(c.d, c.port, set_keys[c.key]);
		missing = access(path, F_OK) && errno == ENOENT;
		free(path);
		/* The kernel shows a port only the files that apply to it */
		why = explain(&c, missing ? 0 : err);
		{
			char *w = tty(why), *a = tty(argv[i]);

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
