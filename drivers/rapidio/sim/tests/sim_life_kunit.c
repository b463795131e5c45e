// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-sim's lifecycle: several callers using one fabric,
 * or creating mports, at the same time (under lockdep and KASAN), the
 * bounds of what debugfs lets an admin set, and the core's port-write
 * handler against a fabric manager's device deletions (rio_mport_cdev's
 * RIO_DEV_DEL, by name and by component tag) staged where they race it.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/dcache.h>
#include <linux/kthread.h>
#include <linux/overflow.h>
#include <linux/panic.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>

#include "../../rio.h"	/* the core's calls, as rio_mport_cdev makes them */
#include "../../spec/voq_txrx.h"
#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define SIM_LIFE_THREADS	4

struct sim_life_thread {
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *dev;
	unsigned int port;
	struct rio_sim_dev *peer;
	unsigned int rounds;
	int (*fn)(struct sim_life_thread *t, unsigned int round);
	unsigned int errors;
	struct completion done;
};

static int sim_life_thread_fn(void *data)
{
	struct sim_life_thread *t = data;
	unsigned int r;

	for (r = 0; r < t->rounds; r++) {
		if (t->fn(t, r))
			t->errors++;
		cond_resched();
	}
	complete(&t->done);
	return 0;
}

/* Run @n threads to completion; return how many could not be started */
static unsigned int sim_life_run(struct sim_life_thread *t, unsigned int n)
{
	unsigned int i, failed = 0;
	struct task_struct *task;

	for (i = 0; i < n; i++)
		init_completion(&t[i].done);
	for (i = 0; i < n; i++) {
		task = kthread_run(sim_life_thread_fn, &t[i], "rio-sim-life%u", i);
		if (IS_ERR(task)) {
			complete(&t[i].done);
			failed++;
		}
	}
	for (i = 0; i < n; i++)
		wait_for_completion(&t[i].done);
	return failed;
}

/* Odd rounds congest, even rounds clear: the last (of an even count) congests */
static int sim_life_congest(struct sim_life_thread *t, unsigned int round)
{
	return rio_sim_congest(t->dev, t->port, round % 2);
}

/* Take a link down and up again, ending up */
static int sim_life_relink(struct sim_life_thread *t, unsigned int round)
{
	rio_sim_unlink(t->dev, t->port);
	return rio_sim_link(t->dev, t->port, t->peer, 0, 2);
}

/*
 * Congestion changes on both ends of the same links at once, while a
 * link of the switch goes down and up: every port ends up with one
 * generator and one receiver model, and the host's receiver holds back
 * exactly the switch ports last congested.
 */
static void sim_life_congest_concurrent(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:4");
	struct sim_life_thread t[SIM_LIFE_THREADS + 1] = { };
	struct rio_sim_dev *sw, *ep[4], *dev;
	unsigned int i, p;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sw = rio_sim_dev_find(fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, sw);
	for (i = 0; i < 4; i++) {
		ep[i] = rio_sim_dev_find(fab, 2 + i);
		KUNIT_ASSERT_NOT_NULL(test, ep[i]);
	}
	/* The switch generates toward the host; its ports participate */
	sw->port[0].voq_ctl = RIO_VOQ_CSR_GEN_EN;
	for (p = 0; p < sw->nports; p++)
		sw->port[p].voq_ctl |= RIO_VOQ_CSR_PART_EN;

	/* Switch ports 1 and 2, endpoints 1 and 2 (their partners) */
	for (i = 0; i < SIM_LIFE_THREADS; i++) {
		t[i].fab = fab;
		t[i].rounds = 100;
		t[i].fn = sim_life_congest;
		t[i].dev = i < 2 ? sw : ep[i - 2];
		t[i].port = i < 2 ? 1 + i : 0;
	}
	t[i].fab = fab;
	t[i].rounds = 100;
	t[i].fn = sim_life_relink;
	t[i].dev = sw;
	t[i].port = 4;
	t[i].peer = ep[3];

	KUNIT_ASSERT_EQ(test, sim_life_run(t, ARRAY_SIZE(t)), 0U);
	for (i = 0; i < ARRAY_SIZE(t); i++)
		KUNIT_EXPECT_EQ_MSG(test, t[i].errors, 0U, "thread %u", i);

	list_for_each_entry(dev, &fab->devs, node) {
		for (p = 0; p < dev->nports; p++)
			KUNIT_EXPECT_EQ_MSG(test, !dev->port[p].gen, !dev->port[p].rx,
					    "%s port %u", dev->name, p);
	}
	/* One more change, so that the host's receiver has been told */
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);
	KUNIT_ASSERT_NOT_NULL(test, fab->host->port[0].rx);
	for (p = 1; p < sw->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, rio_voq_rx_port_stopped(fab->host->port[0].rx,
								  0, p),
				    p == 1 || p == 2, "switch port %u", p);
	rio_sim_kunit_release(test, fab);
}

