/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-sim as the code outside it sees it: the KUnit tests of rio-voq
 * build a fabric (canned or device by device), attach and scan mports,
 * inject faults, and read the simulated hardware's registers and
 * counters.  How accesses travel, the symbol models, configfs and
 * debugfs stay private to rio-sim (sim_fabric.h, sim.h).
 *
 * Every function here is exported for KUnit only
 * (EXPORT_SYMBOL_IF_KUNIT): no driver depends on a simulator.  Tests make
 * their fabrics and mports with the rio_sim_kunit_*() helpers
 * (rio_sim_kunit_helpers.ko, which only tests load), which tear them down when
 * the test ends.
 */
#ifndef _RIO_SIM_API_H
#define _RIO_SIM_API_H

#include <linux/bitmap.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/rio.h>
#include <linux/rio_voq.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#define RIO_SIM_MAX_PORTS	255	/* limit of the switch port info CAR */
/* Route table entries of a fabric of 8-bit destination IDs */
#define RIO_SIM_ROUTES_SMALL	256
#define RIO_SIM_NO_ROUTE	0xff
/* Depth of an mport's inbound doorbell queue: a sender finding it full retries */
#define RIO_SIM_DBELL_FIFO	32

/*
 * Where the extended-feature blocks of a simulated device start, and so
 * its LP-Serial block unless the VoQ block is placed first
 */
#define RIO_SIM_PHYS_EF		0x0100

struct rio_voq_gen;
struct rio_voq_rx;
struct rio_voq_txsym;

/* Vendor and device IDs of simulated devices (no assigned vendor ID) */
#define RIO_SIM_VID		0xfff0
#define RIO_SIM_DID_HOST	0x0001
#define RIO_SIM_DID_ENDPOINT	0x0002
#define RIO_SIM_DID_SWITCH	0x0003
#define RIO_SIM_DID_SWITCH_RAM	0x0004	/* with a RAM staging map */
#define RIO_SIM_DID_SWITCH_FIXED 0x0005	/* with a fixed staging decoder */

/* rio_sim_mport_create(): keep the host ID the core gave (rapidio.hdid=) */
#define RIO_SIM_HDID_CORE	(-2)

/* VoQ capabilities of a port that can do everything */
#define RIO_SIM_VOQ_CAPS_ALL	(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP | \
				 RIO_VOQ_CSR_VC_SUP | RIO_VOQ_CSR_PGS_SUP_ALL)

/*
 * Port n Latency Optimization CSR of an LP-Serial map II block (Part 6
 * rev 4.1, 7.6.15: block offset 0x6c + 0x40 n), in rio-sim's own names
 * from the spec text (bit 0 is the most significant), not rio-voq's: the
 * read-only capabilities, bits 0-2, in register position (for
 * &rio_sim_dev_desc.lat_caps), and the two controls, bits 8 and 9, each
 * writable only where its capability (bit 0, bit 1) is set, else
 * reserved.  The other bits are reserved.
 */
#define RIO_SIM_LAT_MACK_SUP	BIT(31)	/* 0: multiple acknowledges supported */
#define RIO_SIM_LAT_PNA_SUP	BIT(30)	/* 1: error recovery, ackID in PNA */
#define RIO_SIM_LAT_PNA_TX_SUP	BIT(29)	/* 2: TX ackID status in PNA */
#define RIO_SIM_LAT_MACK_EN	BIT(23)	/* 8: multiple acknowledges enabled */
#define RIO_SIM_LAT_PNA_EN	BIT(22)	/* 9: error recovery, ackID in PNA */
#define RIO_SIM_LAT_CAPS_ALL	(RIO_SIM_LAT_MACK_SUP | RIO_SIM_LAT_PNA_SUP | \
				 RIO_SIM_LAT_PNA_TX_SUP)

