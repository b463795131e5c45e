// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq on hostile devices of rio-sim: VoQ blocks with
 * fewer CSRs than the device has ports (placed right before the
 * LP-Serial block, or ending at the last word of extended-feature
 * space, or followed by unimplemented space, which reads 0: a valid rev 2
 * CSR), a rev 2 switch with more ports than its layout describes, and
 * switches that claim 255 ports or none.  The core's rio-scan enumerates
 * each fabric twice, once with rio-voq only discovering (auto_config
 * off), which shows what the core alone does to it, and once with
 * rio-voq configuring it.  Against the first, the second must show no
 * stray write more, no register changed outside the VoQ CSRs the
 * devices really have (such as Port n Control CSRs, whose bits 21 and 22
 * are the port enables), no Part 12 violation more, and a voq/ports
 * within those CSRs.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* What a port's Control CSR holds before the scan: both directions on */
#define HOSTILE_PORT_CTL	(RIO_PORT_N_CTL_EN_RX | RIO_PORT_N_CTL_EN_TX)

struct voq_hostile_case {
	const char *name;
	unsigned int nports;
	enum rio_voq_layout layout;
	unsigned int voq_nports;
	enum rio_sim_voq_place place;
	bool claim;
	u8 swp_ports;
	unsigned int ep[2];	/* ports with an endpoint; 0 for none */
	u32 unused;		/* what space no block holds reads as */
};

static const struct voq_hostile_case voq_hostile_cases[] = {
	{ "48 ports, 8 CSRs, LP-Serial right after", 48, RIO_VOQ_LAYOUT_REV3, 8,
	  RIO_SIM_VOQ_FIRST, false, 0, { 1, 40 } },
	{ "16 ports, 4 CSRs ending at 0xfffc", 16, RIO_VOQ_LAYOUT_REV3, 4,
	  RIO_SIM_VOQ_END, false, 0, { 1, 9 } },
	/*
	 * A rev 2 CSR may read 0 (Part 12 5.1.2: a port without
	 * capabilities has one): only the next block bounds a rev 2 block
	 */
	{ "rev 2, 16 ports, 4 CSRs, LP-Serial right after", 16, RIO_VOQ_LAYOUT_REV2, 4,
	  RIO_SIM_VOQ_FIRST, false, 0, { 1, 9 } },
	{ "rev 2, 255 ports, 192 CSRs", 255, RIO_VOQ_LAYOUT_REV2, 192,
	  RIO_SIM_VOQ_LAST, false, 0, { 1, 200 } },
	/* No 0 after the block's last CSR to stop at: the layout must */
	{ "rev 2, 255 ports, 192 CSRs, vendor registers after", 255,
	  RIO_VOQ_LAYOUT_REV2, 192, RIO_SIM_VOQ_LAST, false, 0, { 1, 200 }, 0x5a5a5a5a },
	{ "rev 2, 8 ports claiming 255", 8, RIO_VOQ_LAYOUT_REV2, 8,
	  RIO_SIM_VOQ_FIRST, true, 255, { 1, 0 } },
	{ "4 ports claiming none", 4, RIO_VOQ_LAYOUT_REV3, 4,
	  RIO_SIM_VOQ_LAST, true, 0, { 0, 0 } },
	{ "well-formed: 48 ports, 48 CSRs", 48, RIO_VOQ_LAYOUT_REV3, 48,
	  RIO_SIM_VOQ_LAST, false, 0, { 1, 40 } },
};

static void voq_hostile_desc(const struct voq_hostile_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_hostile, voq_hostile_cases, voq_hostile_desc);

static struct rio_sim_dev *voq_hostile_ep(struct kunit *test,
					  struct rio_sim_fabric *fab,
					  const char *name)
{
	struct rio_sim_dev_desc d = {
		.name = name, .nports = 1, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_ENDPOINT, .map = RIO_SIM_MAP_I,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};
	struct rio_sim_dev *dev = rio_sim_dev_add(fab, &d);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	return dev;
}

