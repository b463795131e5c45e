/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated mports for rio-voq's KUnit tests, torn down as KUnit
 * resources: a test whose assertion fails does not leave its mport
 * registered for the tests after it.
 */
#ifndef _RIO_VOQ_TEST_SIM_H
#define _RIO_VOQ_TEST_SIM_H

struct kunit;
struct rio_sim_fabric;
struct rio_sim_mport;

struct rio_sim_mport *voq_test_live(struct kunit *test, struct rio_sim_fabric *fab,
				    int host_destid);
void voq_test_destroy(struct kunit *test, struct rio_sim_mport *sm);

#endif /* _RIO_VOQ_TEST_SIM_H */
