// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim master port: a rio_mport whose maintenance operations are
 * carried by a simulated fabric.  Registered like any mport driver's, so
 * the core's enumerator (or discovery) walks the fabric.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/irq_work.h>
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
 * Attaching an mport to a device: held from the check that no mport has
 * the device until the new one is on the fabric's list of initiators,
 * where the check looks (its registration sleeps, so the fabric's lock
 * cannot be held that long)
 */
static DEFINE_MUTEX(rio_sim_attach_lock);
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

/* The destination ID of an mport's own device, as the enumerator set it */
static u16 sim_own_destid(const struct rio_sim_initiator *ini)
{
	u32 did = ini->local->did_csr;

	return ini->fab->large ? did & 0xffff : (did >> 16) & 0xff;
}

/*
 * Queue a doorbell for @sm's handlers.  Fabric lock held.  Return: 0,
 * or -EBUSY when the queue is full (the sender would be told to retry).
 */
static int sim_dbell_queue(struct rio_sim_mport *sm, const struct rio_sim_dbell *db)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&sm->dbell_lock, flags);
	if (sm->dbell_queued >= RIO_SIM_DBELL_FIFO) {
		sm->dbell_lost++;
		ret = -EBUSY;
	} else {
		sm->dbell_ring[(sm->dbell_head + sm->dbell_queued++) %
			       RIO_SIM_DBELL_FIFO] = *db;
		irq_work_queue(&sm->dbell_irq);
	}
	spin_unlock_irqrestore(&sm->dbell_lock, flags);
	return ret;
}

/*
 * A doorbell crosses the fabric as any request with a destination ID:
 * out of the mport's port, through switches by their route tables, to
 * the endpoint with that ID.  There, an mport's own device hands it to
 * that mport's handlers; any other endpoint accepts it and it is
 * counted.  Return: 0; -EIO when it reaches no endpoint of that ID (no
 * route, a link down, a device failing every access); -EBUSY when the
 * receiving mport's queue is full.
 */
static int sim_dsend(struct rio_mport *mport, int index, u16 destid, u16 data)
{
	struct rio_sim_mport *sm = container_of(mport, struct rio_sim_mport, mport);
	struct rio_sim_fabric *fab = sm->fab;
	struct rio_sim_initiator *ini;
	struct rio_sim_dbell db = { .dst = destid, .info = data };
	struct rio_sim_dev *dev;
	unsigned int ingress;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&fab->lock, flags);
	db.src = sim_own_destid(&sm->ini);
	dev = rio_sim_route_from(fab, sm->ini.local, destid, RIO_SIM_MAX_HOPS - 1,
				 &ingress);
	if (!dev || dev->is_switch || dev->fail_all) {
		ret = -EIO;
		goto out;
	}
	list_for_each_entry(ini, &fab->inis, node) {
		if (ini->local == dev) {
			ret = sim_dbell_queue(container_of(ini, struct rio_sim_mport, ini),
					      &db);
			goto out;
		}
	}
	fab->dbells++;
out:
	if (!ret)
		sm->dbell_sent++;
	spin_unlock_irqrestore(&fab->lock, flags);
	return ret;
}

/*
 * The mport's doorbell interrupt: hand the doorbells queued to the
 * handlers whose range holds them, in hard interrupt context, as
 * fsl_rio's doorbell interrupt handler does (tsi721 does it from a work
 * item): a handler that sleeps, or that takes a lock it shares with a
 * task without disabling interrupts, is told so here (might_sleep(),
 * lockdep) as it would be on that hardware.  Like both drivers, it walks
 * the mport's list of handlers without the mport's lock, a mutex, which
 * the core holds only while it adds or removes one.
 */
static void sim_dbell_irq(struct irq_work *work)
{
	struct rio_sim_mport *sm = container_of(work, struct rio_sim_mport, dbell_irq);
	struct rio_mport *mport = &sm->mport;
	struct rio_sim_dbell db;
	struct rio_dbell *dbell;
	bool found;

	for (;;) {
		spin_lock(&sm->dbell_lock);
		if (!sm->dbell_queued) {
			spin_unlock(&sm->dbell_lock);
			return;
		}
		db = sm->dbell_ring[sm->dbell_head];
		sm->dbell_head = (sm->dbell_head + 1) % RIO_SIM_DBELL_FIFO;
		sm->dbell_queued--;
		spin_unlock(&sm->dbell_lock);

		found = false;
		list_for_each_entry(dbell, &mport->dbells, node) {
			if (dbell->res->start <= db.info && db.info <= dbell->res->end) {
				dbell->dinb(mport, dbell->dev_id, db.src, db.dst, db.info);
				found = true;
				break;
			}
		}
		if (found)
			sm->dbell_received++;
		else
			sm->dbell_unhandled++;
	}
}

