// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-sim's mport as the rio core and its clients use an
 * mport driver: what query_mport reports of the host's own link, that
 * link taken down and up from either end and the event the mport makes
 * of it, port-write reception switched off and on (pwenable), and
 * doorbells, to a device that is not a host and between two hosts of
 * one fabric.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/version.h>

#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* star:2: host (0), a 3-port switch (1), endpoints 2 and 3 on its ports 1, 2 */
#define SW	1
#define EP1	2
#define EP2	3

/* The host and one endpoint, linked at baud-rate class @baud */
static struct rio_sim_mport *sim_mp_pair(struct kunit *test, u8 baud,
					 struct rio_sim_dev **ep)
{
	static const struct rio_sim_dev_desc host = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_HOST, .map = RIO_SIM_MAP_I,
	};
	static const struct rio_sim_dev_desc end = {
		.name = "ep", .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_ENDPOINT, .map = RIO_SIM_MAP_I,
	};
	struct rio_sim_fabric *fab;
	struct rio_sim_mport *sm;

	fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rio_sim_dev_add(fab, &host));
	*ep = rio_sim_dev_add(fab, &end);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, *ep);
	KUNIT_ASSERT_EQ(test, rio_sim_link(fab->host, 0, *ep, 0, baud), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	return sm;
}

static struct rio_mport_attr sim_mp_query(struct kunit *test,
					  struct rio_sim_mport *sm)
{
	struct rio_mport_attr attr;

	memset(&attr, 0x5a, sizeof(attr));
	KUNIT_EXPECT_EQ(test, rio_query_mport(&sm->mport, &attr), 0);
	return attr;
}

/* The baud-rate classes of rio-sim's links and the rate each selects */
static const struct sim_mp_speed {
	u8 baud;
	int speed;
} sim_mp_speeds[] = {
	{ 1, RIO_LINK_312 },	/* 3.125 Gbaud */
	{ 2, RIO_LINK_625 },	/* 6.25 Gbaud */
	{ 3, 6 },		/* 10.3125 Gbaud: no name in enum rio_link_speed */
};

static void sim_mp_speed_desc(const struct sim_mp_speed *s, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "class %u", s->baud);
}

KUNIT_ARRAY_PARAM(sim_mp_speed, sim_mp_speeds, sim_mp_speed_desc);

/*
 * query_mport, as tsi721 answers it: the link's selected baud rate (the
 * code of the Port 0 Control 2 CSR), the initialized width, no DMA
 */
static void sim_mp_query_up(struct kunit *test)
{
	const struct sim_mp_speed *s = test->param_value;
	struct rio_sim_dev *ep;
	struct rio_sim_mport *sm = sim_mp_pair(test, s->baud, &ep);
	struct rio_mport_attr attr = sim_mp_query(test, sm);

	KUNIT_EXPECT_EQ(test, attr.link_speed, s->speed);
	KUNIT_EXPECT_EQ(test, attr.link_width, (int)RIO_LINK_1X);
	KUNIT_EXPECT_EQ(test, attr.flags, 0);
	KUNIT_EXPECT_EQ(test, sm->mport.sys_size, 0);
	rio_sim_kunit_release(test, sm);
}

/*
 * The host's own link taken down and up, by the mport's link and by the
 * partner's port: both ends follow, query_mport says so, and so does
 * the core's rio_mport_is_active()-like read of the local port
 */
static void sim_mp_query_down(struct kunit *test)
{
	struct rio_sim_dev *ep;
	struct rio_sim_mport *sm = sim_mp_pair(test, 2, &ep);
	struct rio_sim_dev *host = sm->fab->host;
	u32 sts;

	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(sm, false), 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_DOWN);
	sts = rio_sim_dev_peek(ep, ep->phys_ef + RIO_PORT_N_ERR_STS_CSR(0, ep->map));
	KUNIT_EXPECT_FALSE(test, sts & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, rio_local_read_config_32(&sm->mport, host->phys_ef +
						       RIO_PORT_N_ERR_STS_CSR(0, host->map),
						       &sts), 0);
	KUNIT_EXPECT_FALSE(test, sts & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_set_link(sm, false), 0);	/* no change */

	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(sm, true), 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_625);

	/* From the far end, as the partner's own link file does */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(ep, 0, false), 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_DOWN);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(ep, 0, true), 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_625);

	/* The partner unavailable: no PORT_OK at the host either */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_unavailable(ep, 0, true), 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_DOWN);
	rio_sim_kunit_release(test, sm);
}

