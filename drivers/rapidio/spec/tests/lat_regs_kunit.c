// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the Port n Latency Optimization CSR model (Part 6
 * rev 4.1, 7.6.15) and for finding the registers of a device.
 *
 * The fields' positions are checked against the specification's bit
 * numbers with the VoQ CSR's, in rio_voq_regs (voq_regs_kunit.c); the
 * values here are written with SPEC_BIT(), independently of the masks
 * under test.
 */

#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/rio_regs.h>
#include <linux/rio_voq.h>

#include "../rio_spec.h"
#include "utils.h"

#define SPEC_BITS(first, last)	GENMASK(31 - (first), 31 - (last))
#define SPEC_BIT(n)		BIT(31 - (n))

/* The fields cover the word once; offsets as Part 6 lists them */
static void lat_csr_layout(struct kunit *test)
{
	static const u32 fields[] = {
		RIO_LAT_CSR_CAPS, RIO_LAT_CSR_RSVD_3_7, RIO_LAT_CSR_CONTROLS,
		RIO_LAT_CSR_RSVD_10_31,
	};
	unsigned int i, weight = 0;
	u32 all = 0;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		all |= fields[i];
		weight += hweight32(fields[i]);
	}
	KUNIT_EXPECT_EQ(test, all, ~0U);
	KUNIT_EXPECT_EQ(test, weight, 32U);
	all = RIO_LAT_CSR_CAPS | RIO_LAT_CSR_CONTROLS;
	KUNIT_EXPECT_EQ(test, RIO_LAT_CSR_RSVD, ~all);

	/* 0x6C, 0xAC, ..., 0x42C: 16 ports */
	KUNIT_EXPECT_EQ(test, RIO_LAT_CSR(0), 0x6cU);
	KUNIT_EXPECT_EQ(test, RIO_LAT_CSR(1), 0xacU);
	KUNIT_EXPECT_EQ(test, RIO_LAT_CSR(RIO_LAT_MAX_PORTS - 1), 0x42cU);
	KUNIT_EXPECT_EQ(test, RIO_LAT_MAX_PORTS, 16);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_offset(0x100, 2), 0x1ecU);
	/* Beside the RM-II ackID registers of the same port */
	KUNIT_EXPECT_EQ(test, RIO_LAT_CSR(3) - RIO_PORT_N_IB_ACK_CSR(3), 8U);
}

struct lat_decode_case {
	const char *name;
	u32 csr;
	struct rio_lat_port port;
	u32 writable;
};

#define CAP0	SPEC_BIT(0)
#define CAP1	SPEC_BIT(1)
#define CAP2	SPEC_BIT(2)
#define EN8	SPEC_BIT(8)
#define EN9	SPEC_BIT(9)
#define RSVD	(SPEC_BITS(3, 7) | SPEC_BITS(10, 31))

static const struct lat_decode_case lat_decode_cases[] = {
	{ "nothing", 0, { }, 0 },
	{ "bit 0", CAP0, { .mack_sup = true }, EN8 },
	{ "bit 1", CAP1, { .pna_sup = true }, EN9 },
	{ "bit 2", CAP2, { .pna_tx_sup = true }, 0 },
	{ "bits 0 and 8", CAP0 | EN8, { .mack_sup = true, .mack_en = true }, EN8 },
	{ "bits 1, 2 and 9", CAP1 | CAP2 | EN9,
	  { .pna_sup = true, .pna_tx_sup = true, .pna_en = true }, EN9 },
	/* Reserved when the capability is clear: never decoded on */
	{ "bit 8 without bit 0", EN8, { }, 0 },
	{ "bit 9 without bit 1", CAP0 | CAP2 | EN9,
	  { .mack_sup = true, .pna_tx_sup = true }, EN8 },
	{ "bits 8 and 9 with bit 0 only", CAP0 | EN8 | EN9,
	  { .mack_sup = true, .mack_en = true }, EN8 },
	{ "reserved bits", RSVD, { }, 0 },
	{ "all ones", ~0U,
	  { true, true, true, true, true }, EN8 | EN9 },
};

