/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-voq core: the devices and links it follows, and the policy that
 * configures both partners of each link.  Internal to the rio_voq module.
 */
#ifndef _RIO_VOQ_CORE_H
#define _RIO_VOQ_CORE_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rio.h>
#include <linux/rio_voq.h>

struct rio_voq_link;

/**
 * struct rio_voq_counters - maintenance accesses made by rio-voq
 * @reads: reads sent
 * @writes: writes sent
 * @failed: accesses that failed or read all ones
 */
struct rio_voq_counters {
	u64 reads;
	u64 writes;
	u64 failed;
};

/**
 * struct rio_voq_portst - what rio-voq knows of one port
 * @csr: the Port n VoQ CSR as last read or written
 * @err_sts: the Port n Error and Status CSR as read at probe
 * @link: the link this port is an end of, NULL if none
 * @smap: reverse map of the traffic it sends: @smap[d] = staging queue of
 *	downstream port d; NULL until set up
 * @nsmap: entries in @smap (ports of the downstream device)
 * @nqueues: staging queues of this port
 */
struct rio_voq_portst {
	u32 csr;
	u32 err_sts;
	struct rio_voq_link *link;
	u8 *smap;
	unsigned int nsmap;
	unsigned int nqueues;
};

/**
 * struct rio_voq_node - a device (or the mport itself) rio-voq follows
 * @node: entry in the list of nodes
 * @mport: the mport the node is reached through
 * @rdev: the device, NULL for the mport's own configuration space
 * @probed: discovery has run (whether or not a block was found)
 * @ef: offset of the VoQ block, 0 if the device has none
 * @layout: layout of the block
 * @nports: ports the block describes
 * @port: per-port state, @nports entries
 * @dead: being removed: admin operations fail with -ENODEV
 * @overridden: the admin's remembered choices have been applied
 * @kdir: the voq/ sysfs directory, NULL if none
 * @kport: the voq/port<N>/ directories
 */
struct rio_voq_node {
	struct list_head node;
	struct rio_mport *mport;
	struct rio_dev *rdev;
	bool probed;
	bool dead;
	bool overridden;
	struct kobject *kdir;
	struct kobject **kport;
	u32 ef;
	enum rio_voq_layout layout;
	unsigned int nports;
	struct rio_voq_portst *port;
};

/**
 * struct rio_voq_dir - one direction of a link: who transmits symbols
 * @gen: the transmitting end generates VoQ symbols
 * @pgs: port group size: the transmitter's TX size = the receiver's RX size
 * @vc: per-VC transmission on the transmitting end
 * @uncovered: first port of the transmitter its symbols cannot describe,
 *	0 if they describe all
 * @why: why generation is off, NULL when it is on
 */
struct rio_voq_dir {
	bool gen;
	u8 pgs;
	bool vc;
	unsigned int uncovered;
	const char *why;
};

/**
 * enum rio_voq_link_state - configuration state of a link
 * @RIO_VOQ_LINK_NEW: found, not configured yet
 * @RIO_VOQ_LINK_CONFIGURED: both ends written and read back as planned
 * @RIO_VOQ_LINK_REPORTED: planned only (discovering node, or auto
 *	configuration off): nothing written
 * @RIO_VOQ_LINK_FAILED: an access failed; generation left off
 */
enum rio_voq_link_state {
	RIO_VOQ_LINK_NEW,
	RIO_VOQ_LINK_CONFIGURED,
	RIO_VOQ_LINK_REPORTED,
	RIO_VOQ_LINK_FAILED,
};

/**
 * struct rio_voq_link - a link between two ports, both with VoQ blocks
 * @node: entry in the list of links
 * @end: the two nodes
 * @port: the port of each node
 * @fmt: symbol format of the link
 * @dir: dir[i] is the direction in which end[i] transmits symbols
 * @state: configuration state
 * @fmt_force: admin's choice of symbol format, RIO_VOQ_FMT_AUTO for the
 *	module's policy
 * @reason: why the link failed, for the log and the admin
 */
struct rio_voq_link {
	struct list_head node;
	struct rio_voq_node *end[2];
	unsigned int port[2];
	enum rio_voq_fmt fmt;
	struct rio_voq_dir dir[2];
	enum rio_voq_link_state state;
	int fmt_force;
	char reason[96];
};

/**
 * struct rio_voq_end - what the policy needs to know of one end of a link
 * @layout: layout of the end's VoQ block
 * @caps: the end's decoded Port n VoQ CSR (capabilities matter here)
 * @nports: ports of the end's device, whose status its symbols carry
 */
