// SPDX-License-Identifier: GPL-2.0-only
/*
 * riovoq: output.  Every value read from the tree is escaped for where
 * it goes: the terminal, JSON, DOT.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riovoq.h"

/* The length of the valid UTF-8 sequence at @s (of @n bytes), or 0 */
size_t utf8_len(const unsigned char *s, size_t n)
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
void json_str(const char *s, size_t n)
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
void dot_esc(const char *s)
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
bool tty_utf8;

/*
 * Text for a terminal: a control character is shown as '?', C0, DEL and
 * C1 (0x80-0x9f, of which 0x9b is the 8-bit CSI).  In a UTF-8 locale,
 * valid UTF-8 is kept but for U+0080-U+009F (the C1 controls, 0xc2
 * 0x80-0x9f), a '?' each, and an invalid byte is a '?' each; in any
 * other locale, only printable ASCII is kept and any other byte is a
 * '?', whatever that locale's character set would make of it.
 */
char *tty(const char *s)
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

void print_rows(struct row *rows, unsigned int n, unsigned int ncol)
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

/* Append "; @add" to *@s */
void note(char **s, const char *add)
{
	char *t = *s ? xasprintf("%s; %s", *s, add) : xstrdup(add);

	free(*s);
	*s = t;
}