/**
 * enum rio_sim_staging - staging hardware of a simulated switch
 * @RIO_SIM_STAGING_NONE: none the software can see (generic default)
 * @RIO_SIM_STAGING_RAM: RAM reverse map and next-hop RAM
 * @RIO_SIM_STAGING_FIXED: fixed decoder, queue = port mod queues
 */
enum rio_sim_staging {
	RIO_SIM_STAGING_NONE,
	RIO_SIM_STAGING_RAM,
	RIO_SIM_STAGING_FIXED,
};

/**
 * enum rio_sim_phys_map - LP-Serial register map of a device
 * @RIO_SIM_MAP_I: Part 6 map I, port registers 0x20 apart
 * @RIO_SIM_MAP_II: Part 6 map II, port registers 0x40 apart
 */
enum rio_sim_phys_map {
	RIO_SIM_MAP_I = 1,
	RIO_SIM_MAP_II = 2,
};

/**
 * enum rio_sim_voq_place - where a device's VoQ block sits
 * @RIO_SIM_VOQ_LAST: after the LP-Serial and error management blocks
 * @RIO_SIM_VOQ_FIRST: first, with the LP-Serial block right after its
 *	last CSR (then the error management block, if any)
 * @RIO_SIM_VOQ_END: last, its last CSR at the end of extended-feature
 *	space (0xfffc)
 */
enum rio_sim_voq_place {
	RIO_SIM_VOQ_LAST,
	RIO_SIM_VOQ_FIRST,
	RIO_SIM_VOQ_END,
};

/**
 * enum rio_sim_wfault - how writes to a Port n VoQ CSR fail to stick
 * @RIO_SIM_WFAULT_NONE: they stick
 * @RIO_SIM_WFAULT_IGNORE: the write is taken and changes nothing
 * @RIO_SIM_WFAULT_STUCK: the bits of the mask keep the value they had
 *	when the fault began; the others take the write
 * @RIO_SIM_WFAULT_READBACK: the write lands, but reads of the CSR return
 *	the bits of the mask inverted
 * @RIO_SIM_NR_WFAULTS: number of modes
 *
 * None of them makes the access fail: only a read-back shows them.
 */
enum rio_sim_wfault {
	RIO_SIM_WFAULT_NONE,
	RIO_SIM_WFAULT_IGNORE,
	RIO_SIM_WFAULT_STUCK,
	RIO_SIM_WFAULT_READBACK,
	RIO_SIM_NR_WFAULTS,
};

/**
 * struct rio_sim_port - one port of a simulated device
 * @peer: device at the other end of the link, NULL if none
 * @peer_port: port number on @peer
 * @unavailable: the port reports "port unavailable" in its error/status
 * @link_down: the link is cabled but down: no PORT_OK, nothing crosses it
 * @pw_pending: Port-Write Pending of its Error and Status CSR (write 1
 *	to clear)
 * @em_err_det: Port n Error Detect CSR of the error management block
 * @baud_class: baud-rate class of the link, 1..3 (selected baud rate)
 * @ctl: Port n Control CSR
 * @voq_caps: read-only bits of the Port n VoQ CSR
 * @voq_ctl: writable bits of the Port n VoQ CSR
 * @voq_violations: writes that broke a Part 12 rule (e.g. TX group size
 *	changed while generation was on, a reserved bit set)
 * @voq_vc_violations: writes that changed per-VC transmission (bit 11)
 *	while the partner generated over a link that was up: no Part 12
 *	rule (it names no order for bit 11), rio-voq's own (voq.rst), since
 *	bit 11 says how this end reads what it receives (3.3)
 * @voq_writes: writes to the Port n VoQ CSR
 * @wfault: how writes to the Port n VoQ CSR fail to stick
 * @wfault_mask: the bits @wfault concerns (stuck, or inverted in reads)
 * @wfault_nth: @wfault begins with this write to the CSR, counted from
 *	when it was set (1: the next write); it then stays
 * @wfault_seen: writes to the CSR since @wfault was set
 * @wfault_stuck: the value of the stuck bits
 * @stg_wfault: how writes to the port's staging reverse map (RAM model)
 *	fail to stick, from when it is set: ignored, the bits of
 *	@stg_wfault_mask of each entry kept, or those bits inverted in reads
 * @stg_wfault_mask: the bits @stg_wfault concerns
 * @lat_caps: read-only bits of the Port n Latency Optimization CSR
 *	(RIO_SIM_LAT_*_SUP; 0 on a map I device, which has no such CSR)
 * @lat_ctl: its controls (RIO_SIM_LAT_MACK_EN, RIO_SIM_LAT_PNA_EN), each
 *	only where its capability is set
 * @lat_writes: writes to the Port n Latency Optimization CSR
 * @lat_violations: writes to it that set a reserved bit, or a control
 *	whose capability is clear (one per such write)
 * @lat_wfault_ignore: writes to it are taken and change nothing (they
 *	are still counted, violations too); only a read-back shows it
 * @gen: generator model of this port as transmitter, NULL until used
 * @rx: receiver model of this port, NULL until used
 * @sym_sent: VoQ symbols this port sent
 * @sym_received: VoQ symbols this port received
 */
