// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim canned topologies, built without writing a description by
 * hand.  A specification is "name" or "name:N":
 *
 *   single        the host and one endpoint
 *   star:N        one switch with N endpoints (1..254, default 4)
 *   tree:N        a root 16-port switch with N leaf 16-port switches,
 *                 each with 15 endpoints (1..15, default 15)
 *   ring:N        N 4-port switches in a ring, one endpoint on each:
 *                 every switch is reachable two ways (3..16, default 4)
 *   big48         a 48-port switch with 47 endpoints
 *   big255        a 255-port switch with 254 endpoints
 *   voqmix        rev 3 switches over CS64 and CS48 links, a 48-port
 *                 switch with group sizes {0, 4} only, a rev 2
 *                 endpoint, an endpoint without VoQ reception, an
 *                 endpoint without a VoQ block; both switches have
 *                 LP-Serial map II blocks, the 8-port one with every
 *                 latency optimization (multiple acknowledges, ackID in
 *                 PNA, TX ackID status in PNA), the 48-port one with
 *                 multiple acknowledges only
 *   bench:N       N devices in all (16-bit IDs): a chain of 16-port
 *                 switches, each with up to 14 endpoints (2..3826: 255
 *                 switches, the most a hop count reaches)
 *   chain:N       N 4-port switches in a line, one endpoint on each
 *                 (16-bit IDs): the last endpoint is N hops away
 *                 (1..255, default 255)
 *   fat16:N       N devices in all (16-bit IDs): a tree of 16-port
 *   fat48:N       or 48-port switches, port 0 up and the others down,
 *                 as few levels as N needs (fat16: 2 levels up to 242
 *                 devices, 3 up to 3617, 4 up to 54242; fat48: 2 up to
 *                 2258, 3 beyond), each level filled in order, the
 *                 endpoints under the last (3..65535, default 1000)
 *   staging       an 8-port switch with a RAM staging map (4 queues per
 *                 port) and, on its port 1, an 8-port switch with a fixed
 *                 decoder (2 queues); endpoints on both
 *   hostile       a 16-port switch with, on ports 1 to 6, switches whose
 *                 registers a driver must not trust (see sim_hostile()),
 *                 and an endpoint on port 7
 *   random:SEED   a random tree, the same for the same seed (0..2^32-1,
 *                 default 1), see sim_random()
 *
 * Unless said otherwise every device has a rev 3 VoQ block whose ports
 * can do everything, an LP-Serial map II block if it has more than 16
 * ports (else map I) whose ports have no latency optimization
 * capabilities, and links are baud-rate class 2 (CS48).
 */

#include <kunit/visibility.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/kstrtox.h>
#include <linux/string.h>

#include "sim.h"

struct sim_builder {
	struct rio_sim_fabric *fab;
	int err;
};

static struct rio_sim_dev *sim_add(struct sim_builder *b,
				   const struct rio_sim_dev_desc *desc)
{
	struct rio_sim_dev *dev;

	if (b->err)
		return NULL;
	dev = rio_sim_dev_add(b->fab, desc);
	if (IS_ERR(dev)) {
		b->err = PTR_ERR(dev);
		return NULL;
	}
	return dev;
}

/* A device of register map @map whose ports have latency caps @lat_caps */
static struct rio_sim_dev *sim_node_map(struct sim_builder *b, const char *name,
					bool is_switch, unsigned int nports,
					enum rio_sim_phys_map map, u32 lat_caps,
					enum rio_voq_layout layout, u32 voq_caps)
{
	struct rio_sim_dev_desc desc = {
		.name = name,
		.is_switch = is_switch,
		.nports = nports,
		.vid = RIO_SIM_VID,
		.did = is_switch ? RIO_SIM_DID_SWITCH : RIO_SIM_DID_ENDPOINT,
		.map = map,
		.lat_caps = lat_caps,
		.em = is_switch,
		.voq = voq_caps != 0,
		.voq_layout = layout,
		.voq_caps = voq_caps,
	};

	return sim_add(b, &desc);
}

