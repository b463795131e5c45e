// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-sim's lifecycle: several callers using one fabric,
 * or creating mports, at the same time (under lockdep and KASAN), and
 * the bounds of what debugfs lets an admin set.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/dcache.h>
#include <linux/kthread.h>
#include <linux/rio_regs.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/string.h>

#include "../voq/voq_model.h"
#include "sim.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

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

static struct kunit_case sim_life_test_cases[] = {
	KUNIT_CASE(sim_life_congest_concurrent),
	KUNIT_CASE(sim_life_debugfs_concurrent),
	KUNIT_CASE(sim_life_latency_bound),
	KUNIT_CASE(sim_life_pw_fifo),
	KUNIT_CASE(sim_life_replace_concurrent),
	{}
};

static struct kunit_suite sim_life_test_suite = {
	.name = "rio_sim_life",
	.test_cases = sim_life_test_cases,
};

kunit_test_suite(sim_life_test_suite);