/* A host whose port is not cabled: down, and no link to take up */
static void sim_mp_query_uncabled(struct kunit *test)
{
	struct rio_sim_dev *ep;
	struct rio_sim_mport *sm = sim_mp_pair(test, 2, &ep);

	rio_sim_unlink(sm->fab->host, 0);
	KUNIT_EXPECT_EQ(test, sim_mp_query(test, sm).link_speed, (int)RIO_LINK_DOWN);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_set_link(sm, true), -ENOLINK);
	rio_sim_kunit_release(test, sm);
}

struct sim_mp_pw_log {
	unsigned int count;
	union rio_pw_msg last;
};

static int sim_mp_pw_catch(struct rio_mport *mport, void *ctx,
			   union rio_pw_msg *msg, int step)
{
	struct sim_mp_pw_log *log = ctx;

	log->count++;
	log->last = *msg;
	return 0;
}

/*
 * The mport's own link: the mport tells the core as of any other port,
 * a port-write about its own port 0 (its component tag, the transition
 * its port latched), since no device can send one over the link
 */
static void sim_mp_own_event(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct sim_mp_pw_log log = { };
	struct rio_sim_mport *sm;
	struct rio_sim_dev *sw;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sw = rio_sim_dev_find(fab, SW);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_EQ(test, rio_add_mport_pw_handler(&sm->mport, &log, sim_mp_pw_catch), 0);

	/* From the switch's end: the switch's port-write has no way to the host */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 0, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, log.last.em.comptag, fab->host->comptag);
	KUNIT_EXPECT_EQ(test, log.last.em.is_port & 0xff, 0U);
	KUNIT_EXPECT_TRUE(test, log.last.em.errdetect & REM_PED_LINK_OK2U);
	KUNIT_EXPECT_EQ(test, sm->own_events, 1ULL);

	/* Back: the switch's port-write and the mport's own */
	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(sm, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 3U);
	KUNIT_EXPECT_EQ(test, sm->own_events, 2ULL);
	/* A change of another port of the fabric is not the mport's */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, sm->own_events, 2ULL);
	KUNIT_EXPECT_EQ(test, log.count, 4U);
	KUNIT_EXPECT_NE(test, log.last.em.comptag, fab->host->comptag);
	rio_del_mport_pw_handler(&sm->mport, &log, sim_mp_pw_catch);
	rio_sim_kunit_release(test, sm);
}

/*
 * pwenable: port reception switched off (the core counts its users),
 * the port-writes sent meanwhile lost and counted, then on again.  The
 * users the mport has already (rio-voq, which follows it) are put aside
 * for the test and given back.
 */
static void sim_mp_pwenable(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct sim_mp_pw_log log = { };
	struct rio_sim_mport *sm;
	unsigned int users, i;
	struct rio_sim_dev *sw;
	u64 lost;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sw = rio_sim_dev_find(fab, SW);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_add_mport_pw_handler(&sm->mport, &log, sim_mp_pw_catch), 0);
	users = sm->mport.pwe_refcnt;

	rio_pw_enable(&sm->mport, 1);
	rio_pw_enable(&sm->mport, 1);
	rio_pw_enable(&sm->mport, 0);	/* one user left: still on */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_FALSE(test, sm->pw_off);

	for (i = 0; i <= users; i++)
		rio_pw_enable(&sm->mport, 0);
	KUNIT_EXPECT_EQ(test, sm->mport.pwe_refcnt, 0U);
	KUNIT_EXPECT_TRUE(test, sm->pw_off);
	lost = fab->pw_lost;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, fab->pw_lost - lost, 1ULL);
	/* Its own port's events too: they are told the same way */
	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(sm, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(sm, true), 0);

	for (i = 0; i <= users; i++)
		rio_pw_enable(&sm->mport, 1);
	KUNIT_EXPECT_FALSE(test, sm->pw_off);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 2, false), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, log.count, 2U);
	KUNIT_EXPECT_EQ(test, log.last.em.is_port & 0xff, 2U);
	rio_pw_enable(&sm->mport, 0);
	KUNIT_EXPECT_EQ(test, sm->mport.pwe_refcnt, users);
	rio_del_mport_pw_handler(&sm->mport, &log, sim_mp_pw_catch);
	rio_sim_kunit_release(test, sm);
}

