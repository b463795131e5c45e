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
 * The parameter is read-only (0444) and set at load; this sets what
 * the parameter "observe" or "configure" would have.
 */
void rio_voq_test_policy(bool observe)
{
	WRITE_ONCE(rio_voq_observe, observe);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_policy);

/**
 * rio_voq_test_policy_param() - set the module parameter "policy" as the
 *	kernel does at load, from a word
 * @word: the word, as on the command line
 * @shown: filled in with what reading the parameter then shows (a page)
 *
 * Return: the parameter's set: 0, or -EINVAL for a word it refuses.
 */
int rio_voq_test_policy_param(const char *word, char *shown)
{
	int ret = rio_voq_policy_ops.set(word, NULL);

	rio_voq_policy_ops.get(shown, NULL);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_policy_param);
