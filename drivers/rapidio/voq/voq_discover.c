// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq discovery: find a node's VoQ block with the bounded walk, tell
 * its layout, bound the ports it describes by the room the block has,
 * and read each port's VoQ CSR and error/status once; and, on a device
 * with an LP-Serial Register Map II block, each port's Latency
 * Optimization CSR (rio_lat_find() bounds them).
 */

#include <linux/bitfield.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>
#include <linux/slab.h>

#include "voq_core.h"

#define RIO_VOQ_PROBE_CACHE	4

/*
 * The walk, the layout detection and the port loop may ask for the same
 * word (a block header, the word at offset 0x20 that is also a port's
 * CSR): remember the last few so that each is read once.
 */
struct rio_voq_probe {
	struct rio_voq_node *n;
	u32 off[RIO_VOQ_PROBE_CACHE];
	u32 val[RIO_VOQ_PROBE_CACHE];
	unsigned int next;
	bool walk;
	u32 em;
	u32 em_hs;
	u32 voq;
	u32 voq_hdr;
	u32 first;
};

/* The LP-Serial block IDs of register map I and map II (Part 6) */
static const u16 rio_voq_phys_m1[] = {
	RIO_EFB_SER_EP_M1_ID, RIO_EFB_SER_EP_SW_M1_ID, RIO_EFB_SER_EPF_M1_ID,
	RIO_EFB_SER_EP_ID, RIO_EFB_SER_EP_REC_ID, RIO_EFB_SER_EP_FREE_ID,
	RIO_EFB_SER_EPF_SW_M1_ID,
};

static const u16 rio_voq_phys_m2[] = {
	RIO_EFB_SER_EP_M2_ID, RIO_EFB_SER_EP_SW_M2_ID, RIO_EFB_SER_EPF_M2_ID,
	RIO_EFB_SER_EPF_SW_M2_ID,
};

static bool rio_voq_id_in(u16 id, const u16 *ids, unsigned int count)
{
	while (count--)
		if (ids[count] == id)
			return true;
	return false;
}

/*
 * During a walk every read is a block header: note the first LP-Serial
 * block, the first error management block of each kind and the first
 * VoQ block
 */
static void rio_voq_probe_note(struct rio_voq_probe *pr, u32 offset, u32 hdr)
{
	struct rio_voq_node *n = pr->n;
	u16 id = FIELD_GET(RIO_VOQ_EF_HDR_ID, hdr);

	if (!n->phys && rio_voq_id_in(id, rio_voq_phys_m1, ARRAY_SIZE(rio_voq_phys_m1))) {
		n->phys = offset;
		n->rmap = 1;
	} else if (!n->phys &&
		   rio_voq_id_in(id, rio_voq_phys_m2, ARRAY_SIZE(rio_voq_phys_m2))) {
		n->phys = offset;
		n->rmap = 2;
	} else if (!pr->em && id == RIO_EFB_ERR_MGMNT) {
		pr->em = offset;
	} else if (!pr->em_hs && id == RIO_EFB_ERR_MGMNT_HS) {
		pr->em_hs = offset;
	} else if (!pr->voq && id == RIO_EFB_VOQ_ID) {
		pr->voq = offset;
		pr->voq_hdr = hdr;
	}
}

static int rio_voq_probe_read(void *ctx, u32 offset, u32 *val)
{
	struct rio_voq_probe *pr = ctx;
	unsigned int i;
	int ret;

	for (i = 0; i < RIO_VOQ_PROBE_CACHE; i++) {
		if (pr->off[i] == offset) {
			*val = pr->val[i];
			return 0;
		}
	}
	ret = rio_voq_read(pr->n, offset, val);
	if (ret)
		return ret;
	if (pr->walk)
		rio_voq_probe_note(pr, offset, *val);
	pr->off[pr->next] = offset;
	pr->val[pr->next] = *val;
	pr->next = (pr->next + 1) % RIO_VOQ_PROBE_CACHE;
	return 0;
}

