/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-voq core: the devices and links it follows, and the policy that
 * configures both partners of each link.  Internal to the rio_voq module.
 *
 * Tiers, bottom up, one file per line: a file calls only into the files
 * listed before it, never into one listed after it (state at the
 * bottom, every way in at the top; each fabric's policy travels down as
 * a struct rio_voq_policy):
 *   voq_trace.c     the tracepoints (include/trace/events/rio_voq.h)
 *   voq_policy.c    the planner (pure), the policy, rio_voq_lock, rio_voq_wq
 *   lat_policy.c    the latency-optimization planner (pure)
 *   voq_access.c    every maintenance access, counted; register addresses
 *   voq_topo.c      the registry of nodes and links; graph queries
 *   voq_discover.c  discovery of a device's VoQ block, bounded
 *   voq_link.c      the VoQ write sequencer (Part 12 order, read back)
 *   lat_link.c      the latency sequencer; link ops: VoQ, then latency
 *   voq_staging.c   staging-queue ops
 *   voq_admin.c     admin choices, VoQ and latency: checked, remembered;
 *                   the fabrics' policy: auto_config, the poll's period
 *   voq_events.c    operations: scans' ends, devices, port events, poll
 *   voq_debugfs.c   debugfs state
 *   voq_sysfs.c     the admin's way in: voq/, voq/port<N>/ and their stores
 *   voq_net_sysfs.c the admin's way in to a fabric's policy: auto_config,
 *                   poll_ms in its mport's voq/ (its group is handed down
 *                   as data, at init, to the file below)
 *   voq_main.c      the kernel's ways in: interfaces, notifier, port-writes
 *
 * The ways in are the top files: voq_main.c (the module, the bus and
 * class interfaces, the scan notifier, the port-write handler, each
 * fabric's poll), voq_sysfs.c and voq_net_sysfs.c (the admin's files).
 * Each entry point takes rio_voq_lock, calls one operation, drops the
 * lock and makes sysfs follow (rio_voq_sysfs_sync(); a store, which runs
 * inside a file it could have to remove, the part of it that removes
 * nothing: rio_voq_sysfs_catch_up()).
 *
 * One struct rio_voq_net per mport holds its fabric: nodes, links,
 * ownership and scan state, its policy and its poll; only the list of
 * fabrics is global.
 *
 * Locks, outermost first: the core's rio_mport_list_lock, held only to
 * find mports, never around a call into rio-voq; the mport's scan_lock,
 * held by the core around its scan notifications and while it adds or
 * removes devices (a scan, rio_mport_cdev, rio_unregister_mport()), so
 * around the bus interface's callbacks too; the bus and class mutexes
 * (the interfaces' callbacks; the class's are never called with a
 * scan_lock held); the mport's lock, held by the core around the
 * port-write handler; rio_voq_sysfs_lock (voq_sysfs.c); rio_voq_lock,
 * one for every fabric (Documentation/driver-api/rapidio/voq.rst,
 * "Architecture", says why).  rio-voq takes neither core lock.
 */
#ifndef _RIO_VOQ_CORE_H
#define _RIO_VOQ_CORE_H

#include <linux/bits.h>
#include <linux/completion.h>
#include <linux/dev_printk.h>
#include <linux/hashtable.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rio.h>
#include <linux/rio_voq.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <trace/events/rio_voq.h>

#include "lat_internal.h"
#include "voq_internal.h"

/*
 * Every message of rio-voq starts with "rio-voq: ".  Each of its files
 * includes this header after the kernel's, which define pr_fmt() and
 * dev_fmt() as their defaults: the prefix replaces them here, once for
 * the module.
 */
#undef pr_fmt
#define pr_fmt(fmt) "rio-voq: " fmt
#undef dev_fmt
#define dev_fmt(fmt) pr_fmt(fmt)

/*
 * A message about a device (or an mport's own port) is logged against
 * it, after its driver and name, as dev_err() and the others do:
 * "rapidio 00:s:0002: rio-voq: port 1: ...".  A message about a link
 * is logged against one end and names the other in its text.  @n is
 * a struct rio_voq_node; see rio_voq_node_dev() for when it may be used.
 */
