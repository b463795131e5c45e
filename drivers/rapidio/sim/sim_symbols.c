// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim symbol exchange: links carry VoQ backpressure symbols.
 *
 * When the congestion of a device's port changes, each of the device's
 * ports that generates (Enable VoQ Symbol Generation set) runs the
 * generator model with its own TX group size, participation and XOFF
 * bits, and the partner decodes what it sends with its own RX group
 * size into its receiver model.  A TX size that differs from the
 * partner's RX size therefore gates the wrong ports, as on hardware.
 * The symbol format follows the link: rev 2 if either end is, else CS64
 * on baud-rate class 3 and CS48 otherwise.  rio-sim's congestion is that
 * of VC0: with per-VC transmission (bit 11) the generator reports VC0's
 * status in VC0's symbols, without it the status of all VCs.  A receiver
 * reads them by its own bit 11 (Part 12 3.3), so a link whose ends
 * differ there gates the wrong VCs, or nothing, as hardware would.  A
 * receiver lets go of what its partner said when the partner's
 * generation goes off or the link goes down or comes back up (voq.rst,
 * "Stale congestion state").
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "../spec/voq_txrx.h"
#include "sim_fabric.h"

/* Room for the symbols a port sends at once: every VC's full status */
#define SIM_MAX_SYMS	(RIO_VOQ_GEN_MAX_GROUPS * RIO_VOQ_NR_VCS)

/*
 * A port's generator and receiver models, allocated on first use, and
 * the fabric's room for the symbols a port sends.  They are allocated
 * outside the fabric lock (which is a spinlock) and installed under it,
 * so that concurrent callers neither leak nor replace models that
 * another caller has already sent symbols through.
 */
static int sim_port_models(struct rio_sim_fabric *fab, struct rio_sim_port *p)
{
	struct rio_voq_txsym *txbuf = NULL;
	struct rio_voq_gen *gen;
	struct rio_voq_rx *rx;
	unsigned int q;
	bool have, room;

	spin_lock_irq(&fab->lock);
	have = p->gen && p->rx;
	room = !!fab->txbuf;
	spin_unlock_irq(&fab->lock);
	if (have && room)
		return 0;

	gen = kzalloc(sizeof(*gen), GFP_KERNEL);
	rx = kzalloc(sizeof(*rx), GFP_KERNEL);
	if (!room)
		txbuf = kcalloc(SIM_MAX_SYMS, sizeof(*txbuf), GFP_KERNEL);
	if (!gen || !rx || (!room && !txbuf)) {
		kfree(gen);
		kfree(rx);
		kfree(txbuf);
		return -ENOMEM;
	}
	/* Until staging ops program it: one queue per downstream port */
	for (q = 0; q < RIO_VOQ_MAX_PORTS; q++)
		rx->queue[q] = q;
	rx->nqueues = RIO_VOQ_MAX_PORTS;

	spin_lock_irq(&fab->lock);
	if (!p->gen)
		swap(p->gen, gen);
	if (!p->rx)
		swap(p->rx, rx);
	if (!fab->txbuf)
		swap(fab->txbuf, txbuf);
	spin_unlock_irq(&fab->lock);
	kfree(gen);
	kfree(rx);
	kfree(txbuf);
	return 0;
}

/*
 * What the hardware of a link uses.  Deliberately not rio-voq's
 * rio_voq_link_fmt(): the simulator must not share the policy it tests.
 */
