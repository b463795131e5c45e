// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim master port: a rio_mport whose maintenance operations are
 * carried by a simulated fabric.  Registered like any mport driver's, so
 * the core's enumerator (or discovery) walks the fabric.
 */

#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include "sim.h"

static LIST_HEAD(rio_sim_mports);
static DEFINE_MUTEX(rio_sim_mports_lock);
/*
 * Mports whose release callback has not run yet.  The callback is this
 * module's code and runs at the last put of the mport's device, which
 * may come after rio_unregister_mport() returned (a sysfs file held
 * open, or CONFIG_DEBUG_KOBJECT_RELEASE): module exit waits for it.  The
 * count changes under the waitqueue's lock, so that once module exit has
 * seen it at zero and taken that lock, no callback still touches the
 * waitqueue; only the callback's return is left, as with a completion.
 */
static unsigned int rio_sim_mports_unreleased;
static DECLARE_WAIT_QUEUE_HEAD(rio_sim_mports_released);

/*
 * Read under the waitqueue's lock, which wait_event() does not hold
 * while it evaluates its condition (wait_event_lock_irq() with the
 * waitqueue's own lock would take it twice).
 */
static bool rio_sim_mports_all_released(void)
{
	bool none;

	spin_lock_irq(&rio_sim_mports_released.lock);
	none = !rio_sim_mports_unreleased;
	spin_unlock_irq(&rio_sim_mports_released.lock);
	return none;
}

static struct rio_sim_initiator *sim_ini(struct rio_mport *mport)
{
	return &container_of(mport, struct rio_sim_mport, mport)->ini;
}

/*
 * Configuration space is big-endian: the byte at offset 0 of a word is
 * its most significant.  1- and 2-byte accesses work on the word.
 */
static int sim_len_shift(u32 offset, int len, unsigned int *shift, u32 *mask)
{
	if ((len != 1 && len != 2 && len != 4) || offset % len)
		return -EINVAL;
	*shift = (4 - len - offset % 4) * 8;
	*mask = len == 4 ? ~0U : (1U << (len * 8)) - 1;
	return 0;
}

static int sim_read(struct rio_sim_initiator *ini, bool local, u16 destid,
		    u8 hopcount, u32 offset, int len, u32 *data)
{
	unsigned int shift;
	u32 mask, word;
	int ret;

	ret = sim_len_shift(offset, len, &shift, &mask);
	if (ret)
		return ret;
	offset &= ~3U;
	ret = rio_sim_access(ini, local, destid, hopcount, offset, false, &word);
	*data = (word >> shift) & mask;
	return ret;
}

static int sim_write(struct rio_sim_initiator *ini, bool local, u16 destid,
		     u8 hopcount, u32 offset, int len, u32 data)
{
	unsigned int shift;
	u32 mask, word = 0;
	int ret;

	ret = sim_len_shift(offset, len, &shift, &mask);
	if (ret)
		return ret;
	offset &= ~3U;
	if (len != 4) {
		ret = sim_read(ini, local, destid, hopcount, offset, 4, &word);
		if (ret)
			return ret;
		word = (word & ~(mask << shift)) | (data & mask) << shift;
	} else {
		word = data;
	}
	return rio_sim_access(ini, local, destid, hopcount, offset, true, &word);
}

static int sim_lcread(struct rio_mport *mport, int index, u32 offset, int len,
		      u32 *data)
{
	return sim_read(sim_ini(mport), true, 0, 0, offset, len, data);
}

static int sim_lcwrite(struct rio_mport *mport, int index, u32 offset,
		       int len, u32 data)
{
	return sim_write(sim_ini(mport), true, 0, 0, offset, len, data);
}

static int sim_cread(struct rio_mport *mport, int index, u16 destid,
		     u8 hopcount, u32 offset, int len, u32 *data)
{
	return sim_read(sim_ini(mport), false, destid, hopcount, offset, len,
			data);
}

static int sim_cwrite(struct rio_mport *mport, int index, u16 destid,
		      u8 hopcount, u32 offset, int len, u32 data)
{
	return sim_write(sim_ini(mport), false, destid, hopcount, offset, len,
			 data);
}

static int sim_dsend(struct rio_mport *mport, int index, u16 destid, u16 data)
{
	return -EOPNOTSUPP;
}

