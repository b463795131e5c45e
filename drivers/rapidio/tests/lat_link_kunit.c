// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of latency optimization on rio-sim fabrics: discovery of
 * the registers, the writes of both ends of a link (order, read-back,
 * rollback, every access failed in turn), the admin's choices behind the
 * sysfs files, and the lifecycle (a link that bounces, a board swapped).
 * Every check reads the simulated hardware, whose register model is
 * rio-sim's own (sim_fabric.c), not rio-voq's.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "log.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#define LAT_ALL		RIO_LAT_CSR_CAPS
#define LAT_MACK	RIO_LAT_CSR_MACK_SUP
#define LAT_ON		(RIO_LAT_CSR_MACK_EN | RIO_LAT_CSR_PNA_EN)

/*
 * host == sw-a (8 ports, map II) port 1 == @baud == port 0 of sw-b (8
 * ports, map II); the host's port is map I, so the first link has the
 * register at one end only
 */
struct lat_fab {
	struct rio_sim_mport *sm;
	struct rio_sim_dev *host, *a, *b;
	struct rio_voq_node *na, *nb, *nh;
	struct rio_voq_link *l;		/* sw-a.1 == sw-b.0 */
	char *buf;
};

/* A map II switch with a rev 3 VoQ block that can do everything */
static struct rio_sim_dev_desc lat_sw_desc(const char *name, unsigned int nports,
					   u32 lat_caps)
{
	return (struct rio_sim_dev_desc) {
		.name = name, .is_switch = true, .nports = nports,
		.vid = RIO_SIM_VID, .did = RIO_SIM_DID_SWITCH,
		.map = RIO_SIM_MAP_II, .em = true,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL, .lat_caps = lat_caps,
	};
}

static struct rio_sim_dev *lat_sw(struct kunit *test, struct rio_sim_fabric *fab,
				  const char *name, unsigned int nports, u32 lat_caps)
{
	struct rio_sim_dev_desc d = lat_sw_desc(name, nports, lat_caps);
	struct rio_sim_dev *dev = rio_sim_dev_add(fab, &d);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	return dev;
}

static void lat_setup(struct kunit *test, struct lat_fab *f, u32 caps_a,
		      u32 caps_b, u8 baud, bool auto_config)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));

	KUNIT_ASSERT_NOT_NULL(test, fab);
	f->host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			       RIO_SIM_VOQ_CAPS_ALL);
	f->a = lat_sw(test, fab, "sw-a", 8, caps_a);
	f->b = lat_sw(test, fab, "sw-b", 8, caps_b);
	KUNIT_ASSERT_EQ(test, rio_sim_link(f->host, 0, f->a, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(f->a, 1, f->b, 0, baud), 0);
	f->sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->sm);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&f->sm->mport, auto_config), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(f->sm), 0);
	f->na = voq_test_node(f->sm, f->a);
	f->nb = voq_test_node(f->sm, f->b);
	f->nh = voq_test_node(f->sm, f->host);
	KUNIT_ASSERT_NOT_NULL(test, f->na);
	KUNIT_ASSERT_NOT_NULL(test, f->nb);
	KUNIT_ASSERT_NOT_NULL(test, f->nh);
	f->l = f->na->port[1].link;
	KUNIT_ASSERT_NOT_NULL(test, f->l);
	f->buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->buf);
}

/* The register as the simulated device holds it: no access, no count */
static u32 lat_hw(struct rio_sim_dev *dev, unsigned int port)
{
	return rio_sim_dev_peek(dev, dev->phys_ef + RIO_LAT_CSR(port));
}

static const char *lat_file(struct kunit *test, struct lat_fab *f,
			    struct rio_voq_node *n, unsigned int port,
			    const char *name)
{
	ssize_t ret = voq_test_sysfs_read(n, port, name, f->buf);

	if (ret < 0)
		snprintf(f->buf, PAGE_SIZE, "error %zd\n", ret);
	return f->buf;
}

/*
 * A feature's two files as one line: "<state> <reason>\n" (a missing
 * file reads "error -2")
 */
