// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio_voq_model: the pure RapidIO Part 12 model (both register layouts,
 * port group arithmetic, the bounded extended-feature walk, the
 * congestion-message codec and the generator and receiver reference
 * models) as a module of its own, so that rio-voq and rio-sim both use it
 * and neither needs the other: the simulator must not depend on the
 * driver it tests.
 */

#include <linux/module.h>

MODULE_DESCRIPTION("RapidIO Part 12 VoQ backpressure register and symbol model");
MODULE_LICENSE("GPL");
