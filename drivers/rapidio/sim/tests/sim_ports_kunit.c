// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for rio-sim's port events, without the rio core: link
 * state and Port Unavailable in the Error and Status CSR, port-writes
 * and where they get, the transitions they carry, a board swapped in
 * place, and the symbols an XOFF change or a link recovery sends.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/rio_regs.h>
#include <linux/version.h>

#include "../../spec/voq_txrx.h"
#include "../sim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* star:4: host (0), a 5-port switch (1), endpoints 2..5 on its ports 1..4 */
#define SW	1
#define EP1	2

struct sim_pw_log {
	unsigned int count;
	union rio_pw_msg last;
};

static void sim_pw_catch(void *ctx, const union rio_pw_msg *msg)
{
	struct sim_pw_log *log = ctx;

	log->count++;
	log->last = *msg;
}

static struct rio_sim_fabric *sim_star(struct kunit *test, struct sim_pw_log *log)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:4");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	fab->pw_deliver = sim_pw_catch;
	fab->pw_ctx = log;
	return fab;
}

static u32 sim_err_sts(struct rio_sim_dev *dev, unsigned int port)
{
	return rio_sim_dev_peek(dev, dev->phys_ef +
				RIO_PORT_N_ERR_STS_CSR(port, dev->map));
}

/* Write a switch's Port n VoQ CSR by a maintenance write at hop 0 */
static void sim_sw_voq(struct kunit *test, struct rio_sim_dev *sw,
		       unsigned int port, u32 val)
{
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(sw->fabric, 0xff, 0,
						  rio_voq_csr_offset(sw->voq_layout,
								     sw->voq_ef, port),
						  val), 0);
}

/* A link down: both ends lose PORT_OK, only the reachable end's port-write gets there */
static void sim_link_down_up(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);
	u32 val;

	sw->comptag = 0x11;
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 1), (u32)RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 1), (u32)(RIO_PORT_N_ERR_STS_PORT_UNINIT |
							RIO_PORT_N_ERR_STS_PW_PEND));
	KUNIT_EXPECT_EQ(test, sim_err_sts(ep, 0), (u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);
	/* The switch tells the host; the endpoint has no error management */
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, log.last.em.comptag, 0x11U);
	KUNIT_EXPECT_EQ(test, log.last.em.is_port & 0xff, 1U);
	KUNIT_EXPECT_EQ(test, fab->pw_sent, 1ULL);
	KUNIT_EXPECT_EQ(test, fab->pw_lost, 0ULL);
	/* Nothing crosses a link that is down */
	sw->route[5] = 1;
	ep->did_csr = 5 << 16;
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 5, 1, RIO_DEV_ID_CAR, &val), -EIO);
	/* Setting the same state again sends nothing */
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_EQ(test, log.count, 1U);

	/* Port-Write Pending is write-1-to-clear */
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, sw->phys_ef +
						  RIO_PORT_N_ERR_STS_CSR(1, sw->map),
						  RIO_PORT_N_ERR_STS_PW_PEND), 0);
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 1), (u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);

	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(ep, 0, true), 0);
	KUNIT_EXPECT_EQ(test, log.count, 2U);
	KUNIT_EXPECT_EQ(test, sim_err_sts(ep, 0), (u32)RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 5, 1, RIO_DEV_ID_CAR, &val), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 9, true), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(ep, 0, true), 0);
	KUNIT_EXPECT_EQ(test, log.count, 2U);
	rio_sim_kunit_release(test, fab);
}

/*
 * A port-write from a device cut off from the host, from a device whose
 * transmission is disabled, to an mport that takes none: lost or unsent
 */