static struct rio_ops rio_sim_ops = {
	.lcread = sim_lcread,
	.lcwrite = sim_lcwrite,
	.cread = sim_cread,
	.cwrite = sim_cwrite,
	.dsend = sim_dsend,
};

/* A queued port-write */
struct sim_pw_entry {
	struct list_head node;
	union rio_pw_msg msg;
};

/*
 * The fabric hands a port-write to the mport, under its lock: queue it
 * for the work item, as an mport driver's interrupt handler does
 * (tsi721 hands its port-writes to the core from a work item too).  The
 * queue holds RIO_SIM_PW_FIFO port-writes, as a hardware FIFO: those
 * that find it full are lost, and counted.
 */
static void sim_pw_deliver(void *ctx, const union rio_pw_msg *msg)
{
	struct rio_sim_mport *sm = ctx;
	struct sim_pw_entry *e = kmalloc(sizeof(*e), GFP_ATOMIC);
	unsigned long flags;

	if (!e) {
		sm->fab->pw_lost++;
		return;
	}
	e->msg = *msg;
	spin_lock_irqsave(&sm->pw_lock, flags);
	if (sm->pw_queued >= RIO_SIM_PW_FIFO) {
		spin_unlock_irqrestore(&sm->pw_lock, flags);
		kfree(e);
		sm->fab->pw_lost++;
		return;
	}
	sm->pw_queued++;
	list_add_tail(&e->node, &sm->pw_queue);
	spin_unlock_irqrestore(&sm->pw_lock, flags);
	schedule_work(&sm->pw_work);
}

static void sim_pw_work(struct work_struct *work)
{
	struct rio_sim_mport *sm = container_of(work, struct rio_sim_mport, pw_work);
	struct sim_pw_entry *e;

	for (;;) {
		spin_lock_irq(&sm->pw_lock);
		e = list_first_entry_or_null(&sm->pw_queue, struct sim_pw_entry, node);
		if (e) {
			list_del(&e->node);
			sm->pw_queued--;
		}
		spin_unlock_irq(&sm->pw_lock);
		if (!e)
			return;
		rio_inb_pwrite_handler(&sm->mport, &e->msg);
		kfree(e);
	}
}

/**
 * rio_sim_mport_pw_flush() - hand every queued port-write to the core
 * @sm: the mport
 *
 * Returns once the core (and the handlers registered with it) have
 * handled the port-writes sent so far.
 */
void rio_sim_mport_pw_flush(struct rio_sim_mport *sm)
{
	flush_work(&sm->pw_work);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_pw_flush);

/**
 * rio_sim_mport_dbell_flush() - hand every queued doorbell to the handlers
 * @sm: the mport that received them
 *
 * Returns once the handlers (rio_request_inb_dbell()) of the doorbells
 * queued so far have run.
 */
void rio_sim_mport_dbell_flush(struct rio_sim_mport *sm)
{
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_dbell_flush);

/**
 * rio_sim_mport_set_link() - take the mport's own link down or up
 * @sm: the mport
 * @up: the new state
 *
 * As rio_sim_port_set_link() on port 0 of the mport's own device: both
 * ends of the link change.
 *
 * Return: as rio_sim_port_set_link().
 */
int rio_sim_mport_set_link(struct rio_sim_mport *sm, bool up)
{
	return rio_sim_port_set_link(sm->ini.local, 0, up);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_set_link);

/* No more port-writes: stop taking them, drop those not handed over */
static void sim_pw_stop(struct rio_sim_mport *sm)
{
	struct sim_pw_entry *e, *tmp;

	spin_lock_irq(&sm->fab->lock);
	if (sm->fab->pw_ctx == sm) {
		sm->fab->pw_deliver = NULL;
		sm->fab->pw_ctx = NULL;
	}
	spin_unlock_irq(&sm->fab->lock);
	cancel_work_sync(&sm->pw_work);
	list_for_each_entry_safe(e, tmp, &sm->pw_queue, node) {
		list_del(&e->node);
		kfree(e);
	}
	sm->pw_queued = 0;
}

static void rio_sim_mport_release(struct device *dev)
{
	struct rio_sim_mport *sm = container_of(to_rio_mport(dev),
						struct rio_sim_mport, mport);
	unsigned long flags;

	pr_debug("rio-sim: %s released\n", sm->mport.name);
	rio_sim_fabric_free(sm->fab);
	kfree(sm);
	spin_lock_irqsave(&rio_sim_mports_released.lock, flags);
	if (!--rio_sim_mports_unreleased)
		wake_up_locked(&rio_sim_mports_released);
	spin_unlock_irqrestore(&rio_sim_mports_released.lock, flags);
}