/* Create an mport and check its debugfs directory, then destroy it */
static int sim_life_mport(struct sim_life_thread *t, unsigned int round)
{
	struct rio_sim_fabric *fab = rio_sim_topo_build("single");
	struct rio_sim_mport *sm;
	int bad;

	/* A thread of its own, no test: it tears down what it made */
	if (IS_ERR(fab))
		return PTR_ERR(fab);
	sm = rio_sim_mport_create(fab, -1);
	if (IS_ERR(sm))
		return PTR_ERR(sm);
	bad = IS_ERR_OR_NULL(sm->dbg) || IS_ERR_OR_NULL(rio_sim_debugfs_root()) ||
	      sm->dbg->d_parent != rio_sim_debugfs_root() ||
	      strcmp(sm->dbg->d_name.name, sm->mport.name);
	rio_sim_mport_destroy(sm);
	return bad ? -EINVAL : 0;
}

/*
 * Mports created at once (configfs, the module parameter and tests all
 * can) each get their directory, in rio-sim's one debugfs directory.
 */
static void sim_life_debugfs_concurrent(struct kunit *test)
{
	struct sim_life_thread t[SIM_LIFE_THREADS] = { };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		t[i].rounds = 20;
		t[i].fn = sim_life_mport;
	}
	KUNIT_ASSERT_EQ(test, sim_life_run(t, ARRAY_SIZE(t)), 0U);
	for (i = 0; i < ARRAY_SIZE(t); i++)
		KUNIT_EXPECT_EQ_MSG(test, t[i].errors, 0U, "thread %u", i);
	KUNIT_EXPECT_FALSE(test, IS_ERR_OR_NULL(rio_sim_debugfs_root()));
}