static const char *lat_two(struct kunit *test, struct lat_fab *f,
			   struct rio_voq_node *n, unsigned int port,
			   const char *name)
{
	char reason[32], state[32], why[64];

	snprintf(reason, sizeof(reason), "%s_reason", name);
	strscpy(state, lat_file(test, f, n, port, name), sizeof(state));
	strreplace(state, '\n', '\0');
	strscpy(why, lat_file(test, f, n, port, reason), sizeof(why));
	strreplace(why, '\n', '\0');
	snprintf(f->buf, PAGE_SIZE, "%s %s\n", state, why);
	return f->buf;
}

/* Both ends support both features: on at both, at scan time */
static void lat_negotiated(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, f.a->port[1].lat_violations, 0U);
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_violations, 0U);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.na, 1, "multiple_ack"), "on\n");
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nb, 0, "pna_recovery"), "on\n");
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.na, 1, "latency_capabilities"),
			   "0xe0000000\n");

	/* Toward the host, whose port has no register: off, nothing written */
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 0), LAT_ALL);
	KUNIT_EXPECT_EQ(test, f.a->port[0].lat_writes, 0ULL);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 0, "multiple_ack"),
			   "off no_partner_register\n");
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nh, 0, "multiple_ack"),
			   "error -2\n");
	/* A port without a link: left as it is */
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 5, "multiple_ack"), "none no_link\n");
	KUNIT_EXPECT_EQ(test, f.a->port[5].lat_writes, 0ULL);
	rio_sim_kunit_release(test, f.sm);
}

/* A partner with multiple acknowledges only: ackID-in-PNA off at both */
static void lat_partner_lacks(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_MACK, 2, true);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_MACK_EN);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_MACK | RIO_LAT_CSR_MACK_EN);
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_violations, 0U);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "pna_recovery"),
			   "off partner_unsupported\n");
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "pna_recovery"),
			   "off unsupported\n");
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nb, 0, "latency_capabilities"),
			   "0x80000000\n");

	/* Refusals write nothing */
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_PNA, RIO_LAT_CHOICE_ON),
			-EXDEV);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nb, 0, RIO_LAT_PNA, RIO_LAT_CHOICE_ON),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, f.a->port[1].lat_writes, 1ULL);
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_writes, 1ULL);
	rio_sim_kunit_release(test, f.sm);
}

/* CS64: bit 9 set at both ends, and an admin cannot turn it off */
static void lat_cs64(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 3, true);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_PNA, RIO_LAT_CHOICE_OFF),
			-EPERM);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	/* Multiple acknowledges may go */
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	rio_sim_kunit_release(test, f.sm);
}

/* A CS64 end without ackID-in-PNA breaks Part 6: off, told once */
static void lat_cs64_lacks(struct kunit *test)
{
	struct lat_fab f;

	voq_test_log_start(test);
	lat_setup(test, &f, LAT_ALL, LAT_MACK, 3, true);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_MACK_EN);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "pna_recovery"),
			   "off breaks_part6\n");
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "pna_recovery"),
			   "off breaks_part6\n");
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "breaks Part 6"), 1U);
	/* Planned again (an event): not told again */
	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(f.l), 0);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "breaks Part 6"), 1U);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * The far end (sw-b, reached through the link) is written first: when
 * its write does not stick, the near end was never written
 */
static void lat_far_end_first(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL);
	voq_test_log_start(test);
	f.b->port[0].lat_wfault_ignore = true;
	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(f.l), -EIO);
	KUNIT_EXPECT_EQ(test, f.a->port[1].lat_writes, 0ULL);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_FAILED);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "latency optimization failed"), 1U);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "both ends as they were"), 1U);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
			   "failed access_failed\n");
	rio_sim_kunit_release(test, f.sm);
}