/**
 * rio_sim_host_destid_max() - the highest host destination ID of a fabric
 * @fab: the fabric
 *
 * The enumerator reserves the host's ID in a table of 256 (8-bit IDs) or
 * 65536 (16-bit IDs) entries, and the highest ID of each width is the
 * "any" ID, which no host can have.
 *
 * Return: 0xfe, or 0xfffe for a fabric with 16-bit IDs.
 */
int rio_sim_host_destid_max(const struct rio_sim_fabric *fab)
{
	return RIO_ANY_DESTID(fab->large) - 1;
}

/*
 * Register an mport whose own configuration space is @local's, a device
 * of @fab.  The mport takes over a reference to @fab, also on failure.
 */
static struct rio_sim_mport *sim_mport_new(struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid)
{
	struct rio_sim_mport *sm;
	struct rio_mport *mport;
	u32 gen_ctl;
	int ret;

	if (host_destid != RIO_SIM_HDID_CORE && host_destid != -1 &&
	    (host_destid < 0 || host_destid > rio_sim_host_destid_max(fab))) {
		pr_err("rio-sim: host destination ID %d does not fit the fabric's %s IDs (0 to %d, or -1 to discover)\n",
		       host_destid, fab->large ? "16-bit" : "8-bit",
		       rio_sim_host_destid_max(fab));
		rio_sim_fabric_free(fab);
		return ERR_PTR(-EINVAL);
	}

	sm = kzalloc(sizeof(*sm), GFP_KERNEL);
	if (!sm) {
		rio_sim_fabric_free(fab);
		return ERR_PTR(-ENOMEM);
	}
	sm->fab = fab;
	sm->ini.fab = fab;
	sm->ini.local = local;
	spin_lock_init(&sm->pw_lock);
	INIT_LIST_HEAD(&sm->pw_queue);
	INIT_WORK(&sm->pw_work, sim_pw_work);
	mport = &sm->mport;

	ret = rio_mport_initialize(mport);
	if (ret) {
		rio_sim_fabric_free(fab);
		kfree(sm);
		return ERR_PTR(ret);
	}
	mport->ops = &rio_sim_ops;
	mport->index = 0;
	mport->sys_size = fab->large;
	mport->phys_efptr = local->phys_ef;
	mport->phys_rmap = local->map;
	if (host_destid != RIO_SIM_HDID_CORE)
		mport->host_deviceid = host_destid;
	mport->dev.release = rio_sim_mport_release;
	spin_lock_irq(&rio_sim_mports_released.lock);
	rio_sim_mports_unreleased++;
	spin_unlock_irq(&rio_sim_mports_released.lock);
	INIT_LIST_HEAD(&mport->dbells);
	rio_init_dbell_res(&mport->riores[RIO_DOORBELL_RESOURCE], 0, 0xffff);
	snprintf(mport->name, RIO_MAX_MPORT_NAME, "rio-sim%d", mport->id);

	/* A host comes out of reset as host, master and discovered */
	gen_ctl = mport->host_deviceid >= 0 ? RIO_PORT_GEN_HOST | RIO_PORT_GEN_MASTER |
					      RIO_PORT_GEN_DISCOVERED : 0;
	rio_sim_access(&sm->ini, true, 0, 0, local->phys_ef + RIO_PORT_GEN_CTL_CSR,
		       true, &gen_ctl);

	ret = rio_register_mport(mport);
	if (ret)	/* the release callback has freed sm and the fabric */
		return ERR_PTR(ret);

	mutex_lock(&rio_sim_mports_lock);
	list_add_tail(&sm->node, &rio_sim_mports);
	mutex_unlock(&rio_sim_mports_lock);
	rio_sim_debugfs_add(sm);

	/*
	 * Port-writes from now on, to the core's inbound handler: those of
	 * the fabric's host only, the mport that enumerates.  An mport
	 * attached to the fabric (another host, which discovers) takes none,
	 * as a switch sends its port-writes to one host.
	 */
	if (local == fab->host) {
		spin_lock_irq(&fab->lock);
		fab->pw_ctx = sm;
		fab->pw_deliver = sim_pw_deliver;
		spin_unlock_irq(&fab->lock);
	}
	return sm;
}