struct rio_sim_port {
	struct rio_sim_dev *peer;
	unsigned int peer_port;
	bool unavailable;
	bool link_down;
	bool pw_pending;
	u32 em_err_det;
	u8 baud_class;
	u32 ctl;
	u32 voq_caps;
	u32 voq_ctl;
	unsigned int voq_violations;
	unsigned int voq_vc_violations;
	u64 voq_writes;
	enum rio_sim_wfault wfault;
	u32 wfault_mask;
	unsigned int wfault_nth;
	unsigned int wfault_seen;
	u32 wfault_stuck;
	enum rio_sim_wfault stg_wfault;
	u32 stg_wfault_mask;
	u32 lat_caps;
	u32 lat_ctl;
	u64 lat_writes;
	unsigned int lat_violations;
	bool lat_wfault_ignore;
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	u64 sym_sent;
	u64 sym_received;
};

/**
 * struct rio_sim_dev_desc - what a simulated device is made of
 * @name: name for logs and debugfs
 * @is_switch: a switch (else an endpoint)
 * @nports: number of ports, 1..255 (1 for an endpoint)
 * @vid: vendor ID
 * @did: device ID
 * @map: LP-Serial register map
 * @lat_caps: read-only bits of every port's Latency Optimization CSR
 *	(RIO_SIM_LAT_*_SUP, in register position); map II only: a map I
 *	device has no such CSR, and a description giving it any, or any
 *	other bit, is refused
 * @em: has an error management extensions block
 * @em_hs: that block is the hot-swap-only variant (EF ID 0x0017, Part 8),
 *	which rio-scan takes when there is no other and rio_mport_cdev does
 *	not look for
 * @voq: has a VoQ backpressure block (0x000B)
 * @voq_layout: its layout
 * @voq_caps: read-only bits of every port's VoQ CSR (capabilities and,
 *	for rev 3+, supported group sizes)
 * @voq_nports: Port n VoQ CSRs the block has, 1..@nports within the
 *	layout's limit; 0 for one per port.  Fewer than @nports makes a
 *	block shorter than the device's port count (hostile)
 * @voq_place: where the block sits; with @voq_nports, a short block
 *	right before the LP-Serial block or at the end of the space
 * @swp_claim: the Switch Port Information CAR reports @swp_ports ports
 *	instead of @nports (hostile)
 * @swp_ports: the port count it reports then, 0..255
 * @ef_loop: the last extended-feature block's EF_PTR points back at the
 *	first, so that a walk of the whole chain never ends (hostile)
 * @unused_reads: what extended-feature space that no block holds reads
 *	as: 0 (most devices), or a value standing for a vendor's registers
 *	that nothing may take for a block's (hostile)
 * @staging: staging hardware (switches)
 * @staging_queues: its queues per port
 * @minimal: minimal Part 12 silicon: no full status when generation is
 *	turned on or a link recovers, and no receiver forgets what its
 *	partner said (see rio_sim_dev.minimal)
 */