static void sim_pw_lost(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);

	/* The host's own link down: the switch cannot reach it */
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 0, false), 0);
	KUNIT_EXPECT_EQ(test, log.count, 0U);
	KUNIT_EXPECT_EQ(test, fab->pw_sent, 1ULL);
	KUNIT_EXPECT_EQ(test, fab->pw_lost, 1ULL);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 0, true), 0);
	KUNIT_EXPECT_EQ(test, log.count, 1U);

	fab->no_pw = true;
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_unavailable(sw, 2, true), 0);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, fab->pw_lost, 2ULL);
	KUNIT_EXPECT_TRUE(test, sim_err_sts(sw, 2) & RIO_PORT_N_ERR_STS_PORT_UA);
	KUNIT_EXPECT_FALSE(test, sim_err_sts(sw, 2) & RIO_PORT_N_ERR_STS_PORT_OK);

	fab->no_pw = false;
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, sw->em_ef + RIO_EM_PW_TX_CTRL,
						  RIO_EM_PW_TX_CTRL_PW_DIS), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_unavailable(sw, 2, false), 0);
	KUNIT_EXPECT_EQ(test, log.count, 1U);
	KUNIT_EXPECT_EQ(test, fab->pw_sent, 3ULL);
	/* OK again; the lost port-write is still pending */
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 2), (u32)(RIO_PORT_N_ERR_STS_PORT_OK |
							RIO_PORT_N_ERR_STS_PW_PEND));
	rio_sim_kunit_release(test, fab);
}

/*
 * Table 5-4: with participation, an XOFF change that changes the
 * reported status sends a symbol; without, it sends none
 */
static void sim_xoff_sends_symbol(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_port *host0 = &fab->host->port[0];	/* receives, RX size 0 */
	u64 sent;

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 1, false), 0);	/* models */
	sim_sw_voq(test, sw, 2, RIO_VOQ_CSR_PART_EN);
	sim_sw_voq(test, sw, 0, RIO_VOQ_CSR_GEN_EN);
	sent = sw->port[0].sym_sent;

	sim_sw_voq(test, sw, 2, RIO_VOQ_CSR_PART_EN | RIO_VOQ_CSR_XOFF);
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, sent + 1);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(host0->rx, 0, 2));
	sim_sw_voq(test, sw, 2, RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, sent + 2);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(host0->rx, 0, 2));

	/* Without participation, XOFF changes the status but sends nothing */
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_XOFF);
	KUNIT_EXPECT_EQ(test, sw->port[0].sym_sent, sent + 2);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(host0->rx, 0, 3));
	rio_sim_kunit_release(test, fab);
}

/* Rule 4.2 g: the generator of a recovered link resends its full status */
static void sim_recovery_resync(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);
	u32 off = rio_voq_csr_offset(sw->voq_layout, sw->voq_ef, 1);

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 1, false), 0);	/* models */
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 3));
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 3));

	/* A generator turned on starts with its full status too */
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, off, 0), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_congest(sw, 4, true), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 4));
	sim_sw_voq(test, sw, 4, RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, off, RIO_VOQ_CSR_GEN_EN), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(ep->port[0].rx, 0, 4));
	rio_sim_kunit_release(test, fab);
}

/*
 * Stale state (voq.rst, "Stale congestion state"): a receiver lets go of
 * what its partner told it once the partner stops generating (rule 4.2
 * a: no symbol could clear it any more) and when their link goes down,
 * so that it comes back from recovery with nothing orphaned (rule 4.2
 * g); the generator's full status then puts back what is still true.
 */
static void sim_stale_released(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);
	struct rio_voq_rx *rx;

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 1, false), 0);	/* models */
	rx = ep->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));

	/* Generation off: released; on again: the full status restores it */
	sim_sw_voq(test, sw, 1, 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));

	/* Link down: released; recovery: the resend restores it */
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));

	/* A link that recovers toward a generator now off holds nothing */
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	sim_sw_voq(test, sw, 1, 0);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	rio_sim_kunit_release(test, fab);
}

/*
 * Bit 11 on both ends of a CS48 link (3.3): a receiver places a VoQ
 * field in the VC of the Status or VC_Status symbol it rides with only
 * when its own bit 11 is set.  Both set: VC0's congestion stops VC0
 * only.  Only the transmitter's: the receiver applies it to every VC.
 * Only the receiver's: the field comes with no VC symbol, the receiver
 * cannot place it and the congestion is lost.
 */
static void sim_per_vc_both_ends(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);
	struct rio_voq_rx *rx;
	unsigned int ignored;

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 1, false), 0);	/* models */
	rx = ep->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN);
	spin_lock_irq(&fab->lock);
	ep->port[0].voq_ctl |= RIO_VOQ_CSR_VC_EN;
	spin_unlock_irq(&fab->lock);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN | RIO_VOQ_CSR_VC_EN);

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 1, 3));
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);

	spin_lock_irq(&fab->lock);
	ep->port[0].voq_ctl &= ~RIO_VOQ_CSR_VC_EN;
	spin_unlock_irq(&fab->lock);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 1, 3));
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);

	spin_lock_irq(&fab->lock);
	ep->port[0].voq_ctl |= RIO_VOQ_CSR_VC_EN;
	spin_unlock_irq(&fab->lock);
	sim_sw_voq(test, sw, 1, 0);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	ignored = rx->ignored;
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_EXPECT_EQ(test, rx->ignored, ignored + 1);
	rio_sim_kunit_release(test, fab);
}

