// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq's tracepoints (include/trace/events/rio_voq.h)
 * on rio-sim fabrics: probes record every event while a link is planned,
 * an admin's choice is taken or refused, a link goes down and comes
 * back, and a write that does not read back is rolled back; the checks
 * compare each event's fields with the registers rio-sim holds.  The
 * probes are a KUnit resource: a failed assertion leaves none behind.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/version.h>
#include <trace/events/rio_voq.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define VOQ_TR_MAX	512

enum voq_tr_type {
	VOQ_TR_PLAN,
	VOQ_TR_LAT_PLAN,
	VOQ_TR_WRITE,
	VOQ_TR_READBACK,
	VOQ_TR_ROLLBACK,
	VOQ_TR_PORT_EVENT,
	VOQ_TR_ADMIN,
};

/* One event as a probe saw it; the fields its type has */
struct voq_tr_ev {
	enum voq_tr_type type;
	char dev[2][RIO_VOQ_TRACE_NAME];
	char str[RIO_VOQ_TRACE_STEP];
	unsigned int port[2];
	u32 val[2];		/* CSRs; offset and value; value and read-back */
	u32 sts[2];		/* port event: before, after */
	int err;
	int at;
	bool flag[2];		/* gen0/gen1, mack/pna */
	bool write;		/* write, ok, replanned */
	bool lat;
	enum rio_voq_ev_src src;
};

struct voq_tr {
	spinlock_t lock;	/* the probes may run beside the test */
	unsigned int count;
	bool overflow;
	struct voq_tr_ev ev[VOQ_TR_MAX];
};

/* Keep @e, a copy of an event, unless the record is full */
static void voq_tr_add(struct voq_tr *tr, const struct voq_tr_ev *e)
{
	unsigned long flags;

	spin_lock_irqsave(&tr->lock, flags);
	if (tr->count < VOQ_TR_MAX)
		tr->ev[tr->count++] = *e;
	else
		tr->overflow = true;
	spin_unlock_irqrestore(&tr->lock, flags);
}

static void voq_tr_plan(void *data, const char *dev0, unsigned int port0,
			const char *dev1, unsigned int port1, const char *fmt,
			bool gen0, bool gen1, u32 csr0, u32 csr1, bool write)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_PLAN }, *e = &ev;

	strscpy(e->dev[0], dev0, sizeof(e->dev[0]));
	strscpy(e->dev[1], dev1, sizeof(e->dev[1]));
	strscpy(e->str, fmt, sizeof(e->str));
	e->port[0] = port0;
	e->port[1] = port1;
	e->flag[0] = gen0;
	e->flag[1] = gen1;
	e->val[0] = csr0;
	e->val[1] = csr1;
	e->write = write;
	voq_tr_add(data, e);
}

static void voq_tr_lat_plan(void *data, const char *dev0, unsigned int port0,
			    const char *dev1, unsigned int port1, bool mack,
			    bool pna, u32 csr0, u32 csr1, bool write)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_LAT_PLAN }, *e = &ev;

	strscpy(e->dev[0], dev0, sizeof(e->dev[0]));
	strscpy(e->dev[1], dev1, sizeof(e->dev[1]));
	e->port[0] = port0;
	e->port[1] = port1;
	e->flag[0] = mack;
	e->flag[1] = pna;
	e->val[0] = csr0;
	e->val[1] = csr1;
	e->write = write;
	voq_tr_add(data, e);
}

static void voq_tr_write(void *data, const char *dev, unsigned int port,
			 u32 offset, u32 val, int err)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_WRITE }, *e = &ev;

	strscpy(e->dev[0], dev, sizeof(e->dev[0]));
	e->port[0] = port;
	e->val[0] = offset;
	e->val[1] = val;
	e->err = err;
	voq_tr_add(data, e);
}

static void voq_tr_readback(void *data, const char *dev, unsigned int port,
			    u32 offset, u32 written, u32 read, int err)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_READBACK }, *e = &ev;

	strscpy(e->dev[0], dev, sizeof(e->dev[0]));
	e->port[0] = port;
	e->at = offset;
	e->val[0] = written;
	e->val[1] = read;
	e->err = err;
	voq_tr_add(data, e);
}