/* A doorbell to an endpoint that is not a host: accepted, counted */
static void sim_mp_dbell_endpoint(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct rio_sim_mport *sm;
	struct rio_sim_dev *ep1;
	struct rio_dev *r1;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	ep1 = rio_sim_dev_find(fab, EP1);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	r1 = rio_sim_rdev(sm, ep1);
	KUNIT_ASSERT_NOT_NULL(test, r1);

	KUNIT_EXPECT_EQ(test, rio_send_doorbell(r1, 0x1234), 0);
	KUNIT_EXPECT_EQ(test, rio_send_doorbell(r1, 0), 0);
	KUNIT_EXPECT_EQ(test, fab->dbells, 2ULL);
	KUNIT_EXPECT_EQ(test, sm->dbell_sent, 2ULL);

	/* No device has that ID, and a link down leaves none reachable */
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&sm->mport, 0x77, 1), -EIO);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(rio_sim_dev_find(fab, SW), 1, false), 0);
	KUNIT_EXPECT_EQ(test, rio_send_doorbell(r1, 0x1234), -EIO);
	KUNIT_EXPECT_EQ(test, fab->dbells, 2ULL);
	KUNIT_EXPECT_EQ(test, sm->dbell_sent, 2ULL);
	rio_sim_kunit_release(test, sm);
}

/*
 * What a doorbell handler saw: the doorbells, and the contexts they ran
 * in that a handler of a real mport cannot rely on (a task's, or one
 * with interrupts on)
 */
struct sim_mp_dbell_log {
	unsigned int count;
	u16 src, dst, info;
	unsigned int in_task;
	unsigned int irqs_on;
};

static void sim_mp_dbell_catch(struct rio_mport *mport, void *ctx, u16 src,
			       u16 dst, u16 info)
{
	struct sim_mp_dbell_log *log = ctx;

	log->count++;
	log->src = src;
	log->dst = dst;
	log->info = info;
	log->in_task += in_task();
	log->irqs_on += !irqs_disabled();
}

/*
 * Two hosts of one fabric: B's handlers (rio_request_inb_dbell()) get
 * what A sends, with A's ID as the source, and A's what B sends; a
 * doorbell outside every handler's range is dropped and counted
 */
static void sim_mp_dbell_two_hosts(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct sim_mp_dbell_log la = { }, lb = { };
	struct rio_sim_mport *a, *b;
	struct rio_dev *rb;
	u16 idb;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	a = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	b = rio_sim_kunit_attach(test, fab, rio_sim_dev_find(fab, EP2), -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(a), 0);
	rb = rio_sim_rdev(a, rio_sim_dev_find(fab, EP2));
	KUNIT_ASSERT_NOT_NULL(test, rb);
	idb = rb->destid;

	KUNIT_ASSERT_EQ(test, rio_sim_kunit_dbell(test, b, &lb, 0x100, 0x1ff,
						  sim_mp_dbell_catch), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_kunit_dbell(test, a, &la, 0, 0xffff,
						  sim_mp_dbell_catch), 0);
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&a->mport, idb, 0x155), 0);
	rio_sim_mport_dbell_flush(b);
	KUNIT_EXPECT_EQ(test, lb.count, 1U);
	KUNIT_EXPECT_EQ(test, lb.src, 0);
	KUNIT_EXPECT_EQ(test, lb.dst, idb);
	KUNIT_EXPECT_EQ(test, lb.info, 0x155);
	KUNIT_EXPECT_EQ(test, b->dbell_received, 1ULL);
	KUNIT_EXPECT_EQ(test, fab->dbells, 0ULL);

	/* Outside B's range: nobody takes it */
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&a->mport, idb, 0x200), 0);
	rio_sim_mport_dbell_flush(b);
	KUNIT_EXPECT_EQ(test, lb.count, 1U);
	KUNIT_EXPECT_EQ(test, b->dbell_unhandled, 1ULL);

	/* And back, to the enumerating host's ID */
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&b->mport, 0, 0xbeef), 0);
	rio_sim_mport_dbell_flush(a);
	KUNIT_EXPECT_EQ(test, la.count, 1U);
	KUNIT_EXPECT_EQ(test, la.src, idb);
	KUNIT_EXPECT_EQ(test, la.dst, 0);
	KUNIT_EXPECT_EQ(test, la.info, 0xbeef);
	/*
	 * Both in hard interrupt context, as fsl_rio runs its handlers: one
	 * that sleeps, or takes a lock it shares with a task without
	 * disabling interrupts, fails here as on that hardware
	 */
	KUNIT_EXPECT_EQ(test, la.in_task + lb.in_task, 0U);
	KUNIT_EXPECT_EQ(test, la.irqs_on + lb.irqs_on, 0U);

	/* B's link down: A's doorbell finds no way */
	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(b, false), 0);
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&a->mport, idb, 0x155), -EIO);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_set_link(b, true), 0);

	rio_sim_kunit_release(test, b);
	/* B gone: its device takes doorbells as any endpoint */
	KUNIT_EXPECT_EQ(test, rio_mport_send_doorbell(&a->mport, idb, 1), 0);
	KUNIT_EXPECT_EQ(test, fab->dbells, 1ULL);
	rio_sim_kunit_release(test, a);
}