/* The near end's write fails: the far end, written, is put back */
static void lat_rollback(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
	voq_test_log_start(test);
	f.a->port[1].lat_wfault_ignore = true;
	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(f.l), -EIO);
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_writes, 2ULL);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_FAILED);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "latency optimization failed"), 1U);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "both ends as they were"), 1U);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "pna_recovery"),
			   "failed access_failed\n");

	/* The fault gone, the link configures */
	f.a->port[1].lat_wfault_ignore = false;
	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(f.l), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nb, 0, "pna_recovery"), "on\n");
	rio_sim_kunit_release(test, f.sm);
}

static int lat_configure(struct rio_voq_link *l)
{
	int ret;

	mutex_lock(&rio_voq_lock);
	ret = rio_lat_link_configure(l, true, true, NULL);
	mutex_unlock(&rio_voq_lock);
	return ret;
}

static void lat_fail_nth(struct rio_sim_fabric *fab, unsigned int k)
{
	spin_lock_irq(&fab->lock);
	fab->fail_nth = k;
	fab->fail_seen = 0;
	fab->failed = 0;
	spin_unlock_irq(&fab->lock);
}

/*
 * Fault campaign: each access of a link's latency-optimization
 * configuration fails in turn; each time both ends are left as they
 * were, alike, with one log line, and a retry configures the link
 */
static void lat_fault_campaign(struct kunit *test)
{
	struct lat_fab f;
	unsigned int n, k;
	u64 before;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
	before = f.sm->fab->reads + f.sm->fab->writes;
	KUNIT_ASSERT_EQ(test, lat_configure(f.l), 0);
	n = f.sm->fab->reads + f.sm->fab->writes - before;
	/* Two reads, two writes, each read back */
	KUNIT_EXPECT_EQ(test, n, 6U);
	rio_sim_kunit_release(test, f.sm);

	voq_test_log_start(test);
	for (k = 1; k <= n; k++) {
		lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
		voq_test_log_clear();
		lat_fail_nth(f.sm->fab, k);
		KUNIT_EXPECT_NE_MSG(test, lat_configure(f.l), 0, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, f.sm->fab->failed, 1ULL, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, f.l->lat.state, RIO_LAT_FAILED, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), LAT_ALL, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, voq_test_log_count(test, "latency optimization failed"),
				    1U, "access %u", k);

		KUNIT_EXPECT_EQ_MSG(test, lat_configure(f.l), 0, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON, "access %u", k);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON, "access %u", k);
		rio_sim_kunit_release(test, f.sm);
	}
}

/* An admin's choices: a feature is the link's, the last choice wins */
static void lat_admin_choices(struct kunit *test)
{
	struct lat_fab f;
	u64 writes;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
			   "off admin\n");
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "multiple_ack"),
			   "off admin\n");

	/* "on" at the other end replaces the "off" */
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nb, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_ON), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.na, 1, "multiple_ack"), "on\n");
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "multiple_ack"),
			   "on none\n");
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nb, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_NONE), 0);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nb, 0, "multiple_ack"), "on\n");

	/* Refused, nothing written */
	writes = f.sm->fab->writes;
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nh, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 5, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF),
			-ENOLINK);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 5, RIO_LAT_MACK, RIO_LAT_CHOICE_ON),
			-ENOLINK);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 5, RIO_LAT_MACK, RIO_LAT_CHOICE_NONE), 0);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_NR_FEATS, RIO_LAT_CHOICE_ON),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_MACK, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 8, RIO_LAT_MACK, RIO_LAT_CHOICE_ON),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, f.sm->fab->writes, writes);
	rio_sim_kunit_release(test, f.sm);
}

/* A failed admin write keeps the choice that stands */
static void lat_admin_failed(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	f.a->port[1].lat_wfault_ignore = true;
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nb, 0, RIO_LAT_PNA, RIO_LAT_CHOICE_OFF), -EIO);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, f.nb->port[0].choice.lat[RIO_LAT_PNA], RIO_LAT_CHOICE_NONE);
	f.a->port[1].lat_wfault_ignore = false;
	KUNIT_EXPECT_EQ(test, rio_voq_test_configure(f.l), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * A link that goes down: nothing written; the board across resets its
 * register meanwhile, and an admin's choice waits; back up, both ends
 * are read and written again
 */
static void lat_link_bounce(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, false), 0);
	rio_sim_mport_pw_flush(f.sm);
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_DOWN);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "pna_recovery"),
			   "down link_down\n");
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	f.b->port[0].lat_ctl = 0;	/* a reset of the board across */

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, true), 0);
	rio_sim_mport_pw_flush(f.sm);
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_PLANNED);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	rio_sim_kunit_release(test, f.sm);
}

