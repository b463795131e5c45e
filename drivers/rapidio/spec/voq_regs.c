// SPDX-License-Identifier: GPL-2.0-only
/*
 * RapidIO Part 12 VoQ Backpressure: Port n VoQ CSR model and layout
 * detection.  Pure code: no hardware access except through the read
 * callback given to rio_voq_detect_layout().
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/rio_voq.h>

#include "rio_spec.h"

#define RIO_VOQ_CSR_CONTROLS	(RIO_VOQ_CSR_GEN_EN | RIO_VOQ_CSR_PART_EN | \
				 RIO_VOQ_CSR_XOFF | RIO_VOQ_CSR_VC_EN)
#define RIO_VOQ_CSR_PGS_FIELDS	(RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_RX_PGS)

/*
 * A rev 3 block needs the header, the reserved words 0x4-0x1C and at
 * least the port 0 CSR: 0x24 bytes.
 */
#define RIO_VOQ_R3_MIN_BLOCK	(RIO_VOQ_R3_PORT_CSR(0) + 4)

/**
 * rio_voq_csr_offset() - offset of a port's VoQ CSR
 * @layout: register layout of the block
 * @ef: offset of the VoQ extended-feature block
 * @port: port number
 *
 * The caller checks @port against rio_voq_layout_max_ports().
 *
 * Return: the byte offset of port @port's VoQ CSR in configuration space.
 */
u32 rio_voq_csr_offset(enum rio_voq_layout layout, u32 ef, unsigned int port)
{
	if (layout == RIO_VOQ_LAYOUT_REV2)
		return ef + RIO_VOQ_R2_PORT_CSR(port);
	return ef + RIO_VOQ_R3_PORT_CSR(port);
}
EXPORT_SYMBOL_GPL(rio_voq_csr_offset);

/**
 * rio_voq_layout_max_ports() - number of ports a layout can describe
 * @layout: register layout of the block
 *
 * Return: 192 for rev 2.x, 256 for rev 3+.
 */
