// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq: its usage, and the command dispatch.  See riovoq.h for the
 * files of the tool, riovoq(8) for its use.
 */

#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "riovoq.h"

static const char usage[] =
"Usage: riovoq [-r ROOT] show [-a] [-j] [DEVICE]\n"
"       riovoq [-r ROOT] set DEVICE PORT KEY=VALUE...\n"
"       riovoq decode (--cs48 | --cs64 | --rev2) [--group-size N] HEX...\n"
"       riovoq [-r ROOT] dot\n"
"\n"
"RapidIO VoQ backpressure (Part 12) administration; see riovoq(8).\n"
"\n"
"  show    one line per link: both ends, symbol format, each direction's\n"
"          state (on, off, FAILED, down) with its group size (gsN) and\n"
"          per-VC (vc), the latency optimization (LAT: mack+pna, mack, pna,\n"
"          off, none, down, FAILED) where an end has the register, and why\n"
"          a direction or a feature is off (the kernel's reason word); then\n"
"          the idle ports and each fabric's policy (auto_config, poll_ms).\n"
"          -a: one line per port instead, every port; -j: every port and\n"
"          fabric as JSON, every file.  DEVICE limits the output to one.\n"
"  set     writes KEY=VALUE to the port's sysfs files, in order; KEY is\n"
"          generation, participation, xoff, per_vc, tx_group_size,\n"
"          rx_group_size, symbol_format, staging_map (\"0 0 1 1\"),\n"
"          multiple_ack or pna_recovery (on, off or auto).  A refusal\n"
"          names the rule, from the kernel's own checks on both ends.\n"
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
