// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim module: registers the configfs interface, and builds a canned
 * fabric at load time when asked to, so that a booted kernel has
 * something to enumerate.
 *
 *   rapidio.hdid=0 rio_sim.topology=star:4
 *
 * The parameter is for boot: built in, rio-sim makes its fabric before
 * anyone can write configfs, in time for the core's enumeration at boot
 * (rio_scan.scan=1).  The host's destination ID is the core's, from
 * rapidio.hdid= (indexed by mport ID), as for any mport driver.
 * Enumeration is then the core's: rio_scan.scan=1 at boot, or writing
 * the mport's ID to /sys/bus/rapidio/scan.
 */

#include <linux/err.h>
#include <linux/module.h>

#include "sim.h"

static char *topology;
module_param(topology, charp, 0444);
MODULE_PARM_DESC(topology,
		 "canned fabric to create at load, for a fabric at boot, e.g. single, star:4, tree:2, ring:4, big48, big255, voqmix, bench:100 (default: none); its host's ID is the core's rapidio.hdid=");

static int __init rio_sim_init(void)
{
	struct rio_sim_fabric *fab;
	struct rio_sim_mport *sm;
	int ret;

	rio_sim_debugfs_init();
	ret = rio_sim_configfs_init();
	if (ret)
		goto err_debugfs;
	if (!topology || !*topology)
		return 0;

	fab = rio_sim_topo_build(topology);
	if (IS_ERR(fab)) {
		pr_err("rio-sim: cannot build topology '%s': %pe\n", topology, fab);
		ret = PTR_ERR(fab);
		goto err_configfs;
	}
	sm = rio_sim_mport_create(fab, RIO_SIM_HDID_CORE);
	if (IS_ERR(sm)) {
		pr_err("rio-sim: cannot register an mport: %pe\n", sm);
		ret = PTR_ERR(sm);
		goto err_configfs;
	}
	pr_info("rio-sim: %s: topology %s, %u devices\n", sm->mport.name,
		topology, fab->ndevs);
	return 0;

err_configfs:
	rio_sim_configfs_exit();
err_debugfs:
	rio_sim_debugfs_exit();
	return ret;
}

static void __exit rio_sim_exit(void)
{
	rio_sim_configfs_exit();
	rio_sim_mport_destroy_all();
	rio_sim_debugfs_exit();
}

module_init(rio_sim_init);
module_exit(rio_sim_exit);

MODULE_DESCRIPTION("Simulated RapidIO fabric");
MODULE_LICENSE("GPL");