struct rio_voq_end {
	enum rio_voq_layout layout;
	struct rio_voq_port caps;
	unsigned int nports;
};

/* Policy knobs (module parameters) */
enum rio_voq_fmt_policy { RIO_VOQ_FMT_AUTO, RIO_VOQ_FMT_FORCE_CS48,
			  RIO_VOQ_FMT_FORCE_CS64 };

/* voq_policy.c: pure */
enum rio_voq_fmt rio_voq_link_fmt(enum rio_voq_layout a, enum rio_voq_layout b,
				  unsigned int baud_class,
				  enum rio_voq_fmt_policy policy);
void rio_voq_plan_link(const struct rio_voq_end *a, const struct rio_voq_end *b,
		       enum rio_voq_fmt fmt, bool per_vc, struct rio_voq_dir dir[2]);
int rio_voq_want_csr(enum rio_voq_layout layout, u32 cur,
		     const struct rio_voq_dir *tx, const struct rio_voq_dir *rx,
		     bool in_use, bool unavailable, u32 *want);

/* voq_access.c: every maintenance access of rio-voq */
extern struct rio_voq_counters rio_voq_count;
int rio_voq_read(struct rio_voq_node *n, u32 offset, u32 *val);
int rio_voq_write(struct rio_voq_node *n, u32 offset, u32 val);
int rio_voq_csr_read(struct rio_voq_node *n, unsigned int port, u32 *csr);
int rio_voq_csr_write(struct rio_voq_node *n, unsigned int port, u32 val);

/* voq_node.c: discovery */
int rio_voq_node_probe(struct rio_voq_node *n);
u32 rio_voq_phys_reg(const struct rio_voq_node *n, unsigned int port, u32 reg);
const char *rio_voq_node_name(const struct rio_voq_node *n);
bool rio_voq_node_writable(const struct rio_voq_node *n);

/* voq_link.c: configuration of a link */
int rio_voq_link_configure(struct rio_voq_link *l, bool write);
void rio_voq_link_safe(struct rio_voq_link *l);

/* Which end of @l is @n's @port: 0 or 1 */
static inline unsigned int rio_voq_link_end(const struct rio_voq_link *l,
					    const struct rio_voq_node *n,
					    unsigned int port)
{
	return l->end[0] == n && l->port[0] == port ? 0 : 1;
}

/* Admin knobs of a port (voq_admin.c, sysfs) */
enum rio_voq_knob {
	RIO_VOQ_KNOB_GEN,
	RIO_VOQ_KNOB_PART,
	RIO_VOQ_KNOB_XOFF,
	RIO_VOQ_KNOB_VC,
	RIO_VOQ_KNOB_TX_PGS,
	RIO_VOQ_KNOB_RX_PGS,
	RIO_VOQ_KNOB_FMT,
	RIO_VOQ_NR_KNOBS,
};

/* voq_admin.c */
int rio_voq_port_read(struct rio_voq_node *n, unsigned int port, u32 *csr);
int rio_voq_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_voq_knob knob, unsigned int val);
void rio_voq_overrides_apply(struct rio_voq_node *n);
void rio_voq_overrides_free(void);

/* voq_staging.c */
int rio_voq_staging_setup(struct rio_voq_node *n, unsigned int port,
			  struct rio_voq_node *far);
int rio_voq_staging_set_map(struct rio_voq_node *n, unsigned int port,
			    const u8 *map, unsigned int count);

/* voq_sysfs.c */
int rio_voq_sysfs_add(struct rio_voq_node *n);
void rio_voq_sysfs_del(struct rio_voq_node *n);

/* voq_main.c */
extern struct mutex rio_voq_lock;
extern bool rio_voq_auto_config;
enum rio_voq_fmt_policy rio_voq_fmt_policy(void);
bool rio_voq_per_vc_policy(void);
struct rio_voq_node *rio_voq_node_of(struct rio_mport *mport,
				     struct rio_dev *rdev);

/* Test hooks, built with KUnit only */
struct rio_voq_link *rio_voq_test_link(struct rio_mport *mport,
				       struct rio_dev *rdev, unsigned int port);
int rio_voq_test_configure(struct rio_voq_link *l);
unsigned int rio_voq_test_nodes(struct rio_mport *mport);

#endif /* _RIO_VOQ_CORE_H */