/*
 * What tsi721 reports (fsl_rio has no query_mport): the link's selected
 * baud rate (the code of the Port 0 Control 2 CSR, enum rio_link_speed
 * up to 6.25 Gbaud) and initialized width when the port is OK, else
 * RIO_LINK_DOWN; no DMA.  Read from the device without a maintenance
 * transaction, as a driver reads its own registers.
 */
static int sim_query_mport(struct rio_mport *mport, struct rio_mport_attr *attr)
{
	struct rio_sim_dev *local = sim_ini(mport)->local;
	u32 base = local->phys_ef, map = local->map;
	u32 sts = rio_sim_dev_peek(local, base + RIO_PORT_N_ERR_STS_CSR(0, map));

	memset(attr, 0, sizeof(*attr));
	if (sts & RIO_PORT_N_ERR_STS_PORT_OK) {
		attr->link_speed = FIELD_GET(RIO_PORT_N_CTL2_SEL_BAUD,
					     rio_sim_dev_peek(local, base +
							      RIO_PORT_N_CTL2_CSR(0, map)));
		attr->link_width = FIELD_GET(RIO_PORT_N_CTL_IPW,
					     rio_sim_dev_peek(local, base +
							      RIO_PORT_N_CTL_CSR(0, map)));
	} else {
		attr->link_speed = RIO_LINK_DOWN;
	}
	return 0;
}

/*
 * Port-write reception on or off, as the core asks when its first user
 * comes or its last goes (rio_pw_enable(): rio-scan after an
 * enumeration, rio_mport_cdev per range, rio-voq while it follows the
 * mport).  It starts on, so that a test without any of them still sees
 * the port-writes of its fabric; the last user's going turns it off.
 */
static int sim_pwenable(struct rio_mport *mport, int enable)
{
	struct rio_sim_mport *sm = container_of(mport, struct rio_sim_mport, mport);

	WRITE_ONCE(sm->pw_off, !enable);
	return 0;
}

static struct rio_ops rio_sim_ops = {
	.lcread = sim_lcread,
	.lcwrite = sim_lcwrite,
	.cread = sim_cread,
	.cwrite = sim_cwrite,
	.dsend = sim_dsend,
	.pwenable = sim_pwenable,
	.query_mport = sim_query_mport,
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
	struct sim_pw_entry *e;
	unsigned long flags;