/* Map II beyond 16 ports, map I up to 16; no latency optimization */
static struct rio_sim_dev *sim_node(struct sim_builder *b, const char *name,
				    bool is_switch, unsigned int nports,
				    enum rio_voq_layout layout, u32 voq_caps)
{
	return sim_node_map(b, name, is_switch, nports,
			    nports > 16 ? RIO_SIM_MAP_II : RIO_SIM_MAP_I, 0,
			    layout, voq_caps);
}

static struct rio_sim_dev *sim_ep(struct sim_builder *b, const char *name)
{
	return sim_node(b, name, false, 1, RIO_VOQ_LAYOUT_REV3,
			RIO_SIM_VOQ_CAPS_ALL);
}

static struct rio_sim_dev *sim_sw(struct sim_builder *b, const char *name,
				  unsigned int nports)
{
	return sim_node(b, name, true, nports, RIO_VOQ_LAYOUT_REV3,
			RIO_SIM_VOQ_CAPS_ALL);
}

static void sim_connect(struct sim_builder *b, struct rio_sim_dev *x,
			unsigned int px, struct rio_sim_dev *y,
			unsigned int py, u8 baud_class)
{
	if (!b->err)
		b->err = rio_sim_link(x, px, y, py, baud_class);
}

static void sim_host(struct sim_builder *b)
{
	struct rio_sim_dev_desc desc = {
		.name = "host",
		.nports = 1,
		.vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_HOST,
		.map = RIO_SIM_MAP_I,
		.voq = true,
		.voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
	};

	sim_add(b, &desc);
}

/* A switch on the host with one endpoint on each of ports 1..@neps */
static struct rio_sim_dev *sim_star(struct sim_builder *b, unsigned int nports,
				    unsigned int neps)
{
	struct rio_sim_dev *sw = sim_sw(b, "switch", nports);
	unsigned int i;

	sim_connect(b, b->fab->host, 0, sw, 0, 2);
	for (i = 1; i <= neps && !b->err; i++)
		sim_connect(b, sw, i, sim_ep(b, "ep"), 0, 2);
	return sw;
}

static void sim_tree(struct sim_builder *b, unsigned int leaves)
{
	struct rio_sim_dev *root = sim_sw(b, "root", 16), *leaf;
	unsigned int i, j;

	sim_connect(b, b->fab->host, 0, root, 0, 2);
	for (i = 1; i <= leaves && !b->err; i++) {
		leaf = sim_sw(b, "leaf", 16);
		sim_connect(b, root, i, leaf, 0, 2);
		for (j = 1; j < 16 && !b->err; j++)
			sim_connect(b, leaf, j, sim_ep(b, "ep"), 0, 2);
	}
}

static void sim_ring(struct sim_builder *b, unsigned int n)
{
	struct rio_sim_dev *first = NULL, *prev = NULL, *sw;
	unsigned int i;

	for (i = 0; i < n && !b->err; i++) {
		sw = sim_sw(b, "ring", 4);
		if (!first) {
			first = sw;
			sim_connect(b, b->fab->host, 0, sw, 0, 2);
		} else {
			sim_connect(b, prev, 1, sw, 2, 2);
		}
		sim_connect(b, sw, 3, sim_ep(b, "ep"), 0, 2);
		prev = sw;
	}
	sim_connect(b, prev, 1, first, 2, 2);
}

