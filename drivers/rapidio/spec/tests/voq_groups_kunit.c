// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the VoQ port group arithmetic, against the tables of
 * Part 12 rev 4.1 (3-2, 3-4) and rev 2.2 (3-2, 3-3).
 */

#include <kunit/test.h>
#include <linux/rio_voq.h>

#include "../rio_spec.h"

/* Table 3-2 of Part 12 rev 4.1: CS48, RX port group size 1 */
static const u8 voq_table_3_2[2][12] = {
	{ 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
	{ 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12 },
};

/* Table 3-4 of Part 12 rev 4.1: CS64, RX port group size 4 */
static const u8 voq_table_3_4[16][16] = {
	{ 15, 14, 13, 12, 11, 10, 9, 8,
	  7, 6, 5, 4, 3, 2, 1, 0 },
	{ 31, 30, 29, 28, 27, 26, 25, 24,
	  23, 22, 21, 20, 19, 18, 17, 16 },
	{ 47, 46, 45, 44, 43, 42, 41, 40,
	  39, 38, 37, 36, 35, 34, 33, 32 },
	{ 63, 62, 61, 60, 59, 58, 57, 56,
	  55, 54, 53, 52, 51, 50, 49, 48 },
	{ 79, 78, 77, 76, 75, 74, 73, 72,
	  71, 70, 69, 68, 67, 66, 65, 64 },
	{ 95, 94, 93, 92, 91, 90, 89, 88,
	  87, 86, 85, 84, 83, 82, 81, 80 },
	{ 111, 110, 109, 108, 107, 106, 105, 104,
	  103, 102, 101, 100, 99, 98, 97, 96 },
	{ 127, 126, 125, 124, 123, 122, 121, 120,
	  119, 118, 117, 116, 115, 114, 113, 112 },
	{ 143, 142, 141, 140, 139, 138, 137, 136,
	  135, 134, 133, 132, 131, 130, 129, 128 },
	{ 159, 158, 157, 156, 155, 154, 153, 152,
	  151, 150, 149, 148, 147, 146, 145, 144 },
	{ 175, 174, 173, 172, 171, 170, 169, 168,
	  167, 166, 165, 164, 163, 162, 161, 160 },
	{ 191, 190, 189, 188, 187, 186, 185, 184,
	  183, 182, 181, 180, 179, 178, 177, 176 },
	{ 207, 206, 205, 204, 203, 202, 201, 200,
	  199, 198, 197, 196, 195, 194, 193, 192 },
	{ 223, 222, 221, 220, 219, 218, 217, 216,
	  215, 214, 213, 212, 211, 210, 209, 208 },
	{ 239, 238, 237, 236, 235, 234, 233, 232,
	  231, 230, 229, 228, 227, 226, 225, 224 },
	{ 255, 254, 253, 252, 251, 250, 249, 248,
	  247, 246, 245, 244, 243, 242, 241, 240 },
};

/* Rev 2.2 table 3-2: stype2 bits 3..8 carry port offsets 5..0 */
static const u8 voq_r2_table_3_2[6] = { 5, 4, 3, 2, 1, 0 };

/* Rev 2.2 table 3-3: port group value -> base port */
static const struct {
	u8 group;
	u8 base;
} voq_r2_table_3_3[] = {
	{ 0x00, 0x00 }, { 0x01, 0x06 }, { 0x02, 0x0c }, { 0x1f, 0xba },
};

static void voq_expect_slot(struct kunit *test, enum rio_voq_fmt fmt,
			    unsigned int pgs, unsigned int port,
			    unsigned int group, unsigned int bit)
{
	unsigned int g = ~0U, b = ~0U;

	KUNIT_EXPECT_EQ_MSG(test, rio_voq_slot_to_port(fmt, pgs, group, bit),
			    (int)port, "group %u bit %u", group, bit);
	KUNIT_ASSERT_EQ_MSG(test, rio_voq_port_to_slot(fmt, pgs, port, &g, &b),
			    0, "port %u", port);
	KUNIT_EXPECT_EQ_MSG(test, g, group, "port %u", port);
	KUNIT_EXPECT_EQ_MSG(test, b, bit, "port %u", port);
}

/*
 * A table of the spec: row = port group value, column c = the c-th status
 * bit from the most significant, entry = the port it stands for.
 */
static void voq_expect_table(struct kunit *test, enum rio_voq_fmt fmt,
			     unsigned int pgs, const u8 *table,
			     unsigned int rows, unsigned int cols)
{
	unsigned int group, col;

	for (group = 0; group < rows; group++)
		for (col = 0; col < cols; col++)
			voq_expect_slot(test, fmt, pgs, table[group * cols + col],
					group, cols - 1 - col);
	KUNIT_EXPECT_EQ(test, rio_voq_ports_covered(fmt, pgs), rows * cols);
}

static void voq_table_3_2_cs48(struct kunit *test)
{
	voq_expect_table(test, RIO_VOQ_FMT_CS48, 1, &voq_table_3_2[0][0],
			 ARRAY_SIZE(voq_table_3_2), ARRAY_SIZE(voq_table_3_2[0]));
}

static void voq_table_3_4_cs64(struct kunit *test)
{
	voq_expect_table(test, RIO_VOQ_FMT_CS64, 4, &voq_table_3_4[0][0],
			 ARRAY_SIZE(voq_table_3_4), ARRAY_SIZE(voq_table_3_4[0]));
}

static void voq_r2_tables(struct kunit *test)
{
	unsigned int i, col;

	KUNIT_EXPECT_EQ(test, rio_voq_fmt_param_bits(RIO_VOQ_FMT_REV2), 11U);
	KUNIT_EXPECT_EQ(test, rio_voq_status_bits(RIO_VOQ_FMT_REV2, 0), 6);
	KUNIT_EXPECT_EQ(test, rio_voq_ports_covered(RIO_VOQ_FMT_REV2, 0), 192U);

	for (i = 0; i < ARRAY_SIZE(voq_r2_table_3_3); i++)
		for (col = 0; col < ARRAY_SIZE(voq_r2_table_3_2); col++)
			voq_expect_slot(test, RIO_VOQ_FMT_REV2, 0,
					voq_r2_table_3_3[i].base + voq_r2_table_3_2[col],
					voq_r2_table_3_3[i].group, voq_r2_table_3_2[col]);

	/* The group size argument does not change the fixed rev 2 format */
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_REV2, 3, 31, 5), 191);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_REV2, 0, 32, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_REV2, 0, 0, 6), -EINVAL);
}