/*
 * Ports a block at @ef can describe: no more than its layout allows, and
 * no CSR past the next block the node is known to have (the block's own
 * EF_PTR, the LP-Serial and error management blocks the core found) nor
 * past the end of extended-feature space.  rio-voq never writes outside
 * its block.
 */
static unsigned int rio_voq_block_room(const struct rio_voq_node *n,
				       enum rio_voq_layout layout, u32 ef, u32 hdr)
{
	u32 end = RIO_VOQ_EF_SPACE_END + 4, first = rio_voq_csr_offset(layout, ef, 0);
	u32 known[3] = { FIELD_GET(RIO_VOQ_EF_HDR_PTR, hdr) };
	unsigned int i, room, base = rio_voq_hw_port(n, 0);

	known[1] = n->phys;
	known[2] = n->em;
	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (known[i] > ef && known[i] < end)
			end = known[i];
	room = end > first ? (end - first) / 4 : 0;
	room = min(room, rio_voq_layout_max_ports(layout));
	return room > base ? room - base : 0;
}

/*
 * The Latency Optimization CSRs of @n's ports, on a device whose
 * LP-Serial block is of map II: found and bounded by rio_lat_find() from
 * the first extended-feature block (@pr->first), read once each.  Ports
 * out of the bound, or all of them when the chain cannot be bounded (one
 * line), are marked hidden: their partners are left alone.  A failed
 * read fails the probe, as for the VoQ CSRs (a read that failed once is
 * no sign of another board).
 */
static int rio_voq_node_lat(struct rio_voq_node *n, struct rio_voq_probe *pr,
			    struct rio_voq_port_state *port, unsigned int nports)
{
	unsigned int p, hw, last = rio_voq_hw_port(n, nports - 1) + 1;
	u64 reads = rio_voq_count.reads;
	struct rio_lat_block blk;
	int ret;

	if (n->rmap != 2 || !n->phys || !pr->first)
		return 0;
	/* The mport's port is port index of its controller's block */
	ret = rio_lat_find(rio_voq_probe_read, pr, pr->first,
			   max(n->dev_nports, last), &blk);
	rio_voq_count.lat_reads += rio_voq_count.reads - reads;
	if (ret && ret != -ELOOP && ret != -EINVAL && ret != -ENOENT)
		return ret;
	if (ret || blk.phys != n->phys) {
		rio_voq_notice(n, "LP-Serial block at 0x%04x: latency-optimization registers not bounded (%pe): not used\n",
			       n->phys, ERR_PTR(ret ?: -ENOENT));
		blk.nports = 0;
	}
	for (p = 0; p < nports; p++) {
		hw = rio_voq_hw_port(n, p);
		if (hw >= blk.nports) {
			port[p].lat_hidden = true;
			continue;
		}
		/* Not through the cache: these are read once, it holds others */
		ret = rio_voq_read(n, rio_lat_csr_offset(n->phys, hw), &port[p].lat_csr);
		rio_voq_count.lat_reads++;
		if (ret)
			return ret;
		port[p].lat = true;
	}
	return 0;
}

/*
 * Read the VoQ block at @ef (0: none) of @n, whose @phys, @em and
 * @dev_nports are known, into @n; @hdr is the block's header.
 */