#define rio_voq_err(n, fmt, ...) \
	dev_err(rio_voq_node_dev(n), fmt, ##__VA_ARGS__)
#define rio_voq_warn(n, fmt, ...) \
	dev_warn(rio_voq_node_dev(n), fmt, ##__VA_ARGS__)
#define rio_voq_notice(n, fmt, ...) \
	dev_notice(rio_voq_node_dev(n), fmt, ##__VA_ARGS__)
#define rio_voq_info(n, fmt, ...) \
	dev_info(rio_voq_node_dev(n), fmt, ##__VA_ARGS__)
#define rio_voq_dbg(n, fmt, ...) \
	dev_dbg(rio_voq_node_dev(n), fmt, ##__VA_ARGS__)

struct rio_voq_link;

/**
 * struct rio_voq_counters - maintenance accesses made by rio-voq
 * @reads: reads sent
 * @writes: writes sent
 * @failed: accesses that failed or read all ones
 * @lat_reads: of @reads, those of Latency Optimization CSRs
 * @lat_writes: of @writes, those of Latency Optimization CSRs
 * @scan_ns: time rio-voq spent on the ends of scans and on the devices
 *	they added, in nanoseconds (its share of a scan's time)
 */
struct rio_voq_counters {
	u64 reads;
	u64 writes;
	u64 failed;
	u64 lat_reads;
	u64 lat_writes;
	u64 scan_ns;
};

/**
 * enum rio_voq_fmt_pref - which symbol format a rev 3+ link should use
 * @RIO_VOQ_PREF_AUTO: by the link's baud-rate class
 * @RIO_VOQ_PREF_CS48: control symbol 48
 * @RIO_VOQ_PREF_CS64: control symbol 64
 */
enum rio_voq_fmt_pref {
	RIO_VOQ_PREF_AUTO,
	RIO_VOQ_PREF_CS48,
	RIO_VOQ_PREF_CS64,
};

#define RIO_VOQ_NR_FMTS		(RIO_VOQ_FMT_CS64 + 1)
#define RIO_VOQ_NR_PREFS	(RIO_VOQ_PREF_CS64 + 1)

/* The longest period of a fabric's poll, in ms */
#define RIO_VOQ_POLL_MAX_MS	60000

/**
 * struct rio_voq_policy - a fabric's policy, passed down as data
 * @auto_config: configure the fabric's links after each scan and port
 *	event (else plan and report); initially as the module parameter
 *	"policy" says
 * @poll_ms: period of the fabric's poll in ms, 0 (the default) for none
 *
 * The symbol format of a link follows its baud-rate class, and per-VC
 * transmission is on where both ends support it: neither is policy,
 * an admin may choose otherwise per link (struct rio_voq_choice).
 */
struct rio_voq_policy {
	bool auto_config;
	unsigned int poll_ms;
};

/**
 * enum rio_voq_knob - what an admin can choose for a port
 * @RIO_VOQ_KNOB_GEN: symbol generation toward the partner (0: off)
 * @RIO_VOQ_KNOB_PART: participation of the port's status
 * @RIO_VOQ_KNOB_XOFF: port XOFF
 * @RIO_VOQ_KNOB_VC: per-VC transmission (0: off)
 * @RIO_VOQ_KNOB_TX_PGS: group size of the symbols the port sends
 * @RIO_VOQ_KNOB_RX_PGS: group size of the symbols the port receives
 * @RIO_VOQ_KNOB_FMT: symbol format of the link, an &enum rio_voq_fmt_pref
 * @RIO_VOQ_NR_KNOBS: number of knobs
 */
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

/**
 * struct rio_voq_choice - an admin's choices for a port
 * @set: bit k set if knob k was chosen
 * @val: the value chosen for each knob
 * @lat: the choice for each latency-optimization feature, an
 *	&enum rio_lat_choice (voq_admin.c); the VoQ planner ignores it
 *
 * Choices are constraints the planner honours over the policy; they are
 * validated against both ends when made.
 */
struct rio_voq_choice {
	unsigned long set;
	u8 val[RIO_VOQ_NR_KNOBS];
	u8 lat[RIO_LAT_NR_FEATS];
};

/**
 * struct rio_voq_port_state - what rio-voq knows of one port
 * @csr: the Port n VoQ CSR as last read or written
 * @err_sts: the Port n Error and Status CSR as last read (at probe, on a
 *	port event, by the poll)
 * @pending: a port event came during a scan of its mport: followed at
 *	the scan's end
 * @bounced: that event told of a link that went down (and may be back)
 * @heard: rio-voq turned generation on toward this port: its receiver
 *	may hold what the partner (this board or one before) said
 * @unapplied: the knobs of @choice the devices in place cannot honour
 *	(a partner swapped for another board): not applied, reported
 * @link: the link this port is an end of, NULL if none
 * @choice: the admin's choices for the port
 * @smap: reverse map of the traffic it sends: entry d is the staging queue of
 *	downstream port d; NULL until set up
 * @nsmap: entries in @smap (ports of the downstream device)
 * @nqueues: staging queues of this port
 * @lat: the port has a Port n Latency Optimization CSR (map II)
 * @lat_hidden: its device's LP-Serial block is of map II, but this
 *	port's register is out of rio-voq's reach (past the block's 16
 *	ports or its room, or a chain that could not be bounded): whether
 *	it has the features is not known
 * @lat_csr: that CSR as last read or written
 */
struct rio_voq_port_state {
	u32 csr;
	u32 err_sts;
	bool lat;
	bool lat_hidden;
	u32 lat_csr;
	bool pending;
	bool bounced;
	bool heard;
	struct rio_voq_link *link;
	struct rio_voq_choice choice;
	unsigned long unapplied;
	u8 *smap;
	unsigned int nsmap;
	unsigned int nqueues;
};

/* The port a port-write is about: its Port ID field, and the ports it names */
#define RIO_VOQ_PW_PORT		GENMASK(7, 0)
#define RIO_VOQ_PW_PORTS	(RIO_VOQ_PW_PORT + 1)

struct rio_voq_net;
struct rio_voq_node;

/**
 * struct rio_voq_kdir - a node's voq/ directory (voq_sysfs.c)
 * @kobj: its kobject, under the device's (or the mport's) own
 * @node: the node it shows, while the directory is in sysfs (its
 *	release, which frees it, may come after the node is gone)
 */
struct rio_voq_kdir {
	struct kobject kobj;
	struct rio_voq_node *node;
};

/* The files of a port whose change is notified (sysfs_notify()) */
enum rio_voq_notify {
	RIO_VOQ_NOTIFY_TX_STATE,
	RIO_VOQ_NOTIFY_PORT_STATE,
	RIO_VOQ_NOTIFY_MACK,
	RIO_VOQ_NOTIFY_PNA,
	RIO_VOQ_NR_NOTIFY,
};

/**
 * struct rio_voq_kport - a node's voq/port<N>/ directory (voq_sysfs.c)
 * @kobj: its kobject, under the node's voq/
 * @node: the node, while the directory is in sysfs
 * @port: the port it shows
 * @kn: the files whose change is notified, NULL where hidden
 * @shown: the word each of them showed when last compared (a pointer
 *	into a table of words); changes are notified after each entry point
 */
struct rio_voq_kport {
	struct kobject kobj;
	struct rio_voq_node *node;
	unsigned int port;
	struct kernfs_node *kn[RIO_VOQ_NR_NOTIFY];
	const char *shown[RIO_VOQ_NR_NOTIFY];
};

/**
 * struct rio_voq_node - a device (or the mport itself) rio-voq follows
 * @node: entry in its fabric's list of nodes
 * @hnode: entry in its fabric's hash of devices (not the mport's own node)
 * @net: its fabric
 * @mport: the mport the node is reached through (@net's)
 * @rdev: the device, NULL for the mport's own configuration space
 * @probed: discovery has run (whether or not a block was found)
 * @placed: the core knows where the device is (it was enumerated or
 *	discovered, not added by userspace): its links can be found, and
 *	rio-voq sets up its ports by itself (rio_voq_node_auto())
 * @root: the device the mport reaches at hop 0 (placed, no predecessor)
 * @from_scan: registered while its mport was being scanned
 * @configured: its ports without a link have been set up
 * @dead: being removed: admin operations fail with -ENODEV
 * @unknown: what the board in its place is made of is not known: after
 *	a bounce, its rediscovery failed, or it could not be reached.
 *	Nothing is written to it (admin operations fail with -EBUSY) and
 *	its links are not planned until it is discovered again, which is
 *	tried at each event about it or its links and by the poll
 * @unknown_told: that rediscovery failed on a device that answered: one
 *	line was logged, and its partners' generation toward it is off
 * @pw_ok2u: for a device whose Error Detect CSRs the core does not clear
 *	(an endpoint, a switch whose error management block it does not
 *	know), the ports whose last port-write carried OK-to-Uninit: the
 *	transitions stay latched, so only a change of them tells of a new
 *	bounce of the port
 * @pw_u2ok: likewise, Uninit-to-OK
 * @sysfs_failed: creating voq/ failed; tried again at the next scan
 * @sysfs_stale: the device was replaced: its sysfs directories are made
 *	again (they follow the block in place)
 * @kdir: the voq/ sysfs directory, NULL if none
 * @kport: the voq/port<N>/ directories
 * @nkport: how many, as made (the ports the node had then)
 * @phys: offset of the LP-Serial block, 0 if none
 * @rmap: its register map (1 or 2)
 * @em: offset of the error management block, 0 if none, by the core's
 *	rule: rio-scan takes the first Error Management block, else the first
 *	hot-swap-only one; rio_mport_cdev (a device not @placed) the former
 * @vid: vendor ID of the device (Device Identity CAR)
 * @did: its device ID; these two choose its staging ops
 * @dev_nports: ports of the device, whose status its symbols carry
 * @ef: offset of the VoQ block, 0 if the device has none
 * @layout: layout of the block
 * @nports: ports of the block rio-voq uses (bounded by the block's room)
 * @port: per-port state, @nports entries
 *
 * @phys, @rmap, @em, @vid, @did and @dev_nports are the core's at the
 * first probe, and read from the device again when it was replaced: the
 * core's rio_dev keeps what it read at the scan.
 */
struct rio_voq_node {
	struct list_head node;
	struct hlist_node hnode;
	struct rio_voq_net *net;
	struct rio_mport *mport;
	struct rio_dev *rdev;
	bool probed;
	bool placed;
	bool root;
	bool from_scan;
	bool configured;
	bool dead;
	bool unknown;
	bool unknown_told;
	DECLARE_BITMAP(pw_ok2u, RIO_VOQ_PW_PORTS);
	DECLARE_BITMAP(pw_u2ok, RIO_VOQ_PW_PORTS);
	bool sysfs_failed;
	bool sysfs_stale;
	struct rio_voq_kdir *kdir;
	struct rio_voq_kport **kport;
	unsigned int nkport;
	u32 phys;
	unsigned int rmap;
	u32 em;
	u16 vid;
	u16 did;
	unsigned int dev_nports;
	u32 ef;
	enum rio_voq_layout layout;
	unsigned int nports;
	struct rio_voq_port_state *port;
};

/**
 * enum rio_voq_reason - why a direction of a link does not generate
 * @RIO_VOQ_WHY_NONE: it does (or nothing keeps it off)
 * @RIO_VOQ_WHY_ADMIN: turned off by the admin
 * @RIO_VOQ_WHY_CANNOT_GENERATE: the transmitting port cannot generate
 * @RIO_VOQ_WHY_PARTNER_CANNOT_RECEIVE: the receiving port cannot receive
 * @RIO_VOQ_WHY_LAYOUT_MISMATCH: a rev 2.x end and a rev 3+ end
 * @RIO_VOQ_WHY_LINK_DOWN: the link is down
 * @RIO_VOQ_WHY_ACCESS_FAILED: a maintenance access failed
 * @RIO_VOQ_WHY_NOT_REDISCOVERED: an end is a board not discovered again
 * @RIO_VOQ_WHY_NO_LINK: the port has no VoQ link
 * @RIO_VOQ_NR_WHYS: number of reasons
 *
 * Their words are rio_voq_reason_names[] (voq_policy.c): the sysfs
 * file tx_reason and debugfs show them; the log line says the detail.
 */
enum rio_voq_reason {
	RIO_VOQ_WHY_NONE,
	RIO_VOQ_WHY_ADMIN,
	RIO_VOQ_WHY_CANNOT_GENERATE,
	RIO_VOQ_WHY_PARTNER_CANNOT_RECEIVE,
	RIO_VOQ_WHY_LAYOUT_MISMATCH,
	RIO_VOQ_WHY_LINK_DOWN,
	RIO_VOQ_WHY_ACCESS_FAILED,
	RIO_VOQ_WHY_NOT_REDISCOVERED,
	RIO_VOQ_WHY_NO_LINK,
	RIO_VOQ_NR_WHYS,
};

/**
 * struct rio_voq_dir - one direction of a link: who transmits symbols
 * @gen: the transmitting end generates VoQ symbols
 * @pgs: port group size: the transmitter's TX size = the receiver's RX size
 * @vc: per-VC transmission (bit 11); the same in both directions of a
 *	link, set on both ends or neither
 * @uncovered: first port of the transmitter its symbols cannot describe,
 *	0 if they describe all
 * @why: why generation is off, NULL when it is on (for the log)
 * @reason: the same as a word, RIO_VOQ_WHY_NONE when it is on
 */
struct rio_voq_dir {
	bool gen;
	u8 pgs;
	bool vc;
	unsigned int uncovered;
	const char *why;
	enum rio_voq_reason reason;
};

/**
 * enum rio_voq_link_state - configuration state of a link
 * @RIO_VOQ_LINK_NEW: found, not configured yet
 * @RIO_VOQ_LINK_CONFIGURED: both ends written and read back as planned
 * @RIO_VOQ_LINK_REPORTED: planned only (discovering node, or auto
 *	configuration off): nothing written
 * @RIO_VOQ_LINK_FAILED: an access failed; generation left off
 * @RIO_VOQ_LINK_DOWN: an end's Error and Status CSR lacks PORT_OK
 *	(link down, port unavailable): generation off toward it
 */
enum rio_voq_link_state {
	RIO_VOQ_LINK_NEW,
	RIO_VOQ_LINK_CONFIGURED,
	RIO_VOQ_LINK_REPORTED,
	RIO_VOQ_LINK_FAILED,
	RIO_VOQ_LINK_DOWN,
};

/**
 * enum rio_lat_state - latency-optimization state of a link
 * @RIO_LAT_NONE: not planned yet, neither end has the register, or an
 *	end's is out of reach (@reason says which): nothing written
 * @RIO_LAT_PLANNED: planned; on the enumerating host, written and read
 *	back at both ends
 * @RIO_LAT_FAILED: an access failed; both ends were put back as read
 *	before (see the log line for whether that went through)
 * @RIO_LAT_DOWN: the link is down: nothing written until it is back
 */
enum rio_lat_state {
	RIO_LAT_NONE,
	RIO_LAT_PLANNED,
	RIO_LAT_FAILED,
	RIO_LAT_DOWN,
};

/**
 * struct rio_lat_link - latency optimization of a link
 * @state: its state
 * @plan: the plan of each feature (index i of its arrays is end i)
 * @told: the Part 6 violations logged, bit 2 f + i for feature f, end i
 * @stale: the ends' registers are read before the next plan (the link
 *	was down, failed, or had an end not known)
 * @reason: why it failed, is down, or is not planned (the log line of a
 *	failure says the detail); RIO_LAT_WHY_NONE once planned
 */
struct rio_lat_link {
	enum rio_lat_state state;
	struct rio_lat_plan plan[RIO_LAT_NR_FEATS];
	u8 told;
	bool stale;
	enum rio_lat_reason reason;
};

/**
 * struct rio_voq_link - a link between two ports, both with VoQ blocks
 * @node: entry in its fabric's list of links
 * @end: the two nodes
 * @port: the port of each node
 * @fmt: symbol format of the link, once @fmt_known
 * @fmt_known: @fmt has been planned (a link new while down between rev 3+
 *	ends has no baud-rate class read yet, hence no format)
 * @fmt_told: the log said that the link's baud-rate class overrules the
 *	format preferred (told again only after that stopped being so)
 * @baud_class: baud-rate class, read once (0: unknown)
 * @baud_read: @baud_class has been read
 * @dir: dir[i] is the direction in which end[i] transmits symbols
 * @state: configuration state
 * @down: the link was last seen down (an end without PORT_OK)
 * @bounced: a port event told that the link went down or trained since
 *	it was last configured: its partners' views are brought up to date
 *	at its next configuration, even if it stays configured
 * @reason: why the link failed (RIO_VOQ_WHY_ACCESS_FAILED or
 *	RIO_VOQ_WHY_NOT_REDISCOVERED; the log line says the detail)
 * @lat: its latency optimization (lat_link.c)
 */
struct rio_voq_link {
	struct list_head node;
	struct rio_voq_node *end[2];
	unsigned int port[2];
	enum rio_voq_fmt fmt;
	bool fmt_known;
	bool fmt_told;
	unsigned int baud_class;
	bool baud_read;
	struct rio_voq_dir dir[2];
	enum rio_voq_link_state state;
	bool down;
	bool bounced;
	enum rio_voq_reason reason;
	struct rio_lat_link lat;
};

/**
 * struct rio_voq_net - a fabric rio-voq follows: the net of one mport
 * @node: entry in the list of fabrics
 * @mport: the mport
 * @host: the mport's own node, NULL until the class interface sees the
 *	mport (its devices may come first)
 * @nodes: its nodes, the mport's own included, in the order they came
 * @links: the links between its nodes
 * @devs: its devices' nodes, by device
 * @tags: its devices' nodes, by the unique device ID of their component
 *	tag: the node a port-write names (the first device of a tag)
 * @owner: the core enumerated the mport's net through it to the end
 *	(rio_net.enumerated), so this host may write to the fabric; one
 *	that discovered, lost its enumeration, or whose net userspace built
 *	only reads and reports
 * @scanning: a scan of the mport is in progress (or the core has not
 *	told rio-voq yet of a scan it missed, rio_voq_caught_up()): devices
 *	added are the scan's, port events wait for its end
 * @told: the core told of the mport: a scan's start or end, or the
 *	replay of one rio-voq missed
 * @pol: its policy: the files auto_config and poll_ms of its mport's voq/
 * @poll: its poll, a pass over its ports every @pol.poll_ms, on rio_voq_wq
 * @polling: @poll is set up and may be armed: from when the class
 *	interface follows the mport until its removal stops the poll
 *
 * Every field, and the nodes and links, are under rio_voq_lock.
 */
struct rio_voq_net {
	struct list_head node;
	struct rio_mport *mport;
	struct rio_voq_node *host;
	struct list_head nodes;
	struct list_head links;
	DECLARE_HASHTABLE(devs, 6);
	struct xarray tags;
	bool owner;
	bool scanning;
	bool told;
	struct rio_voq_policy pol;
	struct delayed_work poll;
	bool polling;
};

/**
 * struct rio_voq_end - what the planner needs to know of one end of a link
 * @layout: layout of the end's VoQ block
 * @caps: the end's decoded Port n VoQ CSR (capabilities matter here)
 * @nports: ports of the end's device, whose status its symbols carry
 * @choice: the admin's choices for the end's port, NULL for none
 */
struct rio_voq_end {
	enum rio_voq_layout layout;
	struct rio_voq_port caps;
	unsigned int nports;
	const struct rio_voq_choice *choice;
};

/* voq_policy.c: the planner (pure), the policy, the lock, the workqueue */
extern struct mutex rio_voq_lock;
extern struct workqueue_struct *rio_voq_wq;
extern const char * const rio_voq_fmt_names[RIO_VOQ_NR_FMTS];
extern const char * const rio_voq_pref_names[RIO_VOQ_NR_PREFS];
extern const char * const rio_voq_reason_names[RIO_VOQ_NR_WHYS];
void rio_voq_policy_default(struct rio_voq_policy *pol);
void rio_voq_policy_get(const struct rio_voq_net *net, struct rio_voq_policy *pol);
enum rio_voq_fmt_pref rio_voq_class_pref(unsigned int baud_class);
int rio_voq_pref_check(unsigned int baud_class, enum rio_voq_fmt_pref pref);
enum rio_voq_fmt rio_voq_link_fmt(enum rio_voq_layout a, enum rio_voq_layout b,
				  unsigned int baud_class,
				  enum rio_voq_fmt_pref pref);
enum rio_voq_fmt_pref rio_voq_link_pref(const struct rio_voq_end *a,
					const struct rio_voq_end *b,
					enum rio_voq_fmt_pref policy);
void rio_voq_plan_link(const struct rio_voq_end *a, const struct rio_voq_end *b,
		       enum rio_voq_fmt fmt, bool per_vc, struct rio_voq_dir dir[2]);
int rio_voq_want_csr(enum rio_voq_layout layout, u32 cur,
		     const struct rio_voq_dir *tx, const struct rio_voq_dir *rx,
		     bool in_use, bool unavailable,
		     const struct rio_voq_choice *choice, u32 *want);
int rio_voq_choice_check(const struct rio_voq_end *me,
			 const struct rio_voq_end *far, enum rio_voq_knob knob,
			 unsigned int val);
bool rio_voq_need_gen_off(u32 cur, u32 want, u32 pcur, u32 pwant,
			  bool partner);

/* voq_access.c: every maintenance access, register addresses */
extern struct rio_voq_counters rio_voq_count;
extern u64 rio_voq_plans;
int rio_voq_read(struct rio_voq_node *n, u32 offset, u32 *val);
int rio_voq_write(struct rio_voq_node *n, u32 offset, u32 val);
int rio_voq_csr_read(struct rio_voq_node *n, unsigned int port, u32 *csr);
int rio_voq_csr_write(struct rio_voq_node *n, unsigned int port, u32 val);
unsigned int rio_voq_hw_port(const struct rio_voq_node *n, unsigned int port);
u32 rio_voq_node_csr(const struct rio_voq_node *n, unsigned int port);
u32 rio_voq_phys_reg(const struct rio_voq_node *n, unsigned int port, u32 reg);
unsigned int rio_voq_baud_class(u32 ctl2);
struct device *rio_voq_node_dev(const struct rio_voq_node *n);
const char *rio_voq_node_name(const struct rio_voq_node *n);
void rio_voq_node_end(const struct rio_voq_node *n, unsigned int port,
		      struct rio_voq_end *e);

/* voq_topo.c: fabrics, their nodes and links, and the graph the core built */
struct rio_voq_net *rio_voq_net_of(struct rio_mport *mport);
struct rio_voq_net *rio_voq_net_find_or_add(struct rio_mport *mport);
void rio_voq_net_unlink(struct rio_voq_net *net);
void rio_voq_net_free(struct rio_voq_net *net);
struct rio_voq_net *rio_voq_net_first(void);
struct rio_voq_net *rio_voq_net_next(struct rio_voq_net *net);
struct rio_voq_node *rio_voq_net_node(struct rio_voq_net *net,
				      struct rio_dev *rdev);
struct rio_voq_node *rio_voq_net_tagged(struct rio_voq_net *net, u32 tag);
struct rio_voq_node *rio_voq_node_of(struct rio_mport *mport,
				     struct rio_dev *rdev);
struct rio_voq_node *rio_voq_node_find_or_add(struct rio_mport *mport,
					      struct rio_dev *rdev);
void rio_voq_node_unlink(struct rio_voq_node *n);
void rio_voq_node_free(struct rio_voq_node *n);
bool rio_voq_node_writable(const struct rio_voq_node *n);
void rio_voq_find_links(struct rio_voq_net *net);
struct rio_voq_node *rio_voq_port_peer(struct rio_voq_node *n,
				       unsigned int port);
struct rio_voq_node *rio_voq_port_child(struct rio_voq_node *n,
					unsigned int port);
bool rio_voq_behind(struct rio_voq_node *n, struct rio_voq_node *top);
bool rio_voq_node_cut_off(struct rio_voq_node *n, const struct rio_voq_link *except);
void rio_voq_node_replace(struct rio_voq_node *n, struct rio_voq_node *fresh);
void rio_voq_place(struct rio_voq_node *n, bool from_scan, unsigned int ndevs);
bool rio_voq_node_auto(const struct rio_voq_node *n);

/* Which end of @l is @n's @port: 0 or 1 */
static inline unsigned int rio_voq_link_end(const struct rio_voq_link *l,
					    const struct rio_voq_node *n,
					    unsigned int port)
{
	return l->end[0] == n && l->port[0] == port ? 0 : 1;
}

/* voq_discover.c: discovery */
int rio_voq_node_probe(struct rio_voq_node *n);
int rio_voq_node_reprobe(struct rio_voq_node *n, struct rio_voq_node *fresh);
bool rio_voq_node_same(const struct rio_voq_node *n,
		       const struct rio_voq_node *fresh);

/* voq_link.c: the VoQ write sequencer */
int rio_voq_link_write(struct rio_voq_link *l,
		       const struct rio_voq_policy *pol, bool write,
		       unsigned int fresh, const struct rio_voq_choice *const ch[2]);
bool rio_voq_link_unreachable(struct rio_voq_link *l, unsigned int i);
int rio_voq_port_configure(struct rio_voq_node *n, unsigned int port,
			   bool fresh);
int rio_voq_port_try(struct rio_voq_node *n, unsigned int port,
		     const struct rio_voq_choice *ch);
int rio_voq_port_safe(struct rio_voq_node *n, unsigned int port, u32 val);
bool rio_voq_link_safe(struct rio_voq_link *l);

/* lat_link.c: the latency-optimization sequencer, and the link operations */
enum rio_voq_fmt rio_lat_link_fmt(const struct rio_voq_link *l);
void rio_lat_link_ends(const struct rio_voq_link *l,
		       const struct rio_voq_choice *const ch[2],
		       struct rio_lat_end e[2]);
int rio_lat_link_read(struct rio_voq_link *l);
int rio_lat_link_configure(struct rio_voq_link *l, bool write, bool fresh,
			   const struct rio_voq_choice *const ch[2]);
int rio_lat_port_alone(struct rio_voq_node *n, unsigned int port);
int rio_voq_link_configure(struct rio_voq_link *l,
			   const struct rio_voq_policy *pol, bool write,
			   bool fresh);
int rio_voq_link_try(struct rio_voq_link *l, const struct rio_voq_policy *pol,
		     unsigned int fresh, const struct rio_voq_choice *const ch[2]);

/* voq_staging.c */
void rio_voq_staging_follow_link(struct rio_voq_link *l, bool write);
int rio_voq_staging_set_map(struct rio_voq_node *n, unsigned int port,
			    const u8 *map, unsigned int count);

/* voq_admin.c: admin choices, VoQ and latency optimization */
int rio_voq_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_voq_knob knob, unsigned int val);
int rio_lat_port_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_lat_feat feat, enum rio_lat_choice val);
void rio_voq_choices_load(struct rio_voq_node *n);
void rio_voq_choices_check(struct rio_voq_node *n, unsigned int port);
void rio_voq_choices_free(void);
void rio_voq_remember(const struct rio_voq_node *n, unsigned int port);
const char *rio_voq_knob_name(enum rio_voq_knob knob);
int rio_voq_net_set_auto_config(struct rio_voq_net *net, bool on);
int rio_voq_net_set_poll_ms(struct rio_voq_net *net, unsigned int ms);
void rio_voq_poll_arm(struct rio_voq_net *net);

/* voq_events.c: scans' ends, device adds, port events, the poll's pass */
union rio_pw_msg;
bool rio_voq_scan_start(struct rio_mport *mport);
bool rio_voq_scan_done(struct rio_mport *mport, int result, bool owner);
bool rio_voq_dev_add(struct rio_mport *mport, struct rio_dev *rdev, u64 t0);
struct rio_voq_net *rio_voq_mport_add(struct rio_mport *mport);
bool rio_voq_caught_up(struct rio_mport *mport, int result, bool owner);
void rio_voq_replay_begin(void);
void rio_voq_replay_end(void);
void rio_voq_pw_event(struct rio_voq_net *net, const union rio_pw_msg *msg);
void rio_voq_poll_pass(struct rio_voq_net *net);
void rio_voq_port_event(struct rio_voq_node *n, unsigned int port,
			bool bounced, enum rio_voq_ev_src src);
void rio_voq_events_replay(struct rio_voq_net *net);
const char *rio_voq_port_link_state(const struct rio_voq_node *n,
				    unsigned int port);

/* voq_debugfs.c */
void rio_voq_debugfs_init(void);
void rio_voq_debugfs_exit(void);

/* voq_sysfs.c */
/**
 * rio_voq_net_of_kobj() - the fabric of an mport's voq/ directory
 * @kobj: the kobject of the directory, as a file's show or store gets it
 *	(a file of the group rio_voq_net_attr_group, which only the
 *	mports' voq/ directories carry)
 *
 * A static inline, so that voq_net_sysfs.c, below voq_sysfs.c, calls
 * nothing above it.  Called with rio_voq_lock held.
 *
 * Return: the fabric, NULL if it is going away.
 */
static inline struct rio_voq_net *rio_voq_net_of_kobj(struct kobject *kobj)
{
	struct rio_voq_node *n = container_of(kobj, struct rio_voq_kdir, kobj)->node;

	lockdep_assert_held(&rio_voq_lock);
	return n->dead ? NULL : n->net;
}

int rio_voq_sysfs_add(struct rio_voq_node *n);
void rio_voq_sysfs_del(struct rio_voq_node *n);
void rio_voq_sysfs_remove(struct rio_voq_node *n);
void rio_voq_sysfs_sync(void);
int rio_voq_sysfs_objects(void);
void rio_voq_sysfs_init(const struct attribute_group *fabric);
void rio_voq_sysfs_catch_up(void);
int rio_voq_parse_uint(const char *buf, size_t len, unsigned int max,
		       unsigned int *val);
void rio_voq_sysfs_exit(void);

/* Test hooks, built with KUnit only */
int rio_voq_test_auto_config(struct rio_mport *mport, bool on);
bool rio_voq_test_follows(struct rio_mport *mport);
void rio_voq_test_policy(bool observe);
int rio_voq_test_policy_param(const char *word, char *shown);
struct rio_voq_link *rio_voq_test_link(struct rio_mport *mport,
				       struct rio_dev *rdev, unsigned int port);
int rio_voq_test_configure(struct rio_voq_link *l);
unsigned int rio_voq_test_nodes(struct rio_mport *mport);
void rio_voq_test_poll(void);
int rio_voq_test_poll_ms(struct rio_mport *mport, unsigned int ms);
unsigned long rio_voq_test_poll_passes(void);
void rio_voq_test_reload(void);

#endif /* _RIO_VOQ_CORE_H */
