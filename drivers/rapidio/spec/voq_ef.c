// SPDX-License-Identifier: GPL-2.0-only
/*
 * RapidIO extended-feature walk that always terminates.
 *
 * The core's rio_mport_get_feature() follows EF_PTR without a bound, so a
 * device whose chain loops hangs the caller.  This walk is bounded like
 * PCI's __pci_find_next_cap_ttl(): it visits at most RIO_VOQ_EF_TTL
 * blocks, refuses pointers outside the extended-feature space or not
 * word aligned, and treats an access error or an all-ones read (what a
 * failed maintenance read returns on many bridges) as a failure.
 */

#include <linux/align.h>
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/rio_regs.h>
#include <linux/rio_voq.h>

static bool rio_voq_ef_ptr_valid(u32 ptr)
{
	return ptr >= RIO_VOQ_EF_SPACE_START && ptr <= RIO_VOQ_EF_SPACE_END &&
	       IS_ALIGNED(ptr, RIO_VOQ_EF_PTR_ALIGN);
}

static int rio_voq_ef_read(rio_voq_read_fn read, void *ctx, u32 offset,
			   u32 *val)
{
	int ret = read(ctx, offset, val);

	if (ret)
		return ret;
	return *val == ~0U ? -EIO : 0;
}

/**
 * rio_voq_ef_first() - first extended-feature block of a device
 * @read: register read callback
 * @ctx: context for @read
 * @ptr: offset of the first block
 *
 * Return: 0, -ENOENT if the device has no extended features, -EINVAL if
 * the Assembly Information CAR points outside the extended-feature space
 * or to an unaligned offset, or -EIO (or @read's error) if a read fails.
 */
int rio_voq_ef_first(rio_voq_read_fn read, void *ctx, u32 *ptr)
{
	u32 pef, asm_info, first;
	int ret;

	ret = rio_voq_ef_read(read, ctx, RIO_PEF_CAR, &pef);
	if (ret)
		return ret;
	if (!(pef & RIO_PEF_EXT_FEATURES))
		return -ENOENT;

	ret = rio_voq_ef_read(read, ctx, RIO_ASM_INFO_CAR, &asm_info);
	if (ret)
		return ret;
	first = asm_info & RIO_EXT_FTR_PTR_MASK;
	if (!first)
		return -ENOENT;
	if (!rio_voq_ef_ptr_valid(first))
		return -EINVAL;

	*ptr = first;
	return 0;
}
EXPORT_SYMBOL_GPL(rio_voq_ef_first);

/**
 * rio_voq_ef_find() - find an extended-feature block, with a bounded walk
 * @read: register read callback
 * @ctx: context for @read
 * @from: offset of the block to start at (it is examined too)
 * @ef_id: extended-feature ID to look for
 * @ttl: how many more blocks the walk may visit; the caller sets it to
 *	RIO_VOQ_EF_TTL once per device, and each block visited takes one
 * @offset: offset of the block found
 *
 * To find the next block with the same ID, call again with @from set to
 * the EF_PTR of the block found and the same @ttl: the budget is shared
 * by the whole walk, as __pci_find_next_cap_ttl()'s is, so that a chain
 * that loops through blocks with @ef_id cannot keep a caller going.
 *
 * Return: 0, -ENOENT if the chain ends without such a block, -EINVAL if
 * a pointer is outside the extended-feature space or unaligned, -ELOOP
 * if the chain points back at itself or the walk has used up @ttl, or
 * -EIO (or @read's error) if a read fails or returns all ones.
 */
int rio_voq_ef_find(rio_voq_read_fn read, void *ctx, u32 from, u16 ef_id,
		    unsigned int *ttl, u32 *offset)
{
	u32 ptr = from, hdr, next;
	int ret;

	while (ptr) {
		if (!*ttl)
			return -ELOOP;
		(*ttl)--;
		if (!rio_voq_ef_ptr_valid(ptr))
			return -EINVAL;

		ret = rio_voq_ef_read(read, ctx, ptr, &hdr);
		if (ret)
			return ret;
		if (FIELD_GET(RIO_VOQ_EF_HDR_ID, hdr) == ef_id) {
			*offset = ptr;
			return 0;
		}

		next = FIELD_GET(RIO_VOQ_EF_HDR_PTR, hdr);
		if (next == ptr)
			return -ELOOP;
		ptr = next;
	}
	return -ENOENT;
}
EXPORT_SYMBOL_GPL(rio_voq_ef_find);
