/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rio-sim fabrics as rio-voq's KUnit tests use them.  Fabrics and mports
 * are KUnit resources (rio_sim_kunit_*() in ../sim/rio_sim.h): a test
 * whose assertion fails does not leave its mport registered for the tests
 * after it.
 */
#ifndef _RIO_VOQ_TEST_SIM_H
#define _RIO_VOQ_TEST_SIM_H

#include <linux/rio_voq.h>
#include <linux/types.h>

#include "../voq/voq_core.h"

struct kunit;
struct rio_sim_dev;
struct rio_sim_dev_desc;
struct rio_sim_fabric;
struct rio_sim_mport;
struct rio_voq_node;

struct rio_sim_dev *voq_test_dev(struct kunit *test, struct rio_sim_fabric *fab,
				 const char *name, bool sw, unsigned int nports,
				 enum rio_voq_layout layout, u32 caps);
struct rio_voq_port voq_test_hw(const struct rio_sim_dev *dev, unsigned int port);
struct rio_voq_node *voq_test_node(struct rio_sim_mport *sm, struct rio_sim_dev *dev);
struct rio_sim_mport *voq_test_scanned(struct kunit *test, const char *topo);
int voq_test_csr_read(struct rio_voq_node *n, unsigned int port, u32 *csr);
ssize_t voq_test_sysfs_read(struct rio_voq_node *n, unsigned int port,
			    const char *name, char *buf);
ssize_t voq_test_sysfs_write(struct rio_voq_node *n, unsigned int port,
			     const char *name, const void *data, size_t count);
ssize_t voq_test_dir_read(struct rio_voq_node *n, const char *name, char *buf);
ssize_t voq_test_dir_write(struct rio_voq_node *n, const char *name,
			   const void *data, size_t count);
int voq_test_port_set(struct rio_voq_node *n, unsigned int port,
		      enum rio_voq_knob knob, unsigned int val);
int voq_test_lat_set(struct rio_voq_node *n, unsigned int port,
		     enum rio_lat_feat feat, enum rio_lat_choice val);
int voq_test_staging_set_map(struct rio_voq_node *n, unsigned int port,
			     const u8 *map, unsigned int count);
void voq_test_expect_link_up(struct kunit *test, struct rio_sim_dev *a,
			     unsigned int pa, struct rio_sim_dev *b, unsigned int pb);
void voq_test_expect_state(struct kunit *test, struct rio_sim_mport *sm,
			   struct rio_sim_dev *dev, unsigned int port,
			   const char *state);
struct rio_sim_dev_desc voq_test_ep_board(enum rio_voq_layout layout, u32 caps);
void voq_test_replace(struct kunit *test, struct rio_sim_mport *sm,
		      struct rio_sim_dev *dev, const struct rio_sim_dev_desc *desc);
void voq_test_fail_nth(struct rio_sim_fabric *fab, unsigned int k);
void voq_test_set_ef_loop(struct rio_sim_dev *dev, bool loop);

#endif /* _RIO_VOQ_TEST_SIM_H */
