// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq's sysfs objects on rio-sim fabrics: the port
 * directories' release, which may come after their node is gone, the same
 * content for every reader, and poll() told of a change.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/cred.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/poll.h>
#include <linux/rio_drv.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define SW	1
#define EP(n)	(1 + (n))

/*
 * The objects have a lifetime: a reference taken on a port's directory
 * (as a reader in sysfs may hold one) keeps its release from running;
 * the node's teardown does not wait for it (under
 * CONFIG_DEBUG_KOBJECT_RELEASE every release comes seconds late), the
 * directory stays allocated, counted, until the reference is dropped,
 * and the module's exit waits for the count to fall to zero
 * (rio_voq_sysfs_exit()), so that no release runs after the module is
 * gone.  KASAN checks that the late release touches no freed node.
 */
static void voq_sysfs_release_late(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_voq_node *n = voq_test_node(sm, rio_sim_dev_find(sm->fab, SW));
	struct kobject *held;
	int before;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, n->kdir);
	KUNIT_ASSERT_GT(test, n->nkport, 1U);
	before = rio_voq_sysfs_objects();
	/* voq/ and each port<N>/ of the switch are counted */
	KUNIT_EXPECT_GE(test, before, (int)n->nkport + 1);
	held = kobject_get(&n->kport[1]->kobj);
	rio_voq_sysfs_remove(n);
	KUNIT_EXPECT_NULL(test, n->kdir);
	KUNIT_EXPECT_NULL(test, n->kport);
	rio_sim_kunit_release(test, sm);
	/* The held one is still there, after its node and fabric are gone */
	KUNIT_EXPECT_GE(test, rio_voq_sysfs_objects(), 1);
	KUNIT_EXPECT_STREQ(test, kobject_name(held), "port1");
	kobject_put(held);
	KUNIT_EXPECT_EQ(test, rio_voq_sysfs_objects(), 0);
}

/* Every file of voq/port<N>/ a reader may read (not csr_live, root's, 0400) */
static const char * const voq_sysfs_files[] = {
	"csr", "capabilities", "group_sizes_supported", "partner_device",
	"partner_port", "port_state", "tx_state", "tx_plan", "tx_reason",
	"symbol_format", "generation", "participation", "xoff", "per_vc",
	"tx_group_size", "rx_group_size", "staging_queues", "staging_map",
	"latency_capabilities", "latency_csr", "multiple_ack",
	"multiple_ack_reason", "pna_recovery", "pna_recovery_reason",
};

/*
 * The same content for every reader: the files show what rio-voq last
 * read or wrote, whoever reads.  The hardware is changed behind
 * rio-voq's back (no port-write): a reader with CAP_SYS_ADMIN and one
 * without read the same bytes, and neither read reaches the device.
 */
static void voq_sysfs_same_for_every_reader(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_voq_node *n = voq_test_node(sm, sw);
	char *root = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	char *user = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	const struct cred *old;
	struct cred *cred;
	ssize_t lr, lu;
	unsigned int i;
	u64 reads;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, root);
	KUNIT_ASSERT_NOT_NULL(test, user);
	sw->port[1].voq_ctl ^= RIO_VOQ_CSR_XOFF;
	reads = sw->reads;
	for (i = 0; i < ARRAY_SIZE(voq_sysfs_files); i++) {
		/* The user first: a root read must not be what the user sees */
		cred = prepare_creds();
		KUNIT_ASSERT_NOT_NULL(test, cred);
		cap_lower(cred->cap_effective, CAP_SYS_ADMIN);
		old = override_creds(cred);
		lu = voq_test_sysfs_read(n, 1, voq_sysfs_files[i], user);
		revert_creds(old);
		put_cred(cred);
		lr = voq_test_sysfs_read(n, 1, voq_sysfs_files[i], root);
		KUNIT_EXPECT_EQ_MSG(test, lr, lu, "%s", voq_sysfs_files[i]);
		if (lr > 0 && lu > 0)
			KUNIT_EXPECT_STREQ_MSG(test, root, user, "%s", voq_sysfs_files[i]);
	}
	KUNIT_EXPECT_EQ(test, sw->reads, reads);
	sw->port[1].voq_ctl ^= RIO_VOQ_CSR_XOFF;
	rio_sim_kunit_release(test, sm);
}

