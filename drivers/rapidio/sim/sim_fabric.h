/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-sim: a simulated RapidIO fabric.
 *
 * The fabric model holds devices (endpoints and switches), their ports,
 * the links between ports and each device's registers, and carries
 * maintenance transactions the way a real fabric does: out of the host's
 * port, through switches by hop count and route table, to the device at
 * hop 0.  It knows nothing of the rio core; sim_mport.c plugs it in.
 */
#ifndef _RIO_SIM_FABRIC_H
#define _RIO_SIM_FABRIC_H

#include <linux/rio.h>
#include <linux/types.h>

#include "rio_sim.h"

/*
 * Route table entries: all 256 8-bit destination IDs
 * (RIO_SIM_ROUTES_SMALL, rio_sim.h), or by default the
 * first 1024 16-bit ones (the route table limit CAR says so, and the
 * core's table clear honours it).  A large fabric may have a larger
 * table, up to all 65536 IDs (rio_sim_fabric_set_routes()): the core
 * clears every entry of every switch, two writes each, so the table is
 * kept as small as the fabric's IDs allow.
 */
#define RIO_SIM_ROUTES		1024
#define RIO_SIM_ROUTES_MAX	65536
#define RIO_SIM_MAX_HOPS	256

/*
 * Bound of the busy-wait added to every maintenance access.  The core
 * makes its accesses with a spinlock held and interrupts off, so the
 * wait cannot sleep; a millisecond is far more than any real
 * maintenance round trip and short enough for the lockup detectors.
 */
#define RIO_SIM_MAX_LATENCY_US	1000

/*
 * Implementation-specific staging registers of rio-sim's two vendor
 * switch models (beyond the extended-feature space):
 *   CAP            model << 8 | staging queues per port
 *   MAP(p, d)      queue of downstream port d for traffic leaving port p
 *                  (RAM model: read-write; fixed model: d mod queues, RO)
 *   HOP(p, id)     next-hop egress port of 8-bit destination ID id for
 *                  traffic leaving port p (RAM model only)
 */
#define RIO_SIM_STG_CAP		0x10000
#define RIO_SIM_STG_MAP(p, d)	(0x20000 + (p) * 0x400 + (d) * 4)
#define RIO_SIM_STG_HOP(p, id)	(0x60000 + (p) * 0x400 + (id) * 4)
#define RIO_SIM_STG_END		RIO_SIM_STG_HOP(RIO_SIM_MAX_PORTS, 0)

struct rio_sim_fabric *rio_sim_fabric_get(struct rio_sim_fabric *fab);
int rio_sim_fabric_set_routes(struct rio_sim_fabric *fab, unsigned int routes);
size_t rio_sim_fabric_bytes(struct rio_sim_fabric *fab);
struct rio_sim_dev *rio_sim_dev_make(struct rio_sim_fabric *fab,
				     const struct rio_sim_dev_desc *desc);
void rio_sim_dev_free(struct rio_sim_dev *dev);
int rio_sim_dev_keep_blocks(struct rio_sim_dev *nd, const struct rio_sim_dev *dev);
void rio_sim_dev_swap(struct rio_sim_dev *dev, struct rio_sim_dev *nd);

int rio_sim_local_read(struct rio_sim_fabric *fab, u32 offset, u32 *val);
int rio_sim_maint_read(struct rio_sim_fabric *fab, u16 destid, u8 hopcount,
		       u32 offset, u32 *val);
int rio_sim_maint_write(struct rio_sim_fabric *fab, u16 destid, u8 hopcount,
			u32 offset, u32 val);
int rio_sim_access(struct rio_sim_initiator *ini, bool local, u16 destid,
		   u8 hopcount, u32 offset, bool write, u32 *val);
struct rio_sim_dev *rio_sim_route(struct rio_sim_fabric *fab, u16 destid,
				  u8 hopcount, unsigned int *ingress);
struct rio_sim_dev *rio_sim_route_from(struct rio_sim_fabric *fab,
				       struct rio_sim_dev *origin, u16 destid,
				       u8 hopcount, unsigned int *ingress);

int rio_sim_set_latency(struct rio_sim_fabric *fab, unsigned int us);
unsigned int rio_sim_get_latency(struct rio_sim_fabric *fab);

/* sim_symbols.c: with the fabric lock held */
void rio_sim_symbols_update(struct rio_sim_dev *dev);
void rio_sim_symbols_resync(struct rio_sim_dev *dev, unsigned int port);
void rio_sim_symbols_release(struct rio_sim_dev *dev, unsigned int port);
int rio_sim_symbols_models(struct rio_sim_dev *dev, unsigned int port);

#endif /* _RIO_SIM_FABRIC_H */