static void voq_tr_rollback(void *data, const char *dev0, unsigned int port0,
			    const char *dev1, unsigned int port1, bool lat, int at,
			    const char *step, int err, u32 csr0, u32 csr1, bool ok)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_ROLLBACK }, *e = &ev;

	strscpy(e->dev[0], dev0, sizeof(e->dev[0]));
	strscpy(e->dev[1], dev1, sizeof(e->dev[1]));
	strscpy(e->str, step, sizeof(e->str));
	e->port[0] = port0;
	e->port[1] = port1;
	e->lat = lat;
	e->at = at;
	e->err = err;
	e->val[0] = csr0;
	e->val[1] = csr1;
	e->write = ok;
	voq_tr_add(data, e);
}

static void voq_tr_port_event(void *data, enum rio_voq_ev_src src,
			      const char *dev, unsigned int port, u32 old_sts,
			      u32 sts, bool replanned)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_PORT_EVENT }, *e = &ev;

	strscpy(e->dev[0], dev, sizeof(e->dev[0]));
	e->src = src;
	e->port[0] = port;
	e->sts[0] = old_sts;
	e->sts[1] = sts;
	e->write = replanned;
	voq_tr_add(data, e);
}

static void voq_tr_admin(void *data, const char *dev, unsigned int port,
			 const char *knob, unsigned int val, int err)
{
	struct voq_tr_ev ev = { .type = VOQ_TR_ADMIN }, *e = &ev;

	strscpy(e->dev[0], dev, sizeof(e->dev[0]));
	strscpy(e->str, knob, sizeof(e->str));
	e->port[0] = port;
	e->val[0] = val;
	e->err = err;
	voq_tr_add(data, e);
}

/* Unregister each probe registered so far (@n of them, in order) */
static void voq_tr_unregister(struct voq_tr *tr, unsigned int n)
{
	switch (n) {
	case 7:
		unregister_trace_rio_voq_admin(voq_tr_admin, tr);
		fallthrough;
	case 6:
		unregister_trace_rio_voq_port_event(voq_tr_port_event, tr);
		fallthrough;
	case 5:
		unregister_trace_rio_voq_rollback(voq_tr_rollback, tr);
		fallthrough;
	case 4:
		unregister_trace_rio_voq_csr_readback(voq_tr_readback, tr);
		fallthrough;
	case 3:
		unregister_trace_rio_voq_csr_write(voq_tr_write, tr);
		fallthrough;
	case 2:
		unregister_trace_rio_voq_lat_plan(voq_tr_lat_plan, tr);
		fallthrough;
	case 1:
		unregister_trace_rio_voq_link_plan(voq_tr_plan, tr);
	}
	/* No probe runs on @tr once this returns */
	tracepoint_synchronize_unregister();
}

