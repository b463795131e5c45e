// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of rio-voq's staging queues on rio-sim fabrics: the generic
 * default's policy, next hops from the route tables, a vendor's ops being
 * called with them, and a queue shared by several downstream ports
 * stopping when any of them is congested.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/rio_drv.h>
#include <linux/string.h>
#include <linux/version.h>

#include "../sim/rio_sim.h"
#include "../spec/voq_txrx.h"
#include "../voq/voq_core.h"
#include "utils.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

/* Two maps agree entry by entry (6.1 has no KUNIT_EXPECT_MEMEQ) */
static void voq_expect_map(struct kunit *test, const u8 *got, const u8 *want,
			   unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, got[i], want[i], "entry %u", i);
}

struct voq_contig_case {
	unsigned int ndown, nq;
	u8 map[16];
};

static const struct voq_contig_case voq_contig_cases[] = {
	{ 16, 4, { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3 } },
	{ 5, 4, { 0, 0, 1, 2, 3 } },
	{ 3, 4, { 0, 1, 2 } },
	{ 4, 4, { 0, 1, 2, 3 } },
	{ 6, 1, { 0, 0, 0, 0, 0, 0 } },
	{ 1, 4, { 0 } },
};

static void voq_contig_desc(const struct voq_contig_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u ports, %u queues", c->ndown, c->nq);
}

KUNIT_ARRAY_PARAM(voq_contig, voq_contig_cases, voq_contig_desc);

/* The generic default: contiguous blocks, worked out by hand */
static void voq_staging_contiguous(struct kunit *test)
{
	const struct voq_contig_case *c = test->param_value;
	u8 map[16];

	memset(map, 0xee, sizeof(map));
	rio_voq_staging_contiguous(c->ndown, c->nq, map);
	voq_expect_map(test, map, c->map, c->ndown);
	if (c->ndown < 16)	/* nothing written past the map */
		KUNIT_EXPECT_EQ(test, map[c->ndown], 0xee);
}

/* A recording vendor driver for rio-sim's switch */
static struct {
	unsigned int maps, hops;
	u8 map16[16];		/* the map of a port 1 toward 16 ports */
	u8 hop[256];		/* next hops programmed for a port 1 */
	bool fail;
	bool no_queue;		/* nqueues says the port has none */
} voq_rec;

static int voq_rec_nqueues(struct rio_dev *rdev, unsigned int port)
{
	return voq_rec.no_queue ? 0 : 2;
}

static int voq_rec_set_map(struct rio_dev *rdev, unsigned int port, const u8 *map,
			   unsigned int n)
{
	if (voq_rec.fail)
		return -EIO;
	voq_rec.maps++;
	if (port == 1 && n == 16)
		memcpy(voq_rec.map16, map, 16);
	return 0;
}

static int voq_rec_set_next_hop(struct rio_dev *rdev, unsigned int port, u16 destid,
				u8 egress)
{
	/* Only the root's port 1 (toward the leaf switch) is recorded */
	if (port == 1) {
		voq_rec.hops++;
		voq_rec.hop[destid & 0xff] = egress;
	}
	return 0;
}

static struct rio_voq_staging_ops voq_rec_ops = {
	.vid = RIO_SIM_VID,
	.did = RIO_SIM_DID_SWITCH,
	.nqueues = voq_rec_nqueues,
	.set_map = voq_rec_set_map,
	.set_next_hop = voq_rec_set_next_hop,
};

static void voq_staging_registry(struct kunit *test)
{
	struct rio_voq_staging_ops twin = { .vid = RIO_SIM_VID, .did = RIO_SIM_DID_SWITCH };

	KUNIT_ASSERT_EQ(test, rio_voq_staging_register(&voq_rec_ops), 0);
	KUNIT_EXPECT_EQ(test, rio_voq_staging_register(&twin), -EBUSY);
	rio_voq_staging_unregister(&voq_rec_ops);
	KUNIT_EXPECT_EQ(test, rio_voq_staging_register(&twin), 0);
	rio_voq_staging_unregister(&twin);
}

