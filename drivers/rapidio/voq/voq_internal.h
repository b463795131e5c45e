/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Functions of rio_voq that no other module calls: exported for their
 * KUnit tests only (EXPORT_SYMBOL_IF_KUNIT), so they are not part of
 * <linux/rio_voq.h>, the API for vendor drivers.  Those of the shared
 * register and symbol library are in ../spec/rio_spec.h.
 */
#ifndef _RIO_VOQ_INTERNAL_H
#define _RIO_VOQ_INTERNAL_H

#include <linux/rio_voq.h>

#include "../spec/rio_spec.h"

struct attribute_group;
struct rio_dev;

/*
 * The fabric's files of an mport's voq/ (voq_net_sysfs.c), handed down
 * to voq_sysfs.c by the module's init (rio_voq_sysfs_init()); their
 * show and store find the fabric with rio_voq_net_of_kobj() (voq_core.h)
 */
extern const struct attribute_group rio_voq_net_attr_group;

/* Staging queues: voq_staging.c */
void rio_voq_staging_contiguous(unsigned int ndown, unsigned int nqueues, u8 *map);
int rio_voq_next_hop(struct rio_dev *next, u16 destid);

#endif /* _RIO_VOQ_INTERNAL_H */
