// SPDX-License-Identifier: GPL-2.0-only
/*
 * RapidIO Part 6 Port n Latency Optimization CSR: the register model and
 * where a device keeps it.  Pure code: no hardware access except through
 * the read callback given to rio_lat_find().
 *
 * Bits 8 and 9 are controls only where their capability (bits 0 and 1)
 * is set; otherwise Part 6 reserves them.  A reserved bit is carried
 * over as read and never decoded as on, so a device that reads 1 there
 * is not taken for one that has the feature on.
 */

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/minmax.h>
#include <linux/rio_regs.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

/**
 * rio_lat_csr_offset() - offset of a port's Latency Optimization CSR
 * @phys: offset of the device's LP-Serial Register Map II block
 * @port: port number, below the block's port count (rio_lat_find())
 *
 * Return: the byte offset of port @port's register in configuration space.
 */
u32 rio_lat_csr_offset(u32 phys, unsigned int port)
{
	return phys + RIO_LAT_CSR(port);
}
EXPORT_SYMBOL_GPL(rio_lat_csr_offset);

/**
 * rio_lat_csr_writable() - bits of a Latency Optimization CSR software may change
 * @csr: the register's value (its capability bits matter)
 *
 * Return: bit 8 if bit 0 is set, bit 9 if bit 1 is set: the controls
 * whose capability the port has.  Capabilities are read-only and the
 * other bits reserved.
 */
u32 rio_lat_csr_writable(u32 csr)
{
	u32 mask = 0;

	if (csr & RIO_LAT_CSR_MACK_SUP)
		mask |= RIO_LAT_CSR_MACK_EN;
	if (csr & RIO_LAT_CSR_PNA_SUP)
		mask |= RIO_LAT_CSR_PNA_EN;
	return mask;
}
EXPORT_SYMBOL_GPL(rio_lat_csr_writable);

/**
 * rio_lat_csr_decode() - decode a Port n Latency Optimization CSR
 * @csr: the register value
 * @port: decoded capabilities and controls
 *
 * A control whose capability is clear is reserved: it decodes as off,
 * whatever the bit reads.
 */
void rio_lat_csr_decode(u32 csr, struct rio_lat_port *port)
{
	u32 ctl = csr & rio_lat_csr_writable(csr);

	*port = (struct rio_lat_port) {
		.mack_sup = csr & RIO_LAT_CSR_MACK_SUP,
		.pna_sup = csr & RIO_LAT_CSR_PNA_SUP,
		.pna_tx_sup = csr & RIO_LAT_CSR_PNA_TX_SUP,
		.mack_en = ctl & RIO_LAT_CSR_MACK_EN,
		.pna_en = ctl & RIO_LAT_CSR_PNA_EN,
	};
}
EXPORT_SYMBOL_GPL(rio_lat_csr_decode);

/**
 * rio_lat_csr_encode() - build the value to write to a Latency Optimization CSR
 * @old: the value last read from the register
 * @port: wanted controls; its capability fields are ignored
 * @csr: the value to write
 *
 * Capabilities, reserved bits and a control whose capability is clear
 * (reserved then) are carried over from @old, so writing @csr changes
 * only the controls the port has.
 *
 * Return: 0, or -EINVAL (and @csr untouched) if @port enables a feature
 * whose capability @old lacks.
 */
int rio_lat_csr_encode(u32 old, const struct rio_lat_port *port, u32 *csr)
{
	u32 writable = rio_lat_csr_writable(old), val = old & ~writable;

	if (port->mack_en) {
		if (!(writable & RIO_LAT_CSR_MACK_EN))
			return -EINVAL;
		val |= RIO_LAT_CSR_MACK_EN;
	}
	if (port->pna_en) {
		if (!(writable & RIO_LAT_CSR_PNA_EN))
			return -EINVAL;
		val |= RIO_LAT_CSR_PNA_EN;
	}
	*csr = val;
	return 0;
}
EXPORT_SYMBOL_GPL(rio_lat_csr_encode);

/**
 * rio_lat_csr_check() - does a Latency Optimization CSR keep Part 6's rules
 * @csr: the register value
 *
 * Part 6 wants bit 2 (TX ackID_status in PNA supported) set wherever
 * bit 1 (ackID-in-PNA recovery supported) is: recovery from the ackID in
 * a PNA needs both ends to send a valid one.  A port with bit 1 and not
 * bit 2 cannot be trusted with the feature: the policy takes it as not
 * supporting ackID-in-PNA recovery (rio_lat_supported()), turns bit 9 off
 * at both ends (the bit is writable there) and reports the device.
 * Reserved bits that read 1 are not a violation: a later revision may
 * define them, as rev 3.x defined bit 2.
 *
 * Return: 0, or -EPROTO if bit 1 is set without bit 2.
 */
int rio_lat_csr_check(u32 csr)
{
	if ((csr & RIO_LAT_CSR_PNA_SUP) && !(csr & RIO_LAT_CSR_PNA_TX_SUP))
		return -EPROTO;
	return 0;
}
EXPORT_SYMBOL_GPL(rio_lat_csr_check);

/* The register map of an LP-Serial block ID (Part 6), 0 if not one */
static unsigned int rio_lat_phys_rmap(u16 id)
{
	switch (id) {
	case RIO_EFB_SER_EP_M1_ID:
	case RIO_EFB_SER_EP_SW_M1_ID:
	case RIO_EFB_SER_EPF_M1_ID:
	case RIO_EFB_SER_EP_ID:
	case RIO_EFB_SER_EP_REC_ID:
	case RIO_EFB_SER_EP_FREE_ID:
	case RIO_EFB_SER_EPF_SW_M1_ID:
		return 1;
	case RIO_EFB_SER_EP_M2_ID:
	case RIO_EFB_SER_EP_SW_M2_ID:
	case RIO_EFB_SER_EPF_M2_ID:
	case RIO_EFB_SER_EPF_SW_M2_ID:
		return 2;
	}
	return 0;
}

