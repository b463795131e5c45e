// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq - show and set RapidIO VoQ backpressure state, decode symbols.
 *
 * Reads and writes only the sysfs files of rio_voq
 * (Documentation/ABI/testing/sysfs-bus-rapidio-voq), under a root that
 * can be changed so that the tool can be tested on a fake tree.
 */

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/kernel.h>
#include <linux/rio_voq.h>

#define MAX_PATH	512
#define MAX_VAL		256

static const char *root = "/sys";

static const char usage[] =
"NAME\n"
"    riovoq - RapidIO VoQ backpressure (Part 12) administration\n"
"\n"
"SYNOPSIS\n"
"    riovoq [-r ROOT] show [-j] [DEVICE]\n"
"    riovoq [-r ROOT] set DEVICE PORT KEY=VALUE...\n"
"    riovoq decode (--cs48 | --cs64 | --rev2) [--group-size N] HEX...\n"
"    riovoq [-r ROOT] dot\n"
"\n"
"DESCRIPTION\n"
"    show    one line per port of every device (or of DEVICE) with a VoQ\n"
"            block: layout, capabilities, generation, participation, XOFF,\n"
"            per-VC, TX/RX group size, symbol format, partner, link status.\n"
"            sq is the number of staging queues of the port; -j prints the\n"
"            same as JSON, with the staging map.\n"
"    set     writes KEY=VALUE to the port's sysfs files, in order; KEY is\n"
"            one of generation, participation, xoff, per_vc, tx_group_size,\n"
"            rx_group_size, symbol_format, staging_map (quoted: \"0 0 1 1\").\n"
"            The kernel checks both ends of\n"
"            the link; its refusals are explained and make riovoq exit 1.\n"
"    decode  decodes captured VoQ symbols: for --cs48 and --rev2 the 14-bit\n"
"            stype2 field, for --cs64 stype0 and parameter0/1 (28 bits).\n"
"            --group-size is the receiver's RX group size (default 0).\n"
"    dot     the fabric as a Graphviz graph, one edge per link, labelled with\n"
"            its VoQ state: both ways, one way (and why not the other),\n"
"            off and why, or failed.\n"
"\n"
"    DEVICE is a RapidIO device name (00:s:0002) or an mport (rapidio0).\n"
"\n"
"OPTIONS\n"
"    -r ROOT  where sysfs is (default /sys)\n"
"    -h       this text\n"
"\n"
"EXIT STATUS\n"
"    0 success, 1 the kernel refused or an access failed, 2 bad usage.\n";

static const char * const port_keys[] = {
	"capabilities", "generation", "participation", "xoff", "per_vc",
	"tx_group_size", "rx_group_size", "symbol_format", "partner",
	"link_status", "staging_queues", "staging_map",
};

static const char * const set_keys[] = {
	"generation", "participation", "xoff", "per_vc", "tx_group_size",
	"rx_group_size", "symbol_format", "staging_map",
};

/* Read a one-line sysfs file into @val, without its newline */
static int read_val(const char *path, char *val)
{
	FILE *f = fopen(path, "r");
	size_t n;

	val[0] = '\0';
	if (!f)
		return -errno;
	if (!fgets(val, MAX_VAL, f)) {
		int err = ferror(f) ? -EIO : 0;

		fclose(f);
		return err;
	}
	fclose(f);
	n = strlen(val);
	if (n && val[n - 1] == '\n')
		val[n - 1] = '\0';
	return 0;
}

/* Where devices and mports are, under the root */
static const char * const bases[] = { "bus/rapidio/devices", "class/rapidio_port" };

/* The voq/ directory of a device or mport name */
static int voq_dir(const char *name, char *path)
{
	struct stat st;
	unsigned int b;

	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		snprintf(path, MAX_PATH, "%s/%s/%s/voq", root, bases[b], name);
		if (!stat(path, &st))
			return 0;
	}
	return -ENOENT;
}

/* The number of ports of a voq/ directory */
static int voq_ports(const char *dir, unsigned int *nports)
{
	char path[MAX_PATH + 16], val[MAX_VAL];

	snprintf(path, sizeof(path), "%s/ports", dir);
	if (read_val(path, val) || sscanf(val, "%u", nports) != 1)
		return -EIO;
	return 0;
}

struct port_row {
	char dev[64];
	unsigned int port;
	char layout[8];
	char val[ARRAY_SIZE(port_keys)][MAX_VAL];
};

static int read_row(const char *dir, const char *dev, unsigned int port,
		    struct port_row *r)
{
	char path[MAX_PATH + 64];
	unsigned int k;

