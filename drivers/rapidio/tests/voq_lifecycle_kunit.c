// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of what happens around rio-voq after a scan, on rio-sim
 * fabrics the core enumerates: refused rescans, devices deleted from
 * the net, scans racing the removal of their mport, parallel links and
 * loopback cables, a live link whose partner's RX size is changed behind
 * rio-voq's back, and the scan notifier's report.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/notifier.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/sched/task.h>
#include <linux/version.h>

#include "../rio.h"	/* rio_del_device(), as rio_mport_cdev calls it */
#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/*
 * An admin's XOFF and participation on an idle switch port survive a
 * rescan the core refuses (the net exists): a refused scan changes
 * nothing.
 */
static void voq_refused_rescan_keeps_choices(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "tree:1");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, 1);	/* ports 2-15 idle */
	struct rio_voq_node *n = voq_test_node(sm, sw);
	u64 writes;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_GT(test, sw->nports, 7U);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 7, RIO_VOQ_KNOB_XOFF, 1), 0);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 7, RIO_VOQ_KNOB_PART, 0), 0);
	KUNIT_ASSERT_TRUE(test, voq_test_hw(sw, 7).xoff);

	writes = sm->fab->writes;
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), -EBUSY);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(sw, 7).xoff);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sw, 7).part_en);
	KUNIT_EXPECT_EQ(test, sm->fab->writes, writes);
	rio_sim_kunit_release(test, sm);
}

struct voq_scan_log {
	struct notifier_block nb;
	struct rio_mport *mport;
	unsigned int done;
	int result;
	bool enumerate;
	bool owner;
	bool replay;
};

static int voq_scan_log_event(struct notifier_block *nb, unsigned long event,
			      void *data)
{
	struct voq_scan_log *log = container_of(nb, struct voq_scan_log, nb);
	struct rio_scan_info *info = data;

	if (event != RIO_SCAN_DONE || info->mport != log->mport)
		return NOTIFY_DONE;
	log->done++;
	log->result = info->result;
	log->enumerate = info->enumerate;
	log->owner = info->owner;
	log->replay = info->replay;
	return NOTIFY_OK;
}

/*
 * Listeners learn how a scan ended: 0, then -EBUSY for a refused one,
 * and whether the mport owns its net.  A listener registered later is
 * told what it missed, at its registration: the replay of the scan that
 * gave the mport its net (-ENODEV before any; a refused rescan does not
 * count, it left the net as it was).
 */
static void voq_scan_notifier_result(struct kunit *test)
{
	struct voq_scan_log log = { .nb.notifier_call = voq_scan_log_event };
	struct voq_scan_log late = { .nb.notifier_call = voq_scan_log_event };
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	log.mport = &sm->mport;
	KUNIT_ASSERT_EQ(test, rio_register_scan_notifier(&log.nb), 0);
	/* Not scanned yet: told so */
	KUNIT_EXPECT_EQ(test, log.done, 1U);
	KUNIT_EXPECT_TRUE(test, log.replay);
	KUNIT_EXPECT_EQ(test, log.result, -ENODEV);
	KUNIT_EXPECT_FALSE(test, log.owner);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_EQ(test, log.done, 2U);
	KUNIT_EXPECT_FALSE(test, log.replay);
	KUNIT_EXPECT_EQ(test, log.result, 0);
	KUNIT_EXPECT_TRUE(test, log.enumerate);
	KUNIT_EXPECT_TRUE(test, log.owner);
	KUNIT_EXPECT_EQ(test, rio_sim_mport_scan(sm), -EBUSY);
	KUNIT_EXPECT_EQ(test, log.done, 3U);
	KUNIT_EXPECT_EQ(test, log.result, -EBUSY);
	KUNIT_EXPECT_TRUE(test, log.owner);	/* the net of the first scan */

	/* Registered after both scans: the first one, replayed to it alone */
	late.mport = &sm->mport;
	KUNIT_ASSERT_EQ(test, rio_register_scan_notifier(&late.nb), 0);
	KUNIT_EXPECT_EQ(test, late.done, 1U);
	KUNIT_EXPECT_TRUE(test, late.replay);
	KUNIT_EXPECT_EQ(test, late.result, 0);
	KUNIT_EXPECT_TRUE(test, late.owner);
	KUNIT_EXPECT_EQ(test, log.done, 3U);
	rio_unregister_scan_notifier(&late.nb);
	rio_unregister_scan_notifier(&log.nb);
	rio_sim_kunit_release(test, sm);
}