/*
 * rio_voq_ef_find() reads nothing but block headers.  This read callback
 * serves two walks of the chain: the first (@phys 0) notes the first
 * LP-Serial block and stops there, the second notes the lowest offset
 * of any block above it (@above), wherever the chain puts that block:
 * EF_PTRs may point backwards, so the block that follows in the chain
 * need not be the one that follows in the register space.
 */
struct rio_lat_walk {
	rio_voq_read_fn read;
	void *ctx;
	u32 phys;
	u32 hdr;
	u32 above;
	u32 last;
};

static int rio_lat_walk_read(void *ctx, u32 offset, u32 *val)
{
	struct rio_lat_walk *w = ctx;
	int ret = w->read(w->ctx, offset, val);

	if (ret || *val == ~0U)		/* the walk fails on all ones */
		return ret;
	if (w->phys) {
		if (offset > w->phys && offset < w->above)
			w->above = offset;
		w->last = *val;
		return 0;
	}
	if (rio_lat_phys_rmap(FIELD_GET(RIO_VOQ_EF_HDR_ID, *val))) {
		w->phys = offset;
		w->hdr = *val;
		return -ECANCELED;
	}
	return 0;
}

/*
 * The lowest offset above @w->phys of a block of the chain from @from,
 * into @w->above (the end of extended-feature space if none): the whole
 * chain, with a walk bounded as the first.
 */
static int rio_lat_block_above(struct rio_lat_walk *w, u32 from)
{
	u16 id = FIELD_GET(RIO_VOQ_EF_HDR_ID, w->hdr);
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 at = from, found;
	int ret;

	w->above = RIO_VOQ_EF_SPACE_END + 4;
	while (at) {
		/* Stops at each block with the LP-Serial block's ID */
		ret = rio_voq_ef_find(rio_lat_walk_read, w, at, id, &ttl, &found);
		if (ret == -ENOENT)
			return 0;
		if (ret)
			return ret;
		at = FIELD_GET(RIO_VOQ_EF_HDR_PTR, w->last);
	}
	return 0;
}

/* Ports of the block at @phys whose register lies before @end */
static unsigned int rio_lat_block_room(u32 phys, u32 end)
{
	if (end < phys + RIO_LAT_CSR(0) + 4)
		return 0;
	return (end - (phys + RIO_LAT_CSR(0) + 4)) / (RIO_LAT_CSR(1) - RIO_LAT_CSR(0)) + 1;
}

/**
 * rio_lat_find() - find a device's Latency Optimization CSRs
 * @read: register read callback
 * @ctx: context for @read
 * @from: offset of the device's first extended-feature block (the core's
 *	rdev->efptr, or what rio_voq_ef_first() returns)
 * @dev_nports: ports of the device (Switch Port Information CAR; 1 for
 *	an endpoint)
 * @blk: the LP-Serial block found and the ports with the register
 *
 * Walks the chain with rio_voq_ef_find(), bounded by RIO_VOQ_EF_TTL, to
 * the first LP-Serial block of either register map, the one the core
 * takes too.  Only a map II block has the registers; its ports are
 * bounded by @dev_nports, by RIO_LAT_MAX_PORTS and by the room the block
 * has before the lowest block above it (or the end of extended-feature
 * space), so that no other block's register is ever taken for one of
 * these.  For a map II block the whole chain is walked again (bounded
 * the same way, so at most twice RIO_VOQ_EF_TTL header reads in all) to
 * find that block, since EF_PTRs may point backwards; a chain that loops,
 * points out of the extended-feature space or fails a read after the
 * block then fails the lookup too: such a device's bound is unknown.
 *
 * Return: 0 with @blk filled (@blk->nports is 0 for a map I block);
 * -ENOENT if the chain ends without an LP-Serial block; else the walk's
 * error, of either walk: -EINVAL for a pointer out of the
 * extended-feature space or unaligned, -ELOOP for a chain that loops,
 * -EIO (or @read's error) for a failed read or one that returns all ones.
 */
int rio_lat_find(rio_voq_read_fn read, void *ctx, u32 from,
		 unsigned int dev_nports, struct rio_lat_block *blk)
{
	struct rio_lat_walk w = { .read = read, .ctx = ctx };
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 found;
	int ret;

	/* Any LP-Serial ID: the read callback stops the walk before a match */
	ret = rio_voq_ef_find(rio_lat_walk_read, &w, from, RIO_EFB_SER_EP_M2_ID,
			      &ttl, &found);
	if (!w.phys)
		return ret ?: -ENOENT;
	if (rio_lat_phys_rmap(FIELD_GET(RIO_VOQ_EF_HDR_ID, w.hdr)) == 2) {
		ret = rio_lat_block_above(&w, from);
		if (ret)
			return ret;
	}

	*blk = (struct rio_lat_block) {
		.phys = w.phys,
		.ef_id = FIELD_GET(RIO_VOQ_EF_HDR_ID, w.hdr),
	};
	blk->rmap = rio_lat_phys_rmap(blk->ef_id);
	if (blk->rmap == 2)
		blk->nports = min3(dev_nports, (unsigned int)RIO_LAT_MAX_PORTS,
				   rio_lat_block_room(w.phys, w.above));
	return 0;
}
EXPORT_SYMBOL_GPL(rio_lat_find);
