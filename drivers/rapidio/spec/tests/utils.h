/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fake RapidIO configuration space for the VoQ model's KUnit tests:
 * 64 KiB of registers that read 0 unless set, a read counter, and an
 * injected failure on the Nth read.
 */
#ifndef _RIO_VOQ_TEST_REGS_H
#define _RIO_VOQ_TEST_REGS_H

#include <linux/types.h>

struct kunit;

#define VOQ_TEST_CFG_SIZE	0x10000

/**
 * struct voq_test_regs - fake configuration space
 * @word: register values, indexed by offset / 4
 * @reads: reads performed so far
 * @fail_at: 1-based index of the read that fails, 0 for none
 */
struct voq_test_regs {
	u32 word[VOQ_TEST_CFG_SIZE / 4];
	unsigned int reads;
	unsigned int fail_at;
};

/* An extended-feature block header: EF_PTR @next, EF_ID @id */
#define VOQ_TEST_EF_HDR(next, id)	((u32)(next) << 16 | (id))
/* Blocks of a chain given as a table, at the most */
#define VOQ_TEST_MAX_BLOCKS	4

struct voq_test_regs *voq_test_regs_alloc(struct kunit *test);
void voq_test_regs_set(struct voq_test_regs *regs, u32 offset, u32 val);
int voq_test_regs_read(void *ctx, u32 offset, u32 *val);
void voq_test_regs_blocks(struct voq_test_regs *regs,
			  const u32 block[VOQ_TEST_MAX_BLOCKS][2]);
void voq_test_regs_chain(struct voq_test_regs *regs, unsigned int n, u16 last_id);

#endif /* _RIO_VOQ_TEST_REGS_H */