/* The latency knob takes 0 to its bound and refuses more, unchanged */
static void sim_life_latency_bound(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	KUNIT_EXPECT_EQ(test, rio_sim_get_latency(fab), 0U);
	KUNIT_EXPECT_EQ(test, rio_sim_set_latency(fab, RIO_SIM_MAX_LATENCY_US + 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_set_latency(fab, UINT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_get_latency(fab), 0U);

	KUNIT_EXPECT_EQ(test, rio_sim_set_latency(fab, RIO_SIM_MAX_LATENCY_US), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_get_latency(fab), (unsigned int)RIO_SIM_MAX_LATENCY_US);
	KUNIT_EXPECT_EQ(test, rio_sim_set_latency(fab, RIO_SIM_MAX_LATENCY_US + 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_get_latency(fab), (unsigned int)RIO_SIM_MAX_LATENCY_US);
	/* How long an access then takes is not asserted: timing is no test */

	KUNIT_EXPECT_EQ(test, rio_sim_set_latency(fab, 0), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_get_latency(fab), 0U);
	rio_sim_kunit_release(test, fab);
}

/* Port-writes queued on @sm, not yet handed to the core */
static unsigned int sim_life_pw_queued(struct rio_sim_mport *sm)
{
	struct list_head *pos;
	unsigned int n = 0;

	spin_lock_irq(&sm->pw_lock);
	list_for_each(pos, &sm->pw_queue)
		n++;
	spin_unlock_irq(&sm->pw_lock);
	return n;
}

/*
 * A flood of port-writes fills the mport's queue up to its depth, as a
 * hardware FIFO; the rest are lost, and counted.  Sent with the fabric
 * lock held and interrupts off, as the devices send them: the work item
 * that empties the queue cannot run meanwhile (UML has one CPU).
 */
static void sim_life_pw_fifo(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	const unsigned int extra = 36;
	union rio_pw_msg msg = { };
	struct rio_sim_mport *sm;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_TRUE(test, fab->pw_deliver && fab->pw_ctx == sm);

	spin_lock_irq(&fab->lock);
	for (i = 0; i < RIO_SIM_PW_FIFO + extra; i++)
		fab->pw_deliver(fab->pw_ctx, &msg);
	spin_unlock_irq(&fab->lock);
	KUNIT_EXPECT_EQ(test, fab->pw_lost, (u64)extra);
	KUNIT_EXPECT_LE(test, sim_life_pw_queued(sm), (unsigned int)RIO_SIM_PW_FIFO);

	/* Emptied, the queue takes port-writes again */
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, sim_life_pw_queued(sm), 0U);
	spin_lock_irq(&fab->lock);
	fab->pw_deliver(fab->pw_ctx, &msg);
	spin_unlock_irq(&fab->lock);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, fab->pw_lost, (u64)extra);
	rio_sim_kunit_release(test, sm);
}

/* A replacement made on a thread of its own, by a description or a file's text */
struct sim_life_replace {
	struct rio_sim_dev *dev;
	const struct rio_sim_dev_desc *desc;
	const char *buf;
	struct task_struct *task;
	int ret;
	struct completion done;
};

static int sim_life_replace_fn(void *data)
{
	struct sim_life_replace *r = data;

	r->ret = r->desc ? rio_sim_dev_replace(r->dev, r->desc) :
		 rio_sim_dev_replace_board(r->dev, r->buf);
	complete(&r->done);
	return 0;
}

/*
 * Start @r's thread and wait until it sleeps (on the fabric's ev_lock,
 * which the test holds: nothing else in a replacement sleeps but an
 * allocation under memory pressure).  Return: false if it could not be
 * started, or finished or ran on for a second instead.
 */
static bool sim_life_replace_start(struct sim_life_replace *r)
{
	unsigned int ms;

	init_completion(&r->done);
	r->task = kthread_create(sim_life_replace_fn, r, "rio-sim-replace");
	if (IS_ERR(r->task)) {
		r->task = NULL;
		return false;
	}
	get_task_struct(r->task);
	wake_up_process(r->task);
	for (ms = 0; ms < 1000; ms++) {
		if (completion_done(&r->done))
			return false;
		if (READ_ONCE(r->task->__state) & TASK_UNINTERRUPTIBLE)
			return true;
		usleep_range(1000, 2000);
	}
	return false;
}

static void sim_life_replace_end(struct sim_life_replace *r)
{
	if (!r->task)
		return;
	wait_for_completion(&r->done);
	put_task_struct(r->task);
}

#define SIM_LIFE_DID_NEW	(RIO_SIM_DID_SWITCH + 0x40)

/*
 * Two replacements of one switch at once: A by a description (another
 * identity, fewer latency optimization capabilities), B through the
 * debugfs replace file, which keeps the identity of the board it finds.
 * A takes the fabric's ev_lock first, then B: B's board is described
 * from A's, read under the same lock as the swap, not from the board A
 * freed (kernel review finding 3: a use-after-free on SMP).
 */
static void sim_life_replace_concurrent(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "voqmix");
	struct sim_life_replace a = { }, b = { };
	struct rio_sim_dev_desc desc;
	struct rio_sim_dev *sw;
	bool started;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sw = rio_sim_dev_find(fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_STREQ(test, sw->name, "sw-a");
	KUNIT_ASSERT_EQ(test, sw->port[0].lat_caps, (u32)RIO_SIM_LAT_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_replace_desc(sw, "8 rev3", &desc), 0);
	desc.did = SIM_LIFE_DID_NEW;
	desc.lat_caps = RIO_SIM_LAT_MACK_SUP;
	a.dev = sw;
	a.desc = &desc;
	b.dev = sw;
	b.buf = "6 rev2";

	mutex_lock(&fab->ev_lock);
	started = sim_life_replace_start(&a) && sim_life_replace_start(&b);
	mutex_unlock(&fab->ev_lock);
	sim_life_replace_end(&a);
	sim_life_replace_end(&b);
	KUNIT_ASSERT_TRUE_MSG(test, started, "a replacement did not wait for ev_lock");
	KUNIT_EXPECT_EQ(test, a.ret, 0);
	KUNIT_EXPECT_EQ(test, b.ret, 0);

	/* B's board: its own ports and block, A's identity and capabilities */
	spin_lock_irq(&fab->lock);
	KUNIT_EXPECT_EQ(test, sw->nports, 6U);
	KUNIT_EXPECT_EQ(test, sw->voq_layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, sw->did, (u16)SIM_LIFE_DID_NEW);
	KUNIT_EXPECT_EQ(test, sw->port[0].lat_caps, (u32)RIO_SIM_LAT_MACK_SUP);
	KUNIT_EXPECT_EQ(test, sw->port[5].lat_caps, (u32)RIO_SIM_LAT_MACK_SUP);
	spin_unlock_irq(&fab->lock);
	rio_sim_kunit_release(test, fab);
}

/*
 * KASAN reports once (without kasan_multi_shot), and taints the kernel:
 * a first report during a test fails it (a run that reports any fails)
 */
static void sim_life_expect_no_report(struct kunit *test, bool tainted)
{
	KUNIT_EXPECT_FALSE_MSG(test, !tainted && test_taint(TAINT_BAD_PAGE),
			       "KASAN (or a bad page) reported: see the log");
}

/**
 * struct sim_cdev_key - what RIO_DEV_DEL is given to find a device
 * @name: its name, or "" to look it up by the other fields
 * @comptag: its component tag
 * @destid: its destination ID
 * @hopcount: its hop count
 */
struct sim_cdev_key {
	char name[32];
	u32 comptag;
	u16 destid;
	u8 hopcount;
};

/* The key a fabric manager would give for @rdev, by name or by tag */
static struct sim_cdev_key sim_cdev_key_of(struct rio_dev *rdev, bool by_name)
{
	struct sim_cdev_key key = {
		.comptag = rdev->comp_tag, .destid = rdev->destid,
		.hopcount = rdev->hopcount,
	};

	if (by_name)
		strscpy(key.name, dev_name(&rdev->dev), sizeof(key.name));
	return key;
}

/*
 * Delete a device the way rio_mport_cdev's RIO_DEV_DEL does
 * (__rio_mport_del_riodev(), under the mport's scan_lock): found by name
 * or by component tag, removed, and the net freed with its last device.
 * @window, if any, runs where a port-write handled meanwhile can come in:
 * after rio_free_net(), before mport->net is cleared.
 *
 * Return: 0, or -ENODEV if there is no such device.
 */
static int sim_cdev_del(struct rio_mport *mport, const struct sim_cdev_key *key,
			void (*window)(void *ctx), void *ctx)
{
	struct rio_dev *rdev = NULL;
	struct device *dev;
	struct rio_net *net;
	int ret = 0;

	mutex_lock(&mport->scan_lock);
	if (key->name[0]) {
		dev = bus_find_device_by_name(&rio_bus_type, NULL, key->name);
		if (dev && mport->net && dev->parent == &mport->net->dev)
			rdev = to_rio_dev(dev);
		else
			put_device(dev);
	} else if (mport->net) {
		do {
			rdev = rio_get_comptag(key->comptag, rdev);
			if (rdev && rdev->dev.parent == &mport->net->dev &&
			    rdev->destid == key->destid && rdev->hopcount == key->hopcount)
				break;
		} while (rdev);
		rio_dev_get(rdev);
	}
	if (!rdev) {
		ret = -ENODEV;
		goto unlock;
	}
	net = rdev->net;
	rio_del_device(rdev, RIO_DEVICE_SHUTDOWN);
	rio_dev_put(rdev);
	if (list_empty(&net->devices)) {
		rio_free_net(net);
		if (window)
			window(ctx);
		mport->net = NULL;
	}
unlock:
	mutex_unlock(&mport->scan_lock);
	return ret;
}

/* RIO_DEV_DEL by name, or by component tag, destination ID and hop count */
static const bool sim_life_by_name[] = { true, false };

static void sim_life_by_desc(const bool *by_name, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", *by_name ? "by name" : "by component tag");
}

KUNIT_ARRAY_PARAM(sim_life_del, sim_life_by_name, sim_life_by_desc);

/* The star:2 switch, component tag, name and port of the cdev tests */
#define SIM_LIFE_SW		1
#define SIM_LIFE_SW_TAG		5
#define SIM_LIFE_SW_NAME	"sim-life-pw-sw"
#define SIM_LIFE_PW_PORT	1

/*
 * star:2, not scanned: a fabric manager gives the switch a component
 * tag and adds it through rio_mport_cdev, the only device of the
 * mport's net; a port-write about its port 1 is handled (the switch's
 * Port 1 Error and Status CSR written back)
 */
static struct rio_sim_mport *sim_life_cdev_net(struct kunit *test, struct rio_dev **rdevp,
					       union rio_pw_msg *msg)
{
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SIM_LIFE_SW);
	struct rio_dev *rdev;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_NULL(test, sm->mport.net);
	KUNIT_ASSERT_EQ(test, rio_mport_write_config_32(&sm->mport, RIO_ANY_DESTID(0), 0,
							RIO_COMPONENT_TAG_CSR,
							SIM_LIFE_SW_TAG), 0);
	KUNIT_ASSERT_EQ(test, sw->comptag, (u32)SIM_LIFE_SW_TAG);
	rdev = rio_sim_kunit_dev_add(test, &sm->mport, SIM_LIFE_SW_NAME,
				     SIM_LIFE_SW_TAG, RIO_ANY_DESTID(0), 0);
	KUNIT_ASSERT_NOT_NULL(test, sm->mport.net);
	KUNIT_ASSERT_PTR_EQ(test, rio_sim_rdev(sm, sw), rdev);
	KUNIT_ASSERT_TRUE(test, list_is_singular(&sm->mport.net->devices));

	*msg = (union rio_pw_msg){ };
	msg->em.comptag = SIM_LIFE_SW_TAG;
	msg->em.is_port = SIM_LIFE_PW_PORT;
	writes = sw->writes;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, msg), 0);
	KUNIT_EXPECT_GT(test, sw->writes, writes);
	*rdevp = rdev;
	return sm;
}