static enum rio_voq_fmt sim_link_fmt(const struct rio_sim_dev *a,
				     const struct rio_sim_dev *b, u8 baud_class)
{
	if (a->voq_layout == RIO_VOQ_LAYOUT_REV2 || b->voq_layout == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_FMT_REV2;
	return baud_class == 3 ? RIO_VOQ_FMT_CS64 : RIO_VOQ_FMT_CS48;
}

/*
 * Port @k of @dev sends what changed to its partner, or with @full its
 * whole status (rule 4.2 g, after link recovery).  Fabric lock held.
 */
static void sim_port_send(struct rio_sim_dev *dev, unsigned int k, bool full)
{
	struct rio_sim_port *p = &dev->port[k], *q;
	struct rio_voq_txsym *syms = dev->fabric->txbuf;
	struct rio_voq_gen *gen = p->gen;
	struct rio_sim_dev *peer = p->peer;
	u32 csr = p->voq_caps | p->voq_ctl, peer_csr;
	unsigned int i;
	int n;

	/*
	 * A link made since the models were allocated carries nothing yet,
	 * nor does a link that is down
	 */
	if (!peer || !peer->voq_ef || !gen || !syms || !peer->port[p->peer_port].rx ||
	    p->link_down)
		return;
	q = &peer->port[p->peer_port];
	peer_csr = q->voq_caps | q->voq_ctl;

	gen->fmt = sim_link_fmt(dev, peer, p->baud_class);
	gen->pgs = FIELD_GET(RIO_VOQ_CSR_TX_PGS, csr);
	gen->gen_en = csr & RIO_VOQ_CSR_GEN_EN;
	gen->per_vc = csr & RIO_VOQ_CSR_VC_EN;
	gen->nports = dev->nports;
	for (i = 0; i < dev->nports; i++) {
		u32 c = dev->port[i].voq_ctl;

		__assign_bit(i, gen->part, c & RIO_VOQ_CSR_PART_EN);
		__assign_bit(i, gen->xoff, c & RIO_VOQ_CSR_XOFF);
	}
	bitmap_copy(gen->congested[0], dev->congested, RIO_VOQ_MAX_PORTS);

	if (full)
		n = rio_voq_gen_resync(gen, syms, SIM_MAX_SYMS);
	else
		n = rio_voq_gen_update(gen, syms, SIM_MAX_SYMS);
	if (n <= 0)
		return;
	p->sym_sent += n;

	/* Only a port that can receive takes them */
	if (!(peer_csr & RIO_VOQ_CSR_RX_SUP))
		return;
	q->rx->fmt = gen->fmt;
	q->rx->pgs = FIELD_GET(RIO_VOQ_CSR_RX_PGS, peer_csr);
	/* The receiver reads them by its own bit 11 (3.3) */
	q->rx->per_vc = peer_csr & RIO_VOQ_CSR_VC_EN;
	for (i = 0; i < n; i++)
		if (!rio_voq_rx_symbol(q->rx, syms[i].sym, syms[i].vc))
			q->sym_received++;
}

static int sim_congest(struct rio_sim_dev *dev, unsigned int port, bool congested)
{
	struct rio_sim_fabric *fab = dev->fabric;
	struct rio_sim_port *far;
	unsigned int k;
	int ret = 0;

	if (!dev->voq_ef || port >= dev->nports)
		return -EINVAL;
	for (k = 0; k < dev->nports && !ret; k++) {
		ret = sim_port_models(fab, &dev->port[k]);
		/* Links change under the lock: read the partner under it */
		spin_lock_irq(&fab->lock);
		far = dev->port[k].peer && dev->port[k].peer->voq_ef ?
		      &dev->port[k].peer->port[dev->port[k].peer_port] : NULL;
		spin_unlock_irq(&fab->lock);
		if (!ret && far)
			ret = sim_port_models(fab, far);
	}
	if (ret)
		return ret;

	spin_lock_irq(&fab->lock);
	__assign_bit(port, dev->congested, congested);
	for (k = 0; k < dev->nports; k++)
		sim_port_send(dev, k, false);
	spin_unlock_irq(&fab->lock);
	return 0;
}

/**
 * rio_sim_congest() - set a port's congestion and let the symbols flow
 * @dev: the device, with a VoQ block
 * @port: its port whose egress is (or is no longer) congested
 * @congested: the new state
 *
 * Every port of @dev that generates sends the symbols the change calls
 * for to its partner, whose receiver model takes them.
 *
 * Return: 0, -EINVAL for a bad port or a device without a VoQ block,
 * -ENOMEM.
 */
int rio_sim_congest(struct rio_sim_dev *dev, unsigned int port, bool congested)
{
	int ret;

	mutex_lock(&dev->fabric->ev_lock);
	ret = sim_congest(dev, port, congested);
	mutex_unlock(&dev->fabric->ev_lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_congest);

/**
 * rio_sim_symbols_update() - send what a change of status calls for
 * @dev: the device, whose XOFF, participation or congestion changed
 *
 * Every port of @dev whose models exist (they do from its first symbol
 * exchange on) and that generates sends a symbol for each group whose
 * reported status changed (table 5-4, rule 4.2 e).  Called with the
 * fabric lock held.
 */
void rio_sim_symbols_update(struct rio_sim_dev *dev)
{
	unsigned int k;

	lockdep_assert_held(&dev->fabric->lock);
	for (k = 0; k < dev->nports; k++)
		sim_port_send(dev, k, false);
}

/**
 * rio_sim_symbols_resync() - a recovered link's generator resends all
 * @dev: the device
 * @port: its port whose link came back up
 *
 * Rule 4.2 g: the generating side sends its full status, so that no
 * congestion state stays orphaned at the partner.  Nothing is sent
 * while generation is off (the symbols follow when it is turned on and
 * a status changes).  Called with the fabric lock held.
 */
void rio_sim_symbols_resync(struct rio_sim_dev *dev, unsigned int port)
{
	lockdep_assert_held(&dev->fabric->lock);
	if (port < dev->nports && dev->voq_ef)
		sim_port_send(dev, port, true);
}

/**
 * rio_sim_symbols_release() - a receiver lets go of what it was told
 * @dev: the device
 * @port: its port, whose partner stopped generating or whose link went
 *	down or came back up
 *
 * What the partner said last can no longer be brought up to date (rule
 * 4.2 a) or may be orphaned (rule 4.2 g): the port's receiver takes
 * every downstream port as not congested (voq.rst, "Stale congestion
 * state").  Called with the fabric lock held.
 */
void rio_sim_symbols_release(struct rio_sim_dev *dev, unsigned int port)
{
	lockdep_assert_held(&dev->fabric->lock);
	if (port < dev->nports && dev->port[port].rx)
		rio_voq_rx_release(dev->port[port].rx);
}

/**
 * rio_sim_symbols_models() - make sure a port and its partner have models
 * @dev: the device
 * @port: the port
 *
 * Symbols flow only between ports whose models exist; a port event
 * (link up, availability) creates them so that what follows is carried.
 * Called without the fabric lock.
 *
 * Return: 0 or -ENOMEM.
 */
int rio_sim_symbols_models(struct rio_sim_dev *dev, unsigned int port)
{
	struct rio_sim_fabric *fab = dev->fabric;
	struct rio_sim_port *far;
	int ret;

	if (!dev->voq_ef || port >= dev->nports)
		return 0;
	ret = sim_port_models(fab, &dev->port[port]);
	spin_lock_irq(&fab->lock);
	far = dev->port[port].peer && dev->port[port].peer->voq_ef ?
	      &dev->port[port].peer->port[dev->port[port].peer_port] : NULL;
	spin_unlock_irq(&fab->lock);
	if (!ret && far)
		ret = sim_port_models(fab, far);
	return ret;
}
