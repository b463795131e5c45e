// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq's tracepoints (include/trace/events/rio_voq.h), defined here
 * once for the module, and exported for the KUnit suites that register
 * probes on them; and the module's description and license, in its
 * lowest object, which calls nothing of the module: with them here,
 * rio_voq.ko links with any bottom-up subset of its tiers (voq_core.h).
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