static int rio_voq_node_block(struct rio_voq_node *n, struct rio_voq_probe *pr,
			      u32 ef, u32 hdr)
{
	struct rio_voq_port_state *port;
	enum rio_voq_layout layout;
	unsigned int nports, room, p;
	int ret;

	if (!ef)
		goto none;
	ret = rio_voq_detect_layout(rio_voq_probe_read, pr, ef, &layout);
	if (ret)
		return ret;

	nports = 1;
	if (n->rdev && (n->rdev->pef & RIO_PEF_SWITCH))
		nports = n->dev_nports;
	room = rio_voq_block_room(n, layout, ef, hdr);
	if (nports > room || !nports) {
		rio_voq_notice(n, "VoQ block at 0x%04x (rev %d) has room for %u of %u ports: using %u\n",
			       ef, layout, room, nports, min(nports, room));
		nports = min(nports, room);
	}
	if (!nports)
		goto none;

	port = kcalloc(nports, sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;

	/* First, while the probe's cache holds the chain's headers */
	ret = rio_voq_node_lat(n, pr, port, nports);
	if (ret) {
		kfree(port);
		return ret;
	}
	for (p = 0; p < nports; p++) {
		u32 sts = rio_voq_phys_reg(n, p, RIO_PORT_N_ERR_STS_CSR(0, 0));

		ret = rio_voq_probe_read(pr, rio_voq_csr_offset(layout, ef,
								rio_voq_hw_port(n, p)),
					 &port[p].csr);
		if (!ret && sts)
			ret = rio_voq_probe_read(pr, sts, &port[p].err_sts);
		if (ret) {
			kfree(port);
			return ret;
		}
	}

	/*
	 * A rev 3+ port CSR that reads 0 is not there: group sizes 0 and 4
	 * are supported from reset.  A block that ends before its device's
	 * last ports (undefined space reads 0) is cut there, so that nothing
	 * is written past it.  A rev 2.x CSR reads 0 on a port without
	 * capabilities, which Part 12 5.1.2 still gives a register: its
	 * participation and XOFF decide whether its status goes in the
	 * symbols the other ports send (table 5-4), so every port is kept.
	 */
	room = nports;
	while (layout == RIO_VOQ_LAYOUT_REV3 && room && !port[room - 1].csr)
		room--;
	if (room < nports) {
		rio_voq_notice(n, "VoQ block at 0x%04x: ports %u-%u read 0, using %u ports\n",
			       ef, room, nports - 1, room);
		nports = room;
		if (!nports) {
			kfree(port);
			goto none;
		}
	}

	n->ef = ef;
	n->layout = layout;
	n->nports = nports;
	n->port = port;
none:
	n->probed = true;
	return 0;
}

/**
 * rio_voq_node_probe() - discover a node's VoQ block and read its ports
 * @n: the node, not probed yet
 *
 * The first extended-feature pointer comes from the core when it has
 * read it (rdev->efptr), else from the Assembly Information CAR; the
 * LP-Serial and error management blocks, the identity and the port count
 * are the core's.  A node without a VoQ block is probed too: its @ef stays 0.
 *
 * Return: 0, or the error of a failed access; the node is then left
 * unprobed, to be tried again at the next scan.
 */
int rio_voq_node_probe(struct rio_voq_node *n)
{
	struct rio_voq_probe pr = { .n = n };
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 ptr, ef, hdr;
	int ret;

	memset(pr.off, 0, sizeof(pr.off));	/* offset 0 is never asked for */
	n->phys = n->rdev ? n->rdev->phys_efptr : n->mport->phys_efptr;
	n->rmap = n->rdev ? n->rdev->phys_rmap : n->mport->phys_rmap;
	n->em = n->rdev ? n->rdev->em_efptr : 0;
	n->vid = n->rdev ? n->rdev->vid : 0;
	n->did = n->rdev ? n->rdev->did : 0;
	n->dev_nports = n->rdev && (n->rdev->pef & RIO_PEF_SWITCH) ?
			RIO_GET_TOTAL_PORTS(n->rdev->swpinfo) : 1;

	if (n->rdev) {
		if (!(n->rdev->pef & RIO_PEF_EXT_FEATURES) || !n->rdev->efptr)
			return rio_voq_node_block(n, &pr, 0, 0);
		ptr = n->rdev->efptr;
	} else {
		ret = rio_voq_ef_first(rio_voq_probe_read, &pr, &ptr);
		if (ret == -ENOENT)
			return rio_voq_node_block(n, &pr, 0, 0);
		if (ret)
			return ret;
	}
	pr.first = ptr;

	ret = rio_voq_ef_find(rio_voq_probe_read, &pr, ptr, RIO_EFB_VOQ_ID,
			      &ttl, &ef);
	if (ret == -ENOENT)
		return rio_voq_node_block(n, &pr, 0, 0);
	if (!ret)
		ret = rio_voq_probe_read(&pr, ef, &hdr);	/* read by the walk */
	return ret ?: rio_voq_node_block(n, &pr, ef, hdr);
}

/**
 * rio_voq_node_reprobe() - discover a node's device again, from scratch
 * @n: the node, probed
 * @fresh: filled in as a node of the same device, probed anew: the
 *	device's identity (Device Identity CAR), its port count (Switch
 *	Port Information CAR), its LP-Serial, error management and VoQ
 *	blocks (one bounded walk of the whole chain, from the Assembly
 *	Information CAR) and its VoQ ports
 *
 * For a device that may have been swapped for another board: the core
 * keeps what it read at the scan, so nothing of it is trusted.  @n is
 * not changed; free @fresh->port when it is not used.
 *
 * Return: 0, or the error of a failed access (@fresh holds nothing).
 */
int rio_voq_node_reprobe(struct rio_voq_node *n, struct rio_voq_node *fresh)
{
	struct rio_voq_probe pr = { .n = fresh };
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 ptr, swp, end, id;
	int ret;

	*fresh = (struct rio_voq_node) {
		.net = n->net, .mport = n->mport, .rdev = n->rdev, .dev_nports = 1,
	};
	memset(pr.off, 0, sizeof(pr.off));
	if (n->rdev) {
		ret = rio_voq_read(fresh, RIO_DEV_ID_CAR, &id);
		if (ret)
			return ret;
		fresh->vid = id & 0xffff;
		fresh->did = id >> 16;
	}
	if (n->rdev && (n->rdev->pef & RIO_PEF_SWITCH)) {
		ret = rio_voq_read(fresh, RIO_SWP_INFO_CAR, &swp);
		if (ret)
			return ret;
		fresh->dev_nports = RIO_GET_TOTAL_PORTS(swp);
	}
	ret = rio_voq_ef_first(rio_voq_probe_read, &pr, &ptr);
	if (!ret) {
		pr.first = ptr;
		/* ID 0 is reserved: the walk goes to the chain's end */
		pr.walk = true;
		ret = rio_voq_ef_find(rio_voq_probe_read, &pr, ptr, 0, &ttl, &end);
		pr.walk = false;
	}
	if (ret && ret != -ENOENT)
		return ret;
	/*
	 * The error management block as the core found it at the first
	 * probe, so that the two compare: rio-scan takes the hot-swap-only
	 * one if there is no other, rio_mport_cdev's RIO_DEV_ADD does not
	 * (a device not placed was added so)
	 */
	fresh->em = pr.em ?: (n->placed ? pr.em_hs : 0);
	return rio_voq_node_block(fresh, &pr, pr.voq, pr.voq_hdr);
}

/**
 * rio_voq_node_same() - is a node's device still what it was
 * @n: the node
 * @fresh: the same device probed again (rio_voq_node_reprobe())
 *
 * Return: true if the identity, the blocks, the ports and every port's
 * capabilities are the same: the device was not replaced by another kind
 * of board.
 */
bool rio_voq_node_same(const struct rio_voq_node *n,
		       const struct rio_voq_node *fresh)
{
	struct rio_voq_port a, b;
	unsigned int p;

	if (n->vid != fresh->vid || n->did != fresh->did ||
	    n->ef != fresh->ef || n->layout != fresh->layout ||
	    n->nports != fresh->nports || n->dev_nports != fresh->dev_nports ||
	    n->phys != fresh->phys || n->rmap != fresh->rmap || n->em != fresh->em)
		return false;
	for (p = 0; p < n->nports; p++) {
		rio_voq_csr_decode(n->layout, n->port[p].csr, &a);
		rio_voq_csr_decode(n->layout, fresh->port[p].csr, &b);
		if (a.gen_sup != b.gen_sup || a.rx_sup != b.rx_sup ||
		    a.vc_sup != b.vc_sup || a.pgs_sup != b.pgs_sup)
			return false;
		if (n->port[p].lat != fresh->port[p].lat ||
		    n->port[p].lat_hidden != fresh->port[p].lat_hidden ||
		    (n->port[p].lat_csr ^ fresh->port[p].lat_csr) & RIO_LAT_CSR_CAPS)
			return false;
	}
	return true;
}