/* sw-b swapped for a board without ackID-in-PNA: planned from the new one */
static void lat_board_swap(struct kunit *test)
{
	struct rio_sim_dev_desc d = lat_sw_desc("sw-b2", 8, LAT_MACK);
	struct lat_fab f;
	struct rio_voq_link *l;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.nb, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
	rio_sim_mport_pw_flush(f.sm);
	mutex_lock(&rio_voq_lock);
	l = f.na->port[1].link;
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, l);
	/* The choice stays with the port; ackID-in-PNA off at both ends */
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_MACK);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "pna_recovery"),
			   "off partner_unsupported\n");
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "multiple_ack"),
			   "off admin\n");
	rio_sim_kunit_release(test, f.sm);
}

/* Ports of a map II block past 16 have no register; map I devices none */
static void lat_discovery_bounds(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *big, *ep;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	unsigned int p;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	big = lat_sw(test, fab, "sw-48", 48, LAT_ALL);
	ep = voq_test_dev(test, fab, "ep", false, 1, RIO_VOQ_LAYOUT_REV3,
			  RIO_SIM_VOQ_CAPS_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, big, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(big, 20, ep, 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, big);
	KUNIT_ASSERT_NOT_NULL(test, n);
	for (p = 0; p < n->nports; p++)
		KUNIT_EXPECT_EQ_MSG(test, n->port[p].lat, p < RIO_LAT_MAX_PORTS, "port %u", p);
	KUNIT_EXPECT_EQ(test, n->port[3].lat_csr, LAT_ALL);
	n = voq_test_node(sm, ep);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_FALSE(test, n->port[0].lat);
	KUNIT_EXPECT_EQ(test, big->stray_writes, 0U);
	rio_sim_kunit_release(test, sm);
}

/*
 * A partner whose register is out of reach (port 20 of a map II switch:
 * past the block's 16 ports) may have the features on: the other end is
 * left alone, its bit 9 too on a CS64 link
 */
static void lat_hidden_partner(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *big, *sw;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fab);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	big = lat_sw(test, fab, "sw-48", 48, LAT_ALL);
	sw = lat_sw(test, fab, "sw", 8, LAT_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, big, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(big, 20, sw, 0, 3), 0);
	sw->port[0].lat_ctl = RIO_LAT_CSR_PNA_EN;	/* its CS64 reset value */
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(sw, 0), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	KUNIT_EXPECT_EQ(test, sw->port[0].lat_writes, 0ULL);
	n = voq_test_node(sm, sw);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 0, "multiple_ack", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "none\n");
	KUNIT_EXPECT_GT(test, voq_test_sysfs_read(n, 0, "multiple_ack_reason", buf), 0L);
	KUNIT_EXPECT_STREQ(test, buf, "out_of_reach\n");
	/* Nothing to negotiate: a choice is refused, "auto" taken */
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(n, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_OFF), -EXDEV);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(n, 0, RIO_LAT_MACK, RIO_LAT_CHOICE_NONE), 0);
	KUNIT_EXPECT_EQ(test, sw->port[0].lat_writes, 0ULL);
	rio_sim_kunit_release(test, sm);
}

/* CS64 is the link's (baud-rate class 3), not the VoQ format chosen */
static void lat_cs64_by_baud(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 3, true);
	/* Nor can CS48 be chosen on it (Part 12 chapter 3) */
	KUNIT_EXPECT_EQ(test, voq_test_port_set(f.na, 1, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS48),
			-EINVAL);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, f.l->fmt, RIO_VOQ_FMT_CS64);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_PNA, RIO_LAT_CHOICE_OFF),
			-EPERM);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	rio_sim_kunit_release(test, f.sm);
}

