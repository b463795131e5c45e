// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test hooks into the nodes, links, interfaces and poll of voq_main.c,
 * for the KUnit suites that run rio-voq on rio-sim
 * (drivers/rapidio/tests/).  Included at the end of ../voq_main.c, whose
 * static state they reach, and built only with those suites
 * (CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST), as drivers/gpu/drm/xe/xe_bo.c
 * includes tests/xe_bo.c.
 */

/**
 * rio_voq_test_link() - the link at a port, for tests
 * @mport: the mport
 * @rdev: the device, NULL for the mport's own port
 * @port: the port
 *
 * Return: the link, or NULL.
 */
struct rio_voq_link *rio_voq_test_link(struct rio_mport *mport,
				       struct rio_dev *rdev, unsigned int port)
{
	struct rio_voq_link *l = NULL;
	struct rio_voq_node *n;

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(mport, rdev);
	if (n && port < n->nports)
		l = n->port[port].link;
	mutex_unlock(&rio_voq_lock);
	return l;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_link);

/**
 * rio_voq_test_configure() - (re)configure one link, writing, for tests
 * @l: the link
 *
 * Return: what rio_voq_link_configure() returns.
 */
int rio_voq_test_configure(struct rio_voq_link *l)
{
	struct rio_voq_policy pol;
	int ret;

	rio_voq_policy_get(&pol);
	mutex_lock(&rio_voq_lock);
	ret = rio_voq_link_configure(l, &pol, true, true);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_configure);

/**
 * rio_voq_test_nodes() - number of nodes rio-voq follows on an mport
 * @mport: the mport
 *
 * Return: the count, the mport's own node included.
 */
unsigned int rio_voq_test_nodes(struct rio_mport *mport)
{
	struct rio_voq_node *n;
	struct rio_voq_net *net;
	unsigned int count = 0;

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	if (net)
		list_for_each_entry(n, &net->nodes, node)
			count++;
	mutex_unlock(&rio_voq_lock);
	return count;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_nodes);
/**
 * rio_voq_test_reload() - leave and follow every device and mport again,
 * as an unload and a load of the module do, for tests
 */
void rio_voq_test_reload(void)
{
	rio_voq_leave();
	WARN_ON(rio_voq_follow());
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_reload);

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