struct rio_sim_dev_desc {
	const char *name;
	bool is_switch;
	unsigned int nports;
	u16 vid;
	u16 did;
	enum rio_sim_phys_map map;
	u32 lat_caps;
	bool em;
	bool em_hs;
	bool voq;
	enum rio_voq_layout voq_layout;
	u32 voq_caps;
	unsigned int voq_nports;
	enum rio_sim_voq_place voq_place;
	bool swp_claim;
	u8 swp_ports;
	bool ef_loop;
	u32 unused_reads;
	enum rio_sim_staging staging;
	unsigned int staging_queues;
	bool minimal;
};

/**
 * struct rio_sim_dev - a simulated RapidIO device
 * @fabric: the fabric it belongs to
 * @node: entry in the fabric's device list
 * @index: position in the fabric, 0 being the host's own port
 * @name: name for logs and debugfs
 * @is_switch: a switch (else an endpoint)
 * @nports: number of ports
 * @swp_ports: ports the Switch Port Information CAR reports
 * @vid: vendor ID
 * @did: device ID
 * @map: LP-Serial register map
 * @phys_ef: offset of the LP-Serial block
 * @em_ef: offset of the error management block, 0 if none
 * @em_hs: it is the hot-swap-only variant (EF ID 0x0017)
 * @ef_loop: the last extended-feature block points back at the first
 * @unused_reads: what extended-feature space no block holds reads as
 * @voq_ef: offset of the VoQ block, 0 if none
 * @voq_layout: layout of the VoQ block
 * @voq_nports: Port n VoQ CSRs the block has
 * @did_csr: Base Device ID CSR
 * @host_lock: Host Base Device ID Lock CSR (0xffff when free)
 * @comptag: Component Tag CSR
 * @pell_ctl: PE Logical Layer Control CSR
 * @port_gen_ctl: Port General Control CSR
 * @rte_sel: Standard Route Configuration Destination ID Select CSR
 * @rte_default: Standard Route Default Port CSR
 * @route: route table of a switch, destination ID -> egress port, the
 *	fabric's @routes entries; NULL for an endpoint
 * @route_any: route of the "any" ID 0xffff in a large fabric, if it lies
 *	beyond @route
 * @reads: maintenance reads this device answered
 * @writes: maintenance writes this device took
 * @stray_writes: writes that landed on no writable register: reserved or
 *	unimplemented space, a read-only register, a block header
 * @pw_tgt: Port-write Target Device ID CSR (error management block)
 * @pw_tx_ctrl: Port-write Transmission Control CSR
 * @fail_all: every access to this device fails
 * @all_ones: every read from this device returns all ones
 * @minimal: minimal Part 12 silicon, which does only what Part 12
 *	requires: its generators send only the changes they see while they
 *	generate over a link that is up (no full status when generation is
 *	turned on or the link recovers: rule 4.2 g says "may"), and its
 *	receivers keep what the partner said last when the partner's
 *	generation goes off or the link goes down or comes back (Part 12
 *	defines no release)
 * @congested: ports whose egress is congested (set by tests, debugfs)
 * @staging: staging hardware
 * @staging_queues: its queues per port
 * @stg_map: RAM model: reverse maps, [port * RIO_SIM_ROUTES_SMALL + d]
 * @stg_hop: RAM model: next hops, [port * RIO_SIM_ROUTES_SMALL + id]
 * @port: the ports, @nports of them (a replacement may change their
 *	count: see rio_sim_dev_replace())
 */