/**
 * rio_sim_mport_create() - register a master port for a simulated fabric
 * @fab: the fabric, whose first device is the port's own; the mport owns
 *	it from now on, also on failure
 * @host_destid: destination ID of this host if it enumerates the fabric
 *	(0 to rio_sim_host_destid_max()), -1 for a node that only
 *	discovers, or RIO_SIM_HDID_CORE for what the core's rapidio.hdid=
 *	parameter says
 *
 * Return: the mport, or an ERR_PTR (-EINVAL for a host ID that does not
 * fit the fabric's IDs, -ENODEV when the core has no mport ID left,
 * -ENOMEM, or the error of device registration).
 */
struct rio_sim_mport *rio_sim_mport_create(struct rio_sim_fabric *fab,
					   int host_destid)
{
	return sim_mport_new(fab, fab->host, host_destid);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_create);

/**
 * rio_sim_mport_attach() - register another host's mport on a fabric
 * @fab: a fabric another mport owns; this one takes a reference too
 * @local: the device behind the new mport's own configuration space: an
 *	endpoint of @fab, linked by its port 0, that no mport uses yet
 * @host_destid: as for rio_sim_mport_create(); -1 for a host that
 *	discovers what the other one enumerates
 *
 * The two mports share the fabric's registers, locks and faults; each
 * counts its own accesses (&struct rio_sim_initiator).  The fabric goes
 * when the last of them is released.
 *
 * Return: the mport, or an ERR_PTR: -EINVAL for a @local that is a
 * switch or the fabric's host, or as rio_sim_mport_create().
 */
struct rio_sim_mport *rio_sim_mport_attach(struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid)
{
	if (local->fabric != fab || local->is_switch || local == fab->host)
		return ERR_PTR(-EINVAL);
	return sim_mport_new(rio_sim_fabric_get(fab), local, host_destid);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_attach);

/**
 * rio_sim_mport_destroy() - unregister a simulated mport and free its fabric
 * @sm: the mport; the devices the core found on it go away with it
 */
void rio_sim_mport_destroy(struct rio_sim_mport *sm)
{
	mutex_lock(&rio_sim_mports_lock);
	list_del(&sm->node);
	mutex_unlock(&rio_sim_mports_lock);
	sim_pw_stop(sm);
	rio_sim_debugfs_remove(sm);
	rio_unregister_mport(&sm->mport);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_destroy);

/**
 * rio_sim_mport_destroy_all() - destroy every simulated mport, wait for
 *	their release
 *
 * For module exit: returns once the release callback of every mport
 * this module registered has run, so that none runs in freed module
 * text.  The wait lasts as long as someone holds a reference to an
 * mport's device.
 */
void rio_sim_mport_destroy_all(void)
{
	struct rio_sim_mport *sm;

	for (;;) {
		mutex_lock(&rio_sim_mports_lock);
		sm = list_first_entry_or_null(&rio_sim_mports,
					      struct rio_sim_mport, node);
		mutex_unlock(&rio_sim_mports_lock);
		if (!sm)
			break;
		rio_sim_mport_destroy(sm);
	}
	wait_event(rio_sim_mports_released, rio_sim_mports_all_released());
}

/**
 * rio_sim_rdev() - the rio_dev the core made for a simulated device
 * @sm: the mport, scanned
 * @dev: a device of its fabric
 *
 * Matched by component tag, which the enumerator wrote to the device.
 *
 * Return: the rio_dev, or NULL if the core has none for @dev.
 */
struct rio_dev *rio_sim_rdev(struct rio_sim_mport *sm, struct rio_sim_dev *dev)
{
	struct rio_dev *rdev;

	if (!sm->mport.net || !dev)
		return NULL;
	list_for_each_entry(rdev, &sm->mport.net->devices, net_list)
		if (rdev->comp_tag == dev->comptag)
			return rdev;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_rdev);

/**
 * rio_sim_mport_scan() - enumerate (or discover) a simulated fabric
 * @sm: the mport
 *
 * Runs the core's rio_mport_scan(), as writing the mport's ID to
 * /sys/bus/rapidio/scan does: the enumeration method attached to the
 * mport (rio-scan), then the scan notifier.
 *
 * Return: the enumerator's result, or -ENODEV / -EINVAL if no enumerator
 * is attached to the mport.
 */
int rio_sim_mport_scan(struct rio_sim_mport *sm)
{
	return rio_mport_scan(sm->mport.id);
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_scan);