/* A port-write handled in the window of sim_cdev_del() */
struct sim_life_pw_window {
	struct rio_sim_mport *sm;
	struct rio_sim_dev *dev;
	union rio_pw_msg msg;
	bool ran;
	int rc;
	u64 writes;
};

static void sim_life_pw_in_window(void *ctx)
{
	struct sim_life_pw_window *w = ctx;
	u64 writes = w->dev->writes;

	w->ran = true;
	w->rc = rio_inb_pwrite_handler(&w->sm->mport, &w->msg);
	w->writes = w->dev->writes - writes;
}

/*
 * RIO_DEV_DEL of the last device of a cdev net frees the net, then
 * clears mport->net: a port-write handled in between (the mport's work
 * runs under none of the locks the deletion takes) finds no device, and
 * reads neither the freed net nor a NULL one (KASAN watches)
 */
static void sim_life_pw_cdev_net_freed(struct kunit *test)
{
	const bool *by_name = test->param_value;
	bool tainted = test_taint(TAINT_BAD_PAGE);
	struct sim_life_pw_window w = { };
	struct sim_cdev_key key;
	struct rio_dev *rdev;
	int freed;

	w.sm = sim_life_cdev_net(test, &rdev, &w.msg);
	w.dev = rio_sim_dev_find(w.sm->fab, SIM_LIFE_SW);
	key = sim_cdev_key_of(rdev, *by_name);
	freed = rio_sim_kunit_nets_freed();
	KUNIT_ASSERT_EQ(test, sim_cdev_del(&w.sm->mport, &key, sim_life_pw_in_window, &w), 0);
	sim_life_expect_no_report(test, tainted);
	KUNIT_EXPECT_EQ(test, rio_sim_kunit_nets_freed(), freed + 1);
	KUNIT_EXPECT_TRUE(test, w.ran);
	KUNIT_EXPECT_EQ(test, w.rc, 0);
	KUNIT_EXPECT_EQ(test, w.writes, 0ULL);
	KUNIT_EXPECT_NULL(test, w.sm->mport.net);
	rio_sim_kunit_release(test, w.sm);
}