/*
 * A handler of a test (rio_sim_kunit_dbell()) is released when the test
 * ends, as when an assertion fails after it was registered: run as a
 * test of its own here, ended by kunit_cleanup()
 */
static void sim_mp_dbell_test_end(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct sim_mp_dbell_log log = { };
	struct rio_sim_mport *a, *b;
	struct kunit inner;
	struct rio_dev *rb;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	a = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	b = rio_sim_kunit_attach(test, fab, rio_sim_dev_find(fab, EP2), -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(a), 0);
	rb = rio_sim_rdev(a, rio_sim_dev_find(fab, EP2));
	KUNIT_ASSERT_NOT_NULL(test, rb);

	kunit_init_test(&inner, "sim_mp_dbell_inner", NULL);
	KUNIT_ASSERT_EQ(test, rio_sim_kunit_dbell(&inner, b, &log, 0x10, 0x1f,
						  sim_mp_dbell_catch), 0);
	KUNIT_EXPECT_EQ(test, rio_request_inb_dbell(&b->mport, &log, 0x18, 0x18,
						    sim_mp_dbell_catch), -EBUSY);
	KUNIT_EXPECT_EQ(test, rio_send_doorbell(rb, 0x11), 0);
	kunit_cleanup(&inner);
	/* The doorbell sent before it ended was handled before */
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_TRUE(test, list_empty(&b->mport.dbells));
	KUNIT_EXPECT_EQ(test, rio_send_doorbell(rb, 0x12), 0);
	rio_sim_mport_dbell_flush(b);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, b->dbell_unhandled, 1ULL);
	/* The range is free again */
	KUNIT_EXPECT_EQ(test, rio_sim_kunit_dbell(test, b, &log, 0x10, 0x1f,
						  sim_mp_dbell_catch), 0);
	rio_sim_kunit_release(test, b);
	rio_sim_kunit_release(test, a);
}

/*
 * Two attaches of one endpoint at once: the first waits in its mport's
 * registration (a class interface of the test holds it there, past the
 * check that no mport has the endpoint) while the second runs.  One
 * mport is made, the other attach answers -EBUSY.
 */
struct sim_mp_race {
	struct rio_sim_fabric *fab;
	struct rio_sim_dev *local;
	struct rio_sim_mport *sm;
	struct completion done;
};

static atomic_t sim_mp_race_adds;
static bool sim_mp_race_armed;
static struct completion sim_mp_race_entered, sim_mp_race_go;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
static int sim_mp_race_add(struct device *dev)
#else
static int sim_mp_race_add(struct device *dev, struct class_interface *cif)
#endif
{
	if (READ_ONCE(sim_mp_race_armed) && atomic_inc_return(&sim_mp_race_adds) == 1) {
		complete(&sim_mp_race_entered);
		wait_for_completion_timeout(&sim_mp_race_go, 10 * HZ);
	}
	return 0;
}