/*
 * Bit 11 changed while the partner generates over a link that is up: its
 * symbols would be read by another rule than they were sent by (3.3).
 * The write is carried out and counted apart from the Part 12
 * violations; over a link that is down, or with the partner's
 * generation off, it is not counted.
 */
static void sim_per_vc_partner_generates(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);

	spin_lock_irq(&fab->lock);
	ep->port[0].voq_ctl = RIO_VOQ_CSR_GEN_EN;
	spin_unlock_irq(&fab->lock);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_VC_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_ctl, (u32)RIO_VOQ_CSR_VC_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_vc_violations, 1U);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_violations, 0U);
	/* The same bit again changes nothing */
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_VC_EN | RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_vc_violations, 1U);

	/* Nothing crosses a link that is down */
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	sim_sw_voq(test, sw, 1, 0);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_vc_violations, 1U);
	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);

	/* The partner no longer generates */
	spin_lock_irq(&fab->lock);
	ep->port[0].voq_ctl = 0;
	spin_unlock_irq(&fab->lock);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_VC_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_ctl, (u32)RIO_VOQ_CSR_VC_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].voq_vc_violations, 1U);
	KUNIT_EXPECT_EQ(test, ep->port[0].voq_vc_violations, 0U);
	rio_sim_kunit_release(test, fab);
}

/* A link's transitions are latched in the Error Detect CSR the port-write carries */
static void sim_link_latched(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	u32 det = sw->em_ef + RIO_EM_PN_ERR_DETECT(1);

	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_EQ(test, log.last.em.errdetect, (u32)REM_PED_LINK_OK2U);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	KUNIT_EXPECT_EQ(test, log.last.em.errdetect,
			(u32)(REM_PED_LINK_OK2U | REM_PED_LINK_U2OK));
	/* Cleared by a write, as the core does after a port-write */
	KUNIT_EXPECT_EQ(test, rio_sim_maint_write(fab, 0xff, 0, det, 0), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_peek(sw, det), 0U);
	rio_sim_kunit_release(test, fab);
}

static const struct rio_sim_dev_desc sim_rev2_sw3 = {
	.name = "rev2sw", .is_switch = true, .nports = 3, .vid = RIO_SIM_VID,
	.did = RIO_SIM_DID_SWITCH, .map = RIO_SIM_MAP_I, .em = true, .voq = true,
	.voq_layout = RIO_VOQ_LAYOUT_REV2,
	.voq_caps = RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP,
};

/*
 * A switch swapped for a rev 2.x one with fewer ports: its links go down
 * and come back but those of the ports it lacks, which stay down; what
 * the enumerator wrote stays, the VoQ block is the new one's
 */
static void sim_replace_fewer_ports(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep1 = rio_sim_dev_find(fab, EP1);
	struct rio_sim_dev *ep3 = rio_sim_dev_find(fab, EP1 + 2);
	u32 off, val;

	sw->comptag = 0x22;
	sw->route[5] = 1;
	sw->port[1].voq_ctl = RIO_VOQ_CSR_GEN_EN;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &sim_rev2_sw3), 0);

	KUNIT_EXPECT_EQ(test, sw->nports, 3U);
	KUNIT_EXPECT_EQ(test, sw->voq_layout, RIO_VOQ_LAYOUT_REV2);
	KUNIT_EXPECT_EQ(test, sw->comptag, 0x22U);
	KUNIT_EXPECT_EQ(test, sw->route[5], 1);
	KUNIT_EXPECT_PTR_EQ(test, sw->port[1].peer, ep1);
	KUNIT_EXPECT_PTR_EQ(test, ep3->port[0].peer, (struct rio_sim_dev *)NULL);
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 1) & RIO_PORT_N_ERR_STS_PORT_OK,
			(u32)RIO_PORT_N_ERR_STS_PORT_OK);
	KUNIT_EXPECT_EQ(test, sim_err_sts(ep3, 0), (u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);
	/* The new board's VoQ controls are as after reset, at its layout's place */
	off = rio_voq_csr_offset(RIO_VOQ_LAYOUT_REV2, sw->voq_ef, 1);
	KUNIT_EXPECT_EQ(test, rio_sim_maint_read(fab, 0xff, 0, off, &val), 0);
	KUNIT_EXPECT_EQ(test, val, (u32)(RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP));
	/* Ports 0..2 came back: each end that has error management told */
	KUNIT_EXPECT_EQ(test, log.count, 3U);
	KUNIT_EXPECT_EQ(test, log.last.em.comptag, 0x22U);
	/* The new board's port only saw its link come up */
	KUNIT_EXPECT_EQ(test, log.last.em.errdetect, (u32)REM_PED_LINK_U2OK);
	KUNIT_EXPECT_EQ(test, sw->port[0].voq_violations + sw->port[1].voq_violations, 0U);
	rio_sim_kunit_release(test, fab);
}