static int voq_tr_init(struct kunit_resource *res, void *context)
{
	struct voq_tr *tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	unsigned int n = 0;
	int ret;

	if (!tr)
		return -ENOMEM;
	spin_lock_init(&tr->lock);
	ret = register_trace_rio_voq_link_plan(voq_tr_plan, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_lat_plan(voq_tr_lat_plan, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_csr_write(voq_tr_write, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_csr_readback(voq_tr_readback, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_rollback(voq_tr_rollback, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_port_event(voq_tr_port_event, tr);
	if (!ret && ++n)
		ret = register_trace_rio_voq_admin(voq_tr_admin, tr);
	if (ret) {
		voq_tr_unregister(tr, n);
		kfree(tr);
		return ret;
	}
	res->data = tr;
	return 0;
}

static void voq_tr_free(struct kunit_resource *res)
{
	struct voq_tr *tr = res->data;

	voq_tr_unregister(tr, 7);
	kfree(tr);
}

/* Probes on every rio-voq tracepoint until the test ends */
static struct voq_tr *voq_tr_start(struct kunit *test)
{
	struct voq_tr *tr = kunit_alloc_resource(test, voq_tr_init, voq_tr_free,
						 GFP_KERNEL, NULL);

	KUNIT_ASSERT_NOT_NULL_MSG(test, tr, "probes not registered (tracepoints built?)");
	return tr;
}

/* Forget the events seen so far */
static void voq_tr_clear(struct voq_tr *tr)
{
	unsigned long flags;

	spin_lock_irqsave(&tr->lock, flags);
	tr->count = 0;
	tr->overflow = false;
	spin_unlock_irqrestore(&tr->lock, flags);
}

/* Events of @type seen so far (the test triggers them; none run now) */
static unsigned int voq_tr_count(struct voq_tr *tr, enum voq_tr_type type)
{
	unsigned int i, n = 0;

	for (i = 0; i < tr->count; i++)
		n += tr->ev[i].type == type;
	return n;
}

/* The last event of @type naming @dev (at either end for a link), or NULL */
static struct voq_tr_ev *voq_tr_last(struct voq_tr *tr, enum voq_tr_type type,
				     const char *dev, unsigned int port)
{
	unsigned int i;

	for (i = tr->count; i-- > 0;) {
		struct voq_tr_ev *e = &tr->ev[i];

		if (e->type != type)
			continue;
		if ((!strcmp(e->dev[0], dev) && e->port[0] == port) ||
		    (!strcmp(e->dev[1], dev) && e->port[1] == port))
			return e;
	}
	return NULL;
}

/* The name rio-voq gives a simulated device: its sysfs directory's */
static const char *voq_tr_name(struct kunit *test, struct rio_sim_mport *sm,
			       struct rio_sim_dev *dev)
{
	struct rio_dev *rdev;

	if (dev == sm->ini.local)
		return dev_name(&sm->mport.dev);
	rdev = rio_sim_rdev(sm, dev);
	KUNIT_ASSERT_NOT_NULL(test, rdev);
	return dev_name(&rdev->dev);
}

/* A device's Port n VoQ CSR, as rio-sim holds it */
static u32 voq_tr_csr(const struct rio_sim_dev *dev, unsigned int port)
{
	return dev->port[port].voq_caps | dev->port[port].voq_ctl;
}

/* host == endpoint ("single"), with probes on before the scan */
static struct rio_sim_mport *voq_tr_single(struct kunit *test, struct voq_tr **tr)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "single");
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	*tr = voq_tr_start(test);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	return sm;
}

/*
 * The scan plans the link: one event names both ends, each with the CSR
 * it was to have, which is what the devices hold once written; each
 * write is followed by its read-back, which reads what was written
 */
static void voq_trace_link_plan(struct kunit *test)
{
	struct rio_sim_dev *ep;
	struct rio_sim_mport *sm;
	const char *hname, *ename;
	struct voq_tr_ev *e;
	unsigned int i, he, writes = 0;
	struct voq_tr *tr;

	sm = voq_tr_single(test, &tr);
	ep = rio_sim_dev_find(sm->fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ep);
	hname = voq_tr_name(test, sm, sm->fab->host);
	ename = voq_tr_name(test, sm, ep);
	KUNIT_ASSERT_FALSE(test, tr->overflow);

	e = voq_tr_last(tr, VOQ_TR_PLAN, hname, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	he = strcmp(e->dev[0], hname) ? 1 : 0;		/* the host's end */
	KUNIT_EXPECT_STREQ(test, e->dev[!he], ename);
	KUNIT_EXPECT_EQ(test, e->port[!he], 0U);
	KUNIT_EXPECT_TRUE(test, e->write);
	KUNIT_EXPECT_TRUE(test, e->flag[0]);
	KUNIT_EXPECT_TRUE(test, e->flag[1]);
	KUNIT_EXPECT_TRUE(test, e->val[he] & RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_EQ(test, e->val[he], voq_tr_csr(sm->fab->host, 0));
	KUNIT_EXPECT_EQ(test, e->val[!he], voq_tr_csr(ep, 0));
	KUNIT_EXPECT_TRUE(test, !strcmp(e->str, "cs48") || !strcmp(e->str, "cs64"));

	for (i = 0; i < tr->count; i++) {
		struct voq_tr_ev *w = &tr->ev[i], *r = w + 1;

		if (w->type != VOQ_TR_WRITE || strcmp(w->dev[0], ename))
			continue;
		writes++;
		KUNIT_EXPECT_EQ(test, w->err, 0);
		KUNIT_ASSERT_LT(test, i + 1, tr->count);
		KUNIT_EXPECT_EQ(test, r->type, VOQ_TR_READBACK);
		KUNIT_EXPECT_STREQ(test, r->dev[0], ename);
		KUNIT_EXPECT_EQ(test, r->at, (int)w->val[0]);
		KUNIT_EXPECT_EQ(test, r->val[0], w->val[1]);
		KUNIT_EXPECT_EQ(test, r->err, 0);
		KUNIT_EXPECT_EQ(test, (r->val[1] ^ w->val[1]) &
				rio_voq_csr_writable(RIO_VOQ_LAYOUT_REV3), 0U);
	}
	KUNIT_EXPECT_GT(test, writes, 0U);
	/* The last write to the endpoint's CSR is what it holds */
	e = voq_tr_last(tr, VOQ_TR_READBACK, ename, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, e->val[1], voq_tr_csr(ep, 0));
	rio_sim_kunit_release(test, sm);
}

/*
 * An admin's choice taken: one event, errno 0, after the link was
 * planned with it; refused: its errno, and nothing written
 */
static void voq_trace_admin(struct kunit *test)
{
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	const char *hname;
	struct voq_tr_ev *e;
	struct voq_tr *tr;

	sm = voq_tr_single(test, &tr);
	n = voq_test_node(sm, sm->fab->host);
	KUNIT_ASSERT_NOT_NULL(test, n);
	hname = voq_tr_name(test, sm, sm->fab->host);

	voq_tr_clear(tr);
	KUNIT_ASSERT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_TX_PGS, 3), 0);
	KUNIT_ASSERT_FALSE(test, tr->overflow);
	KUNIT_ASSERT_GT(test, tr->count, 0U);
	e = &tr->ev[tr->count - 1];		/* the last: the operation's end */
	KUNIT_EXPECT_EQ(test, e->type, VOQ_TR_ADMIN);
	KUNIT_EXPECT_STREQ(test, e->dev[0], hname);
	KUNIT_EXPECT_EQ(test, e->port[0], 0U);
	KUNIT_EXPECT_STREQ(test, e->str, "tx_group_size");
	KUNIT_EXPECT_EQ(test, e->val[0], 3U);
	KUNIT_EXPECT_EQ(test, e->err, 0);
	e = voq_tr_last(tr, VOQ_TR_PLAN, hname, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, FIELD_GET(RIO_VOQ_CSR_TX_PGS,
					e->val[strcmp(e->dev[0], hname) ? 1 : 0]), 3U);
	KUNIT_EXPECT_GT(test, voq_tr_count(tr, VOQ_TR_WRITE), 0U);

	/* A reserved size: refused before any access */
	voq_tr_clear(tr);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_TX_PGS, 7), -EINVAL);
	KUNIT_ASSERT_EQ(test, tr->count, 1U);
	e = &tr->ev[0];
	KUNIT_EXPECT_EQ(test, e->type, VOQ_TR_ADMIN);
	KUNIT_EXPECT_STREQ(test, e->str, "tx_group_size");
	KUNIT_EXPECT_EQ(test, e->val[0], 7U);
	KUNIT_EXPECT_EQ(test, e->err, -EINVAL);

	/* A latency-optimization feature that does not exist: its errno */
	voq_tr_clear(tr);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(n, 0, RIO_LAT_NR_FEATS, RIO_LAT_CHOICE_ON),
			-EINVAL);
	e = voq_tr_last(tr, VOQ_TR_ADMIN, hname, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, e->err, -EINVAL);
	KUNIT_EXPECT_EQ(test, voq_tr_count(tr, VOQ_TR_WRITE), 0U);
	rio_sim_kunit_release(test, sm);
}