/* A Part 6 violation that appears later (CS64 chosen on class 1) is told */
static void lat_violation_later(struct kunit *test)
{
	struct lat_fab f;

	voq_test_log_start(test);
	lat_setup(test, &f, LAT_ALL, LAT_MACK, 1, true);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "breaks Part 6"), 0U);
	KUNIT_EXPECT_EQ(test, voq_test_port_set(f.na, 1, RIO_VOQ_KNOB_FMT, RIO_VOQ_PREF_CS64), 0);
	KUNIT_EXPECT_EQ(test, voq_test_log_count(test, "breaks Part 6"), 1U);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.nb, 0, "pna_recovery"),
			   "off breaks_part6\n");
	rio_sim_kunit_release(test, f.sm);
}

/* A link whose VoQ writes fail still gets its latency optimization */
static void lat_without_voq(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
	KUNIT_ASSERT_EQ(test, rio_sim_set_wfault(f.b, 0, RIO_SIM_WFAULT_IGNORE, 0, 1), 0);
	KUNIT_EXPECT_NE(test, rio_voq_test_configure(f.l), 0);
	KUNIT_EXPECT_EQ(test, f.l->state, RIO_VOQ_LINK_FAILED);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * sw-b swapped for a board without a VoQ block: nothing negotiates with
 * it any more, so sw-a's port turns the features off; a choice kept from
 * the link is withdrawn with "auto"
 */
static void lat_swap_no_voq(struct kunit *test)
{
	struct rio_sim_dev_desc d = lat_sw_desc("sw-novoq", 8, LAT_ALL);
	struct lat_fab f;

	d.voq = false;
	d.voq_caps = 0;
	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_PNA, RIO_LAT_CHOICE_OFF), 0);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | RIO_LAT_CSR_MACK_EN);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
	rio_sim_mport_pw_flush(f.sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, f.na->port[1].link);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	KUNIT_EXPECT_EQ(test, f.na->port[1].choice.lat[RIO_LAT_PNA], RIO_LAT_CHOICE_OFF);
	KUNIT_EXPECT_EQ(test, voq_test_lat_set(f.na, 1, RIO_LAT_PNA, RIO_LAT_CHOICE_NONE), 0);
	KUNIT_EXPECT_EQ(test, f.na->port[1].choice.lat[RIO_LAT_PNA], RIO_LAT_CHOICE_NONE);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * sw-b replaced by a board of the same make whose chain loops: not
 * known, nothing written; found again once its chain ends, the same
 * make, but reset: both ends are read and written again
 */
static void lat_found_again(struct kunit *test)
{
	struct rio_sim_dev_desc d = lat_sw_desc("sw-b", 8, LAT_ALL);
	struct lat_fab f;

	d.ef_loop = true;
	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
	rio_sim_mport_pw_flush(f.sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_TRUE(test, f.nb->unknown);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
			   "none not_rediscovered\n");
	spin_lock_irq(&f.sm->fab->lock);
	f.b->ef_loop = false;
	spin_unlock_irq(&f.sm->fab->lock);
	rio_voq_test_poll();
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, f.nb->unknown);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.na, 1, "multiple_ack"), "on\n");
	rio_sim_kunit_release(test, f.sm);
}

/* sw-a port 1's register as it should be toward a board nothing negotiates with */
static u32 lat_alone(u8 baud)
{
	/* Bit 9 stays only where the link is known to need it: class 3, CS64 */
	return baud == 3 ? LAT_ALL | RIO_LAT_CSR_PNA_EN : LAT_ALL;
}

/*
 * sw-b replaced by a board whose chain loops and that lacks both
 * features: not known, so nothing negotiates with it; sw-a's port turns
 * multiple acknowledges off, and ackID-in-PNA but on a class 3 link.
 * Found again, the link is planned from the new board.
 */