	snprintf(r->dev, sizeof(r->dev), "%s", dev);
	r->port = port;
	snprintf(path, sizeof(path), "%s/layout", dir);
	read_val(path, r->layout);
	for (k = 0; k < ARRAY_SIZE(port_keys); k++) {
		snprintf(path, sizeof(path), "%s/port%u/%s", dir, port, port_keys[k]);
		if (read_val(path, r->val[k]))
			snprintf(r->val[k], MAX_VAL, "?");
	}
	return 0;
}

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void print_row(const struct port_row *r, bool json, bool *first)
{
	unsigned int k;

	if (!json) {
		printf("%-12s %4u %-5s %-16s %3s %4s %4s %3s %2s %2s %-5s %2s %-16s %s\n",
		       r->dev, r->port, r->layout, r->val[0][0] ? r->val[0] : "-",
		       r->val[1], r->val[2], r->val[3], r->val[4], r->val[5], r->val[6],
		       r->val[7], r->val[10], r->val[8], r->val[9]);
		return;
	}
	printf("%s\n  {\"device\": ", *first ? "" : ",");
	*first = false;
	json_str(r->dev);
	printf(", \"port\": %u, \"layout\": ", r->port);
	json_str(r->layout);
	for (k = 0; k < ARRAY_SIZE(port_keys); k++) {
		printf(", ");
		json_str(port_keys[k]);
		printf(": ");
		json_str(r->val[k]);
	}
	printf("}");
}

/* Call @fn for every device and mport that has a voq/ directory */
static int for_each_voq(int (*fn)(const char *dir, const char *name, void *arg),
			void *arg)
{
	char base[MAX_PATH], dir[MAX_PATH * 2];
	struct dirent **names;
	unsigned int b;
	struct stat st;
	int n, i, ret = 0;

	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		snprintf(base, sizeof(base), "%s/%s", root, bases[b]);
		n = scandir(base, &names, NULL, alphasort);
		for (i = 0; i < n; i++) {
			snprintf(dir, sizeof(dir), "%s/%s/voq", base, names[i]->d_name);
			if (names[i]->d_name[0] != '.' && !stat(dir, &st) && !ret)
				ret = fn(dir, names[i]->d_name, arg);
			free(names[i]);
		}
		if (n >= 0)
			free(names);
	}
	return ret;
}

struct show_args {
	const char *only;
	bool json;
	bool first;
	unsigned int rows;
};

static int show_one(const char *dir, const char *name, void *arg)
{
	struct show_args *a = arg;
	struct port_row r;
	unsigned int p, nports;

	if ((a->only && strcmp(a->only, name)) || voq_ports(dir, &nports))
		return 0;
	for (p = 0; p < nports; p++) {
		read_row(dir, name, p, &r);
		print_row(&r, a->json, &a->first);
		a->rows++;
	}
	return 0;
}

static int cmd_show(int argc, char **argv)
{
	struct show_args a = { .first = true };
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-j"))
			a.json = true;
		else if (!a.only)
			a.only = argv[i];
		else
			return 2;
	}
	if (a.json)
		printf("[");
	else
		printf("%-12s %4s %-5s %-16s %3s %4s %4s %3s %2s %2s %-5s %2s %-16s %s\n",
		       "device", "port", "lay", "capabilities", "gen", "part", "xoff",
		       "vc", "tx", "rx", "fmt", "sq", "partner", "link");
	for_each_voq(show_one, &a);
	if (a.json)
		printf("%s]\n", a.first ? "" : "\n");
	if (a.only && !a.rows) {
		fprintf(stderr, "riovoq: %s: no such device with a VoQ block\n", a.only);
		return 1;
	}
	return 0;
}

static const char *explain(int err)
{
	switch (err) {
	case EINVAL:
		return "refused: a bad value, or one the link's two ends cannot both take (nothing changed)";
	case EPERM:
		return "refused: this host only discovers the fabric, it does not own it";
	case EACCES:
		return "permission denied: only root may change VoQ settings";
	case EIO:
		return "a hardware access failed; generation was left off on this link";
	case ENODEV:
	case ENOENT:
		return "the device or port is gone";
	}
	return strerror(err);
}

static int cmd_set(int argc, char **argv)
{
	char dir[MAX_PATH], path[MAX_PATH * 2];
	unsigned int k;
	int i, ret = 0;
	FILE *f;

	if (argc < 4)
		return 2;
	if (voq_dir(argv[1], dir)) {
		fprintf(stderr, "riovoq: %s: no such device with a VoQ block\n", argv[1]);
		return 1;
	}
	for (i = 3; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq)
			return 2;
		*eq = '\0';
		for (k = 0; k < ARRAY_SIZE(set_keys); k++)
			if (!strcmp(argv[i], set_keys[k]))
				break;
		if (k == ARRAY_SIZE(set_keys)) {
			fprintf(stderr, "riovoq: %s: not a setting\n", argv[i]);
			return 2;
		}
		snprintf(path, sizeof(path), "%s/port%s/%s", dir, argv[2], argv[i]);
		f = fopen(path, "w");
		if (f) {
			/* One write, so that the kernel's answer reaches fclose */
			setvbuf(f, NULL, _IONBF, 0);
			if (fprintf(f, "%s\n", eq + 1) < 0)
				ret = errno;
			if (fclose(f) && !ret)
				ret = errno;
		} else {
			ret = errno;
		}
		if (ret) {
			fprintf(stderr, "riovoq: %s port %s %s=%s: %s\n", argv[1], argv[2],
				argv[i], eq + 1, explain(ret));
			return 1;
		}
	}
	return 0;
}