static void sim_voqmix(struct sim_builder *b)
{
	struct rio_sim_dev *a, *big, *ep;
	unsigned int i;

	/*
	 * host == CS64 == a: rev 3 both ends, everything supported; a is
	 * map II with every latency optimization (the host is map I)
	 */
	a = sim_node_map(b, "sw-a", true, 8, RIO_SIM_MAP_II, RIO_SIM_LAT_CAPS_ALL,
			 RIO_VOQ_LAYOUT_REV3, RIO_SIM_VOQ_CAPS_ALL);
	sim_connect(b, b->fab->host, 0, a, 0, 3);

	/*
	 * a.1 == CS48 == 48-port switch supporting group sizes {0, 4}, and
	 * multiple acknowledges but not ackID in PNA
	 */
	big = sim_node_map(b, "sw-48", true, 48, RIO_SIM_MAP_II, RIO_SIM_LAT_MACK_SUP,
			   RIO_VOQ_LAYOUT_REV3, RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP);
	sim_connect(b, a, 1, big, 0, 2);
	for (i = 1; i <= 3 && !b->err; i++)
		sim_connect(b, big, i, sim_ep(b, "ep"), 0, 2);

	/* a.2 == a rev 2 endpoint */
	ep = sim_node(b, "ep-rev2", false, 1, RIO_VOQ_LAYOUT_REV2,
		      RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP);
	sim_connect(b, a, 2, ep, 0, 2);

	/* a.3 == an endpoint that generates but cannot receive */
	ep = sim_node(b, "ep-norx", false, 1, RIO_VOQ_LAYOUT_REV3,
		      RIO_VOQ_CSR_GEN_SUP);
	sim_connect(b, a, 3, ep, 0, 2);

	/* a.4 == an endpoint without a VoQ block, over CS64 */
	ep = sim_node(b, "ep-novoq", false, 1, RIO_VOQ_LAYOUT_REV3, 0);
	sim_connect(b, a, 4, ep, 0, 3);

	/* a.5 == a rev 3 endpoint over a class 1 link */
	sim_connect(b, a, 5, sim_ep(b, "ep"), 0, 1);
}

static void sim_staging_topo(struct sim_builder *b)
{
	struct rio_sim_dev_desc d = {
		.name = "sw-ram", .is_switch = true, .nports = 8, .vid = RIO_SIM_VID,
		.did = RIO_SIM_DID_SWITCH_RAM, .map = RIO_SIM_MAP_I, .em = true,
		.voq = true, .voq_layout = RIO_VOQ_LAYOUT_REV3,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		.staging = RIO_SIM_STAGING_RAM, .staging_queues = 4,
	};
	struct rio_sim_dev *ram, *fixed;
	unsigned int i;

	ram = sim_add(b, &d);
	d.name = "sw-fixed";
	d.did = RIO_SIM_DID_SWITCH_FIXED;
	d.staging = RIO_SIM_STAGING_FIXED;
	d.staging_queues = 2;
	fixed = sim_add(b, &d);
	sim_connect(b, b->fab->host, 0, ram, 0, 2);
	sim_connect(b, ram, 1, fixed, 0, 2);
	for (i = 2; i <= 3 && !b->err; i++)
		sim_connect(b, ram, i, sim_ep(b, "ep"), 0, 2);
	for (i = 1; i <= 3 && !b->err; i++)
		sim_connect(b, fixed, i, sim_ep(b, "ep"), 0, 2);
}

/* A switch with a rev 3 VoQ block that can do everything, described whole */
static struct rio_sim_dev *sim_hostile_sw(struct sim_builder *b,
					  struct rio_sim_dev_desc d)
{
	d.is_switch = true;
	d.vid = RIO_SIM_VID;
	d.did = RIO_SIM_DID_SWITCH;
	d.map = d.nports > 16 ? RIO_SIM_MAP_II : RIO_SIM_MAP_I;
	d.em = true;
	d.voq = true;
	d.voq_caps = RIO_SIM_VOQ_CAPS_ALL;
	return sim_add(b, &d);
}

/*
 * Devices whose VoQ blocks disagree with their port counts, for testing
 * the bounds of whoever reads them.  Endpoints sit on ports that have no
 * VoQ CSR, so that links use them.
 *   port 1: 48 ports, a VoQ block of 8 CSRs placed first: its ninth CSR
 *           would be the LP-Serial block's header, its 32nd the Port 0
 *           Control CSR
 *   port 2: 16 ports, a VoQ block of 4 CSRs whose last is at 0xfffc
 *   port 3: 255 ports, rev 2, whose layout describes 192
 *   port 4: 8 ports with a rev 2 block of 8 CSRs placed first, claiming
 *           255 ports
 *   port 5: 4 ports, claiming none
 *   port 6: 16 ports, a rev 2 block of 4 CSRs placed first: past it is
 *           the LP-Serial block.  A rev 2 CSR may read 0 (a port without
 *           capabilities, which Part 12 5.1.2 still gives a register), so
 *           nothing but the next block bounds a rev 2 block
 */
static void sim_hostile(struct sim_builder *b)
{
	struct rio_sim_dev *root = sim_sw(b, "root", 16), *sw;

	sim_connect(b, b->fab->host, 0, root, 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-short-first", .nports = 48,
		.voq_layout = RIO_VOQ_LAYOUT_REV3, .voq_nports = 8,
		.voq_place = RIO_SIM_VOQ_FIRST });
	sim_connect(b, root, 1, sw, 0, 2);
	sim_connect(b, sw, 1, sim_ep(b, "ep"), 0, 2);
	sim_connect(b, sw, 40, sim_ep(b, "ep"), 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-short-end", .nports = 16,
		.voq_layout = RIO_VOQ_LAYOUT_REV3, .voq_nports = 4,
		.voq_place = RIO_SIM_VOQ_END });
	sim_connect(b, root, 2, sw, 0, 2);
	sim_connect(b, sw, 1, sim_ep(b, "ep"), 0, 2);
	sim_connect(b, sw, 9, sim_ep(b, "ep"), 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-255-rev2", .nports = 255,
		.voq_layout = RIO_VOQ_LAYOUT_REV2,
		.voq_nports = RIO_VOQ_R2_MAX_PORTS });
	sim_connect(b, root, 3, sw, 0, 2);
	sim_connect(b, sw, 1, sim_ep(b, "ep"), 0, 2);
	sim_connect(b, sw, 200, sim_ep(b, "ep"), 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-claims-255", .nports = 8,
		.voq_layout = RIO_VOQ_LAYOUT_REV2, .voq_place = RIO_SIM_VOQ_FIRST,
		.swp_claim = true, .swp_ports = RIO_SIM_MAX_PORTS });
	sim_connect(b, root, 4, sw, 0, 2);
	sim_connect(b, sw, 1, sim_ep(b, "ep"), 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-claims-0", .nports = 4,
		.voq_layout = RIO_VOQ_LAYOUT_REV3,
		.swp_claim = true, .swp_ports = 0 });
	sim_connect(b, root, 5, sw, 0, 2);

	sw = sim_hostile_sw(b, (struct rio_sim_dev_desc){
		.name = "sw-short-rev2", .nports = 16,
		.voq_layout = RIO_VOQ_LAYOUT_REV2, .voq_nports = 4,
		.voq_place = RIO_SIM_VOQ_FIRST });
	sim_connect(b, root, 6, sw, 0, 2);
	sim_connect(b, sw, 1, sim_ep(b, "ep"), 0, 2);
	sim_connect(b, sw, 9, sim_ep(b, "ep"), 0, 2);

	sim_connect(b, root, 7, sim_ep(b, "ep"), 0, 2);
}

/*
 * A random fabric, the same for the same seed: 1 to SIM_RND_MAX_SW
 * switches in a tree under the host, each on a random port of a switch
 * before it (by a random port of its own), with up to SIM_RND_MAX_EPS
 * endpoints on random free ports.  A switch has 4, 8, 16, 18, 32 or 48
 * ports, or, in about a third of the fabrics, one switch has 255, the
 * most the Switch Port Information CAR can say.  Each device but the
 * host has, at random: no VoQ block (one in six), or a rev 2.x block
 * (one in four of the others) or a rev 3+ one, with generation,
 * reception and per-VC support each three times in four and, rev 3+,
 * a random set of group sizes besides the mandatory 0 and 4; a rev 2.x
 * switch of more than 192 ports has a block of 192 CSRs (the layout's
 * limit), and a rev 2.x port supports generation or reception (a rev 2.x
 * CSR without either reads 0, as a port without a CSR does).  Endpoints
 * have an error management block one time in four (switches always), so
 * that some send port-writes.  Links are of baud-rate class 1, 2 or 3.
 */
static const u8 sim_rnd_ports[] = SIM_RND_SW_PORTS;

static u32 sim_rnd(struct rnd_state *r, u32 n)
{
	return prandom_u32_state(r) % n;
}

static struct rio_sim_dev *sim_rnd_dev(struct sim_builder *b,
				       struct rnd_state *r, bool is_switch,
				       unsigned int nports)
{
	u32 v = prandom_u32_state(r);
	struct rio_sim_dev_desc desc = {
		.name = is_switch ? "rnd-sw" : "rnd-ep",
		.is_switch = is_switch,
		.nports = nports,
		.vid = RIO_SIM_VID,
		.did = is_switch ? RIO_SIM_DID_SWITCH : RIO_SIM_DID_ENDPOINT,
		.map = nports > 16 ? RIO_SIM_MAP_II : RIO_SIM_MAP_I,
		.em = is_switch || !(v & 3),
		.voq = v % 6 != 5,
		.voq_layout = (v >> 4) % 4 ? RIO_VOQ_LAYOUT_REV3 :
					     RIO_VOQ_LAYOUT_REV2,
		.voq_caps = ((v >> 8) & 3 ? RIO_VOQ_CSR_GEN_SUP : 0) |
			    ((v >> 10) & 3 ? RIO_VOQ_CSR_RX_SUP : 0) |
			    ((v >> 12) & 3 ? RIO_VOQ_CSR_VC_SUP : 0),
	};

	if (desc.voq_layout == RIO_VOQ_LAYOUT_REV3) {
		desc.voq_caps |= RIO_VOQ_CSR_PGS_SUP(0) | RIO_VOQ_CSR_PGS_SUP(4) |
				 (v & RIO_VOQ_CSR_PGS_SUP_ALL);
	} else {
		if (!(desc.voq_caps & (RIO_VOQ_CSR_GEN_SUP | RIO_VOQ_CSR_RX_SUP)))
			desc.voq_caps |= RIO_VOQ_CSR_RX_SUP;
		if (nports > RIO_VOQ_R2_MAX_PORTS)
			desc.voq_nports = RIO_VOQ_R2_MAX_PORTS;
	}
	return sim_add(b, &desc);
}

/* A random port of @dev without a link, or -1 if all have one */
static int sim_rnd_free_port(struct rnd_state *r, struct rio_sim_dev *dev)
{
	unsigned int start = sim_rnd(r, dev->nports), k, p;

	for (k = 0; k < dev->nports; k++) {
		p = (start + k) % dev->nports;
		if (!dev->port[p].peer)
			return p;
	}
	return -1;
}

static void sim_rnd_connect(struct sim_builder *b, struct rnd_state *r,
			    struct rio_sim_dev *x, struct rio_sim_dev *y)
{
	int px, py;

	if (!x || !y)
		return;
	px = sim_rnd_free_port(r, x);
	py = sim_rnd_free_port(r, y);
	if (px < 0 || py < 0) {
		if (!b->err)
			b->err = -ENOSPC;
		return;
	}
	sim_connect(b, x, px, y, py, 1 + sim_rnd(r, 3));
}

static void sim_random(struct sim_builder *b, u32 seed)
{
	struct rio_sim_dev *sw[SIM_RND_MAX_SW];
	unsigned int nsw, big, i, k, neps, up;
	struct rnd_state r;
	int port;

	prandom_seed_state(&r, seed);
	nsw = 1 + sim_rnd(&r, SIM_RND_MAX_SW);
	big = sim_rnd(&r, 3) ? nsw : sim_rnd(&r, nsw);
	for (i = 0; i < nsw && !b->err; i++) {
		sw[i] = sim_rnd_dev(b, &r, true, i == big ? RIO_SIM_MAX_PORTS :
				    sim_rnd_ports[sim_rnd(&r, ARRAY_SIZE(sim_rnd_ports))]);
		if (!sw[i])
			return;
		/*
		 * The first on the host, the others on a switch with room.
		 * One draw per statement: the order of a call's arguments
		 * is the compiler's, and the fabric must be the same on
		 * every architecture.
		 */
		if (!i) {
			port = sim_rnd_free_port(&r, sw[0]);
			sim_connect(b, b->fab->host, 0, sw[0], port, 1 + sim_rnd(&r, 3));
			continue;
		}
		up = sim_rnd(&r, i);
		for (k = 0; k < i && sim_rnd_free_port(&r, sw[up]) < 0; k++)
			up = (up + 1) % i;
		sim_rnd_connect(b, &r, sw[up], sw[i]);
	}
	for (i = 0; i < nsw && !b->err; i++) {
		neps = sim_rnd(&r, SIM_RND_MAX_EPS + 1);
		for (k = 0; k < neps && !b->err; k++) {
			if (sim_rnd_free_port(&r, sw[i]) < 0)
				break;
			sim_rnd_connect(b, &r, sw[i], sim_rnd_dev(b, &r, false, 1));
		}
	}
}

/* @n devices in all, the host included: a chain of 16-port switches */
static void sim_bench(struct sim_builder *b, unsigned int n)
{
	struct rio_sim_dev *prev = b->fab->host, *sw;
	unsigned int left = n - 1, prev_port = 0, i;

	while (left && !b->err) {
		sw = sim_sw(b, "sw", 16);
		sim_connect(b, prev, prev_port, sw, 0, 2);
		left--;
		for (i = 1; i <= 14 && left && !b->err; i++, left--)
			sim_connect(b, sw, i, sim_ep(b, "ep"), 0, 2);
		prev = sw;
		prev_port = 15;
	}
}

/* @n switches in a line, one endpoint on each */
static void sim_chain(struct sim_builder *b, unsigned int n)
{
	struct rio_sim_dev *prev = b->fab->host, *sw;
	unsigned int prev_port = 0, i;

	for (i = 0; i < n && !b->err; i++) {
		sw = sim_sw(b, "chain", 4);
		sim_connect(b, prev, prev_port, sw, 0, 2);
		sim_connect(b, sw, 2, sim_ep(b, "ep"), 0, 2);
		prev = sw;
		prev_port = 1;
	}
}

/*
 * The switches of each level of a fat tree of @ports-port switches with
 * @n devices in all: @levels levels, @nsw[l] switches on level l (the
 * root alone on level 0), @neps endpoints under the last level.  The
 * last level has the fewest switches that hold the endpoints left.
 */
#define SIM_FAT_MAX_LEVELS	8

struct sim_fat_shape {
	unsigned int levels;
	unsigned int nsw[SIM_FAT_MAX_LEVELS];
	unsigned int neps;
};

static int sim_fat_shape(unsigned int ports, unsigned int n,
			 struct sim_fat_shape *f)
{
	unsigned int down = ports - 1, l, last, above;

	for (f->levels = 1; f->levels <= SIM_FAT_MAX_LEVELS; f->levels++) {
		/* the widest last level, then as narrow as it can be */
		for (last = 1; ; last++) {
			above = 0;
			f->nsw[f->levels - 1] = last;
			for (l = f->levels - 1; l > 0; l--) {
				f->nsw[l - 1] = DIV_ROUND_UP(f->nsw[l], down);
				above += f->nsw[l - 1];
			}
			if (f->nsw[0] != 1 || 1 + above + last >= n)
				break;
			f->neps = n - 1 - above - last;
			if (f->neps <= last * down)
				return 0;
		}
	}
	return -EINVAL;
}

/* @n devices: a tree of @ports-port switches, see sim_fat_shape() */
static void sim_fat(struct sim_builder *b, unsigned int ports, unsigned int n)
{
	struct rio_sim_dev **prev = NULL, **cur = NULL;
	unsigned int down = ports - 1, l, i;
	struct sim_fat_shape f;

	b->err = sim_fat_shape(ports, n, &f);
	if (b->err)
		return;

	/* level by level, each switch under the one its index says */
	for (l = 0; l < f.levels && !b->err; l++) {
		cur = kmalloc_array(f.nsw[l], sizeof(*cur), GFP_KERNEL);
		if (!cur) {
			b->err = -ENOMEM;
			break;
		}
		for (i = 0; i < f.nsw[l] && !b->err; i++) {
			cur[i] = sim_sw(b, l ? "fat" : "root", ports);
			if (!l)
				sim_connect(b, b->fab->host, 0, cur[i], 0, 2);
			else
				sim_connect(b, prev[i / down], 1 + i % down,
					    cur[i], 0, 2);
		}
		kfree(prev);
		prev = cur;
		cur = NULL;
	}
	for (i = 0; i < f.neps && !b->err; i++)
		sim_connect(b, prev[i / down], 1 + i % down, sim_ep(b, "ep"), 0, 2);
	kfree(prev);
}

/*
 * Route tables of a large fabric of @n devices: every destination ID
 * the enumerator can give (at most one per device) routes
 */
