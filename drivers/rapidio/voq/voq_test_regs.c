// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fake RapidIO configuration space for the VoQ model's KUnit tests.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/module.h>

#include "voq_test_regs.h"

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

MODULE_DESCRIPTION("KUnit tests for RapidIO VoQ backpressure");
MODULE_LICENSE("GPL");