/* A file of a port, opened through a mount of sysfs of the test's own */
static struct file *voq_sysfs_open(struct kunit *test, struct vfsmount *mnt,
				   struct rio_voq_node *n, unsigned int port,
				   const char *name)
{
	char *dir = kobject_get_path(&n->kport[port]->kobj, GFP_KERNEL);
	char *path;
	struct file *f;

	KUNIT_ASSERT_NOT_NULL(test, dir);
	path = kasprintf(GFP_KERNEL, "%s/%s", dir + 1, name);
	kfree(dir);
	KUNIT_ASSERT_NOT_NULL(test, path);
	f = file_open_root_mnt(mnt, path, O_RDONLY, 0);
	kfree(path);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(f), "%s: %ld", name, PTR_ERR(f));
	return f;
}

/* Read the file from its start, as a poller does before it polls again */
static void voq_sysfs_reread(struct kunit *test, struct file *f)
{
	char buf[32];
	loff_t pos = 0;

	KUNIT_EXPECT_GT(test, kernel_read(f, buf, sizeof(buf), &pos), 0L);
}

static bool voq_sysfs_pri(struct file *f)
{
	return vfs_poll(f, NULL) & EPOLLPRI;
}

static int voq_sysfs_mnt_init(struct kunit_resource *res, void *mnt)
{
	res->data = mnt;
	return 0;
}

static void voq_sysfs_mnt_free(struct kunit_resource *res)
{
	kern_unmount(res->data);
}

/*
 * poll() learns of a change without a write: a switch port's link goes
 * down (a port-write), then up; port_state and tx_state are notified
 * (EPOLLPRI, as sysfs_notify() makes it), a file that did not change
 * (csr of another port) is not.
 */
static void voq_sysfs_notify_poll(struct kunit *test)
{
	struct file_system_type *type = get_fs_type("sysfs");
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_voq_node *n = voq_test_node(sm, sw);
	struct file *ps, *tx, *other;
	struct vfsmount *mnt;

	KUNIT_ASSERT_NOT_NULL(test, type);
	KUNIT_ASSERT_NOT_NULL(test, n);
	mnt = kern_mount(type);	/* sysfs is built in: no module reference */
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, voq_sysfs_mnt_init,
							 voq_sysfs_mnt_free, GFP_KERNEL, mnt));
	ps = voq_sysfs_open(test, mnt, n, 1, "port_state");
	tx = voq_sysfs_open(test, mnt, n, 1, "tx_state");
	other = voq_sysfs_open(test, mnt, n, 2, "tx_state");
	voq_sysfs_reread(test, ps);
	voq_sysfs_reread(test, tx);
	voq_sysfs_reread(test, other);
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(ps));
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(tx));

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_TRUE(test, voq_sysfs_pri(ps));
	KUNIT_EXPECT_TRUE(test, voq_sysfs_pri(tx));
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(other));
	voq_sysfs_reread(test, ps);
	voq_sysfs_reread(test, tx);
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(ps));

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_TRUE(test, voq_sysfs_pri(ps));
	KUNIT_EXPECT_TRUE(test, voq_sysfs_pri(tx));
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(other));
	fput(ps);
	fput(tx);
	fput(other);
	rio_sim_kunit_release(test, sm);
}

/*
 * An mport's voq/ is its node's directory under the mport's device, and
 * its fabric is found from it (rio_voq_net_of_kobj(), for the fabric's
 * files)
 */
static void voq_sysfs_mport_dir(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_voq_node *h;

	mutex_lock(&rio_voq_lock);
	h = rio_voq_node_of(&sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_ASSERT_NOT_NULL(test, h->kdir);
	KUNIT_EXPECT_PTR_EQ(test, h->kdir->kobj.parent, &sm->mport.dev.kobj);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_PTR_EQ(test, rio_voq_net_of_kobj(&h->kdir->kobj), h->net);
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * A write to a fabric's auto_config configures every link at once: the
 * ports whose tx_state it changes tell poll(), as a port's own store
 * does (the store makes sysfs catch up).
 */
static void voq_sysfs_fabric_store_notifies(struct kunit *test)
{
	struct file_system_type *type = get_fs_type("sysfs");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:4"), 0);
	char before[32] = "", after[32] = "", *dir, *path;
	struct rio_voq_node *n, *h;
	struct file *tx, *ac;
	struct vfsmount *mnt;
	loff_t pos = 0;

	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, rio_sim_dev_find(sm->fab, SW));
	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	h = rio_voq_node_of(&sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_ASSERT_NOT_NULL(test, h->kdir);
	mnt = kern_mount(type);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, voq_sysfs_mnt_init,
							 voq_sysfs_mnt_free, GFP_KERNEL, mnt));
	tx = voq_sysfs_open(test, mnt, n, 1, "tx_state");
	KUNIT_EXPECT_GT(test, kernel_read(tx, before, sizeof(before) - 1, &pos), 0L);
	KUNIT_EXPECT_FALSE(test, voq_sysfs_pri(tx));
	dir = kobject_get_path(&h->kdir->kobj, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dir);
	path = kasprintf(GFP_KERNEL, "%s/auto_config", dir + 1);
	kfree(dir);
	KUNIT_ASSERT_NOT_NULL(test, path);
	ac = file_open_root_mnt(mnt, path, O_WRONLY, 0);
	kfree(path);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ac));
	pos = 0;
	KUNIT_EXPECT_EQ(test, kernel_write(ac, "1\n", 2, &pos), 2L);
	fput(ac);
	KUNIT_EXPECT_TRUE(test, voq_sysfs_pri(tx));
	pos = 0;
	KUNIT_EXPECT_GT(test, kernel_read(tx, after, sizeof(after) - 1, &pos), 0L);
	KUNIT_EXPECT_STREQ(test, before, "off\n");
	KUNIT_EXPECT_STREQ(test, after, "on\n");
	fput(tx);
	rio_sim_kunit_release(test, sm);
}