/*
 * A device deleted from its net leaves no pointer to it behind: its
 * predecessor's nextdev[] entry and its successors' prev are cleared
 * (rio_mport_cdev's RIO_DEV_DEL frees the device right after).
 */
static void voq_deleted_device_unlinked(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "tree:1");
	struct rio_sim_dev *root = rio_sim_dev_find(sm->fab, 1);
	struct rio_sim_dev *leaf = rio_sim_dev_find(sm->fab, 2);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, 3);
	struct rio_dev *rroot = rio_sim_rdev(sm, root), *rleaf = rio_sim_rdev(sm, leaf);
	struct rio_dev *rep = rio_sim_rdev(sm, ep);
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, rroot);
	KUNIT_ASSERT_NOT_NULL(test, rleaf);
	KUNIT_ASSERT_NOT_NULL(test, rep);
	KUNIT_ASSERT_PTR_EQ(test, rep->prev, rleaf);
	KUNIT_ASSERT_PTR_EQ(test, rroot->rswitch->nextdev[1], rleaf);

	rio_dev_get(rleaf);
	rio_del_device(rleaf, RIO_DEVICE_SHUTDOWN);
	for (p = 0; p < RIO_GET_TOTAL_PORTS(rroot->swpinfo); p++)
		KUNIT_EXPECT_PTR_NE_MSG(test, rroot->rswitch->nextdev[p], rleaf, "port %u", p);
	KUNIT_EXPECT_NULL(test, rep->prev);
	/* rio-voq forgot it, and its link to the root switch */
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, rio_voq_node_of(&sm->mport, rleaf));
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, rio_voq_test_link(&sm->mport, rroot, 1));
	rio_dev_put(rleaf);
	rio_sim_kunit_release(test, sm);
}

struct voq_race {
	int mport_id;
	int ret;
	bool finished;
	struct completion started;
};

static int voq_race_scan(void *data)
{
	struct voq_race *r = data;

	complete(&r->started);
	r->ret = rio_mport_scan(r->mport_id);
	WRITE_ONCE(r->finished, true);
	return 0;
}

/*
 * rio-sim's accesses busy-wait under its lock; on a uniprocessor,
 * non-preemptible UML a scan would run to its end before the removal
 * gets the CPU.  This test's copy of the mport's ops sleeps in each
 * maintenance read, so that the removal lands in the middle; but not in
 * the reads the core makes under the switch's spinlock (rswitch->lock):
 * the route table's registers, and the PEF CAR and route limit that
 * rio_std_route_clr_table() reads first.  UML cannot see a sleep there
 * (it has no preempt count); on other architectures it is "scheduling
 * while atomic".
 */
static const struct rio_ops *voq_race_ops;
static struct rio_ops voq_race_slow_ops;

static bool voq_race_read_under_spinlock(u32 offset)
{
	return offset == RIO_PEF_CAR || offset == RIO_SWITCH_RT_LIMIT ||
	       (offset >= RIO_STD_RTE_CONF_DESTID_SEL_CSR &&
		offset <= RIO_STD_RTE_DEFAULT_PORT);
}

static int voq_race_slow_cread(struct rio_mport *mport, int index, u16 destid,
			       u8 hopcount, u32 offset, int len, u32 *data)
{
	if (!voq_race_read_under_spinlock(offset))
		usleep_range(50, 100);
	return voq_race_ops->cread(mport, index, destid, hopcount, offset, len, data);
}

/*
 * A scan (from /sys/bus/rapidio/scan, say) racing the removal of its
 * mport (configfs live = 0): the removal waits for the scan to end.
 * Without that, KASAN reports the enumerator's use of the freed fabric.
 */
static void voq_scan_races_removal(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "tree:2");
	struct voq_race r = { };
	struct task_struct *t;
	struct rio_sim_mport *sm;
	bool running;

	sm = rio_sim_kunit_mport(test, fab, 0);
	voq_race_ops = sm->mport.ops;
	voq_race_slow_ops = *sm->mport.ops;
	voq_race_slow_ops.cread = voq_race_slow_cread;
	sm->mport.ops = &voq_race_slow_ops;
	r.mport_id = sm->mport.id;
	init_completion(&r.started);
	t = kthread_run(voq_race_scan, &r, "voq-race");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	wait_for_completion(&r.started);
	usleep_range(5000, 6000);
	running = !READ_ONCE(r.finished);
	rio_sim_kunit_release(test, sm);
	kthread_stop(t);
	put_task_struct(t);
	KUNIT_EXPECT_TRUE(test, running);	/* the race really happened */
	KUNIT_EXPECT_EQ(test, r.ret, 0);	/* the removal waited for the scan */
}