/* The host, the hostile switch on its port, endpoints on the switch */
static struct rio_sim_fabric *voq_hostile_build(struct kunit *test,
						const struct voq_hostile_case *c)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "hostile", .is_switch = true, .nports = c->nports,
		.vid = RIO_SIM_VID, .did = RIO_SIM_DID_SWITCH,
		.map = c->nports > 16 ? RIO_SIM_MAP_II : RIO_SIM_MAP_I, .em = true,
		.voq = true, .voq_layout = c->layout, .voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		.voq_nports = c->voq_nports, .voq_place = c->place,
		.swp_claim = c->claim, .swp_ports = c->swp_ports,
		.unused_reads = c->unused,
	};
	struct rio_sim_dev *host, *sw;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_hostile_ep(test, fab, "host");
	sw = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	for (i = 0; i < ARRAY_SIZE(c->ep); i++)
		if (c->ep[i])
			KUNIT_ASSERT_EQ(test, rio_sim_link(sw, c->ep[i],
							   voq_hostile_ep(test, fab, "ep"),
							   0, 2), 0);
	return fab;
}

/* Enable every port, as firmware would have, and let the core enumerate */
static struct rio_sim_mport *voq_hostile_scan(struct kunit *test,
					      struct rio_sim_fabric *fab,
					      bool configure)
{
	struct rio_sim_mport *sm;
	struct rio_sim_dev *dev;
	unsigned int p;
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	list_for_each_entry(dev, &fab->devs, node)
		for (p = 0; p < dev->nports; p++)
			dev->port[p].ctl = HOSTILE_PORT_CTL;
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_EQ(test, rio_voq_test_auto_config(&sm->mport, configure), 0);
	ret = rio_sim_mport_scan(sm);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return sm;
}

#define HOSTILE_EF_WORDS ((RIO_VOQ_EF_SPACE_END + 4 - RIO_VOQ_EF_SPACE_START) / 4)

/*
 * What the core alone left in a device: its extended features, its
 * strays, and the Part 12 violations rio-sim counted per port (the core
 * writes the Port n Control CSRs of every port a switch claims: past
 * the LP-Serial block of one that claims more than it has, they land on
 * whatever follows, VoQ CSRs included, reserved bits and all)
 */
struct voq_hostile_snap {
	u64 stray_writes;
	u32 *ef;
	unsigned int *violations;
};

static struct voq_hostile_snap *voq_hostile_snapshot(struct kunit *test,
						     struct rio_sim_fabric *fab)
{
	struct voq_hostile_snap *snap;
	struct rio_sim_dev *dev;
	unsigned int w, p;