/* star:4: host (0), a 5-port switch (1), endpoints 2..5 on its ports 1..4 */
#define SW	1
#define EP1	2

/*
 * A link flap told by the switch's port-writes: an event for each
 * change, with the port's state before and after, and the link planned
 * again (generation off, then on at both ends)
 */
static void voq_trace_port_event(struct kunit *test)
{
	struct rio_sim_mport *sm = voq_test_scanned(test, "star:4");
	struct rio_sim_dev *sw = rio_sim_dev_find(sm->fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(sm->fab, EP1);
	struct voq_tr *tr = voq_tr_start(test);
	const char *swname;
	struct voq_tr_ev *e;

	KUNIT_ASSERT_NOT_NULL(test, sw);
	KUNIT_ASSERT_NOT_NULL(test, ep);
	swname = voq_tr_name(test, sm, sw);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	e = voq_tr_last(tr, VOQ_TR_PORT_EVENT, swname, 1);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, e->src, RIO_VOQ_EV_PW);
	KUNIT_EXPECT_TRUE(test, e->sts[0] & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_FALSE(test, e->sts[1] & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_TRUE(test, e->write);
	e = voq_tr_last(tr, VOQ_TR_PLAN, swname, 1);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_FALSE(test, e->flag[0]);
	KUNIT_EXPECT_FALSE(test, e->flag[1]);

	voq_tr_clear(tr);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	rio_sim_mport_pw_flush(sm);
	e = voq_tr_last(tr, VOQ_TR_PORT_EVENT, swname, 1);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, e->src, RIO_VOQ_EV_PW);
	KUNIT_EXPECT_FALSE(test, e->sts[0] & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_TRUE(test, e->sts[1] & RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_TRUE(test, e->write);
	e = voq_tr_last(tr, VOQ_TR_PLAN, swname, 1);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_TRUE(test, e->write);
	KUNIT_EXPECT_TRUE(test, e->flag[0]);
	KUNIT_EXPECT_TRUE(test, e->flag[1]);
	KUNIT_EXPECT_EQ(test, e->val[strcmp(e->dev[0], swname) ? 1 : 0], voq_tr_csr(sw, 1));
	rio_sim_kunit_release(test, sm);
}

/*
 * A write whose read-back differs (rio-sim inverts a TX group size bit
 * in reads of the host's CSR) fails an admin's choice: the read-back
 * shows it, the link is rolled back, generation off at both ends, and
 * the choice is refused with the error
 */
static void voq_trace_rollback(struct kunit *test)
{
	u32 bad = FIELD_PREP(RIO_VOQ_CSR_TX_PGS, 1);
	struct rio_sim_dev *host, *ep;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	const char *hname;
	struct voq_tr_ev *e;
	struct voq_tr *tr;
	unsigned int he;

	sm = voq_tr_single(test, &tr);
	host = sm->fab->host;
	ep = rio_sim_dev_find(sm->fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ep);
	n = voq_test_node(sm, host);
	KUNIT_ASSERT_NOT_NULL(test, n);
	hname = voq_tr_name(test, sm, host);

	voq_tr_clear(tr);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(host, 0, RIO_SIM_WFAULT_READBACK, bad, 1), 0);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(n, 0, RIO_VOQ_KNOB_TX_PGS, 2), -EIO);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(host, 0, RIO_SIM_WFAULT_NONE, 0, 0), 0);
	KUNIT_ASSERT_FALSE(test, tr->overflow);

	/* The first read-back that failed: the bit inverted */
	for (e = tr->ev; e < tr->ev + tr->count; e++)
		if (e->type == VOQ_TR_READBACK && e->err)
			break;
	KUNIT_ASSERT_LT(test, (unsigned int)(e - tr->ev), tr->count);
	KUNIT_EXPECT_STREQ(test, e->dev[0], hname);
	KUNIT_EXPECT_EQ(test, e->err, -EIO);
	KUNIT_EXPECT_EQ(test, e->val[0] ^ e->val[1], bad);

	e = voq_tr_last(tr, VOQ_TR_ROLLBACK, hname, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	he = strcmp(e->dev[0], hname) ? 1 : 0;
	KUNIT_EXPECT_FALSE(test, e->lat);
	KUNIT_EXPECT_EQ(test, e->err, -EIO);
	KUNIT_EXPECT_TRUE(test, e->write);		/* generation off at both */
	KUNIT_EXPECT_FALSE(test, e->val[he] & RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_FALSE(test, e->val[!he] & RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_EQ(test, e->val[!he], voq_tr_csr(ep, 0));
	KUNIT_EXPECT_GT(test, (int)strlen(e->str), 0);

	e = &tr->ev[tr->count - 1];
	KUNIT_EXPECT_EQ(test, e->type, VOQ_TR_ADMIN);
	KUNIT_EXPECT_EQ(test, e->err, -EIO);
	KUNIT_EXPECT_EQ(test, e->val[0], 2U);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_trace_test_cases[] = {
	KUNIT_CASE(voq_trace_link_plan),
	KUNIT_CASE(voq_trace_admin),
	KUNIT_CASE(voq_trace_port_event),
	KUNIT_CASE(voq_trace_rollback),
	{}
};

/* Each test starts with no remembered choice */
static void voq_trace_test_exit(struct kunit *test)
{
	rio_voq_choices_free();
}

static struct kunit_suite voq_trace_test_suite = {
	.name = "rio_voq_trace",
	.exit = voq_trace_test_exit,
	.test_cases = voq_trace_test_cases,
};

kunit_test_suite(voq_trace_test_suite);