struct voq_cover_case {
	enum rio_voq_fmt fmt;
	unsigned int pgs;
	int status;
	unsigned int covered;
};

/* 2^g * (W - g), worked by hand for W = 13 and W = 20 */
static const struct voq_cover_case voq_cover_cases[] = {
	{ RIO_VOQ_FMT_CS48, 0, 13, 13 },
	{ RIO_VOQ_FMT_CS48, 1, 12, 24 },
	{ RIO_VOQ_FMT_CS48, 2, 11, 44 },
	{ RIO_VOQ_FMT_CS48, 3, 10, 80 },
	{ RIO_VOQ_FMT_CS48, 4, 9, 144 },
	{ RIO_VOQ_FMT_CS48, 5, 8, 256 },
	{ RIO_VOQ_FMT_CS48, 6, 7, 448 },
	{ RIO_VOQ_FMT_CS48, 7, -EINVAL, 0 },
	{ RIO_VOQ_FMT_CS64, 0, 20, 20 },
	{ RIO_VOQ_FMT_CS64, 1, 19, 38 },
	{ RIO_VOQ_FMT_CS64, 2, 18, 72 },
	{ RIO_VOQ_FMT_CS64, 3, 17, 136 },
	{ RIO_VOQ_FMT_CS64, 4, 16, 256 },
	{ RIO_VOQ_FMT_CS64, 5, 15, 480 },
	{ RIO_VOQ_FMT_CS64, 6, 14, 896 },
	{ RIO_VOQ_FMT_CS64, 7, -EINVAL, 0 },
};