/*
 * Two parallel links between two switches, and a loopback cable on one
 * of them: both links are found and configured, the loopback is not.
 */
static void voq_parallel_and_loopback(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "host", .nports = 1, .vid = RIO_SIM_VID, .did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I, .voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};
	struct rio_sim_dev *host, *s1, *s2;
	struct rio_sim_mport *sm;
	struct rio_voq_link *l;
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = rio_sim_dev_add(fab, &d);
	d.name = "s1";
	d.is_switch = true;
	d.nports = 8;
	d.did = RIO_SIM_DID_SWITCH;
	s1 = rio_sim_dev_add(fab, &d);
	d.name = "s2";
	s2 = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, host);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, s2);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, s1, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(s1, 1, s2, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(s1, 2, s2, 3, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(s2, 5, s2, 6, 2), 0);	/* loopback */
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);

	for (p = 1; p <= 2; p++) {
		l = rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, s1), p);
		KUNIT_ASSERT_NOT_NULL_MSG(test, l, "s1 port %u", p);
		KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
		KUNIT_EXPECT_TRUE_MSG(test, voq_test_hw(s1, p).gen_en, "s1 port %u", p);
	}
	KUNIT_EXPECT_TRUE(test, voq_test_hw(s2, 0).gen_en);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(s2, 3).gen_en);
	KUNIT_EXPECT_EQ(test, voq_test_hw(s2, 3).rx_pgs, voq_test_hw(s1, 2).tx_pgs);
	KUNIT_EXPECT_NULL(test, rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, s2), 5));
	KUNIT_EXPECT_NULL(test, rio_voq_test_link(&sm->mport, rio_sim_rdev(sm, s2), 6));
	KUNIT_EXPECT_FALSE(test, voq_test_hw(s2, 5).gen_en);
	for (p = 0; p < 8; p++) {
		KUNIT_EXPECT_EQ(test, s1->port[p].voq_violations, 0U);
		KUNIT_EXPECT_EQ(test, s2->port[p].voq_violations, 0U);
	}
	rio_sim_kunit_release(test, sm);
}

/*
 * A live, generating link where only the receiver's RX size is off the
 * plan (changed behind rio-voq's back): reconfiguring it changes that
 * RX size, which Part 12 allows only while the partner does not
 * generate.  rio-sim refuses and counts any such write.
 */
static void voq_live_partner_rx_change(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "single");
	struct rio_sim_dev *host = sm->fab->host, *ep = rio_sim_dev_find(sm->fab, 1);
	struct rio_voq_link *l = rio_voq_test_link(&sm->mport, NULL, 0);
	u8 planned;

	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_TRUE(test, voq_test_hw(host, 0).gen_en);
	planned = voq_test_hw(host, 0).tx_pgs;
	/* The endpoint's RX size moves, its TX size and the host's stay */
	spin_lock(&sm->fab->lock);
	ep->port[0].voq_ctl = (ep->port[0].voq_ctl & ~RIO_VOQ_CSR_RX_PGS) |
			      FIELD_PREP(RIO_VOQ_CSR_RX_PGS, planned ^ 4);
	spin_unlock(&sm->fab->lock);

	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(l), 0);
	KUNIT_EXPECT_EQ(test, voq_test_hw(ep, 0).rx_pgs, planned);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(host, 0).gen_en);
	KUNIT_EXPECT_EQ(test, host->port[0].voq_violations, 0U);
	KUNIT_EXPECT_EQ(test, ep->port[0].voq_violations, 0U);
	rio_sim_kunit_release(test, sm);
}

/*
 * A host that discovers a fabric another host enumerated (the discovered
 * bit set in its own port) reads and reports, and writes nothing; its
 * host_deviceid is the ID the enumerator gave it, which must not make it
 * an owner.
 */
