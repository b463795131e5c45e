/* SPDX-License-Identifier: GPL-2.0-only */
/* Stand-in: the planner logs nothing. */