/*
 * A loopback cable between two ports of the switch: the board that
 * replaces it keeps the cable when it has both ports, and loses it, at
 * both ends, when it has one of them only
 */
static void sim_replace_loopback(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev_desc d = sim_rev2_sw3;
	unsigned int k;

	/* Ports 1 and 2 cabled to each other, ports 3 and 4 too */
	for (k = 1; k <= 4; k++)
		rio_sim_unlink(sw, k);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, sw, 2, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 3, sw, 4, 2), 0);

	/* Four ports: the first cable stays, the second loses its far end */
	d.nports = 4;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &d), 0);
	KUNIT_EXPECT_PTR_EQ(test, sw->port[1].peer, sw);
	KUNIT_EXPECT_EQ(test, sw->port[1].peer_port, 2U);
	KUNIT_EXPECT_PTR_EQ(test, sw->port[2].peer, sw);
	KUNIT_EXPECT_EQ(test, sw->port[2].peer_port, 1U);
	KUNIT_EXPECT_PTR_EQ(test, sw->port[3].peer, (struct rio_sim_dev *)NULL);
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 3), (u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 3, true), -ENOLINK);

	/* Two ports: the first cable loses its far end too */
	d.nports = 2;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &d), 0);
	KUNIT_EXPECT_PTR_EQ(test, sw->port[1].peer, (struct rio_sim_dev *)NULL);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), -ENOLINK);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, fab);
}

/*
 * Fewer ports, then more (as many as the old board left room for), then
 * no VoQ block; a board the core would look for in the wrong place, the
 * wrong kind and the host are refused
 */
static void sim_replace_more_none_bad(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:15");
	struct rio_sim_dev *sw, *ep1;
	struct rio_sim_dev_desc d = sim_rev2_sw3;
	u32 em;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sw = rio_sim_dev_find(fab, SW);
	ep1 = rio_sim_dev_find(fab, EP1);
	em = sw->em_ef;
	d.voq_layout = RIO_VOQ_LAYOUT_REV3;
	d.voq_caps = RIO_SIM_VOQ_CAPS_ALL;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &d), 0);
	d.nports = 12;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &d), 0);
	KUNIT_EXPECT_EQ(test, sw->nports, 12U);
	KUNIT_EXPECT_EQ(test, sw->em_ef, em);
	KUNIT_EXPECT_GT(test, sw->voq_ef, em);
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 1) & RIO_PORT_N_ERR_STS_PORT_OK,
			(u32)RIO_PORT_N_ERR_STS_PORT_OK);
	/* Ports 3.. lost their cables with the 3-port board */
	KUNIT_EXPECT_EQ(test, sim_err_sts(sw, 11), (u32)RIO_PORT_N_ERR_STS_PORT_UNINIT);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 11, true), -ENOLINK);

	d.voq = false;
	KUNIT_ASSERT_EQ(test, rio_sim_dev_replace(sw, &d), 0);
	KUNIT_EXPECT_EQ(test, sw->voq_ef, 0U);
	KUNIT_EXPECT_EQ(test, rio_sim_congest(sw, 1, true), -EINVAL);

	d.nports = 40;			/* its LP-Serial block overlaps */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(sw, &d), -EINVAL);
	d.nports = 4;
	d.map = RIO_SIM_MAP_II;		/* the core keeps map I */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(sw, &d), -EINVAL);
	d.map = RIO_SIM_MAP_I;
	d.em = false;			/* the core clears its Error Detect CSRs */
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(sw, &d), -EINVAL);
	d.em = true;
	d.is_switch = false;
	d.nports = 1;
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(sw, &d), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(fab->host, &d), -EINVAL);
	d.nports = 2;
	KUNIT_EXPECT_EQ(test, rio_sim_dev_replace(ep1, &d), -EINVAL);
	KUNIT_EXPECT_EQ(test, sw->nports, 12U);
	KUNIT_EXPECT_EQ(test, ep1->nports, 1U);
	KUNIT_EXPECT_EQ(test, fab->stray_writes, 0ULL);
	rio_sim_kunit_release(test, fab);
}