/*
 * What a port-write callback of the tests below deletes through
 * RIO_DEV_DEL, and the writes to a device counted when it is done (the
 * core's callbacks have no context: one test at a time uses this)
 */
static struct {
	struct rio_mport *mport;
	struct sim_cdev_key key[2];
	unsigned int nkeys;
	int rc[2];
	struct rio_sim_dev *dev;
	u64 writes;
	int nets_freed;
} sim_life_pw_del;

static int sim_life_pw_del_cb(struct rio_dev *rdev, union rio_pw_msg *msg, int step)
{
	unsigned int i;

	for (i = 0; i < sim_life_pw_del.nkeys; i++)
		sim_life_pw_del.rc[i] = sim_cdev_del(sim_life_pw_del.mport,
						     &sim_life_pw_del.key[i], NULL, NULL);
	sim_life_pw_del.writes = sim_life_pw_del.dev->writes;
	sim_life_pw_del.nets_freed = rio_sim_kunit_nets_freed();
	return 1;	/* and the core's standard handling goes on */
}

/*
 * The last device of a cdev net deleted while its port-write is handled
 * (from its port-write callback, before the core's own handling): the
 * handler goes on through rdev->net->hport: the net stays until the
 * handler is done, then goes (KASAN watches too); the handler goes on
 * with the switch and handles the port as before
 */