static void voq_discovering_host_writes_nothing(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	u64 writes;

	sm = rio_sim_kunit_mport(test, fab, -1);
	rio_sim_local_write(fab, RIO_SIM_PHYS_EF + RIO_PORT_GEN_CTL_CSR,
			    RIO_PORT_GEN_DISCOVERED);
	writes = rio_voq_count.writes;
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_GE(test, sm->mport.host_deviceid, 0);
	KUNIT_EXPECT_EQ(test, rio_voq_count.writes, writes);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(fab->host, 0).gen_en);
	KUNIT_EXPECT_EQ(test, rio_voq_test_link(&sm->mport, NULL, 0)->state,
			RIO_VOQ_LINK_REPORTED);
	n = voq_test_node(sm, fab->host);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_XOFF, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, rio_voq_count.writes, writes);
}

/* Holds a mutex from another task, as rio_mport_cdev holds scan_lock */
struct voq_holder {
	struct mutex *lock;	/* held for the test, not owned */
	struct completion held, release;
};

static int voq_holder_run(void *data)
{
	struct voq_holder *h = data;

	mutex_lock(h->lock);
	complete(&h->held);
	wait_for_completion(&h->release);
	mutex_unlock(h->lock);
	/* Until kthread_stop(): the test's code stays while this runs */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/* Reloads rio-voq from another task, as a module load does */
struct voq_loader {
	struct completion done;
};

static int voq_loader_run(void *data)
{
	struct voq_loader *ld = data;

	rio_voq_test_reload();
	complete(&ld->done);
	/* Until kthread_stop(): the test's code stays while this runs */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/*
 * rio-voq comes (here: it is loaded again, from another task) while a
 * task that is not scanning holds the mport's scan_lock
 * (rio_mport_cdev's device changes do so): no scan's end follows.  The
 * core tells rio-voq what it missed once the lock is free (the
 * registration of its scan notifier replays the mport's last scan under
 * that lock); until then rio-voq has followed the mport and its
 * devices, written nothing, and parks port events as during a scan.
 * rio-voq never takes the lock itself.
 */
static void voq_catch_up_scan_lock_busy(struct kunit *test)
{
	struct voq_loader ld;
	struct voq_holder h;
	struct task_struct *t, *lt;
	struct rio_sim_mport *sm;
	struct rio_voq_node *host;
	struct rio_voq_link *l;

	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "single"), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, false), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_ASSERT_FALSE(test, voq_test_hw(sm->fab->host, 0).gen_en);

	h.lock = &sm->mport.scan_lock;
	init_completion(&h.held);
	init_completion(&h.release);
	t = kthread_create(voq_holder_run, &h, "voq-holder");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	wake_up_process(t);
	wait_for_completion(&h.held);

	init_completion(&ld.done);
	lt = kthread_create(voq_loader_run, &ld, "voq-loader");
	if (IS_ERR(lt)) {
		complete(&h.release);
		kthread_stop(t);
		put_task_struct(t);
		KUNIT_FAIL(test, "cannot start the loader");
		return;
	}
	get_task_struct(lt);
	wake_up_process(lt);
	/* The load waits for the lock, in the notifier's replay */
	KUNIT_EXPECT_EQ(test, wait_for_completion_timeout(&ld.done,
							  msecs_to_jiffies(120)), 0UL);
	host = voq_test_node(sm, sm->fab->host);
	KUNIT_EXPECT_NOT_NULL(test, host);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_TRUE(test, host && host->net->scanning);
	mutex_unlock(&rio_voq_lock);
	l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_EXPECT_TRUE(test, !l || l->state != RIO_VOQ_LINK_CONFIGURED);
	KUNIT_EXPECT_FALSE(test, voq_test_hw(sm->fab->host, 0).gen_en);

	complete(&h.release);
	kthread_stop(t);
	put_task_struct(t);
	wait_for_completion(&ld.done);
	kthread_stop(lt);
	put_task_struct(lt);

	host = voq_test_node(sm, sm->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, host);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, host->net->scanning);
	mutex_unlock(&rio_voq_lock);
	l = rio_voq_test_link(&sm->mport, NULL, 0);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->state, RIO_VOQ_LINK_CONFIGURED);
	KUNIT_EXPECT_TRUE(test, voq_test_hw(sm->fab->host, 0).gen_en);
	rio_sim_kunit_release(test, sm);
}

/* Scans an mport from another task, as a write of /sys/bus/rapidio/scan does */
struct voq_scanner {
	struct rio_sim_mport *sm;
	int ret;
	struct completion done;
};