struct rio_sim_dev {
	struct rio_sim_fabric *fabric;
	struct list_head node;
	unsigned int index;
	char name[32];
	bool is_switch;
	unsigned int nports;
	unsigned int swp_ports;
	u16 vid;
	u16 did;
	enum rio_sim_phys_map map;
	u32 phys_ef;
	u32 em_ef;
	bool em_hs;
	bool ef_loop;
	u32 unused_reads;
	u32 voq_ef;
	enum rio_voq_layout voq_layout;
	unsigned int voq_nports;
	u32 did_csr;
	u32 host_lock;
	u32 comptag;
	u32 pell_ctl;
	u32 port_gen_ctl;
	u32 rte_sel;
	u32 rte_default;
	u8 *route;
	u8 route_any;
	u64 reads;
	u64 writes;
	u64 stray_writes;
	u32 pw_tgt;
	u32 pw_tx_ctrl;
	bool fail_all;
	bool all_ones;
	bool minimal;
	DECLARE_BITMAP(congested, RIO_VOQ_MAX_PORTS);
	enum rio_sim_staging staging;
	unsigned int staging_queues;
	u8 *stg_map;
	u8 *stg_hop;
	struct rio_sim_port *port;
};

/**
 * struct rio_sim_fabric - a simulated fabric
 * @users: references: its builder's, then one per mport attached to it
 * @lock: serializes register accesses and fault settings
 * @ev_lock: serializes the changes that allocate outside @lock (port
 *	events, congestion, device replacement), so that a replacement
 *	never frees a port another change is about to use
 * @large: 16-bit destination IDs (common transport large system)
 * @routes: route table entries of each switch
 * @devs: the devices, host first
 * @ndevs: number of devices
 * @host: the device behind the host's own (local) configuration space;
 *	other mports attached to the fabric have theirs (&rio_sim_initiator)
 * @reads: maintenance reads carried, local ones included
 * @writes: maintenance writes carried, local ones included
 * @stray_writes: writes that reached a device and landed on none of its
 *	writable registers (the sum of the devices' counts)
 * @failed: accesses that failed (no route, no device, injected fault)
 * @fail_nth: fail the access numbered so (1-based, counting all
 *	accesses from when it was set); 0 for none
 * @fail_seen: accesses counted since @fail_nth was set
 * @latency_us: busy-wait added to every access, at most
 *	RIO_SIM_MAX_LATENCY_US
 * @no_pw: the host's mport takes no port-writes (they are dropped)
 * @pw_deliver: hands a port-write to the host's mport (the one whose own
 *	device is @host; attached mports take none), NULL while none takes
 *	them; called with the lock held
 * @pw_ctx: its context
 * @inis: the initiators of the mports on the fabric (&rio_sim_initiator),
 *	under @lock
 * @dbells: doorbells that reached a device no mport is behind: accepted
 *	(a device that is not a host takes them) and counted
 * @pw_sent: port-writes devices sent
 * @pw_lost: port-writes that found no path to the host, no taker or the
 *	mport's queue full
 * @txbuf: room for the symbols one port sends at once (every VC's full
 *	status), allocated with the first symbol models; used under @lock
 */
struct rio_sim_fabric {
	refcount_t users;
	spinlock_t lock;	/* devices, links, registers, counters, faults */
	struct mutex ev_lock;	/* port events, congestion, replacement */
	bool large;
	unsigned int routes;
	struct list_head devs;
	unsigned int ndevs;
	struct rio_sim_dev *host;
	u64 reads;
	u64 writes;
	u64 stray_writes;
	u64 failed;
	unsigned int fail_nth;
	unsigned int fail_seen;
	unsigned int latency_us;
	bool no_pw;
	void (*pw_deliver)(void *ctx, const union rio_pw_msg *msg);
	void *pw_ctx;
	struct list_head inis;
	u64 dbells;
	u64 pw_sent;
	u64 pw_lost;
	struct rio_voq_txsym *txbuf;
};

