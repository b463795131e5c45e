/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated mports for rio-voq's KUnit tests, torn down as KUnit
 * resources: a test whose assertion fails does not leave its mport
 * registered for the tests after it.
 */
#ifndef _RIO_VOQ_TEST_SIM_H
#define _RIO_VOQ_TEST_SIM_H

#include <linux/rio_voq.h>

struct kunit;
struct rio_sim_dev;
struct rio_sim_fabric;
struct rio_sim_mport;
struct rio_voq_node;

struct rio_sim_mport *voq_test_live(struct kunit *test, struct rio_sim_fabric *fab,
				    int host_destid);
struct rio_sim_mport *voq_test_attach(struct kunit *test, struct rio_sim_fabric *fab,
				      struct rio_sim_dev *local, int host_destid);
struct rio_sim_dev *voq_test_dev(struct kunit *test, struct rio_sim_fabric *fab,
				 const char *name, bool sw, unsigned int nports,
				 enum rio_voq_layout layout, u32 caps);
struct rio_voq_port voq_test_hw(const struct rio_sim_dev *dev, unsigned int port);
struct rio_voq_node *voq_test_node(struct rio_sim_mport *sm, struct rio_sim_dev *dev);
void voq_test_destroy(struct kunit *test, struct rio_sim_mport *sm);
struct rio_sim_mport *voq_test_scanned(struct kunit *test, const char *topo);

#endif /* _RIO_VOQ_TEST_SIM_H */