	if (READ_ONCE(sm->pw_off)) {
		sm->fab->pw_lost++;
		return;
	}
	e = kmalloc(sizeof(*e), GFP_ATOMIC);
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

/*
 * A port of the mport's own device changed, with the fabric lock held.
 * No device can tell the mport of its own link by a port-write (the link
 * may be what is down), and an mport driver learns of it from its port's
 * interrupt; rio-sim's mport makes of it what the core and its clients
 * can take: a port-write about its own port, as a Part 8 device sends
 * one of each of its ports (component tag, Error Detect latch, port),
 * queued as those it receives, from its interrupt context.  The latch is
 * then cleared, as an interrupt handler acknowledges it, so that the
 * next event carries only what happened since.  Like the port-writes it
 * receives, those are lost while reception is off.
 */
static void sim_own_event(struct rio_sim_initiator *ini, unsigned int port)
{
	struct rio_sim_mport *sm = container_of(ini, struct rio_sim_mport, ini);
	struct rio_sim_port *p = &ini->local->port[port];
	union rio_pw_msg msg = { };

	sm->own_events++;
	msg.em.comptag = ini->local->comptag;
	msg.em.errdetect = p->em_err_det;
	msg.em.is_port = port;
	p->em_err_det = 0;
	sim_pw_deliver(sm, &msg);
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
	irq_work_sync(&sm->dbell_irq);
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
	/* Its own port's events and doorbells too */
	list_del_init(&sm->ini.node);
	spin_unlock_irq(&sm->fab->lock);
	cancel_work_sync(&sm->pw_work);
	/* The doorbells queued already go to the handlers, still there */
	irq_work_sync(&sm->dbell_irq);
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
	INIT_LIST_HEAD(&sm->ini.node);
	sm->ini.event = sim_own_event;
	spin_lock_init(&sm->pw_lock);
	INIT_LIST_HEAD(&sm->pw_queue);
	INIT_WORK(&sm->pw_work, sim_pw_work);
	spin_lock_init(&sm->dbell_lock);
	init_irq_work(&sm->dbell_irq, sim_dbell_irq);
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
	spin_lock_irq(&fab->lock);
	if (local == fab->host) {
		fab->pw_ctx = sm;
		fab->pw_deliver = sim_pw_deliver;
	}
	/* Its own port's events, and the doorbells sent to its device */
	list_add_tail(&sm->ini.node, &fab->inis);
	spin_unlock_irq(&fab->lock);
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
 * switch or the fabric's host, -EBUSY for one another mport has, or as
 * rio_sim_mport_create().
 */
struct rio_sim_mport *rio_sim_mport_attach(struct rio_sim_fabric *fab,
					   struct rio_sim_dev *local,
					   int host_destid)
{
	struct rio_sim_initiator *ini;
	struct rio_sim_mport *sm;
	bool busy = false;

	if (local->fabric != fab || local->is_switch || local == fab->host)
		return ERR_PTR(-EINVAL);
	mutex_lock(&rio_sim_attach_lock);
	spin_lock_irq(&fab->lock);
	list_for_each_entry(ini, &fab->inis, node)
		busy |= ini->local == local;
	spin_unlock_irq(&fab->lock);
	if (busy) {
		sm = ERR_PTR(-EBUSY);
		goto out;
	}
	sm = sim_mport_new(rio_sim_fabric_get(fab), local, host_destid);
	if (!IS_ERR(sm))
		sm->attached = true;
out:
	mutex_unlock(&rio_sim_attach_lock);
	return sm;
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
 * rio_sim_mport_attach_index() - attach another host's mport by device index
 * @sm: an mport of the fabric
 * @index: the index of the endpoint the new mport's own device is
 * @host_destid: as for rio_sim_mport_attach()
 *
 * For the attach file of the mport's debugfs directory.
 *
 * Return: 0, -EINVAL for no device of that index, or the error of
 * rio_sim_mport_attach().
 */
int rio_sim_mport_attach_index(struct rio_sim_mport *sm, unsigned int index,
			       int host_destid)
{
	struct rio_sim_dev *dev = rio_sim_dev_find(sm->fab, index);
	struct rio_sim_mport *new;

	if (!dev)
		return -EINVAL;
	new = rio_sim_mport_attach(sm->fab, dev, host_destid);
	if (IS_ERR(new))
		return PTR_ERR(new);
	pr_info("rio-sim: %s attached to the fabric of %s (device %u)\n",
		new->mport.name, sm->mport.name, index);
	return 0;
}

/**
 * rio_sim_mport_detach_name() - destroy another mport of the same fabric
 * @sm: the fabric's own mport (not one attached to it), which stays
 * @name: the name of the mport to destroy, one rio_sim_mport_attach()
 *	registered on @sm's fabric
 *
 * For the detach file of @sm's debugfs directory: the mport leaves the
 * list of mports before it goes, so that nothing else destroys it
 * meanwhile (module exit waits for @sm's files, and so for this).  Only
 * an attached mport goes, and only from an mport that was not attached:
 * the fabric's own mport belongs to configfs (or a test), and two
 * attached mports cannot detach each other, each waiting for the
 * other's files.
 *
 * Return: 0, or -EINVAL for no such mport, or when @sm is attached.
 */
int rio_sim_mport_detach_name(struct rio_sim_mport *sm, const char *name)
{
	struct rio_sim_mport *it, *found = NULL;

	if (sm->attached)
		return -EINVAL;
	mutex_lock(&rio_sim_mports_lock);
	list_for_each_entry(it, &rio_sim_mports, node) {
		if (it->attached && it->fab == sm->fab && !strcmp(it->mport.name, name)) {
			found = it;
			list_del(&it->node);
			break;
		}
	}
	mutex_unlock(&rio_sim_mports_lock);
	if (!found)
		return -EINVAL;
	sim_pw_stop(found);
	rio_sim_debugfs_remove(found);
	rio_unregister_mport(&found->mport);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_mport_detach_name);

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