/**
 * struct rio_sim_initiator - a host port that sends maintenance requests
 * @fab: the fabric
 * @local: the device behind its own (local) configuration space, an
 *	endpoint whose port 0 is its link into the fabric
 * @reads: reads it sent, local ones included
 * @writes: writes it sent, local ones included
 * @voq_writes: its writes that reached a device's VoQ block or staging
 *	registers, whether or not they landed
 * @node: entry in the fabric's list of initiators, while its mport is
 *	registered
 * @event: told that a port of @local changed: the mport's own port,
 *	of which no port-write tells the mport
 *
 * The counters are updated, and @node and @event used, under the fabric
 * lock.
 */
struct rio_sim_initiator {
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *local;
	u64 reads;
	u64 writes;
	u64 voq_writes;
	struct list_head node;
	void (*event)(struct rio_sim_initiator *ini, unsigned int port);
};

/**
 * struct rio_sim_dbell - a doorbell, as it crosses the fabric
 * @src: destination ID of its sender
 * @dst: destination ID it was sent to
 * @info: its 16-bit information field
 */
struct rio_sim_dbell {
	u16 src;
	u16 dst;
	u16 info;
};

/**
 * struct rio_sim_mport - a simulated master port and its fabric
 * @mport: the rio core's master port
 * @fab: the fabric behind it, owned by the mport (shared by the mports
 *	attached to it)
 * @ini: the mport as an initiator of the fabric: its own device and the
 *	accesses it made
 * @node: entry in the list of simulated mports
 * @dbg: debugfs directory
 * @attached: made by rio_sim_mport_attach(): another host of the fabric,
 *	that the fabric's own mport can detach
 * @pw_lock: protects @pw_queue
 * @pw_queue: port-writes received, not yet handed to the core
 * @pw_queued: places taken in it, at most RIO_SIM_PW_FIFO
 * @pw_work: hands them to the core's rio_inb_pwrite_handler()
 * @pw_off: port-write reception switched off (the core's pwenable);
 *	port-writes that arrive meanwhile are lost, and counted
 * @own_events: changes of its own port it reported
 * @dbell_lock: protects the inbound doorbell queue
 * @dbell_ring: inbound doorbells not yet handed to the handlers
 * @dbell_head: the oldest of them
 * @dbell_queued: how many, at most RIO_SIM_DBELL_FIFO
 * @dbell_irq: hands them to the handlers of rio_request_inb_dbell(), in
 *	hard interrupt context (the mport's doorbell interrupt)
 * @dbell_sent: doorbells it sent that were accepted
 * @dbell_received: doorbells a handler took
 * @dbell_unhandled: doorbells that no handler's range held (dropped)
 * @dbell_lost: doorbells refused because the queue was full (the
 *	sender was told to retry)
 */
struct rio_sim_mport {
	struct rio_mport mport;
	struct rio_sim_fabric *fab;
	struct rio_sim_initiator ini;
	struct list_head node;
	struct dentry *dbg;
	bool attached;
	spinlock_t pw_lock;	/* pw_queue */
	struct list_head pw_queue;
	unsigned int pw_queued;
	struct work_struct pw_work;
	bool pw_off;
	u64 own_events;
	spinlock_t dbell_lock;	/* dbell_ring, dbell_head, dbell_queued */
	struct rio_sim_dbell dbell_ring[RIO_SIM_DBELL_FIFO];
	unsigned int dbell_head;
	unsigned int dbell_queued;
	struct irq_work dbell_irq;
	u64 dbell_sent;
	u64 dbell_received;
	u64 dbell_unhandled;
	u64 dbell_lost;
};

/* Fabrics and devices: sim_fabric.c, sim_topo.c */
struct rio_sim_fabric *rio_sim_fabric_alloc(bool large);
void rio_sim_fabric_free(struct rio_sim_fabric *fab);
struct rio_sim_fabric *rio_sim_topo_build(const char *spec);
struct rio_sim_dev *rio_sim_dev_add(struct rio_sim_fabric *fab,
				    const struct rio_sim_dev_desc *desc);