/*
 * Minimal silicon (rio_sim_dev.minimal) does what Part 12 requires and
 * no more: its receiver keeps what the partner said when the partner's
 * generation goes off and when the link goes down or comes back; its
 * generator, turned on again or over a link that recovered, sends no
 * full status, only the changes it sees from then on.  A change of XOFF
 * with participation set (table 5-4) sends the group's status, stale
 * ports included.
 */
static void sim_minimal_silicon(struct kunit *test)
{
	struct sim_pw_log log = { };
	struct rio_sim_fabric *fab = sim_star(test, &log);
	struct rio_sim_dev *sw = rio_sim_dev_find(fab, SW);
	struct rio_sim_dev *ep = rio_sim_dev_find(fab, EP1);
	struct rio_voq_rx *rx;
	u64 sent;

	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 1, false), 0);	/* models */
	rx = ep->port[0].rx;
	KUNIT_ASSERT_NOT_NULL(test, rx);
	spin_lock_irq(&fab->lock);
	sw->minimal = true;
	ep->minimal = true;
	spin_unlock_irq(&fab->lock);
	sim_sw_voq(test, sw, 2, RIO_VOQ_CSR_PART_EN);
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN);
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, true), 0);
	KUNIT_ASSERT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));

	/* Generation off: kept; cleared meanwhile, on again: nothing sent */
	sim_sw_voq(test, sw, 1, 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 3, false), 0);
	sent = sw->port[1].sym_sent;
	sim_sw_voq(test, sw, 1, RIO_VOQ_CSR_GEN_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].sym_sent, sent);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	/* The next change in the group carries the whole group */
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 2, true), 0);
	KUNIT_EXPECT_EQ(test, sw->port[1].sym_sent, sent + 1);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 2));

	/* Link down: kept; cleared meanwhile; recovery: nothing sent */
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 2));
	KUNIT_ASSERT_EQ(test, rio_sim_congest(sw, 2, false), 0);
	KUNIT_EXPECT_EQ(test, rio_sim_port_set_link(sw, 1, true), 0);
	KUNIT_EXPECT_EQ(test, sw->port[1].sym_sent, sent + 1);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 2));

	/* Table 5-4: XOFF on a participating port that is not congested */
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN | RIO_VOQ_CSR_XOFF);
	KUNIT_EXPECT_EQ(test, sw->port[1].sym_sent, sent + 2);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 2));
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	sim_sw_voq(test, sw, 3, RIO_VOQ_CSR_PART_EN);
	KUNIT_EXPECT_EQ(test, sw->port[1].sym_sent, sent + 3);
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_port_stopped(rx, 0, 3));
	rio_sim_kunit_release(test, fab);
}

static struct kunit_case sim_ports_test_cases[] = {
	KUNIT_CASE(sim_link_down_up),
	KUNIT_CASE(sim_pw_lost),
	KUNIT_CASE(sim_xoff_sends_symbol),
	KUNIT_CASE(sim_recovery_resync),
	KUNIT_CASE(sim_stale_released),
	KUNIT_CASE(sim_minimal_silicon),
	KUNIT_CASE(sim_per_vc_both_ends),
	KUNIT_CASE(sim_per_vc_partner_generates),
	KUNIT_CASE(sim_link_latched),
	KUNIT_CASE(sim_replace_fewer_ports),
	KUNIT_CASE(sim_replace_more_none_bad),
	KUNIT_CASE(sim_replace_loopback),
	{}
};

static struct kunit_suite sim_ports_test_suite = {
	.name = "rio_sim_ports",
	.test_cases = sim_ports_test_cases,
};

kunit_test_suite(sim_ports_test_suite);
