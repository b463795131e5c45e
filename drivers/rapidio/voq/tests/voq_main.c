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

	mutex_lock(&rio_voq_lock);
	rio_voq_policy_get(l->end[0]->net, &pol);
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
 * rio_voq_test_poll() - run one pass of every fabric's poll now, for tests
 */
void rio_voq_test_poll(void)
{
	mutex_lock(&rio_voq_lock);
	rio_voq_poll_pass(NULL);
	mutex_unlock(&rio_voq_lock);
	rio_voq_sysfs_sync();
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll);

/**
 * rio_voq_test_poll_ms() - set the period of a fabric's poll, for tests
 * @mport: the fabric's mport
 * @ms: the period; 0 turns the poll off, and waits for a pass in progress
 *
 * As a write of poll_ms in the mport's voq/, without the file.
 *
 * Return: 0; -EINVAL for a period out of range; -ENODEV if rio-voq
 * does not follow @mport.
 */
int rio_voq_test_poll_ms(struct rio_mport *mport, unsigned int ms)
{
	struct rio_voq_net *net;
	int ret;

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	ret = net && net->host ? rio_voq_net_set_poll_ms(net, ms) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	if (!ret && !ms)
		cancel_delayed_work_sync(&net->poll);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll_ms);

/**
 * rio_voq_test_poll_passes() - passes the fabrics' polls have run, for tests
 *
 * Return: the count, since the module was loaded (rio_voq_test_poll()'s
 * passes not counted).
 */
unsigned long rio_voq_test_poll_passes(void)
{
	return READ_ONCE(rio_voq_poll_passes);
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_poll_passes);

/**
 * rio_voq_test_auto_config() - set a fabric's auto_config, for tests
 * @mport: the fabric's mport
 * @on: configure the fabric (at once, and after each scan and event)
 *
 * As a write of auto_config in the mport's voq/, without the file: set
 * it after the mport is registered and before its scan for the scan to
 * follow it.
 *
 * Return: 0, or -ENODEV if rio-voq does not follow @mport.
 */
int rio_voq_test_auto_config(struct rio_mport *mport, bool on)
{
	struct rio_voq_net *net;
	int ret;

	mutex_lock(&rio_voq_lock);
	net = rio_voq_net_of(mport);
	ret = net && net->host ? rio_voq_net_set_auto_config(net, on) : -ENODEV;
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_auto_config);

/**
 * rio_voq_test_follows() - does rio-voq follow an mport's fabric, for tests
 * @mport: the mport
 *
 * Return: true if rio-voq has a fabric for @mport.
 */
bool rio_voq_test_follows(struct rio_mport *mport)
{
	bool ret;

	mutex_lock(&rio_voq_lock);
	ret = !!rio_voq_net_of(mport);
	mutex_unlock(&rio_voq_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_follows);