static struct class_interface sim_mp_race_cif = {
	.class = &rio_mport_class,
	.add_dev = sim_mp_race_add,
};

static int sim_mp_race_attach(void *data)
{
	struct sim_mp_race *r = data;

	r->sm = rio_sim_mport_attach(r->fab, r->local, -1);
	complete(&r->done);
	return 0;
}

static void sim_mp_attach_race(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct sim_mp_race r[2];
	struct task_struct *t;
	int made = 0, busy = 0, i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	for (i = 0; i < 2; i++) {
		r[i].fab = fab;
		r[i].local = rio_sim_dev_find(fab, EP2);
		r[i].sm = ERR_PTR(-EINPROGRESS);
		init_completion(&r[i].done);
	}
	atomic_set(&sim_mp_race_adds, 0);
	init_completion(&sim_mp_race_entered);
	init_completion(&sim_mp_race_go);
	KUNIT_ASSERT_EQ(test, class_interface_register(&sim_mp_race_cif), 0);
	WRITE_ONCE(sim_mp_race_armed, true);

	t = kthread_run(sim_mp_race_attach, &r[0], "sim-attach-0");
	KUNIT_EXPECT_FALSE(test, IS_ERR(t));
	if (!IS_ERR(t)) {
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&sim_mp_race_entered,
								  10 * HZ), 0UL);
		t = kthread_run(sim_mp_race_attach, &r[1], "sim-attach-1");
		KUNIT_EXPECT_FALSE(test, IS_ERR(t));
		if (!IS_ERR(t))
			wait_for_completion_timeout(&r[1].done, HZ / 2);
		else
			complete(&r[1].done);
		complete(&sim_mp_race_go);
	} else {
		complete(&r[0].done);
		complete(&r[1].done);
	}
	wait_for_completion(&r[0].done);
	wait_for_completion(&r[1].done);
	WRITE_ONCE(sim_mp_race_armed, false);
	class_interface_unregister(&sim_mp_race_cif);

	for (i = 0; i < 2; i++) {
		if (!IS_ERR(r[i].sm)) {
			made++;
			rio_sim_mport_destroy(r[i].sm);
		} else if (PTR_ERR(r[i].sm) == -EBUSY) {
			busy++;
		}
	}
	KUNIT_EXPECT_EQ(test, made, 1);
	KUNIT_EXPECT_EQ(test, busy, 1);
}

/*
 * Only an mport attached to a fabric can be detached, and only from an
 * mport that was not attached itself (the fabric's own host): an
 * attached host's detach file cannot take away the mport configfs or a
 * test made, nor can two attached mports detach each other.
 */
static void sim_mp_detach_only_attached(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct rio_sim_mport *a, *b;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	a = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	b = rio_sim_kunit_attach(test, fab, rio_sim_dev_find(fab, EP2), -1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_detach_name(b, a->mport.name), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_detach_name(b, b->mport.name), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_detach_name(a, a->mport.name), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_detach_name(a, "rio-sim-none"), -EINVAL);
	rio_sim_kunit_release(test, b);
	rio_sim_kunit_release(test, a);
}

static struct kunit_case sim_mport_test_cases[] = {
	KUNIT_CASE_PARAM(sim_mp_query_up, sim_mp_speed_gen_params),
	KUNIT_CASE(sim_mp_query_down),
	KUNIT_CASE(sim_mp_query_uncabled),
	KUNIT_CASE(sim_mp_own_event),
	KUNIT_CASE(sim_mp_pwenable),
	KUNIT_CASE(sim_mp_dbell_endpoint),
	KUNIT_CASE(sim_mp_dbell_two_hosts),
	KUNIT_CASE(sim_mp_dbell_test_end),
	KUNIT_CASE(sim_mp_attach_race),
	KUNIT_CASE(sim_mp_detach_only_attached),
	{}
};

static struct kunit_suite sim_mport_test_suite = {
	.name = "rio_sim_mport",
	.test_cases = sim_mport_test_cases,
};

kunit_test_suite(sim_mport_test_suite);
