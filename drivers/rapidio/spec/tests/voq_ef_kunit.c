// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the bounded extended-feature walk: chains that end,
 * loop, point out of range or unaligned, and fail mid-walk.  Each case
 * also checks how many registers the walk read.
 */

#include <kunit/test.h>
#include <linux/rio_regs.h>
#include <linux/rio_voq.h>

#include "utils.h"

#define HDR(next, id)	VOQ_TEST_EF_HDR(next, id)

struct voq_ef_case {
	const char *name;
	u32 block[VOQ_TEST_MAX_BLOCKS][2];	/* { offset, header }, offset 0 ends */
	u32 start;
	unsigned int fail_at;
	int ret;
	u32 offset;
	unsigned int reads;
};

static const struct voq_ef_case voq_ef_cases[] = {
	{ "found first", { { 0x100, HDR(0x200, RIO_EFB_VOQ_ID) } },
	  0x100, 0, 0, 0x100, 1 },
	{ "found third", { { 0x100, HDR(0x200, 0x1) }, { 0x200, HDR(0x300, 0x7) },
			   { 0x300, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 0, 0, 0x300, 3 },
	{ "found at the end of EF space", { { 0x100, HDR(0xfffc, 0x1) },
					    { 0xfffc, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 0, 0, 0xfffc, 2 },
	{ "chain ends", { { 0x100, HDR(0x200, 0x1) }, { 0x200, HDR(0, 0x7) } },
	  0x100, 0, -ENOENT, 0, 2 },
	{ "no chain", { }, 0, 0, -ENOENT, 0, 0 },
	{ "loops to itself", { { 0x100, HDR(0x200, 0x1) }, { 0x200, HDR(0x200, 0x7) } },
	  0x100, 0, -ELOOP, 0, 2 },
	{ "loops further back", { { 0x100, HDR(0x200, 0x1) }, { 0x200, HDR(0x300, 0x7) },
				  { 0x300, HDR(0x100, 0x11) } },
	  0x100, 0, -ELOOP, 0, RIO_VOQ_EF_TTL },
	{ "points below EF space", { { 0x100, HDR(0x0080, 0x1) } },
	  0x100, 0, -EINVAL, 0, 1 },
	{ "starts past EF space", { }, 0x10000, 0, -EINVAL, 0, 0 },
	{ "unaligned", { { 0x100, HDR(0x202, 0x1) } },
	  0x100, 0, -EINVAL, 0, 1 },
	{ "read fails mid-walk", { { 0x100, HDR(0x200, 0x1) }, { 0x200, HDR(0x300, 0x7) },
				   { 0x300, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 2, -EIO, 0, 2 },
	{ "all ones mid-walk", { { 0x100, HDR(0x200, 0x1) }, { 0x200, ~0U },
				 { 0x300, HDR(0, RIO_EFB_VOQ_ID) } },
	  0x100, 0, -EIO, 0, 2 },
};

static void voq_ef_desc(const struct voq_ef_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_ef, voq_ef_cases, voq_ef_desc);

static void voq_ef_find_cases(struct kunit *test)
{
	const struct voq_ef_case *c = test->param_value;
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 offset = 0xdead;

	voq_test_regs_blocks(regs, c->block);
	regs->fail_at = c->fail_at;

	KUNIT_EXPECT_EQ(test, rio_voq_ef_find(voq_test_regs_read, regs, c->start,
					      RIO_EFB_VOQ_ID, &ttl, &offset), c->ret);
	KUNIT_EXPECT_EQ(test, offset, c->ret ? 0xdead : c->offset);
	KUNIT_EXPECT_EQ(test, regs->reads, c->reads);
}

/* The bound is exact: a chain of TTL blocks is walked, one more is not */
static void voq_ef_find_ttl(struct kunit *test)
{
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 offset = 0;

	voq_test_regs_chain(regs, RIO_VOQ_EF_TTL, RIO_EFB_VOQ_ID);
	KUNIT_EXPECT_EQ(test, rio_voq_ef_find(voq_test_regs_read, regs, 0x100,
					      RIO_EFB_VOQ_ID, &ttl, &offset), 0);
	KUNIT_EXPECT_EQ(test, offset, 0x100U + 0x10 * (RIO_VOQ_EF_TTL - 1));
	KUNIT_EXPECT_EQ(test, regs->reads, (unsigned int)RIO_VOQ_EF_TTL);

	KUNIT_EXPECT_EQ(test, ttl, 0U);

	regs = voq_test_regs_alloc(test);
	ttl = RIO_VOQ_EF_TTL;
	voq_test_regs_chain(regs, RIO_VOQ_EF_TTL + 1, RIO_EFB_VOQ_ID);
	KUNIT_EXPECT_EQ(test, rio_voq_ef_find(voq_test_regs_read, regs, 0x100,
					      RIO_EFB_VOQ_ID, &ttl, &offset), -ELOOP);
	KUNIT_EXPECT_EQ(test, regs->reads, (unsigned int)RIO_VOQ_EF_TTL);
}

/* Continuing from a found block's EF_PTR finds the next one */
static void voq_ef_find_next(struct kunit *test)
{
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	unsigned int ttl = RIO_VOQ_EF_TTL;
	u32 offset = 0;

	voq_test_regs_set(regs, 0x100, HDR(0x140, RIO_EFB_VOQ_ID));
	voq_test_regs_set(regs, 0x140, HDR(0x180, 0x1));
	voq_test_regs_set(regs, 0x180, HDR(0, RIO_EFB_VOQ_ID));

	KUNIT_ASSERT_EQ(test, rio_voq_ef_find(voq_test_regs_read, regs, 0x100,
					      RIO_EFB_VOQ_ID, &ttl, &offset), 0);
	KUNIT_EXPECT_EQ(test, offset, 0x100U);
	KUNIT_ASSERT_EQ(test, rio_voq_ef_find(voq_test_regs_read, regs, 0x140,
					      RIO_EFB_VOQ_ID, &ttl, &offset), 0);
	KUNIT_EXPECT_EQ(test, offset, 0x180U);
}

/*
 * Two blocks with the VoQ ID that point at each other: a caller that
 * continues the walk from each block found must be stopped by the one
 * budget of the walk, not get a fresh one per call and go round forever.
 */
static void voq_ef_find_next_loop(struct kunit *test)
{
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	unsigned int found = 0, ttl = RIO_VOQ_EF_TTL;
	u32 from = 0x100, offset = 0;
	int ret;

	voq_test_regs_set(regs, 0x100, HDR(0x140, RIO_EFB_VOQ_ID));
	voq_test_regs_set(regs, 0x140, HDR(0x100, RIO_EFB_VOQ_ID));

	while (found <= 2 * RIO_VOQ_EF_TTL) {
		ret = rio_voq_ef_find(voq_test_regs_read, regs, from,
				      RIO_EFB_VOQ_ID, &ttl, &offset);
		if (ret)
			break;
		found++;
		from = offset == 0x100 ? 0x140 : 0x100;
	}
	KUNIT_EXPECT_EQ(test, ret, -ELOOP);
	KUNIT_EXPECT_EQ(test, found, (unsigned int)RIO_VOQ_EF_TTL);
	KUNIT_EXPECT_EQ(test, regs->reads, (unsigned int)RIO_VOQ_EF_TTL);
}

struct voq_ef_first_case {
	const char *name;
	u32 pef;
	u32 asm_info;
	unsigned int fail_at;
	int ret;
	u32 ptr;
};

static const struct voq_ef_first_case voq_ef_first_cases[] = {
	{ "first block", RIO_PEF_EXT_FEATURES, 0x12340100, 0, 0, 0x100 },
	{ "last possible", RIO_PEF_EXT_FEATURES, 0x0000fffc, 0, 0, 0xfffc },
	{ "no extended features", 0, 0x00000100, 0, -ENOENT, 0 },
	{ "empty pointer", RIO_PEF_EXT_FEATURES, 0xffff0000, 0, -ENOENT, 0 },
	{ "pointer below EF space", RIO_PEF_EXT_FEATURES, 0x00000080, 0, -EINVAL, 0 },
	{ "unaligned pointer", RIO_PEF_EXT_FEATURES, 0x00000102, 0, -EINVAL, 0 },
	{ "PEF reads all ones", ~0U, 0x00000100, 0, -EIO, 0 },
	{ "ASM info reads all ones", RIO_PEF_EXT_FEATURES, ~0U, 0, -EIO, 0 },
	{ "PEF read fails", RIO_PEF_EXT_FEATURES, 0x00000100, 1, -EIO, 0 },
	{ "ASM info read fails", RIO_PEF_EXT_FEATURES, 0x00000100, 2, -EIO, 0 },
};

static void voq_ef_first_desc(const struct voq_ef_first_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_ef_first, voq_ef_first_cases, voq_ef_first_desc);

static void voq_ef_first_cases_run(struct kunit *test)
{
	const struct voq_ef_first_case *c = test->param_value;
	struct voq_test_regs *regs = voq_test_regs_alloc(test);
	u32 ptr = 0;

	voq_test_regs_set(regs, RIO_PEF_CAR, c->pef);
	voq_test_regs_set(regs, RIO_ASM_INFO_CAR, c->asm_info);
	regs->fail_at = c->fail_at;

	KUNIT_EXPECT_EQ(test, rio_voq_ef_first(voq_test_regs_read, regs, &ptr), c->ret);
	KUNIT_EXPECT_EQ(test, ptr, c->ptr);
}

static struct kunit_case voq_ef_test_cases[] = {
	KUNIT_CASE_PARAM(voq_ef_find_cases, voq_ef_gen_params),
	KUNIT_CASE(voq_ef_find_ttl),
	KUNIT_CASE(voq_ef_find_next),
	KUNIT_CASE(voq_ef_find_next_loop),
	KUNIT_CASE_PARAM(voq_ef_first_cases_run, voq_ef_first_gen_params),
	{}
};

static struct kunit_suite voq_ef_test_suite = {
	.name = "rio_voq_ef",
	.test_cases = voq_ef_test_cases,
};

kunit_test_suite(voq_ef_test_suite);
