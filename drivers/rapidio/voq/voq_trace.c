// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq's tracepoints (include/trace/events/rio_voq.h), defined here
 * once for the module, and exported for the KUnit suites that register
 * probes on them; and the module's description and license.  They sit
 * in its lowest object, which every other one may call, so that
 * rio_voq.ko links from any bottom-up subset of its tiers (voq_core.h):
 * each tier links, and is tested, before the tiers above it exist.
 */

#define CREATE_TRACE_POINTS
#include <trace/events/rio_voq.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_link_plan);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_lat_plan);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_csr_write);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_csr_readback);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_rollback);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_port_event);
EXPORT_TRACEPOINT_SYMBOL_GPL(rio_voq_admin);

MODULE_DESCRIPTION("RapidIO Part 12 VoQ backpressure");
MODULE_LICENSE("GPL");