unsigned int rio_voq_layout_max_ports(enum rio_voq_layout layout)
{
	if (layout == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_R2_MAX_PORTS;
	return RIO_VOQ_R3_MAX_PORTS;
}
EXPORT_SYMBOL_GPL(rio_voq_layout_max_ports);

/**
 * rio_voq_csr_reserved() - reserved bits of the Port n VoQ CSR
 * @layout: register layout of the block
 *
 * Return: the mask of bits the layout reserves.
 */
u32 rio_voq_csr_reserved(enum rio_voq_layout layout)
{
	if (layout == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_CSR_R2_RSVD;
	return RIO_VOQ_CSR_R3_RSVD;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_csr_reserved);

/**
 * rio_voq_csr_writable() - bits of the Port n VoQ CSR software may change
 * @layout: register layout of the block
 *
 * Return: the mask of control bits; capabilities and reserved bits are
 * not in it.
 */
u32 rio_voq_csr_writable(enum rio_voq_layout layout)
{
	if (layout == RIO_VOQ_LAYOUT_REV2)
		return RIO_VOQ_CSR_CONTROLS;
	return RIO_VOQ_CSR_CONTROLS | RIO_VOQ_CSR_PGS_FIELDS;
}
EXPORT_SYMBOL_GPL(rio_voq_csr_writable);

static u8 rio_voq_pgs_sup_decode(u32 csr)
{
	u8 mask = 0;
	unsigned int g;

	for (g = 0; g <= RIO_VOQ_PGS_MAX; g++)
		if (csr & RIO_VOQ_CSR_PGS_SUP(g))
			mask |= BIT(g);
	return mask;
}

/**
 * rio_voq_csr_decode() - decode a Port n VoQ CSR
 * @layout: register layout of the block the CSR was read from
 * @csr: the register value
 * @port: decoded capabilities and controls
 *
 * For rev 2.x, whose CSR has no group-size fields, @port->pgs_sup,
 * @port->tx_pgs and @port->rx_pgs are 0: the rev 2 symbol format is fixed.
 * For rev 3+, @port->vc_en is false while per-VC supported is 0: bit 11
 * is then reserved (Part 12 rev 4.1, table 5-3).  Rev 2.x's bit 11,
 * Enable VC linking, is decoded as read.
 */
void rio_voq_csr_decode(enum rio_voq_layout layout, u32 csr,
			struct rio_voq_port *port)
{
	*port = (struct rio_voq_port) {
		.gen_sup = csr & RIO_VOQ_CSR_GEN_SUP,
		.rx_sup = csr & RIO_VOQ_CSR_RX_SUP,
		.vc_sup = csr & RIO_VOQ_CSR_VC_SUP,
		.gen_en = csr & RIO_VOQ_CSR_GEN_EN,
		.part_en = csr & RIO_VOQ_CSR_PART_EN,
		.xoff = csr & RIO_VOQ_CSR_XOFF,
		.vc_en = csr & RIO_VOQ_CSR_VC_EN,
	};

	/* Rev 3+ bit 11 is reserved while per-VC supported (bit 2) is 0 */
	if (layout == RIO_VOQ_LAYOUT_REV3 && !port->vc_sup)
		port->vc_en = false;

	if (layout == RIO_VOQ_LAYOUT_REV3) {
		port->pgs_sup = rio_voq_pgs_sup_decode(csr);
		port->tx_pgs = FIELD_GET(RIO_VOQ_CSR_TX_PGS, csr);
		port->rx_pgs = FIELD_GET(RIO_VOQ_CSR_RX_PGS, csr);
	}
}
EXPORT_SYMBOL_GPL(rio_voq_csr_decode);

/**
 * rio_voq_csr_encode() - build the value to write to a Port n VoQ CSR
 * @layout: register layout of the block
 * @old: the value last read from the register
 * @port: wanted controls; its capability fields are ignored
 * @csr: the value to write
 *
 * Capabilities (read-only) and reserved bits are carried over from @old,
 * so writing @csr changes only the controls.  The controls are checked
 * against the capabilities in @old: generation needs generation support,
 * per-VC transmission needs per-VC support (the bit is reserved
 * otherwise), and in rev 3+ both group sizes must be among the supported
 * ones.  Rev 2.x has no group-size fields, so both sizes must be 0.
 *
 * Return: 0, or -EINVAL (and @csr untouched) if the controls are not
 * valid for this port.
 */
int rio_voq_csr_encode(enum rio_voq_layout layout, u32 old,
		       const struct rio_voq_port *port, u32 *csr)
{
	u32 val = old & ~rio_voq_csr_writable(layout);

	if (port->gen_en && !(old & RIO_VOQ_CSR_GEN_SUP))
		return -EINVAL;
	if (port->vc_en && !(old & RIO_VOQ_CSR_VC_SUP))
		return -EINVAL;

	if (layout == RIO_VOQ_LAYOUT_REV2) {
		if (port->tx_pgs || port->rx_pgs)
			return -EINVAL;
	} else {
		u8 sup = rio_voq_pgs_sup_decode(old);

		if (port->tx_pgs > RIO_VOQ_PGS_MAX ||
		    port->rx_pgs > RIO_VOQ_PGS_MAX ||
		    !(sup & BIT(port->tx_pgs)) || !(sup & BIT(port->rx_pgs)))
			return -EINVAL;
		val |= FIELD_PREP(RIO_VOQ_CSR_TX_PGS, port->tx_pgs) |
		       FIELD_PREP(RIO_VOQ_CSR_RX_PGS, port->rx_pgs);
	}

	if (port->gen_en)
		val |= RIO_VOQ_CSR_GEN_EN;
	if (port->part_en)
		val |= RIO_VOQ_CSR_PART_EN;
	if (port->xoff)
		val |= RIO_VOQ_CSR_XOFF;
	if (port->vc_en)
		val |= RIO_VOQ_CSR_VC_EN;

	*csr = val;
	return 0;
}
EXPORT_SYMBOL_GPL(rio_voq_csr_encode);

/**
 * rio_voq_reported_status() - status a port shows in VoQ symbols
 * @part_en: the port's Enable VoQ Participation bit (bit 9)
 * @xoff: the port's Port XOFF bit (bit 10)
 * @congested: whether the port is really congested
 * @may_trigger: set to whether a change of the returned status makes the
 *	device send a symbol
 *
 * Implements table 5-4: without participation the status is fixed (0, or
 * 1 under XOFF) and never causes a symbol; with participation it follows
 * the congestion (or is 1 under XOFF), and a change causes a symbol.
 *
 * Return: the port's status bit as reported in VoQ backpressure symbols.
 */
bool rio_voq_reported_status(bool part_en, bool xoff, bool congested,
			     bool *may_trigger)
{
	*may_trigger = part_en;
	if (xoff)
		return true;
	return part_en && congested;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_reported_status);

/**
 * rio_voq_detect_layout() - tell a rev 2.x VoQ block from a rev 3+ one
 * @read: register read callback
 * @ctx: context for @read
 * @ef: offset of a block whose header carries EF ID 0x000B
 * @layout: the detected layout
 *
 * Both revisions use EF ID 0x000B and nothing in the header tells them
 * apart, so the decision rests on the word at block offset 0x20:
 *
 * - In rev 3+, it is port 0's CSR, in which "port group size 0 supported"
 *   (bit 12) and "port group size 4 supported" (bit 16) reset to 1.
 * - In rev 2.x with six ports or more, it is port 5's CSR, whose bits
 *   12-31 are reserved and read 0: bits 12 and 16 are never both set.
 * - In rev 2.x with fewer than six ports, it lies past the end of the
 *   block.  If the block header's EF_PTR says the next block starts
 *   before a rev 3 block could end (offset 0x24), the block is rev 2.x
 *   without reading further (likewise when the extended-feature space
 *   ends first).  Otherwise the word is unimplemented register space,
 *   which RapidIO requires to read as 0.
 *
 * So the block is rev 3+ exactly when that word has bits 12 and 16 set,
 * which rev 2.x cannot have there.  Nothing else of the word is looked
 * at: a rev 3+ port 0 with a reserved bit set (bits 3-7, 19-25, which a
 * later revision may define) or a group-size field at the reserved value
 * 7 is still rev 3+, not a rev 2.x block whose every CSR offset would be
 * 0x14 off.  The rule does not depend on the port count, which is why it
 * also holds for single-port endpoints.
 *
 * Return: 0, -ENODEV if @ef is not a VoQ block, or -EIO (or the error
 * @read returned) if a read fails or returns all ones.
 */
int rio_voq_detect_layout(rio_voq_read_fn read, void *ctx, u32 ef,
			  enum rio_voq_layout *layout)
{
	const u32 r3_mandatory = RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4);
	u32 hdr, next, word;
	int ret;

	ret = read(ctx, ef + RIO_VOQ_BLK_HDR, &hdr);
	if (ret)
		return ret;
	if (hdr == ~0U)
		return -EIO;
	if (FIELD_GET(RIO_VOQ_EF_HDR_ID, hdr) != RIO_EFB_VOQ_ID)
		return -ENODEV;

	/* No room for a rev 3 block before the next block or the space end */
	next = FIELD_GET(RIO_VOQ_EF_HDR_PTR, hdr);
	if ((next > ef && next < ef + RIO_VOQ_R3_MIN_BLOCK) ||
	    ef + RIO_VOQ_R3_PORT_CSR(0) > RIO_VOQ_EF_SPACE_END) {
		*layout = RIO_VOQ_LAYOUT_REV2;
		return 0;
	}

	ret = read(ctx, ef + RIO_VOQ_R3_PORT_CSR(0), &word);
	if (ret)
		return ret;
	if (word == ~0U)
		return -EIO;

	if ((word & r3_mandatory) == r3_mandatory)
		*layout = RIO_VOQ_LAYOUT_REV3;
	else
		*layout = RIO_VOQ_LAYOUT_REV2;
	return 0;
}
EXPORT_SYMBOL_GPL(rio_voq_detect_layout);
