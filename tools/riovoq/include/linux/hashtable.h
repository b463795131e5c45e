/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_HASHTABLE_H
#define _RIOVOQ_LINUX_HASHTABLE_H
struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct hlist_head {
	struct hlist_node *first;
};

#define DECLARE_HASHTABLE(name, bits)	struct hlist_head name[1 << (bits)]
#endif