/*
 * The module parameter "policy" takes "configure" or "observe" and
 * refuses anything else, keeping what it had (a typo on the one knob
 * that keeps rio-voq's hands off the fabrics must not configure them);
 * reading it shows the policy in force.
 */
static void voq_sysfs_policy_param(struct kunit *test)
{
	static const char * const bad[] = { "observ", "Observe", "observe ", "",
					     "observe\nx", "configure1", "\xff" };
	char *shown = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, shown);
	KUNIT_EXPECT_EQ(test, rio_voq_test_policy_param("observe", shown), 0);
	KUNIT_EXPECT_STREQ(test, shown, "observe\n");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_test_policy_param(bad[i], shown), -EINVAL,
				    "policy=%s", bad[i]);
		KUNIT_EXPECT_STREQ_MSG(test, shown, "observe\n", "policy=%s", bad[i]);
	}
	KUNIT_EXPECT_EQ(test, rio_voq_test_policy_param("configure", shown), 0);
	KUNIT_EXPECT_STREQ(test, shown, "configure\n");
	rio_voq_test_policy(false);
}

/*
 * One number grammar for every voq/ file: a knob's store refuses what
 * the fabric's files refuse (a leading zero; 4096 bytes of zeros ending
 * in 1, which kstrtouint() would take), and changes nothing.
 */
static void voq_sysfs_knob_number_grammar(struct kunit *test)
{
	static const char * const files[] = { "xoff", "participation", "generation" };
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_voq_node *n = voq_test_node(sm, rio_sim_dev_find(sm->fab, SW));
	char *big = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned int i;
	u32 csr, after;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, big);
	memset(big, '0', PAGE_SIZE);
	big[PAGE_SIZE - 1] = '1';
	KUNIT_ASSERT_EQ(test, voq_test_csr_read(n, 1, &csr), 0);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		KUNIT_EXPECT_EQ_MSG(test, voq_test_sysfs_write(n, 1, files[i], big, PAGE_SIZE),
				    (ssize_t)-EINVAL, "%s: a page of zeros, then 1", files[i]);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_sysfs_write(n, 1, files[i], "01\n", 3),
				    (ssize_t)-EINVAL, "%s: 01", files[i]);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_sysfs_write(n, 1, files[i], "00", 2),
				    (ssize_t)-EINVAL, "%s: 00", files[i]);
	}
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(n, 1, "staging_map", "01 0 0 0 0", 10),
			(ssize_t)-EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_csr_read(n, 1, &after), 0);
	KUNIT_EXPECT_EQ(test, after, csr);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_sysfs_test_cases[] = {
	KUNIT_CASE(voq_sysfs_release_late),
	KUNIT_CASE(voq_sysfs_same_for_every_reader),
	KUNIT_CASE(voq_sysfs_notify_poll),
	KUNIT_CASE(voq_sysfs_mport_dir),
	KUNIT_CASE(voq_sysfs_fabric_store_notifies),
	KUNIT_CASE(voq_sysfs_policy_param),
	KUNIT_CASE(voq_sysfs_knob_number_grammar),
	{}
};

static struct kunit_suite voq_sysfs_test_suite = {
	.name = "rio_voq_sysfs",
	.test_cases = voq_sysfs_test_cases,
};

kunit_test_suite(voq_sysfs_test_suite);
