/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-sim: simulated mports and canned topologies, rio-sim's own view
 * (what the rest of the kernel may use is in rio_sim.h).
 */
#ifndef _RIO_SIM_H
#define _RIO_SIM_H

#include <linux/list.h>
#include <linux/rio.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "sim_fabric.h"

/* Depth of an mport's port-write queue: more are lost, as in a full FIFO */
#define RIO_SIM_PW_FIFO		64

/* random:SEED (sim_topo.c): at most this many switches and endpoints */
#define SIM_RND_MAX_SW		6
#define SIM_RND_MAX_EPS		6
/* and the port counts a switch draws from, unless it is the big one */
#define SIM_RND_SW_PORTS	{ 4, 8, 16, 18, 32, 48 }

int rio_sim_host_destid_max(const struct rio_sim_fabric *fab);
void rio_sim_mport_destroy_all(void);
int rio_sim_mport_attach_index(struct rio_sim_mport *sm, unsigned int index,
			       int host_destid);
int rio_sim_mport_detach_name(struct rio_sim_mport *sm, const char *name);

int rio_sim_configfs_init(void);
void rio_sim_configfs_exit(void);

void rio_sim_debugfs_init(void);
struct dentry *rio_sim_debugfs_root(void);
void rio_sim_debugfs_add(struct rio_sim_mport *sm);
void rio_sim_debugfs_remove(struct rio_sim_mport *sm);
void rio_sim_debugfs_exit(void);

#endif /* _RIO_SIM_H */
