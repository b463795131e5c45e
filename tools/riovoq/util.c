// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq: memory, strict numbers, and the errors of the run (usage
 * errors, reads that failed).
 */

#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riovoq.h"

/* One line, then the exit status for bad usage */
int bad_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("riovoq: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (riovoq -h for help)\n", stderr);
	return EXIT_USAGE;
}

void oom(void)
{
	fputs("riovoq: out of memory\n", stderr);
	exit(EXIT_READ);
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		oom();
	return d;
}

/* Every string riovoq builds is sized to fit: nothing is truncated */
char *xasprintf(const char *fmt, ...)
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
bool parse_uint(const char *s, unsigned long max, unsigned long *out)
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

/* Reads that failed, or held what they cannot hold: exit status 3 */
unsigned int nfailed;
static char *first_failure;

void failed(const char *path, const char *why)
{
	if (!nfailed++)
		first_failure = xasprintf("%s: %s", path, why);
}

int failures(void)
{
	char *f;

	if (!nfailed)
		return EXIT_OK;
	f = tty(first_failure);		/* one line, even for a name with a newline */
	if (nfailed == 1)
		fprintf(stderr, "riovoq: %s\n", f);
	else
		fprintf(stderr, "riovoq: %u sysfs reads %s; the first: %s\n", nfailed,
			"failed or held unexpected values", f);
	free(f);
	return EXIT_READ;
}

/* "0x" and eight lowercase hexadecimal digits, as rio_voq shows a register */
bool parse_hex32(const char *s, unsigned int *out)
{
	unsigned int v = 0, i;

	if (strlen(s) != 10 || s[0] != '0' || s[1] != 'x')
		return false;
	for (i = 2; i < 10; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			v = v << 4 | (s[i] - '0');
		else if (s[i] >= 'a' && s[i] <= 'f')
			v = v << 4 | (s[i] - 'a' + 10);
		else
			return false;
	}
	*out = v;
	return true;
}