static void sim_life_pw_cdev_last_deleted(struct kunit *test)
{
	const bool *by_name = test->param_value;
	bool tainted = test_taint(TAINT_BAD_PAGE);
	struct rio_sim_dev *sw;
	struct rio_sim_mport *sm;
	union rio_pw_msg msg;
	struct rio_dev *rdev;
	int freed;

	sm = sim_life_cdev_net(test, &rdev, &msg);
	freed = rio_sim_kunit_nets_freed();
	sw = rio_sim_dev_find(sm->fab, SIM_LIFE_SW);
	sim_life_pw_del = (typeof(sim_life_pw_del)){
		.mport = &sm->mport, .nkeys = 1, .rc = { -EINVAL, -EINVAL }, .dev = sw,
	};
	sim_life_pw_del.key[0] = sim_cdev_key_of(rdev, *by_name);
	KUNIT_ASSERT_EQ(test, rio_request_inb_pwrite(rdev, sim_life_pw_del_cb), 0);

	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, &msg), 0);
	sim_life_expect_no_report(test, tainted);
	KUNIT_EXPECT_EQ(test, sim_life_pw_del.rc[0], 0);
	KUNIT_EXPECT_EQ_MSG(test, sim_life_pw_del.nets_freed, freed,
			    "net freed while its port-write was handled");
	KUNIT_EXPECT_EQ(test, rio_sim_kunit_nets_freed(), freed + 1);
	KUNIT_EXPECT_NULL(test, sm->mport.net);
	/* The Port 1 Error and Status CSR written back */
	KUNIT_EXPECT_GT(test, sw->writes, sim_life_pw_del.writes);
	rio_sim_kunit_release(test, sm);
}

/*
 * star:2 scanned; the first endpoint does not answer.  A port-write from
 * it: the handler traces the route to its switch and handles the
 * switch's port toward it.  Then the same, with the endpoint and its
 * switch deleted through RIO_DEV_DEL while the port-write is handled
 * (from its callback): the switch is freed, the endpoint (which the
 * handler holds) still points at it, and the route trace must not follow
 * that (KASAN watches): the trace fails, nothing is written.
 */
static void sim_life_pw_route_deleted(struct kunit *test)
{
	const bool *by_name = test->param_value;
	bool tainted = test_taint(TAINT_BAD_PAGE);
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SIM_LIFE_SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, SIM_LIFE_SW + 1);
	union rio_pw_msg msg = { };
	struct rio_dev *rsw, *rep;
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_NOT_NULL(test, ep);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rsw = rio_sim_rdev(sm, sw);
	rep = rio_sim_rdev(sm, ep);
	KUNIT_ASSERT_NOT_NULL(test, rsw);
	KUNIT_ASSERT_NOT_NULL(test, rep);
	KUNIT_ASSERT_PTR_EQ(test, rep->prev, rsw);
	msg.em.comptag = rep->comp_tag;
	ep->fail_all = true;

	writes = sw->writes;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, &msg), 0);
	KUNIT_EXPECT_GT(test, sw->writes, writes);

	sim_life_pw_del = (typeof(sim_life_pw_del)){
		.mport = &sm->mport, .nkeys = 2, .rc = { -EINVAL, -EINVAL }, .dev = sw,
	};
	sim_life_pw_del.key[0] = sim_cdev_key_of(rep, *by_name);
	sim_life_pw_del.key[1] = sim_cdev_key_of(rsw, *by_name);
	KUNIT_ASSERT_EQ(test, rio_request_inb_pwrite(rep, sim_life_pw_del_cb), 0);
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, &msg), -EIO);
	sim_life_expect_no_report(test, tainted);
	KUNIT_EXPECT_EQ(test, sim_life_pw_del.rc[0], 0);
	KUNIT_EXPECT_EQ(test, sim_life_pw_del.rc[1], 0);
	KUNIT_EXPECT_EQ(test, sw->writes, sim_life_pw_del.writes);
	KUNIT_EXPECT_NULL(test, rio_sim_rdev(sm, sw));
	KUNIT_EXPECT_NULL(test, rio_sim_rdev(sm, ep));
	ep->fail_all = false;
	rio_sim_kunit_release(test, sm);
}

