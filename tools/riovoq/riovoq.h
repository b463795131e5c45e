/* SPDX-License-Identifier: GPL-2.0-only */
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
 *
 * Files: main.c (usage, dispatch), util.c (memory, numbers, errors),
 * fabric.c (the tree read into a model), links.c (links and each
 * direction's state), output.c (escaping, columns), show.c, set.c,
 * explain.c (why the kernel refused a change, from the kernel's own
 * checks), decode.c, dot.c: one file per command.
 */
#ifndef RIOVOQ_H
#define RIOVOQ_H

#include <stdbool.h>
#include <stddef.h>

/* Exit status, documented in -h and riovoq(8) */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* the kernel refused a change; not a VoQ symbol */
	EXIT_USAGE = 2,		/* usage, bad input, unknown DEVICE or PORT */
	EXIT_READ = 3,		/* sysfs could not be read (output incomplete) */
};

extern const char *root;

/* util.c */
__printf(1, 2) int bad_usage(const char *fmt, ...);
__noreturn void oom(void);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
__printf(1, 2) char *xasprintf(const char *fmt, ...);
bool parse_uint(const char *s, unsigned long max, unsigned long *out);
bool parse_hex32(const char *s, unsigned int *out);
extern unsigned int nfailed;
void failed(const char *path, const char *why);
int failures(void);

/* fabric.c: the tree, read */

/* open_file()'s own error, beyond every errno: not a regular file */
#define ERR_NOT_REG	4096

const char *file_error(int err);
int open_file(const char *path, int flags);
char *peek(const char *path);
bool is_dir(const char *path);

/* A value read from sysfs; s is NULL if missing (not applicable) or bad */
struct val {
	char *s;
	size_t len;
	bool bad;
};

/*
 * Files of voq/port<N>/, in the order of -j; from K_LCAPS on, those of
 * the Port n Latency Optimization CSR, only on ports that have one, in
 * an object of their own in -j
 */
enum { K_CAPS, K_SIZES, K_CSR, K_PDEV, K_PPORT, K_PSTATE, K_TXSTATE, K_TXPLAN,
	K_TXREASON, K_GEN, K_PART, K_XOFF, K_VC, K_TX, K_RX, K_FMT, K_SQ, K_SMAP,
	K_LCAPS, K_LCSR, K_MACK, K_MACKR, K_PNA, K_PNAR, NKEYS };
extern const char * const port_keys[NKEYS];

/* Files of an mport's voq/: its fabric's policy */
enum { F_AUTO, F_POLL, NFABKEYS };
extern const char * const fabric_keys[NFABKEYS];

struct dev;

struct port {
	struct val f[NKEYS];
	struct dev *peer;	/* partner, NULL for none */
	unsigned int peer_port;
	bool linked;		/* shown in a link */
};

struct dev {
	char *name;
	char *path;		/* ROOT/<base>/<name> */
	bool mport;
	bool voq;		/* has a VoQ block: voq/ with layout and ports */
	bool fabric;		/* an mport's voq/ with its fabric's files */
	bool ports_ok;
	struct val layout;
	struct val fab[NFABKEYS];
	unsigned int nports;
	struct port *port;
	char *lprev;		/* the core's lprev, NULL if missing */
	char *lnext;		/* the core's lnext, NULL if missing */
};

struct fabric {
	struct dev *dev;
	unsigned int n;
};

int open_fabric(struct fabric *fab);
struct dev *find_dev(struct fabric *fab, const char *name);
char *voq_path(const struct dev *d, const char *file);
char *port_path(const struct dev *d, unsigned int p, const char *file);
char *port_read(const struct dev *d, unsigned int p, const char *file);
void load_voq(struct dev *d);
struct dev *port_partner(struct fabric *fab, const struct dev *d, unsigned int p,
			 unsigned int *pp);
void load_fabric(struct fabric *fab);

/* output.c */
extern bool tty_utf8;
size_t utf8_len(const unsigned char *s, size_t n);
void json_str(const char *s, size_t n);
void dot_esc(const char *s);
char *tty(const char *s);
void note(char **s, const char *add);

/* Columns of show: END A, END B, FMT, A->B, B->A, LAT, NOTE */
enum { C_LAT = 5, C_NOTE, NCOLS };

struct row {
	char *col[NCOLS];
};

void print_rows(struct row *rows, unsigned int n, unsigned int ncol);

/* links.c */
struct link {
	struct dev *a, *b;
	int ap, bp;		/* -1: unknown port (the core does not say) */
	bool voq;		/* both ends have a VoQ block and see each other */
};

struct links {
	struct link *l;
	unsigned int n;
};

void find_links(struct fabric *fab, struct links *ls);
const char *val_or(const struct val *v, const char *none);
const char *fval(const struct dev *d, int p, unsigned int k);
bool has_lat(const struct dev *d, int p);
char *end_text(const struct dev *d, int p);

/* A direction's state, from its transmitter's tx_state */
enum dir_state { D_NONE, D_ON, D_OFF, D_FAILED, D_DOWN, D_UNKNOWN };

char *dir_text(const struct dev *tx, int tp, const struct dev *rx, int rp,
	       enum dir_state *st, char **why);
char *lat_text(const struct link *l, char **notes);

/* the commands */
int cmd_show(int argc, char **argv);
int cmd_set(int argc, char **argv);
int cmd_decode(int argc, char **argv);
int cmd_dot(void);

/* explain.c: why the kernel refused a setting */
struct ctx {
	struct fabric *fab;
	struct dev *d;
	unsigned int port;
	unsigned int key;	/* an S_ index */
	const char *val;
	struct dev *pd;		/* partner, NULL without a link */
	unsigned int pp;
};

enum { S_GEN, S_PART, S_XOFF, S_VC, S_TX, S_RX, S_FMT, S_SMAP, S_MACK, S_PNA,
	NSETKEYS };
extern const char * const set_keys[NSETKEYS];

char *why_syntax(unsigned int key, const char *val);
char *explain(const struct ctx *c, int err);

#endif /* RIOVOQ_H */
