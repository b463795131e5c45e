// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test hooks into the poll of voq_events.c, for the KUnit suites that run
 * rio-voq on rio-sim (drivers/rapidio/tests/).  Included at the end of
 * ../voq_events.c, whose static state they reach, and built only with
 * those suites (CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST), as
 * drivers/gpu/drm/xe/xe_bo.c includes tests/xe_bo.c.
 */

/**
 * rio_voq_test_poll() - run one pass of the poll now, for tests
 */
void rio_voq_test_poll(void)
{
	rio_voq_poll_once();
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll);

/**
 * rio_voq_test_poll_ms() - write the poll_ms parameter, for tests
 * @ms: the period; 0 turns the poll off, and waits for a pass in progress
 *
 * Return: 0, or -EINVAL for a period the parameter refuses.
 */
int rio_voq_test_poll_ms(unsigned int ms)
{
	char val[16];
	int ret;

	snprintf(val, sizeof(val), "%u", ms);
	ret = rio_voq_poll_set(val, NULL);
	if (!ret && !ms)
		cancel_delayed_work_sync(&rio_voq_poll_dw);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll_ms);