static void lat_unknown_partner(struct kunit *test)
{
	static const u8 bauds[] = { 2, 3 };
	struct rio_sim_dev_desc d = lat_sw_desc("sw-b", 8, 0);
	struct lat_fab f;
	unsigned int i;
	u64 writes;

	d.ef_loop = true;
	for (i = 0; i < ARRAY_SIZE(bauds); i++) {
		lat_setup(test, &f, LAT_ALL, LAT_ALL, bauds[i], true);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON, "class %u", bauds[i]);
		KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
		rio_sim_mport_pw_flush(f.sm);
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_TRUE_MSG(test, f.nb->unknown, "class %u", bauds[i]);
		mutex_unlock(&rio_voq_lock);
		KUNIT_EXPECT_STREQ_MSG(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
				       "none not_rediscovered\n", "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), lat_alone(bauds[i]),
				    "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, f.nb->port[0].lat_csr, LAT_ALL | LAT_ON,
				    "class %u: the board not known is not read", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), 0U, "class %u", bauds[i]);

		/* Another event while it is not known: nothing more written */
		writes = f.a->port[1].lat_writes;
		rio_voq_test_poll();
		KUNIT_EXPECT_EQ_MSG(test, f.a->port[1].lat_writes, writes, "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), lat_alone(bauds[i]),
				    "class %u", bauds[i]);

		/* Found again: both features off, the new board lacks them */
		spin_lock_irq(&f.sm->fab->lock);
		f.b->ef_loop = false;
		spin_unlock_irq(&f.sm->fab->lock);
		rio_voq_test_poll();
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_FALSE_MSG(test, f.nb->unknown, "class %u", bauds[i]);
		mutex_unlock(&rio_voq_lock);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL, "class %u", bauds[i]);
		rio_sim_kunit_release(test, f.sm);
	}
}

/*
 * sw-b not known (its chain loops) on a host that then stops owning the
 * fabric (a later scan lost it to another host; the test clears the
 * flag).  The poll finds sw-b again and plans its link from the board
 * read, as the owner would, but writes nothing: no VoQ or Latency
 * Optimization CSR, no staging register.
 */
static void lat_found_again_not_owner(struct kunit *test)
{
	struct rio_sim_dev_desc d = lat_sw_desc("sw-b", 8, LAT_ALL);
	struct lat_fab f;
	u64 writes;

	d.ef_loop = true;
	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
	rio_sim_mport_pw_flush(f.sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_TRUE(test, f.nb->unknown);
	KUNIT_EXPECT_TRUE(test, f.nh->net->owner);
	f.nh->net->owner = false;
	mutex_unlock(&rio_voq_lock);

	writes = f.sm->ini.writes;
	spin_lock_irq(&f.sm->fab->lock);
	f.b->ef_loop = false;
	spin_unlock_irq(&f.sm->fab->lock);
	rio_voq_test_poll();
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_FALSE(test, f.nb->unknown);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, f.sm->ini.writes, writes);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL);	/* as it came */
	rio_sim_kunit_release(test, f.sm);
}

/*
 * A link that is down carries nothing: the end the host reaches turns
 * multiple acknowledges off, and ackID-in-PNA but on a class 3 link, so
 * that its register holds what its files show (down, link_down); the
 * end cut off is not tried.  Back up, both ends are on again.
 */
static void lat_down_hw(struct kunit *test)
{
	static const u8 bauds[] = { 1, 2, 3 };
	struct lat_fab f;
	unsigned int i;
	u64 writes;

	for (i = 0; i < ARRAY_SIZE(bauds); i++) {
		lat_setup(test, &f, LAT_ALL, LAT_ALL, bauds[i], true);
		writes = f.b->port[0].lat_writes;
		KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, false), 0);
		rio_sim_mport_pw_flush(f.sm);
		KUNIT_EXPECT_EQ_MSG(test, f.l->lat.state, RIO_LAT_DOWN, "class %u", bauds[i]);
		KUNIT_EXPECT_STREQ_MSG(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
				       "down link_down\n", "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), lat_alone(bauds[i]),
				    "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, f.na->port[1].lat_csr, lat_alone(bauds[i]),
				    "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, f.b->port[0].lat_writes, writes, "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON, "class %u", bauds[i]);

		KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, true), 0);
		rio_sim_mport_pw_flush(f.sm);
		KUNIT_EXPECT_EQ_MSG(test, f.l->lat.state, RIO_LAT_PLANNED, "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON, "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON, "class %u", bauds[i]);
		rio_sim_kunit_release(test, f.sm);
	}
}

/*
 * The same link down found by the poll, on an mport without port-writes:
 * sw-b is not marked as not known (nothing said it bounced), but the
 * link cut it off from the host, so it is still not tried
 */
static void lat_down_polled(struct kunit *test)
{
	struct lat_fab f;
	u64 writes;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	f.sm->fab->no_pw = true;
	writes = f.b->port[0].lat_writes;
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, false), 0);
	rio_sim_mport_pw_flush(f.sm);
	rio_voq_test_poll();
	KUNIT_EXPECT_FALSE(test, f.nb->unknown);
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_DOWN);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "multiple_ack"),
			   "down link_down\n");
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), lat_alone(2));
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_writes, writes);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(f.a, 1, true), 0);
	rio_voq_test_poll();
	KUNIT_EXPECT_EQ(test, f.l->lat.state, RIO_LAT_PLANNED);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	KUNIT_EXPECT_EQ(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * Spec audit L6b: sw-b swapped for a board without a VoQ block or the
 * register on a class 1 link, which may run either format: sw-a's port
 * turns ackID-in-PNA off too; only class 3 keeps bit 9
 */
static void lat_swap_no_voq_class(struct kunit *test)
{
	static const u8 bauds[] = { 1, 2, 3 };
	struct rio_sim_dev_desc d = lat_sw_desc("sw-novoq", 8, 0);
	struct lat_fab f;
	unsigned int i;

	d.voq = false;
	d.voq_caps = 0;
	for (i = 0; i < ARRAY_SIZE(bauds); i++) {
		lat_setup(test, &f, LAT_ALL, LAT_ALL, bauds[i], true);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON, "class %u", bauds[i]);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.b, 0), LAT_ALL | LAT_ON, "class %u", bauds[i]);
		KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(f.b, &d), 0);
		rio_sim_mport_pw_flush(f.sm);
		mutex_lock(&rio_voq_lock);
		KUNIT_EXPECT_NULL_MSG(test, f.na->port[1].link, "class %u", bauds[i]);
		mutex_unlock(&rio_voq_lock);
		KUNIT_EXPECT_EQ_MSG(test, lat_hw(f.a, 1), lat_alone(bauds[i]),
				    "class %u", bauds[i]);
		rio_sim_kunit_release(test, f.sm);
	}
}

/*
 * A host that does not write (auto_config=0 here, a discovering host
 * alike) reads the registers each time it plans: another host may have
 * written them
 */
static void lat_nonwriting_reads(struct kunit *test)
{
	struct lat_fab f;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, false);
	f.b->port[0].lat_ctl = RIO_LAT_CSR_MACK_EN;	/* another host's write */
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, rio_lat_link_configure(f.l, false, false, NULL), 0);
	KUNIT_EXPECT_EQ(test, f.nb->port[0].lat_csr, LAT_ALL | RIO_LAT_CSR_MACK_EN);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_STREQ(test, lat_file(test, &f, f.nb, 0, "latency_csr"), "0xe0800000\n");
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_writes, 0ULL);
	rio_sim_kunit_release(test, f.sm);
}

/*
 * A CS64 link to a device without the register (the mport's map I
 * port): the switch's bit 9 is left as it is, not cleared
 */
static void lat_cs64_map1_partner(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev *host, *sw;
	struct rio_sim_mport *sm;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	sw = lat_sw(test, fab, "sw", 8, LAT_ALL);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 3), 0);
	sw->port[0].lat_ctl = RIO_LAT_CSR_PNA_EN | RIO_LAT_CSR_MACK_EN;
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	/* Multiple acknowledges off (the mport cannot take them), bit 9 kept */
	KUNIT_EXPECT_EQ(test, lat_hw(sw, 0), LAT_ALL | RIO_LAT_CSR_PNA_EN);
	rio_sim_kunit_release(test, sm);
}

