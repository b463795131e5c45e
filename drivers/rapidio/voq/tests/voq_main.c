// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test hooks into the parameters, nodes, links, interfaces and catch-ups
 * of voq_main.c, for the KUnit suites that run rio-voq on rio-sim
 * (drivers/rapidio/tests/).  Included at the end of ../voq_main.c, whose
 * static state they reach, and built only with those suites
 * (CONFIG_RAPIDIO_VOQ_SIM_KUNIT_TEST), as drivers/gpu/drm/xe/xe_bo.c
 * includes tests/xe_bo.c.
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
	unsigned int count = 0;

	mutex_lock(&rio_voq_lock);
	list_for_each_entry(n, &rio_voq_nodes, node)
		count += n->mport == mport;
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
	class_interface_unregister(&rio_voq_cif);
	subsys_interface_unregister(&rio_voq_sif);
	WARN_ON(subsys_interface_register(&rio_voq_sif));
	WARN_ON(class_interface_register(&rio_voq_cif));
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_reload);

/**
 * rio_voq_test_catch_up_flush() - run the pending catch-ups now and wait
 * for them, for tests (which neither add nor remove mports meanwhile)
 */
void rio_voq_test_catch_up_flush(void)
{
	struct rio_voq_catch_up *c;

	for (;;) {
		mutex_lock(&rio_voq_lock);
		list_for_each_entry(c, &rio_voq_catch_ups, node)
			if (!READ_ONCE(c->done))
				break;
		mutex_unlock(&rio_voq_lock);
		if (list_entry_is_head(c, &rio_voq_catch_ups, node))
			break;
		flush_delayed_work(&c->dw);
	}
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_test_catch_up_flush);
