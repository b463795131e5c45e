/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-sim: simulated mports and canned topologies.
 */
#ifndef _RIO_SIM_H
#define _RIO_SIM_H

#include <linux/list.h>
#include <linux/rio.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "sim_fabric.h"

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

/* Depth of an mport's port-write queue: more are lost, as in a full FIFO */
#define RIO_SIM_PW_FIFO		64

/**
 * struct rio_sim_mport - a simulated master port and its fabric
 * @mport: the rio core's master port
 * @fab: the fabric behind it, owned by the mport (shared by the mports
 *	attached to it)
 * @ini: the mport as an initiator of the fabric: its own device and the
 *	accesses it made
 * @node: entry in the list of simulated mports
 * @dbg: debugfs directory
 * @pw_lock: protects @pw_queue
 * @pw_queue: port-writes received, not yet handed to the core
 * @pw_queued: places taken in it, at most RIO_SIM_PW_FIFO
 * @pw_work: hands them to the core's rio_inb_pwrite_handler()
 */
struct rio_sim_mport {
	struct rio_mport mport;
	struct rio_sim_fabric *fab;
	struct rio_sim_initiator ini;
	struct list_head node;
	struct dentry *dbg;
	spinlock_t pw_lock;	/* pw_queue */
	struct list_head pw_queue;
	unsigned int pw_queued;
	struct work_struct pw_work;
};

struct rio_sim_fabric *rio_sim_topo_build(const char *spec);

int rio_sim_host_destid_max(const struct rio_sim_fabric *fab);
struct rio_sim_mport *rio_sim_mport_create(struct rio_sim_fabric *fab,
					   int host_destid);
struct rio_sim_mport *rio_sim_mport_attach(struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid);
void rio_sim_mport_destroy(struct rio_sim_mport *sm);
void rio_sim_mport_destroy_all(void);
int rio_sim_mport_scan(struct rio_sim_mport *sm);
void rio_sim_mport_pw_flush(struct rio_sim_mport *sm);
struct rio_dev *rio_sim_rdev(struct rio_sim_mport *sm, struct rio_sim_dev *dev);

int rio_sim_configfs_init(void);
void rio_sim_configfs_exit(void);

void rio_sim_debugfs_init(void);
struct dentry *rio_sim_debugfs_root(void);
void rio_sim_debugfs_add(struct rio_sim_mport *sm);
void rio_sim_debugfs_remove(struct rio_sim_mport *sm);
void rio_sim_debugfs_exit(void);

#endif /* _RIO_SIM_H */