/*
 * tree:1: the root switch's port 1 leads to a leaf switch with 15
 * endpoints.  With the recording ops: the root's map for that port is
 * the contiguous default over the leaf's 16 ports with the ops' 2 queues,
 * and the next hops programmed are the leaf's routes, as the fabric has
 * them.
 */
static void voq_staging_vendor_ops(struct kunit *test)
{
	struct rio_sim_mport *sm;
	struct rio_sim_dev *leaf;
	struct rio_dev *rleaf, *d;
	unsigned int nroutes;
	u8 want[16];
	int hop;

	memset(&voq_rec, 0, sizeof(voq_rec));
	KUNIT_ASSERT_EQ(test, rio_voq_staging_register(&voq_rec_ops), 0);
	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "tree:1"), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rio_voq_staging_unregister(&voq_rec_ops);

	/* root.0 <-> host, root.1 <-> leaf, leaf.0 <-> root, leaf.1-15 <-> eps */
	KUNIT_EXPECT_GE(test, voq_rec.maps, 3U);
	rio_voq_staging_contiguous(16, 2, want);
	voq_expect_map(test, voq_rec.map16, want, 16);

	leaf = rio_sim_dev_find(sm->fab, 2);
	KUNIT_ASSERT_NOT_NULL(test, leaf);
	rleaf = rio_sim_rdev(sm, leaf);
	KUNIT_ASSERT_NOT_NULL(test, rleaf);
	list_for_each_entry(d, &sm->mport.net->devices, net_list) {
		if (d->pef & RIO_PEF_SWITCH)
			continue;
		hop = rio_voq_next_hop(rleaf, d->destid);
		KUNIT_ASSERT_GE(test, hop, 0);
		/* The core's table is the fabric's, and the vendor got it */
		KUNIT_EXPECT_EQ(test, hop, (int)leaf->route[d->destid]);
		KUNIT_EXPECT_EQ(test, voq_rec.hop[d->destid & 0xff], (u8)hop);
	}
	/* One per device of the net the leaf has a route for, switches too */
	nroutes = 0;
	list_for_each_entry(d, &sm->mport.net->devices, net_list)
		nroutes += leaf->route[d->destid] != RIO_SIM_NO_ROUTE;
	KUNIT_EXPECT_GE(test, nroutes, 15U);
	KUNIT_EXPECT_EQ(test, voq_rec.hops, nroutes);
	rio_sim_kunit_release(test, sm);
}

/* A vendor op failing leaves the port without a map, and says so */
static void voq_staging_ops_fail(struct kunit *test)
{
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	memset(&voq_rec, 0, sizeof(voq_rec));
	voq_rec.fail = true;
	KUNIT_ASSERT_EQ(test, rio_voq_staging_register(&voq_rec_ops), 0);
	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rio_voq_staging_unregister(&voq_rec_ops);

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, rio_sim_rdev(sm, rio_sim_dev_find(sm->fab, 1)));
	KUNIT_EXPECT_NOT_NULL(test, n);
	if (n)
		KUNIT_EXPECT_NULL(test, n->port[1].smap);
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * Ops that give a port no staging queue: no map can name a queue there,
 * so the port keeps none, nothing is programmed, and an admin's map is
 * refused as for a port without staging queues.
 */
static void voq_staging_ops_no_queue(struct kunit *test)
{
	static const u8 zero[2] = { };
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;

	memset(&voq_rec, 0, sizeof(voq_rec));
	voq_rec.no_queue = true;
	KUNIT_ASSERT_EQ(test, rio_voq_staging_register(&voq_rec_ops), 0);
	sm = rio_sim_kunit_mport(test, rio_sim_kunit_topo(test, "star:2"), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rio_voq_staging_unregister(&voq_rec_ops);

	KUNIT_EXPECT_EQ(test, voq_rec.maps, 0U);
	KUNIT_EXPECT_EQ(test, voq_rec.hops, 0U);
	n = voq_test_node(sm, rio_sim_dev_find(sm->fab, 1));
	KUNIT_ASSERT_NOT_NULL(test, n);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, n->port[0].smap);
	KUNIT_EXPECT_NULL(test, n->port[1].smap);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, zero, 1), -ENOENT);
	rio_sim_kunit_release(test, sm);
}

/*
 * Without ops, the generic default: the mport's port toward a 16-port
 * switch gets 4 queues of 4 ports.  Fed to the receiver model, congestion
 * of switch port 5 stops queue 1, so the traffic for ports 4, 6 and 7
 * (co-mingled with it) waits too, while queue 2 (ports 8-11) flows.
 */
static void voq_staging_generic_and_gating(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "star:15");
	struct rio_voq_rx *rx;
	struct rio_sim_mport *sm;
	struct rio_voq_node *n;
	struct rio_sim_dev *sw;
	u8 want[16];
	u32 sym;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	rio_voq_staging_contiguous(16, RIO_VOQ_STAGING_QUEUES, want);

	rx = kunit_kzalloc(test, sizeof(*rx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rx);
	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, NULL);
	if (n && n->port[0].smap) {
		KUNIT_EXPECT_EQ(test, n->port[0].nqueues, (unsigned int)RIO_VOQ_STAGING_QUEUES);
		KUNIT_EXPECT_EQ(test, n->port[0].nsmap, 16U);
		voq_expect_map(test, n->port[0].smap, want, 16);
		memcpy(rx->queue, n->port[0].smap, 16);
	}
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, n);

	sw = rio_sim_dev_find(fab, 1);
	rx->fmt = RIO_VOQ_FMT_CS48;
	rx->pgs = FIELD_GET(RIO_VOQ_CSR_RX_PGS, fab->host->port[0].voq_ctl);
	KUNIT_EXPECT_EQ(test, rx->pgs, 1U);	/* 16 ports over CS48 */
	rx->nqueues = RIO_VOQ_STAGING_QUEUES;
	memset(rx->queue + 16, 0xff, sizeof(rx->queue) - 16);
	KUNIT_ASSERT_EQ(test, rio_voq_sym_encode(rx->fmt, rx->pgs, RIO_VOQ_VC_ALL, 0, BIT(5),
						 &sym), 0);
	KUNIT_ASSERT_EQ(test, rio_voq_rx_symbol(rx, sym, RIO_VOQ_VC_ALL), 0);
	KUNIT_EXPECT_TRUE(test, rio_voq_rx_queue_stopped(rx, 0, 1));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 2));
	KUNIT_EXPECT_FALSE(test, rio_voq_rx_queue_stopped(rx, 0, 0));
	KUNIT_EXPECT_EQ(test, sw->nports, 16U);
	rio_sim_kunit_release(test, sm);
}

/*
 * rio-sim's vendor models through their ops drivers: the RAM model's
 * registers get the default map (4 queues over the fixed switch's 8
 * ports) and the fixed switch's routes as next hops; the fixed decoder's
 * map (port mod 2) is read back, not written.
 */
static void voq_staging_sim_models(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	struct rio_sim_dev *ram, *fixed;
	unsigned int d, checked = 0;
	struct rio_voq_node *n;
	struct rio_dev *rd;
	u8 want[8];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	fixed = rio_sim_dev_find(sm->fab, 2);
	KUNIT_ASSERT_NOT_NULL(test, ram);
	KUNIT_ASSERT_NOT_NULL(test, fixed);

	rio_voq_staging_contiguous(8, 4, want);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], want, 8);
	list_for_each_entry(rd, &sm->mport.net->devices, net_list) {
		if (fixed->route[rd->destid] == RIO_SIM_NO_ROUTE)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, ram->stg_hop[1 * RIO_SIM_ROUTES_SMALL + rd->destid],
				    fixed->route[rd->destid], "destid %u", rd->destid);
		checked++;
	}
	KUNIT_EXPECT_GE(test, checked, 3U);

	mutex_lock(&rio_voq_lock);
	n = rio_voq_node_of(&sm->mport, rio_sim_rdev(sm, fixed));
	KUNIT_EXPECT_NOT_NULL(test, n);
	if (n && n->port[0].smap) {
		KUNIT_EXPECT_EQ(test, n->port[0].nqueues, 2U);
		for (d = 0; d < n->port[0].nsmap; d++)
			KUNIT_EXPECT_EQ(test, n->port[0].smap[d], (u8)(d % 2));
	} else {
		KUNIT_FAIL(test, "the fixed switch's port 0 has no map");
	}
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/* An admin's map: checked whole, programmed through the ops, read back */
static void voq_staging_admin_map(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	static const u8 good[8] = { 3, 3, 3, 3, 0, 1, 2, 2 };
	static const u8 big[8] = { 0, 0, 0, 0, 0, 0, 0, 4 };
	struct rio_sim_dev *ram, *fixed;
	struct rio_voq_node *nram, *nfixed, *host;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	fixed = rio_sim_dev_find(sm->fab, 2);
	mutex_lock(&rio_voq_lock);
	nram = rio_voq_node_of(&sm->mport, rio_sim_rdev(sm, ram));
	nfixed = rio_voq_node_of(&sm->mport, rio_sim_rdev(sm, fixed));
	host = rio_voq_node_of(&sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, nram);
	KUNIT_ASSERT_NOT_NULL(test, nfixed);
	KUNIT_ASSERT_NOT_NULL(test, host);

	/* RAM model: reaches the switch's registers */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, good, 8), 0);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], good, 8);
	voq_expect_map(test, nram->port[1].smap, good, 8);
	/* Refused whole: a queue beyond 4, or the wrong length */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, big, 8), -EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, good, 7), -EINVAL);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], good, 8);
	/* Fixed decoder: nothing to program */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nfixed, 0, good, 8), -EOPNOTSUPP);
	/* A port without a VoQ link has no staging queues */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 5, good, 8), -ENOENT);
	/* Generic default (the mport): kept in the kernel */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(host, 0, good, 8), 0);
	voq_expect_map(test, host->port[0].smap, good, 8);
	rio_sim_kunit_release(test, sm);
}

/*
 * What a fuzzer writes first, to the files of voq/port<N>/ as kernfs
 * hands them over (embedded NULs kept, buf[count] = NUL): each is refused
 * with -EINVAL, and neither the switch's registers nor its map change.
 */
struct voq_bad_write {
	const char *file;
	const char *data;
	size_t len;
};

#define VOQ_BAD(_f, _s) { .file = _f, .data = _s, .len = sizeof(_s) - 1 }

static const struct voq_bad_write voq_bad_writes[] = {
	VOQ_BAD("staging_map", "\0\n"),
	VOQ_BAD("staging_map", "\0"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 2\0\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 2\0junk\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 2 junk\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 2\n\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 2\x20\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 256\n"),
	VOQ_BAD("staging_map", "\xff\xfe\x80\n"),
	VOQ_BAD("staging_map", "+3 3 3 3 0 1 2 2\n"),
	VOQ_BAD("staging_map", "3 3 3 3 0 1 2 +2\n"),
	VOQ_BAD("xoff", "1\0junk"),
	VOQ_BAD("xoff", "1\0"),
	VOQ_BAD("xoff", "\0\n"),
	VOQ_BAD("xoff", "1x\n"),
	VOQ_BAD("xoff", "\x81\n"),
	VOQ_BAD("xoff", "+1\n"),
	VOQ_BAD("xoff", "1\xa0"),
	VOQ_BAD("symbol_format", "cs48\0cs64"),
	VOQ_BAD("symbol_format", "cs48\0"),
	VOQ_BAD("symbol_format", "auto junk\n"),
	VOQ_BAD("symbol_format", "\351auto\n"),
	VOQ_BAD("generation", "0\0"),
	VOQ_BAD("generation", "0 junk\n"),
	VOQ_BAD("generation", "\xff\n"),
	VOQ_BAD("generation", "-0\n"),
	VOQ_BAD("participation", "1\0junk"),
	VOQ_BAD("participation", "0x1\n"),
	VOQ_BAD("participation", "1\n\n"),
};

/* The writable files of voq/port<N>/, each given a page of junk */
static const char * const voq_rw_files[] = {
	"symbol_format", "generation", "participation", "xoff", "per_vc",
	"tx_group_size", "rx_group_size", "staging_map", "multiple_ack",
	"pna_recovery",
};

static void voq_staging_store_bad_bytes(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	static const u8 good[8] = { 3, 3, 3, 3, 0, 1, 2, 2 };
	static const char good_text[] = "3 3 3 3 0 1 2 2";
	u8 *map;
	struct rio_voq_node *nram;
	struct rio_sim_dev *ram;
	unsigned int i;
	u32 ctl;
	char *big;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ram);
	nram = voq_test_node(sm, ram);
	KUNIT_ASSERT_NOT_NULL(test, nram);
	map = &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL];

	/* The map as written with and without its newline, taken whole */
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(nram, 1, "staging_map", good_text,
						   strlen(good_text)),
			(ssize_t)strlen(good_text));
	voq_expect_map(test, map, good, 8);
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(nram, 1, "staging_map", "3 3 3 3 0 1 2 2\n",
						   16), 16L);
	voq_expect_map(test, map, good, 8);

	ctl = ram->port[1].voq_ctl;
	for (i = 0; i < ARRAY_SIZE(voq_bad_writes); i++) {
		const struct voq_bad_write *w = &voq_bad_writes[i];
		u64 writes = sm->ini.voq_writes;

		KUNIT_EXPECT_EQ_MSG(test, voq_test_sysfs_write(nram, 1, w->file, w->data, w->len),
				    -EINVAL, "write %u to %s", i, w->file);
		KUNIT_EXPECT_EQ_MSG(test, sm->ini.voq_writes, writes, "write %u", i);
		KUNIT_EXPECT_EQ_MSG(test, ram->port[1].voq_ctl, ctl, "write %u", i);
		voq_expect_map(test, map, good, 8);
		voq_expect_map(test, nram->port[1].smap, good, 8);
	}

	/* A page of entries, and a page and one byte short of one */
	big = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big);
	for (i = 0; i + 2 <= PAGE_SIZE; i += 2)
		memcpy(&big[i], "0 ", 2);
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(nram, 1, "staging_map", big, PAGE_SIZE),
			-EINVAL);
	big[PAGE_SIZE - 2] = '0';
	big[PAGE_SIZE - 1] = '\n';
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(nram, 1, "staging_map", big, PAGE_SIZE),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, voq_test_sysfs_write(nram, 1, "staging_map", big,
						   PAGE_SIZE - 1), -EINVAL);
	voq_expect_map(test, map, good, 8);

	/* A page of a valid value's first bytes, then high bytes, to every store */
	memset(big, '1', PAGE_SIZE);
	memset(big + PAGE_SIZE / 2, 0xa5, PAGE_SIZE / 2);
	for (i = 0; i < ARRAY_SIZE(voq_rw_files); i++) {
		u64 writes = sm->ini.voq_writes;
		ssize_t ret = voq_test_sysfs_write(nram, 1, voq_rw_files[i], big, PAGE_SIZE);

		if (ret == -ENOENT)	/* not a file of this port */
			continue;
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", voq_rw_files[i]);
		KUNIT_EXPECT_EQ_MSG(test, sm->ini.voq_writes, writes, "%s", voq_rw_files[i]);
		KUNIT_EXPECT_EQ_MSG(test, ram->port[1].voq_ctl, ctl, "%s", voq_rw_files[i]);
	}
	voq_expect_map(test, map, good, 8);
	rio_sim_kunit_release(test, sm);
}

/*
 * An admin's map for a switch that the host's own cable, down, cuts off
 * (the switch's port-write is lost, the mport tells of its own port):
 * refused before anything is tried across the cable (each access would
 * be a timeout on hardware), the port's map as it was; taken again once
 * the way back is up.  The generic default's map, kept in the kernel,
 * needs no access.
 */
