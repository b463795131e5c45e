// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fake RapidIO configuration space for the VoQ model's KUnit tests.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/version.h>

#include "utils.h"

/**
 * voq_test_regs_alloc() - allocate a zeroed fake configuration space
 * @test: the test owning it (freed when the test ends)
 *
 * Return: the register file; the test fails and stops if out of memory.
 */
struct voq_test_regs *voq_test_regs_alloc(struct kunit *test)
{
	struct voq_test_regs *regs;

	regs = kunit_kzalloc(test, sizeof(*regs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, regs);
	return regs;
}

/**
 * voq_test_regs_set() - set a register of the fake configuration space
 * @regs: register file
 * @offset: byte offset, word aligned, below 64 KiB
 * @val: value
 */
void voq_test_regs_set(struct voq_test_regs *regs, u32 offset, u32 val)
{
	if (!WARN_ON(offset >= VOQ_TEST_CFG_SIZE || offset % 4))
		regs->word[offset / 4] = val;
}

/**
 * voq_test_regs_blocks() - set the block headers of a chain from a table
 * @regs: register file
 * @block: { offset, header } of each block; a 0 offset ends the table
 */
void voq_test_regs_blocks(struct voq_test_regs *regs,
			  const u32 block[VOQ_TEST_MAX_BLOCKS][2])
{
	unsigned int i;

	for (i = 0; i < VOQ_TEST_MAX_BLOCKS && block[i][0]; i++)
		voq_test_regs_set(regs, block[i][0], block[i][1]);
}

/**
 * voq_test_regs_chain() - lay out a chain of blocks 0x10 apart from 0x100
 * @regs: register file
 * @n: blocks in the chain
 * @last_id: EF ID of the last block; the others have 0x7 (error
 *	management), which no walk under test looks for
 */
void voq_test_regs_chain(struct voq_test_regs *regs, unsigned int n, u16 last_id)
{
	unsigned int i;
	u32 ptr;

	for (i = 0; i < n; i++) {
		ptr = 0x100 + 0x10 * i;
		voq_test_regs_set(regs, ptr, i + 1 < n ? VOQ_TEST_EF_HDR(ptr + 0x10, 0x7) :
					     VOQ_TEST_EF_HDR(0, last_id));
	}
}

/**
 * voq_test_regs_read() - rio_voq_read_fn over a struct voq_test_regs
 * @ctx: the struct voq_test_regs
 * @offset: byte offset
 * @val: value read
 *
 * Counts the read; the read numbered @regs->fail_at fails.  Offsets
 * outside the 64 KiB space or unaligned fail too, so that a walk that
 * strays is caught.
 *
 * Return: 0 or -EIO.
 */
int voq_test_regs_read(void *ctx, u32 offset, u32 *val)
{
	struct voq_test_regs *regs = ctx;

	regs->reads++;
	if (regs->reads == regs->fail_at)
		return -EIO;
	if (offset >= VOQ_TEST_CFG_SIZE || offset % 4)
		return -EIO;
	*val = regs->word[offset / 4];
	return 0;
}

MODULE_DESCRIPTION("KUnit tests of the RapidIO Part 12 and Part 6 library");
MODULE_LICENSE("GPL");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif
