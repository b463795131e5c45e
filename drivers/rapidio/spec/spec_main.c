// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio_spec: what RapidIO Part 12 and Part 6 define, as pure code (both
 * VoQ register layouts, port group arithmetic, the bounded
 * extended-feature walk, the congestion-message codec, the generator and
 * receiver reference models, and the Latency Optimization CSR) in a
 * library of its own, so that rio-voq and rio-sim both use it and neither
 * needs the other: the simulator must not depend on the driver it tests.
 */

#include <linux/module.h>

MODULE_DESCRIPTION("RapidIO Part 12 VoQ backpressure register and symbol model");
MODULE_LICENSE("GPL");