static void voq_cover_desc(const struct voq_cover_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s g=%u",
		 c->fmt == RIO_VOQ_FMT_CS48 ? "cs48" : "cs64", c->pgs);
}

KUNIT_ARRAY_PARAM(voq_cover, voq_cover_cases, voq_cover_desc);

static void voq_coverage(struct kunit *test)
{
	const struct voq_cover_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, rio_voq_status_bits(c->fmt, c->pgs), c->status);
	KUNIT_EXPECT_EQ(test, rio_voq_ports_covered(c->fmt, c->pgs), c->covered);
}

/* Every port maps to one slot and back, for every size and format */
static void voq_slot_roundtrip(struct kunit *test)
{
	static const enum rio_voq_fmt fmts[] = {
		RIO_VOQ_FMT_REV2, RIO_VOQ_FMT_CS48, RIO_VOQ_FMT_CS64,
	};
	unsigned int f, g, port, group, bit, n;

	for (f = 0; f < ARRAY_SIZE(fmts); f++) {
		for (g = 0; g <= RIO_VOQ_PGS_MAX; g++) {
			n = rio_voq_ports_covered(fmts[f], g);
			for (port = 0; port < RIO_VOQ_MAX_PORTS; port++) {
				int ret = rio_voq_port_to_slot(fmts[f], g, port,
							       &group, &bit);

				if (port >= n) {
					KUNIT_EXPECT_EQ(test, ret, -ERANGE);
					continue;
				}
				KUNIT_ASSERT_EQ(test, ret, 0);
				KUNIT_EXPECT_LT(test, bit,
						(unsigned int)rio_voq_status_bits(fmts[f], g));
				KUNIT_EXPECT_EQ(test,
						rio_voq_slot_to_port(fmts[f], g, group, bit),
						(int)port);
			}
		}
	}
}

static void voq_slot_errors(struct kunit *test)
{
	unsigned int group = 99, bit = 99;

	KUNIT_EXPECT_EQ(test, rio_voq_port_to_slot(RIO_VOQ_FMT_CS48, 7, 0, &group, &bit),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_port_to_slot(RIO_VOQ_FMT_CS48, 4, 144, &group, &bit),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, rio_voq_port_to_slot(RIO_VOQ_FMT_CS48, 6, 256, &group, &bit),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, group, 99U);
	KUNIT_EXPECT_EQ(test, bit, 99U);

	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS48, 1, 2, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS48, 1, 0, 12), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS64, 0, 0, 20), -EINVAL);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS64, 7, 0, 0), -EINVAL);
	/* CS48 with 6 group bits: group 36 bit 4 would be port 256 */
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS48, 6, 36, 3), 255);
	KUNIT_EXPECT_EQ(test, rio_voq_slot_to_port(RIO_VOQ_FMT_CS48, 6, 36, 4), -ERANGE);
}

struct voq_min_cover_case {
	const char *name;
	enum rio_voq_fmt fmt;
	u8 mask;
	unsigned int nports;
	int pgs;
};

#define PGS(g)	BIT(g)
#define PGS_04	(PGS(0) | PGS(4))

