// SPDX-License-Identifier: GPL-2.0-only
/*
 * Staging ops drivers for rio-sim's two vendor switch models, the way a
 * real vendor's would be: through maintenance accesses to the switch's
 * implementation-specific registers (see sim_fabric.h).
 *
 *   RAM model:   N queues per port, a read-write reverse map and
 *                next-hop RAM
 *   fixed model: N queues per port, queue = port mod N, read-only; no
 *                next-hop entries
 *
 * A module of its own (rio_sim_staging), which needs rio-voq: rio-sim
 * itself must load, and be tested, without the driver it tests.
 */

#include <linux/module.h>
#include <linux/rio_drv.h>

#include "sim.h"

static int sim_stg_nqueues(struct rio_dev *rdev, unsigned int port)
{
	u32 cap;
	int ret = rio_read_config_32(rdev, RIO_SIM_STG_CAP, &cap);

	return ret ?: (int)(cap & 0xff);
}

static int sim_stg_get_map(struct rio_dev *rdev, unsigned int port, u8 *map,
			   unsigned int n)
{
	unsigned int d;
	u32 val;
	int ret;

	for (d = 0; d < n; d++) {
		ret = rio_read_config_32(rdev, RIO_SIM_STG_MAP(port, d), &val);
		if (ret)
			return ret;
		map[d] = val;
	}
	return 0;
}

static int sim_stg_set_map(struct rio_dev *rdev, unsigned int port,
			   const u8 *map, unsigned int n)
{
	unsigned int d;
	int ret;

	for (d = 0; d < n; d++) {
		ret = rio_write_config_32(rdev, RIO_SIM_STG_MAP(port, d), map[d]);
		if (ret)
			return ret;
	}
	return 0;
}

static int sim_stg_set_next_hop(struct rio_dev *rdev, unsigned int port,
				u16 destid, u8 egress)
{
	if (destid >= RIO_SIM_ROUTES_SMALL)
		return -EINVAL;
	return rio_write_config_32(rdev, RIO_SIM_STG_HOP(port, destid), egress);
}

static int sim_stg_get_next_hop(struct rio_dev *rdev, unsigned int port,
				u16 destid, u8 *egress)
{
	u32 val;
	int ret;

	if (destid >= RIO_SIM_ROUTES_SMALL)
		return -EINVAL;
	ret = rio_read_config_32(rdev, RIO_SIM_STG_HOP(port, destid), &val);
	if (!ret)
		*egress = val;
	return ret;
}

static struct rio_voq_staging_ops sim_stg_ram_ops = {
	.vid = RIO_SIM_VID,
	.did = RIO_SIM_DID_SWITCH_RAM,
	.nqueues = sim_stg_nqueues,
	.set_map = sim_stg_set_map,
	.get_map = sim_stg_get_map,
	.set_next_hop = sim_stg_set_next_hop,
	.get_next_hop = sim_stg_get_next_hop,
};

static struct rio_voq_staging_ops sim_stg_fixed_ops = {
	.vid = RIO_SIM_VID,
	.did = RIO_SIM_DID_SWITCH_FIXED,
	.nqueues = sim_stg_nqueues,
	.get_map = sim_stg_get_map,
};

static int __init rio_sim_staging_init(void)
{
	int ret = rio_voq_staging_register(&sim_stg_ram_ops);

	if (ret)
		return ret;
	ret = rio_voq_staging_register(&sim_stg_fixed_ops);
	if (ret)
		rio_voq_staging_unregister(&sim_stg_ram_ops);
	return ret;
}

static void __exit rio_sim_staging_exit(void)
{
	rio_voq_staging_unregister(&sim_stg_fixed_ops);
	rio_voq_staging_unregister(&sim_stg_ram_ops);
}

module_init(rio_sim_staging_init);
module_exit(rio_sim_staging_exit);

MODULE_DESCRIPTION("rio-voq staging ops of rio-sim's vendor switch models");
MODULE_LICENSE("GPL");
