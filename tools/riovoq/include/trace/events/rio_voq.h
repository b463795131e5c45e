/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for rio_voq's tracepoints: riovoq compiles only the pure
 * checks, which trace nothing.
 */
#ifndef _RIOVOQ_TRACE_EVENTS_RIO_VOQ_H
#define _RIOVOQ_TRACE_EVENTS_RIO_VOQ_H
/* Named in voq_core.h's prototypes; riovoq calls none of them */
enum rio_voq_ev_src { RIO_VOQ_EV_STANDIN };
#endif