/*
 * What a fuzzer writes to the latency files: NULs, no newline, junk after
 * a valid word, high bytes, a page: each refused with -EINVAL, nothing
 * written, the files as they were
 */
static void lat_store_bad_bytes(struct kunit *test)
{
	static const struct {
		const char *data;
		size_t len;
	} bad[] = {
		{ "on\0", 3 }, { "on\0off", 6 }, { "\0\n", 2 }, { "on junk\n", 8 },
		{ "onn\n", 4 }, { "\xff\xfe\n", 3 }, { "On\n", 3 }, { "1\n", 2 },
		{ "on\n\n", 4 },
	};
	static const char * const files[] = { "multiple_ack", "pna_recovery" };
	struct lat_fab f;
	unsigned int i, k;
	u64 wa, wb;
	char *big;

	lat_setup(test, &f, LAT_ALL, LAT_ALL, 2, true);
	big = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big);
	memcpy(big, "off", 3);
	memset(big + 3, 0xe9, PAGE_SIZE - 3);
	wa = f.a->port[1].lat_writes;
	wb = f.b->port[0].lat_writes;
	for (k = 0; k < ARRAY_SIZE(files); k++) {
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			ssize_t ret = voq_test_sysfs_write(f.na, 1, files[k], bad[i].data,
							   bad[i].len);

			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s write %u", files[k], i);
		}
		KUNIT_EXPECT_EQ_MSG(test, voq_test_sysfs_write(f.na, 1, files[k], big, PAGE_SIZE),
				    -EINVAL, "%s page", files[k]);
		KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, files[k]), "on none\n");
	}
	KUNIT_EXPECT_EQ(test, f.a->port[1].lat_writes, wa);
	KUNIT_EXPECT_EQ(test, f.b->port[0].lat_writes, wb);
	KUNIT_EXPECT_EQ(test, lat_hw(f.a, 1), LAT_ALL | LAT_ON);
	/* A valid word, without its newline, is taken */
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(f.na, 1, "multiple_ack", "off", 3), 3L);
	KUNIT_EXPECT_STREQ(test, lat_two(test, &f, f.na, 1, "multiple_ack"), "off admin\n");
	rio_sim_kunit_release(test, f.sm);
}

static struct kunit_case lat_link_cases[] = {
	KUNIT_CASE(lat_store_bad_bytes),
	KUNIT_CASE(lat_negotiated),
	KUNIT_CASE(lat_partner_lacks),
	KUNIT_CASE(lat_cs64),
	KUNIT_CASE(lat_cs64_lacks),
	KUNIT_CASE(lat_far_end_first),
	KUNIT_CASE(lat_rollback),
	KUNIT_CASE(lat_fault_campaign),
	KUNIT_CASE(lat_admin_choices),
	KUNIT_CASE(lat_admin_failed),
	KUNIT_CASE(lat_link_bounce),
	KUNIT_CASE(lat_board_swap),
	KUNIT_CASE(lat_discovery_bounds),
	KUNIT_CASE(lat_hidden_partner),
	KUNIT_CASE(lat_cs64_by_baud),
	KUNIT_CASE(lat_violation_later),
	KUNIT_CASE(lat_without_voq),
	KUNIT_CASE(lat_swap_no_voq),
	KUNIT_CASE(lat_found_again),
	KUNIT_CASE(lat_unknown_partner),
	KUNIT_CASE(lat_down_hw),
	KUNIT_CASE(lat_down_polled),
	KUNIT_CASE(lat_found_again_not_owner),
	KUNIT_CASE(lat_swap_no_voq_class),
	KUNIT_CASE(lat_nonwriting_reads),
	KUNIT_CASE(lat_cs64_map1_partner),
	{}
};

static struct kunit_suite lat_link_suite = {
	.name = "rio_lat_link",
	.test_cases = lat_link_cases,
};

kunit_test_suites(&lat_link_suite);