static int voq_scanner_run(void *data)
{
	struct voq_scanner *sc = data;

	sc->ret = rio_sim_mport_scan(sc->sm);
	complete(&sc->done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/*
 * While rio-voq's load waits in the replay for one mport's scan_lock, a
 * scan of another mport is not held up: rio_mport_scan() holds
 * rio_mport_list_lock only briefly and does not wait for a scan in
 * progress (rio_mport_hold_scan()).
 */
static void voq_replay_blocks_other_mport(struct kunit *test)
{
	struct voq_scanner sc;
	struct voq_loader ld;
	struct voq_holder h;
	struct task_struct *t, *lt, *st;
	struct rio_sim_mport *sm, *other;
	unsigned long left;

	sm = voq_test_scanned(test, "single");
	other = voq_test_scanned(test, "single");

	h.lock = &sm->mport.scan_lock;
	init_completion(&h.held);
	init_completion(&h.release);
	t = kthread_run(voq_holder_run, &h, "voq-holder");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	wait_for_completion(&h.held);

	init_completion(&ld.done);
	lt = kthread_run(voq_loader_run, &ld, "voq-loader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(lt));
	get_task_struct(lt);
	msleep(50);	/* the load is now in the replay, waiting */

	sc.sm = other;
	sc.ret = 1;
	init_completion(&sc.done);
	st = kthread_run(voq_scanner_run, &sc, "voq-scanner");
	KUNIT_ASSERT_FALSE(test, IS_ERR(st));
	get_task_struct(st);
	/* The other mport's (refused) rescan returns at once */
	left = wait_for_completion_timeout(&sc.done, msecs_to_jiffies(500));
	KUNIT_EXPECT_NE(test, left, 0UL);

	complete(&h.release);
	wait_for_completion(&ld.done);
	if (!left)	/* its completion is not taken yet */
		wait_for_completion(&sc.done);
	KUNIT_EXPECT_EQ(test, sc.ret, -EBUSY);
	kthread_stop(t);
	put_task_struct(t);
	kthread_stop(lt);
	put_task_struct(lt);
	kthread_stop(st);
	put_task_struct(st);
	rio_sim_kunit_release(test, other);
	rio_sim_kunit_release(test, sm);
}

/*
 * rio-voq follows port-writes, so it takes a reference of the mport's
 * port-write reception (rio_pw_enable()) while it follows the mport, as
 * rio_mport_cdev does per range, and gives it back when it stops: on an
 * mport nobody enumerated (rio-scan takes its own after an enumeration),
 * reception is on while rio-voq follows it, off after.
 */
static void voq_takes_port_writes(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:2");
	struct rio_sim_mport *sm;
	struct rio_mport *mport;

	sm = rio_sim_kunit_mport(test, fab, 0);
	mport = &sm->mport;
	KUNIT_ASSERT_TRUE(test, rio_voq_test_follows(mport));
	KUNIT_EXPECT_EQ(test, mport->pwe_refcnt, 1U);
	KUNIT_EXPECT_FALSE(test, sm->pw_off);

	get_device(&mport->dev);
	rio_sim_kunit_release(test, sm);	/* rio-voq stops following it */
	KUNIT_EXPECT_EQ(test, mport->pwe_refcnt, 0U);
	KUNIT_EXPECT_TRUE(test, sm->pw_off);
	put_device(&mport->dev);
}

static struct kunit_case voq_lifecycle_test_cases[] = {
	KUNIT_CASE(voq_refused_rescan_keeps_choices),
	KUNIT_CASE(voq_scan_notifier_result),
	KUNIT_CASE(voq_deleted_device_unlinked),
	KUNIT_CASE(voq_scan_races_removal),
	KUNIT_CASE(voq_parallel_and_loopback),
	KUNIT_CASE(voq_live_partner_rx_change),
	KUNIT_CASE(voq_discovering_host_writes_nothing),
	KUNIT_CASE(voq_catch_up_scan_lock_busy),
	KUNIT_CASE(voq_replay_blocks_other_mport),
	KUNIT_CASE(voq_takes_port_writes),
	{}
};

static void voq_lifecycle_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_lifecycle_test_suite = {
	.name = "rio_voq_lifecycle",
	.exit = voq_lifecycle_test_exit,
	.test_cases = voq_lifecycle_test_cases,
};

kunit_test_suite(voq_lifecycle_test_suite);