/*
 * A switch whose error management block is the hot-swap-only one, added
 * through rio_mport_cdev (which looks for the other block only): its
 * em_efptr is 0.  Its port-write about port 3 is handled without the
 * error management CSRs, which would be at offsets 0x100 (the LP-Serial
 * block header) and 0x08 (the Assembly Identity CAR): no stray write,
 * and the port's Port-Write Pending bit is cleared as for any switch.
 */
static void sim_life_pw_no_em_block(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I,
	};
	struct rio_sim_dev *sw, *ep;
	struct rio_sim_mport *sm;
	struct rio_dev *rdev;
	u64 delivered;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rio_sim_dev_add(fab, &d));
	d = (struct rio_sim_dev_desc){
		.name = "sw-hs", .is_switch = true, .nports = 4, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_I, .em = true, .em_hs = true,
	};
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	d = (struct rio_sim_dev_desc){
		.name = "ep", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_ENDPOINT,
		.map = RIO_SIM_MAP_I,
	};
	ep = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ep);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 3, ep, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);

	KUNIT_ASSERT_EQ(test, rio_mport_write_config_32(&sm->mport, RIO_ANY_DESTID(0), 0,
							RIO_COMPONENT_TAG_CSR,
							SIM_LIFE_SW_TAG), 0);
	rdev = rio_sim_kunit_dev_add(test, &sm->mport, SIM_LIFE_SW_NAME,
				     SIM_LIFE_SW_TAG, RIO_ANY_DESTID(0), 0);
	KUNIT_ASSERT_NE(test, sw->em_ef, 0U);
	KUNIT_ASSERT_EQ(test, rdev->em_efptr, 0U);
	KUNIT_ASSERT_NE(test, rdev->phys_efptr, 0U);

	delivered = fab->pw_sent - fab->pw_lost;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 3, false), 0);
	KUNIT_EXPECT_TRUE(test, sw->port[3].pw_pending);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, fab->pw_sent - fab->pw_lost, delivered + 1);
	KUNIT_EXPECT_EQ(test, sw->stray_writes, 0ULL);
	KUNIT_EXPECT_FALSE(test, sw->port[3].pw_pending);
	rio_sim_kunit_release(test, sm);
}

/*
 * A port-write about a port the switch does not have (the Port ID of a
 * misbehaving switch, or a corrupted message): refused, and no Port n
 * register of that port read or written; the switch's last port is
 * still a port
 */
static void sim_life_pw_bad_port(struct kunit *test)
{
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:4"), 0);
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SIM_LIFE_SW);
	union rio_pw_msg msg = { };
	struct rio_dev *rsw;
	u64 writes, stray;

	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rsw = rio_sim_rdev(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, rsw);
	msg.em.comptag = rsw->comp_tag;
	msg.em.is_port = 200;
	writes = sw->writes;
	stray = sm->fab->stray_writes;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, &msg), -EINVAL);
	KUNIT_EXPECT_EQ(test, sw->writes, writes);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, stray);

	msg.em.is_port = sw->nports - 1;
	KUNIT_EXPECT_EQ(test, rio_inb_pwrite_handler(&sm->mport, &msg), 0);
	KUNIT_EXPECT_EQ(test, sm->fab->stray_writes, stray);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case sim_life_test_cases[] = {
	KUNIT_CASE(sim_life_congest_concurrent),
	KUNIT_CASE(sim_life_debugfs_concurrent),
	KUNIT_CASE(sim_life_latency_bound),
	KUNIT_CASE(sim_life_pw_fifo),
	KUNIT_CASE(sim_life_replace_concurrent),
	KUNIT_CASE_PARAM(sim_life_pw_cdev_net_freed, sim_life_del_gen_params),
	KUNIT_CASE_PARAM(sim_life_pw_cdev_last_deleted, sim_life_del_gen_params),
	KUNIT_CASE_PARAM(sim_life_pw_route_deleted, sim_life_del_gen_params),
	KUNIT_CASE(sim_life_pw_no_em_block),
	KUNIT_CASE(sim_life_pw_bad_port),
	{}
};

static struct kunit_suite sim_life_test_suite = {
	.name = "rio_sim_life",
	.test_cases = sim_life_test_cases,
};

kunit_test_suite(sim_life_test_suite);