static void voq_staging_admin_cut_off(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	static const u8 good[8] = { 3, 3, 3, 3, 0, 1, 2, 2 };
	struct rio_voq_node *nram, *host;
	struct rio_sim_dev *ram;
	u8 was[8];
	u64 reads, writes, failed;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	mutex_lock(&rio_voq_lock);
	nram = rio_voq_node_of(&sm->mport, rio_sim_rdev(sm, ram));
	host = rio_voq_node_of(&sm->mport, NULL);
	mutex_unlock(&rio_voq_lock);
	KUNIT_ASSERT_NOT_NULL(test, nram);
	KUNIT_ASSERT_NOT_NULL(test, host);
	KUNIT_ASSERT_NOT_NULL(test, nram->port[1].smap);
	memcpy(was, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], sizeof(was));

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(ram, 0, false), 0);
	rio_sim_mport_pw_flush(sm);
	reads = sm->ini.reads;
	writes = sm->ini.writes;
	failed = rio_voq_count.failed;
	/*
	 * The mport told of its own link: the switch behind it cannot be
	 * read and may be another board when the link is back; it is not
	 * known until then, and refused as such, without an access
	 */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, good, 8), -EBUSY);
	KUNIT_EXPECT_EQ(test, sm->ini.reads, reads);
	KUNIT_EXPECT_EQ(test, sm->ini.writes, writes);
	KUNIT_EXPECT_EQ(test, rio_voq_count.failed, failed);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], was, 8);
	voq_expect_map(test, nram->port[1].smap, was, 8);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, good, 7), -EBUSY);
	/* The mport's own map is the kernel's */
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(host, 0, good, 8), 0);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(ram, 0, true), 0);
	rio_sim_mport_pw_flush(sm);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, good, 8), 0);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], good, 8);
	rio_sim_kunit_release(test, sm);
}

/*
 * Staging maps that do not stick: rio-sim's staging write faults on the
 * RAM model's port 1 (writes ignored, a bit of each entry stuck, a bit
 * inverted in reads).  None fails an access: only a read-back shows them.
 */
struct voq_stg_fault_case {
	const char *name;
	enum rio_sim_wfault mode;
	u32 mask;
};

static const struct voq_stg_fault_case voq_stg_fault_cases[] = {
	{ "writes ignored", RIO_SIM_WFAULT_IGNORE, 0 },
	{ "low bit stuck", RIO_SIM_WFAULT_STUCK, BIT(0) },
	{ "bit 1 read back inverted", RIO_SIM_WFAULT_READBACK, BIT(1) },
};

static void voq_stg_fault_desc(const struct voq_stg_fault_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_stg_fault, voq_stg_fault_cases, voq_stg_fault_desc);

/* The RAM model's port 1 map, as a read of the switch returns it */
static void voq_stg_read(const struct voq_stg_fault_case *c, struct rio_sim_dev *ram,
			 u8 *map)
{
	unsigned int d;

	for (d = 0; d < 8; d++)
		map[d] = ram->stg_map[1 * RIO_SIM_ROUTES_SMALL + d] ^
			 (c->mode == RIO_SIM_WFAULT_READBACK ? c->mask : 0);
}

/*
 * An admin's map that does not stick is refused with -EIO, and what the
 * kernel then holds for the port is what the switch has (its read-back),
 * not the map asked for.  Once the fault is gone the map is taken.
 */