static void lat_decode_desc(const struct lat_decode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_decode, lat_decode_cases, lat_decode_desc);

static void lat_csr_decode_cases(struct kunit *test)
{
	const struct lat_decode_case *c = test->param_value;
	struct rio_lat_port p;
	u32 back;

	rio_lat_csr_decode(c->csr, &p);
	KUNIT_EXPECT_EQ(test, p.mack_sup, c->port.mack_sup);
	KUNIT_EXPECT_EQ(test, p.pna_sup, c->port.pna_sup);
	KUNIT_EXPECT_EQ(test, p.pna_tx_sup, c->port.pna_tx_sup);
	KUNIT_EXPECT_EQ(test, p.mack_en, c->port.mack_en);
	KUNIT_EXPECT_EQ(test, p.pna_en, c->port.pna_en);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_writable(c->csr), c->writable);

	/* Encoding what was decoded gives the register back, bit for bit */
	KUNIT_ASSERT_EQ(test, rio_lat_csr_encode(c->csr, &p, &back), 0);
	KUNIT_EXPECT_EQ(test, back, c->csr);
}

struct lat_encode_case {
	const char *name;
	u32 old;
	bool mack_en, pna_en;
	int ret;
	u32 csr;
};

static const struct lat_encode_case lat_encode_cases[] = {
	{ "both on", CAP0 | CAP1 | CAP2, true, true, 0, CAP0 | CAP1 | CAP2 | EN8 | EN9 },
	{ "both off", CAP0 | CAP1 | CAP2 | EN8 | EN9, false, false, 0, CAP0 | CAP1 | CAP2 },
	{ "multiple acks only", CAP0 | CAP1 | CAP2 | EN9, true, false, 0,
	  CAP0 | CAP1 | CAP2 | EN8 },
	{ "ackID in PNA only", CAP0 | CAP1 | CAP2 | EN8, false, true, 0,
	  CAP0 | CAP1 | CAP2 | EN9 },
	/* Bit 8 is reserved without bit 0, bit 9 without bit 1 */
	{ "multiple acks without bit 0", CAP1 | CAP2, true, false, -EINVAL, 0xdead },
	{ "ackID in PNA without bit 1", CAP0 | CAP2, false, true, -EINVAL, 0xdead },
	{ "ackID in PNA without bit 1, bit 9 reads 1", CAP0 | CAP2 | EN9, false, true,
	  -EINVAL, 0xdead },
	/* A reserved control is written back as read, 0 or 1 */
	{ "reserved bit 8 reads 1", CAP1 | CAP2 | EN8, false, true, 0, CAP1 | CAP2 | EN8 | EN9 },
	{ "reserved bit 9 reads 1", CAP0 | EN9, true, false, 0, CAP0 | EN8 | EN9 },
	{ "reserved bits kept", CAP0 | CAP1 | CAP2 | RSVD, true, true, 0, ~0U },
	{ "reserved bits kept, controls off", ~0U, false, false, 0, (u32)~(EN8 | EN9) },
	/* Bit 2 is not the encoder's business: rio_lat_csr_check() says */
	{ "bit 1 without bit 2", CAP1, false, true, 0, CAP1 | EN9 },
};

static void lat_encode_desc(const struct lat_encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_encode, lat_encode_cases, lat_encode_desc);

static void lat_csr_encode_cases(struct kunit *test)
{
	const struct lat_encode_case *c = test->param_value;
	struct rio_lat_port p = {
		/* Capabilities asked for are ignored: @old's count */
		.mack_sup = true, .pna_sup = true, .pna_tx_sup = true,
		.mack_en = c->mack_en, .pna_en = c->pna_en,
	};
	u32 csr = 0xdead;

	KUNIT_EXPECT_EQ(test, rio_lat_csr_encode(c->old, &p, &csr), c->ret);
	KUNIT_EXPECT_EQ(test, csr, c->csr);
}