static void sim_size_routes(struct sim_builder *b, unsigned int n)
{
	if (!b->err && n > RIO_SIM_ROUTES)
		b->err = rio_sim_fabric_set_routes(b->fab, roundup_pow_of_two(n));
}

static int sim_topo_arg(const char *arg, unsigned int def, unsigned int min,
			unsigned int max, unsigned int *val)
{
	if (!arg) {
		*val = def;
		return 0;
	}
	if (kstrtouint(arg, 10, val) || *val < min || *val > max)
		return -EINVAL;
	return 0;
}

/**
 * rio_sim_topo_build() - build a canned topology
 * @spec: "name" or "name:N", see the list at the top of sim_topo.c
 *
 * Return: the fabric (its first device is the host's port), or an
 * ERR_PTR: -EINVAL for an unknown name or an argument out of range,
 * -ENOMEM.
 */
struct rio_sim_fabric *rio_sim_topo_build(const char *spec)
{
	struct sim_builder b = { };
	char name[24], *arg;
	unsigned int n = 0;

	if (strscpy(name, spec, sizeof(name)) < 0)
		return ERR_PTR(-EINVAL);
	arg = strchr(name, ':');
	if (arg)
		*arg++ = '\0';

	if (!strcmp(name, "single") || !strcmp(name, "big48") ||
	    !strcmp(name, "big255") || !strcmp(name, "voqmix") ||
	    !strcmp(name, "staging") || !strcmp(name, "hostile")) {
		b.err = arg ? -EINVAL : 0;
	} else if (!strcmp(name, "star")) {
		b.err = sim_topo_arg(arg, 4, 1, 254, &n);
	} else if (!strcmp(name, "tree")) {
		b.err = sim_topo_arg(arg, 15, 1, 15, &n);
	} else if (!strcmp(name, "ring")) {
		b.err = sim_topo_arg(arg, 4, 3, 16, &n);
	} else if (!strcmp(name, "bench")) {
		b.err = sim_topo_arg(arg, 100, 2, 3826, &n);
	} else if (!strcmp(name, "chain")) {
		b.err = sim_topo_arg(arg, 255, 1, 255, &n);
	} else if (!strcmp(name, "fat16") || !strcmp(name, "fat48")) {
		b.err = sim_topo_arg(arg, 1000, 3, 65535, &n);
	} else if (!strcmp(name, "random")) {
		b.err = sim_topo_arg(arg, 1, 0, U32_MAX, &n);
	} else {
		b.err = -EINVAL;
	}
	if (b.err)
		return ERR_PTR(b.err);

	b.fab = rio_sim_fabric_alloc(!strcmp(name, "bench") ||
				     !strcmp(name, "chain") ||
				     !strncmp(name, "fat", 3));
	if (!b.fab)
		return ERR_PTR(-ENOMEM);
	if (!strcmp(name, "chain"))
		sim_size_routes(&b, 2 * n + 1);
	else if (b.fab->large)
		sim_size_routes(&b, n);
	sim_host(&b);

	if (!strcmp(name, "single"))
		sim_connect(&b, b.fab->host, 0, sim_ep(&b, "ep"), 0, 2);
	else if (!strcmp(name, "star"))
		sim_star(&b, n + 1, n);
	else if (!strcmp(name, "tree"))
		sim_tree(&b, n);
	else if (!strcmp(name, "ring"))
		sim_ring(&b, n);
	else if (!strcmp(name, "big48"))
		sim_star(&b, 48, 47);
	else if (!strcmp(name, "big255"))
		sim_star(&b, 255, 254);
	else if (!strcmp(name, "voqmix"))
		sim_voqmix(&b);
	else if (!strcmp(name, "staging"))
		sim_staging_topo(&b);
	else if (!strcmp(name, "hostile"))
		sim_hostile(&b);
	else if (!strcmp(name, "chain"))
		sim_chain(&b, n);
	else if (!strcmp(name, "fat16"))
		sim_fat(&b, 16, n);
	else if (!strcmp(name, "fat48"))
		sim_fat(&b, 48, n);
	else if (!strcmp(name, "random"))
		sim_random(&b, n);
	else
		sim_bench(&b, n);

	if (b.err) {
		rio_sim_fabric_free(b.fab);
		return ERR_PTR(b.err);
	}
	return b.fab;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_topo_build);