static void voq_staging_admin_not_stuck(struct kunit *test)
{
	const struct voq_stg_fault_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	static const u8 good[8] = { 3, 3, 3, 3, 0, 1, 2, 2 };
	struct rio_sim_dev *ram;
	struct rio_voq_node *n;
	u8 have[8];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ram);
	n = voq_test_node(sm, ram);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, n->port[1].smap);

	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, c->mode, c->mask), 0);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, good, 8), -EIO);
	voq_stg_read(c, ram, have);
	KUNIT_EXPECT_NE(test, memcmp(have, good, 8), 0);
	mutex_lock(&rio_voq_lock);
	voq_expect_map(test, n->port[1].smap, have, 8);
	mutex_unlock(&rio_voq_lock);

	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_NONE, 0), 0);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, good, 8), 0);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], good, 8);
	mutex_lock(&rio_voq_lock);
	voq_expect_map(test, n->port[1].smap, good, 8);
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * A map that differs from the switch's in its last entry only, on a switch
 * that ignores the write: the read-back differs there alone, and is
 * refused as any other (the whole map is compared).
 */
static void voq_staging_admin_last_entry_not_stuck(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	struct rio_sim_mport *sm = rio_sim_kunit_mport(test, fab, 0);
	struct rio_sim_dev *ram;
	struct rio_voq_node *n;
	u8 was[8], map[8];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	ram = rio_sim_dev_find(sm->fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ram);
	n = voq_test_node(sm, ram);
	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, n->port[1].smap);
	memcpy(was, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], sizeof(was));
	memcpy(map, was, sizeof(map));
	map[7] = (map[7] + 1) % n->port[1].nqueues;

	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, RIO_SIM_WFAULT_IGNORE, 0), 0);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, map, 8), -EIO);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], was, 8);
	mutex_lock(&rio_voq_lock);
	voq_expect_map(test, n->port[1].smap, was, 8);
	mutex_unlock(&rio_voq_lock);
	rio_sim_kunit_release(test, sm);
}

/*
 * A map that does not stick at the scan: the port is not claimed staged
 * (it keeps no map, and takes no admin map), while the switch's other
 * link, toward the host, gets its map as planned.
 */
static void voq_staging_setup_not_stuck(struct kunit *test)
{
	const struct voq_stg_fault_case *c = test->param_value;
	struct rio_sim_fabric *fab = rio_sim_kunit_topo(test, "staging");
	static const u8 good[8] = { 3, 3, 3, 3, 0, 1, 2, 2 };
	struct rio_sim_mport *sm;
	struct rio_sim_dev *ram;
	struct rio_voq_node *n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fab);
	ram = rio_sim_dev_find(fab, 1);
	KUNIT_ASSERT_NOT_NULL(test, ram);
	KUNIT_ASSERT_EQ(test, rio_sim_set_stg_wfault(ram, 1, c->mode, c->mask), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	n = voq_test_node(sm, ram);
	KUNIT_ASSERT_NOT_NULL(test, n);

	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_NULL(test, n->port[1].smap);
	/* The host has one port: one entry, queue 0 */
	KUNIT_EXPECT_NOT_NULL(test, n->port[0].smap);
	KUNIT_EXPECT_EQ(test, n->port[0].nsmap, 1U);
	mutex_unlock(&rio_voq_lock);
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(n, 1, good, 8), -ENOENT);
	rio_sim_kunit_release(test, sm);
}

/*
 * A switch with staging RAM behind another switch, whose link to it
 * goes down: the switch is cut off from the host and may be another
 * board when the link is back, so it is not known until then, and an
 * admin's map for it is refused without an access.
 */