	snap = kunit_kcalloc(test, fab->ndevs, sizeof(*snap), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	list_for_each_entry(dev, &fab->devs, node) {
		snap[dev->index].stray_writes = dev->stray_writes;
		snap[dev->index].ef = kunit_kcalloc(test, HOSTILE_EF_WORDS, sizeof(u32),
						    GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, snap[dev->index].ef);
		for (w = 0; w < HOSTILE_EF_WORDS; w++)
			snap[dev->index].ef[w] =
				rio_sim_dev_peek(dev, RIO_VOQ_EF_SPACE_START + 4 * w);
		snap[dev->index].violations = kunit_kcalloc(test, dev->nports,
							    sizeof(unsigned int),
							    GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, snap[dev->index].violations);
		for (p = 0; p < dev->nports; p++)
			snap[dev->index].violations[p] = dev->port[p].voq_violations;
	}
	return snap;
}

/* Is @off one of the Port n VoQ CSRs @dev really has */
static bool voq_hostile_in_block(const struct rio_sim_dev *dev, u32 off)
{
	return dev->voq_ef &&
	       off >= rio_voq_csr_offset(dev->voq_layout, dev->voq_ef, 0) &&
	       off < rio_voq_csr_offset(dev->voq_layout, dev->voq_ef, dev->voq_nports);
}

/*
 * @sm was configured by rio-voq; @core is what the core alone (rio-voq
 * reading only) left in the same fabric.  Every difference outside the
 * VoQ CSRs, and every stray write more, is rio-voq's.
 */
static void voq_hostile_check(struct kunit *test, struct rio_sim_mport *sm,
			      const struct voq_hostile_snap *core)
{
	struct rio_sim_fabric *fab = sm->fab;
	unsigned int p, nports, w, changed;
	struct rio_sim_dev *dev;
	struct rio_voq_node *n;
	u32 ef, off, val;

	list_for_each_entry(dev, &fab->devs, node) {
		const struct voq_hostile_snap *c = &core[dev->index];

		/* rio-voq's writes all landed on writable registers */
		KUNIT_EXPECT_EQ_MSG(test, dev->stray_writes - c->stray_writes, 0ULL,
				    "%s #%u: stray writes by rio-voq", dev->name, dev->index);

		/* ...and only on its VoQ CSRs */
		changed = 0;
		for (w = 0; w < HOSTILE_EF_WORDS; w++) {
			off = RIO_VOQ_EF_SPACE_START + 4 * w;
			if (voq_hostile_in_block(dev, off))
				continue;
			val = rio_sim_dev_peek(dev, off);
			if (val == c->ef[w])
				continue;
			/* the first few, by offset: old -> new */
			if (changed++ < 4)
				KUNIT_FAIL(test, "%s #%u: 0x%04x: 0x%08x -> 0x%08x",
					   dev->name, dev->index, off, c->ef[w], val);
		}
		KUNIT_EXPECT_EQ_MSG(test, changed, 0U,
				    "%s #%u: words changed outside the VoQ CSRs",
				    dev->name, dev->index);
		/* rio-voq's writes broke no rule of Part 12 */
		for (p = 0; p < dev->nports; p++)
			KUNIT_EXPECT_EQ_MSG(test, dev->port[p].voq_violations,
					    c->violations[p],
					    "%s #%u port %u: violations by rio-voq",
					    dev->name, dev->index, p);
		if (!dev->voq_ef)
			continue;

		/* voq/ports stays within the CSRs the block has */
		if (dev != fab->host && !rio_sim_rdev(sm, dev))
			continue;	/* the core did not find it */
		mutex_lock(&rio_voq_lock);
		n = rio_voq_node_of(&sm->mport, dev == fab->host ? NULL :
				    rio_sim_rdev(sm, dev));
		ef = n ? n->ef : 0;
		nports = n ? n->nports : 0;
		mutex_unlock(&rio_voq_lock);
		KUNIT_EXPECT_NOT_NULL_MSG(test, n, "%s #%u: no node", dev->name, dev->index);
		if (!ef)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, ef, dev->voq_ef, "%s #%u", dev->name, dev->index);
		KUNIT_EXPECT_LE_MSG(test, nports, dev->voq_nports,
				    "%s #%u: voq/ports beyond the block's %u CSRs",
				    dev->name, dev->index, dev->voq_nports);
	}
}

/*
 * The same fabric twice: once with rio-voq discovering only, to see
 * what the core does to it, once with rio-voq configuring it.
 */
static void voq_hostile_run(struct kunit *test,
			    struct rio_sim_fabric *(*build)(struct kunit *test,
							    const void *arg),
			    const void *arg)
{
	struct rio_sim_mport *sm = voq_hostile_scan(test, build(test, arg), false);
	struct voq_hostile_snap *core = voq_hostile_snapshot(test, sm->fab);

	rio_sim_kunit_release(test, sm);
	sm = voq_hostile_scan(test, build(test, arg), true);
	voq_hostile_check(test, sm, core);
	rio_sim_kunit_release(test, sm);
}

static struct rio_sim_fabric *voq_hostile_build_case(struct kunit *test,
						     const void *arg)
{
	return voq_hostile_build(test, arg);
}

static void voq_hostile_device(struct kunit *test)
{
	voq_hostile_run(test, voq_hostile_build_case, test->param_value);
}

static struct rio_sim_fabric *voq_hostile_build_topo(struct kunit *test,
						     const void *arg)
{
	return rio_sim_kunit_topo(test, arg);
}

/* All of them at once: rio-sim's canned "hostile" topology */
static void voq_hostile_topology(struct kunit *test)
{
	voq_hostile_run(test, voq_hostile_build_topo, "hostile");
}

static struct kunit_case voq_hostile_test_cases[] = {
	KUNIT_CASE_PARAM(voq_hostile_device, voq_hostile_gen_params),
	KUNIT_CASE(voq_hostile_topology),
	{}
};

static struct kunit_suite voq_hostile_test_suite = {
	.name = "rio_voq_hostile",
	.test_cases = voq_hostile_test_cases,
};

kunit_test_suite(voq_hostile_test_suite);