static int cmd_decode(int argc, char **argv)
{
	enum rio_voq_fmt fmt = RIO_VOQ_FMT_CS48;
	static const struct option opts[] = {
		{ "cs48", no_argument, NULL, '4' },
		{ "cs64", no_argument, NULL, '6' },
		{ "rev2", no_argument, NULL, '2' },
		{ "group-size", required_argument, NULL, 'g' },
		{ }
	};
	unsigned int pgs = 0, b, nfmt = 0;
	struct rio_voq_msg m;
	int c, ret, status = 0;
	char *end;
	u32 sym;

	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
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
			pgs = strtoul(optarg, &end, 10);
			if (*end || pgs > RIO_VOQ_PGS_MAX)
				return 2;
			break;
		default:
			return 2;
		}
	}
	if (nfmt != 1 || optind >= argc)
		return 2;

	for (; optind < argc; optind++) {
		sym = strtoul(argv[optind], &end, 16);
		if (*end || !*argv[optind]) {
			fprintf(stderr, "riovoq: %s: not a hexadecimal symbol\n", argv[optind]);
			return 2;
		}
		ret = rio_voq_sym_decode(fmt, pgs, sym, &m);
		if (ret == -EINVAL) {
			printf("%s: not a VoQ backpressure symbol\n", argv[optind]);
			status = 1;
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

/* The link_status of @dev's @port, via its sysfs directory */
static void port_status(const char *dev, unsigned int port, char *val)
{
	char dir[MAX_PATH], path[MAX_PATH * 2];

	snprintf(val, MAX_VAL, "?");
	if (voq_dir(dev, dir))
		return;
	snprintf(path, sizeof(path), "%s/port%u/link_status", dir, port);
	read_val(path, val);
}

/* One edge per link, from the end that sorts first */
static int dot_one(const char *dir, const char *name, void *arg)
{
	char path[MAX_PATH + 64], partner[MAX_VAL], mine[MAX_VAL], theirs[MAX_VAL];
	char pdev[64], label[2 * MAX_VAL + 128];
	const char *color, *edge;
	unsigned int p, nports, pport;
	bool a, b;

	printf("  \"%s\";\n", name);
	if (voq_ports(dir, &nports))
		return 0;
	for (p = 0; p < nports; p++) {
		snprintf(path, sizeof(path), "%s/port%u/partner", dir, p);
		if (read_val(path, partner) || sscanf(partner, "%63s %u", pdev, &pport) != 2)
			continue;
		/* The end that sorts first draws it, if it has a voq/ directory */
		if ((strcmp(name, pdev) > 0 || (!strcmp(name, pdev) && p > pport)) &&
		    !voq_dir(pdev, path))
			continue;
		snprintf(path, sizeof(path), "%s/port%u/link_status", dir, p);
		read_val(path, mine);
		port_status(pdev, pport, theirs);
		a = !strcmp(mine, "configured");
		b = !strcmp(theirs, "configured");

		if (!strncmp(mine, "failed", 6) || !strncmp(theirs, "failed", 6)) {
			snprintf(label, sizeof(label), "%s",
				 !strncmp(mine, "failed", 6) ? mine : theirs);
			color = "red";
			edge = "none";
		} else if (a && b) {
			snprintf(label, sizeof(label), "VoQ both ways");
			color = "darkgreen";
			edge = "both";
		} else if (a || b) {
			snprintf(label, sizeof(label), "VoQ one way; other way %s",
				 a ? theirs : mine);
			color = "orange";
			edge = a ? "forward" : "back";
		} else {
			snprintf(label, sizeof(label), "VoQ off: %s", mine);
			color = "gray";
			edge = "none";
		}
		printf("  \"%s\" -> \"%s\" [taillabel=\"%u\", headlabel=\"%u\", label=\"%s\", color=%s, dir=%s];\n",
		       name, pdev, p, pport, label, color, edge);
	}
	return 0;
}

static int cmd_dot(void)
{
	printf("digraph rapidio_voq {\n  rankdir=LR;\n  node [shape=box];\n");
	for_each_voq(dot_one, NULL);
	printf("}\n");
	return 0;
}

int main(int argc, char **argv)
{
	int c, ret = 2;

	while ((c = getopt(argc, argv, "+r:h")) != -1) {
		switch (c) {
		case 'r':
			root = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fputs(usage, stderr);
		return 2;
	}
	argc -= optind;
	argv += optind;

	if (!strcmp(argv[0], "show"))
		ret = cmd_show(argc, argv);
	else if (!strcmp(argv[0], "set"))
		ret = cmd_set(argc, argv);
	else if (!strcmp(argv[0], "decode"))
		ret = cmd_decode(argc, argv);
	else if (!strcmp(argv[0], "dot") && argc == 1)
		ret = cmd_dot();
	if (ret == 2)
		fputs(usage, stderr);
	return ret;
}