static const struct voq_min_cover_case voq_min_cover_cases[] = {
	{ "cs48 all sizes, 1 port", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 1, 0 },
	{ "cs48 all sizes, 13 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 13, 0 },
	{ "cs48 all sizes, 14 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 14, 1 },
	{ "cs48 all sizes, 16 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 16, 1 },
	{ "cs48 all sizes, 48 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 48, 3 },
	{ "cs48 all sizes, 255 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 255, 5 },
	{ "cs48 all sizes, 256 ports", RIO_VOQ_FMT_CS48, RIO_VOQ_PGS_MASK_ALL, 256, 5 },
	{ "cs48 {0,4}, 16 ports", RIO_VOQ_FMT_CS48, PGS_04, 16, 4 },
	{ "cs48 {0,4}, 144 ports", RIO_VOQ_FMT_CS48, PGS_04, 144, 4 },
	{ "cs48 {0,4}, 145 ports", RIO_VOQ_FMT_CS48, PGS_04, 145, -ERANGE },
	{ "cs48 {0,4}, 255 ports", RIO_VOQ_FMT_CS48, PGS_04, 255, -ERANGE },
	{ "cs48 {0,4,6}, 255 ports", RIO_VOQ_FMT_CS48, PGS_04 | PGS(6), 255, 6 },
	{ "cs48 none", RIO_VOQ_FMT_CS48, 0, 1, -ERANGE },
	{ "cs64 all sizes, 20 ports", RIO_VOQ_FMT_CS64, RIO_VOQ_PGS_MASK_ALL, 20, 0 },
	{ "cs64 all sizes, 21 ports", RIO_VOQ_FMT_CS64, RIO_VOQ_PGS_MASK_ALL, 21, 1 },
	{ "cs64 all sizes, 48 ports", RIO_VOQ_FMT_CS64, RIO_VOQ_PGS_MASK_ALL, 48, 2 },
	{ "cs64 {0,4}, 255 ports", RIO_VOQ_FMT_CS64, PGS_04, 255, 4 },
	{ "cs64 {0,4}, 257 ports", RIO_VOQ_FMT_CS64, PGS_04, 257, -ERANGE },
	{ "cs64 size 7 bit ignored", RIO_VOQ_FMT_CS64, BIT(7), 1, -ERANGE },
	{ "rev2 192 ports", RIO_VOQ_FMT_REV2, 0, 192, RIO_VOQ_R2_GROUP_BITS },
	{ "rev2 193 ports", RIO_VOQ_FMT_REV2, 0, 193, -ERANGE },
};

static void voq_min_cover_desc(const struct voq_min_cover_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(voq_min_cover, voq_min_cover_cases, voq_min_cover_desc);

static void voq_pgs_min_cover(struct kunit *test)
{
	const struct voq_min_cover_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, rio_voq_pgs_min_cover(c->fmt, c->mask, c->nports),
			c->pgs);
}

static void voq_pgs_common(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rio_voq_pgs_common(RIO_VOQ_PGS_MASK_ALL, PGS_04),
			(u8)PGS_04);
	KUNIT_EXPECT_EQ(test, rio_voq_pgs_common(PGS_04 | PGS(1), PGS_04 | PGS(2)),
			(u8)PGS_04);
	KUNIT_EXPECT_EQ(test, rio_voq_pgs_common(PGS(1), PGS(2)), 0);
	KUNIT_EXPECT_EQ(test, rio_voq_pgs_common(0xff, 0xff),
			(u8)RIO_VOQ_PGS_MASK_ALL);
}

static struct kunit_case voq_groups_test_cases[] = {
	KUNIT_CASE(voq_table_3_2_cs48),
	KUNIT_CASE(voq_table_3_4_cs64),
	KUNIT_CASE(voq_r2_tables),
	KUNIT_CASE_PARAM(voq_coverage, voq_cover_gen_params),
	KUNIT_CASE(voq_slot_roundtrip),
	KUNIT_CASE(voq_slot_errors),
	KUNIT_CASE_PARAM(voq_pgs_min_cover, voq_min_cover_gen_params),
	KUNIT_CASE(voq_pgs_common),
	{}
};

static struct kunit_suite voq_groups_test_suite = {
	.name = "rio_voq_groups",
	.test_cases = voq_groups_test_cases,
};

kunit_test_suite(voq_groups_test_suite);
