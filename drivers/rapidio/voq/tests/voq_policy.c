// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test hooks into the policy of voq_policy.c, for the KUnit suites that
 * run rio-voq on rio-sim (drivers/rapidio/tests/).  Included at the end
 * of ../voq_policy.c, whose parameters they reach, and built only with
 * those suites (CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST), as
 * drivers/gpu/drm/xe/xe_bo.c includes tests/xe_bo.c.
 */

/**
 * rio_voq_test_auto_config() - set the auto_config parameter, for tests
 * @on: configure links after scans
 */
void rio_voq_test_auto_config(bool on)
{
	WRITE_ONCE(auto_config, on);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_auto_config);