/* Bit 2 shall be set when bit 1 is */
static void lat_csr_check(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(0), 0);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(CAP1 | CAP2), 0);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(CAP2), 0);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(CAP0 | CAP2 | EN8 | EN9), 0);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(CAP1), -EPROTO);
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(CAP0 | CAP1 | EN8 | EN9), -EPROTO);
	/* Reserved bits may be a later revision's fields */
	KUNIT_EXPECT_EQ(test, rio_lat_csr_check(RSVD | CAP1 | CAP2), 0);
}

#define HDR(next, id)	VOQ_TEST_EF_HDR(next, id)

struct lat_find_case {
	const char *name;
	u32 block[VOQ_TEST_MAX_BLOCKS][2];	/* { offset, header }, offset 0 ends */
	u32 start;
	unsigned int dev_nports;
	unsigned int fail_at;
	int ret;
	u32 phys;
	unsigned int rmap;
	unsigned int nports;
	unsigned int reads;
};

static const struct lat_find_case lat_find_cases[] = {
	{ "RM-II EP first", { { 0x100, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 1, 0, 0, 0x100, 2, 1, 2 },
	{ "RM-II EP with SW recovery", { { 0x100, HDR(0, RIO_EFB_SER_EP_SW_M2_ID) } },
	  0x100, 4, 0, 0, 0x100, 2, 4, 2 },
	{ "RM-II EP free", { { 0x100, HDR(0, RIO_EFB_SER_EPF_M2_ID) } },
	  0x100, 4, 0, 0, 0x100, 2, 4, 2 },
	{ "RM-II EP free with SW recovery", { { 0x100, HDR(0, RIO_EFB_SER_EPF_SW_M2_ID) } },
	  0x100, 4, 0, 0, 0x100, 2, 4, 2 },
	{ "RM-II behind a VoQ block", { { 0x100, HDR(0x400, RIO_EFB_VOQ_ID) },
					{ 0x400, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 8, 0, 0, 0x400, 2, 8, 4 },
	{ "RM-I: no registers", { { 0x100, HDR(0, RIO_EFB_SER_EP_M1_ID) } },
	  0x100, 4, 0, 0, 0x100, 1, 0, 1 },
	{ "RIO 1.2 block: no registers", { { 0x100, HDR(0, RIO_EFB_SER_EP_ID) } },
	  0x100, 4, 0, 0, 0x100, 1, 0, 1 },
	/* The first LP-Serial block is the core's: nothing past it is read */
	{ "stops at the first LP-Serial block",
	  { { 0x100, HDR(0x800, RIO_EFB_SER_EP_M1_ID) },
	    { 0x800, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 4, 0, 0, 0x100, 1, 0, 1 },
	{ "32 ports: 16 have it", { { 0x100, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 32, 0, 0, 0x100, 2, 16, 2 },
	{ "no ports", { { 0x100, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 0, 0, 0, 0x100, 2, 0, 2 },
	/* 0x1ec + 4 ends at 0x1f0, 0x22c is past 0x200 */
	{ "next block after 3 ports", { { 0x100, HDR(0x200, RIO_EFB_SER_EP_M2_ID) },
					{ 0x200, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 16, 0, 0, 0x100, 2, 3, 3 },
	{ "next block at port 3's end", { { 0x100, HDR(0x230, RIO_EFB_SER_EP_M2_ID) },
					  { 0x230, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 16, 0, 0, 0x100, 2, 4, 3 },
	{ "next block in port 0's register", { { 0x100, HDR(0x16c, RIO_EFB_SER_EP_M2_ID) },
					       { 0x16c, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 16, 0, 0, 0x100, 2, 0, 3 },
	{ "block too short for port 0", { { 0x100, HDR(0x140, RIO_EFB_SER_EP_M2_ID) },
					  { 0x140, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 16, 0, 0, 0x100, 2, 0, 3 },
	{ "a backward EF_PTR to the last block",
	  { { 0x800, HDR(0x100, RIO_EFB_SER_EP_M2_ID) }, { 0x100, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x800, 16, 0, 0, 0x800, 2, 16, 3 },
	/* The chain goes back, then above the block: 0x8ec + 4 ends before 0x900 */
	{ "a block above, behind a backward EF_PTR",
	  { { 0x800, HDR(0x100, RIO_EFB_SER_EP_M2_ID) }, { 0x100, HDR(0x900, 0x7) },
	    { 0x900, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x800, 16, 0, 0, 0x800, 2, 3, 4 },
	/* ... and the lowest of those above counts, whatever their order */
	{ "the lowest block above counts",
	  { { 0x100, HDR(0xa00, RIO_EFB_VOQ_ID) }, { 0xa00, HDR(0x800, 0x7) },
	    { 0x800, HDR(0x900, RIO_EFB_SER_EP_M2_ID) }, { 0x900, HDR(0, 0xd) } },
	  0x100, 16, 0, 0, 0x800, 2, 3, 7 },
	/* ... a block above that comes before it in the chain too */
	{ "a block above, before it in the chain",
	  { { 0x900, HDR(0x800, 0x7) }, { 0x800, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x900, 16, 0, 0, 0x800, 2, 3, 4 },
	/* The second walk goes on past each block with the block's ID */
	{ "the block's ID twice in the chain",
	  { { 0x100, HDR(0x300, RIO_EFB_SER_EP_M2_ID) },
	    { 0x300, HDR(0x200, RIO_EFB_SER_EP_M2_ID) }, { 0x200, HDR(0, 0x7) } },
	  0x100, 16, 0, 0, 0x100, 2, 3, 4 },
	/* The chain past the block is walked as boundedly as before it */
	{ "loops past the block", { { 0x100, HDR(0x200, RIO_EFB_SER_EP_M2_ID) },
				    { 0x200, HDR(0x200, 0x7) } },
	  0x100, 4, 0, -ELOOP, 0, 0, 0, 3 },
	{ "read fails past the block", { { 0x100, HDR(0x200, RIO_EFB_SER_EP_M2_ID) },
					 { 0x200, HDR(0, 0x7) } },
	  0x100, 4, 3, -EIO, 0, 0, 0, 3 },
	/* 0xffec + 4 is the end of extended-feature space */
	{ "near the end of EF space", { { 0xff00, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0xff00, 16, 0, 0, 0xff00, 2, 3, 2 },
	{ "no LP-Serial block", { { 0x100, HDR(0x200, RIO_EFB_VOQ_ID) },
				  { 0x200, HDR(0, 0x7) } },
	  0x100, 4, 0, -ENOENT, 0, 0, 0, 2 },
	{ "no chain", { }, 0, 4, 0, -ENOENT, 0, 0, 0, 0 },
	{ "loops to itself", { { 0x100, HDR(0x200, 0x7) }, { 0x200, HDR(0x200, 0x7) } },
	  0x100, 4, 0, -ELOOP, 0, 0, 0, 2 },
	{ "loops further back", { { 0x100, HDR(0x200, RIO_EFB_VOQ_ID) },
				  { 0x200, HDR(0x300, 0x7) }, { 0x300, HDR(0x100, 0xd) } },
	  0x100, 4, 0, -ELOOP, 0, 0, 0, RIO_VOQ_EF_TTL },
	{ "points below EF space", { { 0x100, HDR(0x80, 0x7) } },
	  0x100, 4, 0, -EINVAL, 0, 0, 0, 1 },
	{ "unaligned", { { 0x100, HDR(0x202, 0x7) } },
	  0x100, 4, 0, -EINVAL, 0, 0, 0, 1 },
	{ "read fails mid-walk", { { 0x100, HDR(0x200, 0x7) },
				   { 0x200, HDR(0, RIO_EFB_SER_EP_M2_ID) } },
	  0x100, 4, 2, -EIO, 0, 0, 0, 2 },
	{ "all ones mid-walk", { { 0x100, HDR(0x200, 0x7) }, { 0x200, ~0U } },
	  0x100, 4, 0, -EIO, 0, 0, 0, 2 },
};

static void lat_find_desc(const struct lat_find_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(lat_find, lat_find_cases, lat_find_desc);

static void lat_find_test(struct kunit *test)
{
	const struct lat_find_case *c = test->param_value;
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	struct rio_lat_block blk = { .phys = 0xdead };
	unsigned int i;

	voq_test_regs_blocks(regs, c->block);
	regs->fail_at = c->fail_at;

	KUNIT_ASSERT_EQ(test, rio_lat_find(voq_test_regs_read, regs, c->start,
					   c->dev_nports, &blk), c->ret);
	KUNIT_EXPECT_EQ(test, regs->reads, c->reads);
	if (c->ret) {
		KUNIT_EXPECT_EQ(test, blk.phys, 0xdeadU);
		return;
	}
	KUNIT_EXPECT_EQ(test, blk.phys, c->phys);
	KUNIT_EXPECT_EQ(test, blk.rmap, c->rmap);
	KUNIT_EXPECT_EQ(test, blk.nports, c->nports);
	/*
	 * The ID is the block's, and every port's register lies in EF space
	 * and before every block of the table above it
	 */
	for (i = 0; i < VOQ_TEST_MAX_BLOCKS && c->block[i][0]; i++) {
		u32 at = c->block[i][0];

		if (at == blk.phys)
			KUNIT_EXPECT_EQ(test, blk.ef_id, c->block[i][1] & 0xffff);
		if (blk.nports && at > blk.phys)
			KUNIT_EXPECT_LE(test, rio_lat_csr_offset(blk.phys, blk.nports - 1) + 4, at);
	}
	if (blk.nports)
		KUNIT_EXPECT_LE(test, rio_lat_csr_offset(blk.phys, blk.nports - 1) + 4,
				RIO_VOQ_EF_SPACE_END + 4);
}

/* The walk's bound is the VoQ walk's: a chain one block too long fails */
static void lat_find_ttl(struct kunit *test)
{
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	struct rio_lat_block blk;
	unsigned int n;

	for (n = RIO_VOQ_EF_TTL; n <= RIO_VOQ_EF_TTL + 1; n++) {
		regs->reads = 0;
		voq_test_regs_chain(regs, n, RIO_EFB_SER_EP_M2_ID);
		KUNIT_EXPECT_EQ(test, rio_lat_find(voq_test_regs_read, regs, 0x100, 1, &blk),
				n == RIO_VOQ_EF_TTL ? 0 : -ELOOP);
		/* The first walk, then the whole chain again for the bound */
		KUNIT_EXPECT_EQ(test, regs->reads,
				(n == RIO_VOQ_EF_TTL ? 2 : 1) * RIO_VOQ_EF_TTL);
	}
}

static struct kunit_case lat_regs_test_cases[] = {
	KUNIT_CASE(lat_csr_layout),
	KUNIT_CASE_PARAM(lat_csr_decode_cases, lat_decode_gen_params),
	KUNIT_CASE_PARAM(lat_csr_encode_cases, lat_encode_gen_params),
	KUNIT_CASE(lat_csr_check),
	KUNIT_CASE_PARAM(lat_find_test, lat_find_gen_params),
	KUNIT_CASE(lat_find_ttl),
	{}
};

static struct kunit_suite lat_regs_test_suite = {
	.name = "rio_lat_regs",
	.test_cases = lat_regs_test_cases,
};

kunit_test_suite(lat_regs_test_suite);