static void voq_staging_admin_cut_off_far(struct kunit *test)
{
	struct rio_sim_fabric *fab = rio_sim_kunit_fabric(test, rio_sim_fabric_alloc(false));
	struct rio_sim_dev_desc d = {
		.name = "sw-ram", .is_switch = true, .nports = 8, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH_RAM, .map = RIO_SIM_MAP_I, .em = true,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		.staging = RIO_SIM_STAGING_RAM, .staging_queues = 4,
	};
	u8 map[64] = { 3, 1, 2 };
	struct rio_sim_dev *host, *sw, *ram;
	struct rio_sim_mport *sm;
	struct rio_voq_node *nram;
	unsigned int count;
	u64 reads, writes;
	u8 was[64];

	KUNIT_ASSERT_NOT_NULL(test, fab);
	host = voq_test_dev(test, fab, "host", false, 1, RIO_VOQ_LAYOUT_REV3,
			    RIO_SIM_VOQ_CAPS_ALL);
	d.name = "sw";
	d.did = RIO_SIM_DID_SWITCH;
	d.nports = 4;
	d.staging = 0;
	d.staging_queues = 0;
	sw = rio_sim_dev_add(fab, &d);	/* with port-writes: the link is known down */
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sw);
	d.name = "sw-ram";
	d.did = RIO_SIM_DID_SWITCH_RAM;
	d.nports = 8;
	d.staging = RIO_SIM_STAGING_RAM;
	d.staging_queues = 4;
	ram = rio_sim_dev_add(fab, &d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ram);
	KUNIT_ASSERT_EQ(test, rio_sim_link(host, 0, sw, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(sw, 1, ram, 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(ram, 1, voq_test_dev(test, fab, "ep1", false, 1,
								RIO_VOQ_LAYOUT_REV3,
								RIO_SIM_VOQ_CAPS_ALL), 0, 2), 0);
	KUNIT_ASSERT_EQ(test, rio_sim_link(ram, 2, voq_test_dev(test, fab, "ep2", false, 1,
								RIO_VOQ_LAYOUT_REV3,
								RIO_SIM_VOQ_CAPS_ALL), 0, 2), 0);
	sm = rio_sim_kunit_mport(test, fab, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sm);
	KUNIT_ASSERT_EQ(test, rio_sim_mport_scan(sm), 0);
	nram = voq_test_node(sm, ram);
	KUNIT_ASSERT_NOT_NULL(test, nram);
	KUNIT_ASSERT_NOT_NULL(test, nram->port[1].smap);
	count = nram->port[1].nsmap;
	KUNIT_ASSERT_LE(test, count, (unsigned int)sizeof(map));
	memcpy(was, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], count);

	KUNIT_ASSERT_EQ(test, rio_sim_port_set_link(sw, 1, false), 0);
	rio_sim_mport_pw_flush(sm);
	mutex_lock(&rio_voq_lock);
	KUNIT_EXPECT_TRUE(test, nram->unknown);
	mutex_unlock(&rio_voq_lock);
	reads = sm->ini.reads;
	writes = sm->ini.writes;
	KUNIT_EXPECT_EQ(test, voq_test_staging_set_map(nram, 1, map, count), -EBUSY);
	KUNIT_EXPECT_EQ(test, sm->ini.reads, reads);
	KUNIT_EXPECT_EQ(test, sm->ini.writes, writes);
	voq_expect_map(test, &ram->stg_map[1 * RIO_SIM_ROUTES_SMALL], was, count);
	rio_sim_kunit_release(test, sm);
}

static struct kunit_case voq_staging_test_cases[] = {
	KUNIT_CASE_PARAM(voq_staging_contiguous, voq_contig_gen_params),
	KUNIT_CASE(voq_staging_registry),
	KUNIT_CASE(voq_staging_vendor_ops),
	KUNIT_CASE(voq_staging_ops_fail),
	KUNIT_CASE(voq_staging_ops_no_queue),
	KUNIT_CASE(voq_staging_generic_and_gating),
	KUNIT_CASE(voq_staging_sim_models),
	KUNIT_CASE(voq_staging_admin_map),
	KUNIT_CASE(voq_staging_store_bad_bytes),
	KUNIT_CASE(voq_staging_admin_cut_off),
	KUNIT_CASE(voq_staging_admin_cut_off_far),
	KUNIT_CASE_PARAM(voq_staging_admin_not_stuck, voq_stg_fault_gen_params),
	KUNIT_CASE_PARAM(voq_staging_setup_not_stuck, voq_stg_fault_gen_params),
	KUNIT_CASE(voq_staging_admin_last_entry_not_stuck),
	{}
};

static struct kunit_suite voq_staging_test_suite = {
	.name = "rio_voq_staging",
	.test_cases = voq_staging_test_cases,
};

kunit_test_suite(voq_staging_test_suite);
