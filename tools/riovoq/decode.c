// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq decode: captured VoQ symbols decoded by the kernel's own codec
 * (drivers/rapidio/spec/voq_codec.c).
 */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/kernel.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

#include "riovoq.h"

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

int cmd_decode(int argc, char **argv)
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
				return bad_usage("decode: --group-size \"%s\" %s (0 to %d)",
						 optarg, "is not a group size", RIO_VOQ_PGS_MAX);
			if (pgs == RIO_VOQ_PGS_RESERVED)
				return bad_usage("decode: group size %d is reserved (%s %d)",
						 RIO_VOQ_PGS_RESERVED, "sizes are 0 to",
						 RIO_VOQ_PGS_MAX);
			if (pgs > RIO_VOQ_PGS_MAX)
				return bad_usage("decode: group size %lu is %s (0 to %d)",
						 pgs, "out of range", RIO_VOQ_PGS_MAX);
			has_pgs = true;
			break;
		case ':':
			return bad_usage("decode: %s needs a value", argv[optind - 1]);
		default:
			return bad_usage("decode: %s: not an option (%s)", argv[optind - 1],
					 "--cs48, --cs64, --rev2, --group-size N");
		}
	}
	if (nfmt != 1)
		return bad_usage("decode: name one symbol format: --cs48, --cs64 or --rev2");
	if (fmt == RIO_VOQ_FMT_REV2 && has_pgs)
		return bad_usage("decode: --group-size does not apply to --rev2 (%s)",
				 "its format is fixed");
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
