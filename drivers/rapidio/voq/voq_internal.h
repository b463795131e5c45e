/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Functions of rio_voq_model and rio_voq that no other module calls:
 * exported for their KUnit tests only (EXPORT_SYMBOL_IF_KUNIT), so they
 * are not part of <linux/rio_voq.h>, the API for vendor drivers.  The
 * types and register and symbol definitions they use are there.
 */
#ifndef _RIO_VOQ_INTERNAL_H
#define _RIO_VOQ_INTERNAL_H

#include <linux/rio_voq.h>

struct rio_dev;

/* Register model: voq_regs.c */
u32 rio_voq_csr_reserved(enum rio_voq_layout layout);
bool rio_voq_reported_status(bool part_en, bool xoff, bool congested,
			     bool *may_trigger);

/* Port group arithmetic: voq_groups.c */
unsigned int rio_voq_fmt_param_bits(enum rio_voq_fmt fmt);
int rio_voq_status_bits(enum rio_voq_fmt fmt, unsigned int pgs);
int rio_voq_port_to_slot(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int port, unsigned int *group,
			 unsigned int *bit);
int rio_voq_slot_to_port(enum rio_voq_fmt fmt, unsigned int pgs,
			 unsigned int group, unsigned int bit);

/* Congestion-message codec: voq_codec.c */
int rio_voq_vc_ind_encode(int vc, u8 *ind);
int rio_voq_vc_ind_decode(u8 ind, int *vc);
int rio_voq_sym_encode(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
		       unsigned int group, u32 status, u32 *sym);
int rio_voq_sym_decode(enum rio_voq_fmt fmt, unsigned int pgs, u32 sym,
		       int vc, struct rio_voq_msg *msg);
int rio_voq_sym_changes(enum rio_voq_fmt fmt, unsigned int pgs, int vc,
			const unsigned long *old, const unsigned long *cur,
			unsigned int nports, u32 *syms, unsigned int max);

/* Staging queues: voq_staging.c */
void rio_voq_staging_contiguous(unsigned int ndown, unsigned int nqueues, u8 *map);
int rio_voq_next_hop(struct rio_dev *next, u16 destid);

#endif /* _RIO_VOQ_INTERNAL_H */