struct rio_sim_dev *rio_sim_dev_find(struct rio_sim_fabric *fab,
				     unsigned int index);
int rio_sim_link(struct rio_sim_dev *a, unsigned int pa,
		 struct rio_sim_dev *b, unsigned int pb, u8 baud_class);
void rio_sim_unlink(struct rio_sim_dev *dev, unsigned int port);
u32 rio_sim_dev_peek(struct rio_sim_dev *dev, u32 offset);
int rio_sim_local_write(struct rio_sim_fabric *fab, u32 offset, u32 val);

/* Simulated mports: sim_mport.c */
struct rio_sim_mport *rio_sim_mport_create(struct rio_sim_fabric *fab,
					   int host_destid);
struct rio_sim_mport *rio_sim_mport_attach(struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid);
void rio_sim_mport_destroy(struct rio_sim_mport *sm);
int rio_sim_mport_scan(struct rio_sim_mport *sm);
void rio_sim_mport_pw_flush(struct rio_sim_mport *sm);
void rio_sim_mport_dbell_flush(struct rio_sim_mport *sm);
int rio_sim_mport_set_link(struct rio_sim_mport *sm, bool up);
struct rio_dev *rio_sim_rdev(struct rio_sim_mport *sm, struct rio_sim_dev *dev);

/* Faults and events: sim_fabric.c, sim_symbols.c, sim_ports.c */
int rio_sim_set_wfault(struct rio_sim_dev *dev, unsigned int port,
		       enum rio_sim_wfault mode, u32 mask, unsigned int nth);
int rio_sim_set_stg_wfault(struct rio_sim_dev *dev, unsigned int port,
			   enum rio_sim_wfault mode, u32 mask);
int rio_sim_set_lat_wfault(struct rio_sim_dev *dev, unsigned int port,
			   bool ignore);
int rio_sim_congest(struct rio_sim_dev *dev, unsigned int port, bool congested);
int rio_sim_port_set_link(struct rio_sim_dev *dev, unsigned int port, bool up);
int rio_sim_port_set_unavailable(struct rio_sim_dev *dev, unsigned int port,
				 bool unavailable);
int rio_sim_dev_replace(struct rio_sim_dev *dev,
			const struct rio_sim_dev_desc *desc);
int rio_sim_replace_desc(const struct rio_sim_dev *dev, const char *buf,
			 struct rio_sim_dev_desc *desc);
int rio_sim_dev_replace_board(struct rio_sim_dev *dev, const char *buf);

/* Fabrics and mports as KUnit test resources: tests/sim_kunit_helpers.c */
struct kunit;
struct rio_sim_fabric *rio_sim_kunit_fabric(struct kunit *test,
					    struct rio_sim_fabric *fab);
struct rio_sim_fabric *rio_sim_kunit_topo(struct kunit *test, const char *spec);
struct rio_sim_mport *rio_sim_kunit_mport(struct kunit *test,
					  struct rio_sim_fabric *fab,
					  int host_destid);
struct rio_sim_mport *rio_sim_kunit_attach(struct kunit *test,
					   struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid);
int rio_sim_kunit_dbell(struct kunit *test, struct rio_sim_mport *sm,
			void *dev_id, u16 start, u16 end,
			void (*dinb)(struct rio_mport *mport, void *dev_id,
				     u16 src, u16 dst, u16 info));
struct rio_dev *rio_sim_kunit_dev_add(struct kunit *test, struct rio_mport *mport,
				      const char *name, u32 comptag, u16 destid,
				      u8 hopcount);
int rio_sim_kunit_nets_freed(void);
void rio_sim_kunit_release(struct kunit *test, void *res);

#endif /* _RIO_SIM_API_H */
