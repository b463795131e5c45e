// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test hooks into the policy of voq_policy.c, for the KUnit suites that
 * run rio-voq on rio-sim (drivers/rapidio/tests/).  Included at the end
 * of ../voq_policy.c, whose parameter they reach, and built only with
 * those suites (CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST), as
 * drivers/gpu/drm/xe/xe_bo.c includes tests/xe_bo.c.
 */

/**
 * rio_voq_test_policy() - what the module parameter "policy" holds, for tests
 * @observe: "observe" (fabrics that come start with auto_config 0), else
 *	"configure"
 *
 * The parameter is read-only (0444) and read at load; this sets what
 * rio_voq_policy_init() would have made of it.
 */
void rio_voq_test_policy(bool observe)
{
	WRITE_ONCE(rio_voq_observe, observe);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_policy);
