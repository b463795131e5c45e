/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tracepoints of rio-voq, the RapidIO Part 12 VoQ backpressure core:
 * what it planned for each link, every write to a port's VoQ or Latency
 * Optimization CSR and its read-back, rollbacks, the port events it
 * followed, and the admin's choices it took or refused.
 * Documentation/driver-api/rapidio/voq.rst, "Tracing", shows how to
 * read them.
 *
 * A device is named as its sysfs directory is ("nn:d:iiii", or the
 * mport's "rapidioN" for the mport's own port); a port is the port's
 * number in the device's blocks.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rio_voq

#if !defined(_TRACE_RIO_VOQ_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_RIO_VOQ_H

#include <linux/rio_regs.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/types.h>

#ifndef _TRACE_RIO_VOQ_ONCE
#define _TRACE_RIO_VOQ_ONCE

/* Room for a device's name ("nn:d:iiii", "rapidioN") and a knob's */
#define RIO_VOQ_TRACE_NAME	20
/* Room for the step a failure happened in */
#define RIO_VOQ_TRACE_STEP	36

/**
 * enum rio_voq_ev_src - what told rio-voq of a port event
 * @RIO_VOQ_EV_PW: a port-write of the device
 * @RIO_VOQ_EV_OWN: the mport, of its own port's link
 * @RIO_VOQ_EV_POLL: the periodic read of every port's Error and Status CSR
 * @RIO_VOQ_EV_SCAN: an event that came during a scan, followed at its end
 * @RIO_VOQ_EV_RECHECK: a read of the ports a link recovery had cut off
 * @RIO_VOQ_EV_PEER: the partner's event, on a port without a VoQ block
 */
enum rio_voq_ev_src {
	RIO_VOQ_EV_PW,
	RIO_VOQ_EV_OWN,
	RIO_VOQ_EV_POLL,
	RIO_VOQ_EV_SCAN,
	RIO_VOQ_EV_RECHECK,
	RIO_VOQ_EV_PEER,
};

/* A port's state, as its Error and Status CSR says */
#define RIO_VOQ_TRACE_DOWN	0
#define RIO_VOQ_TRACE_UP	1
#define RIO_VOQ_TRACE_UA	2
static inline u8 rio_voq_trace_state(u32 sts)
{
	if (sts & RIO_PORT_N_ERR_STS_PORT_UA)
		return RIO_VOQ_TRACE_UA;
	return sts & RIO_PORT_N_ERR_STS_PORT_OK ? RIO_VOQ_TRACE_UP : RIO_VOQ_TRACE_DOWN;
}

#endif /* _TRACE_RIO_VOQ_ONCE */

TRACE_DEFINE_ENUM(RIO_VOQ_EV_PW);
TRACE_DEFINE_ENUM(RIO_VOQ_EV_OWN);
TRACE_DEFINE_ENUM(RIO_VOQ_EV_POLL);
TRACE_DEFINE_ENUM(RIO_VOQ_EV_SCAN);
TRACE_DEFINE_ENUM(RIO_VOQ_EV_RECHECK);
TRACE_DEFINE_ENUM(RIO_VOQ_EV_PEER);

#define rio_voq_show_src(src)						\
	__print_symbolic(src,						\
			 { RIO_VOQ_EV_PW, "port-write" },		\
			 { RIO_VOQ_EV_OWN, "own-link" },		\
			 { RIO_VOQ_EV_POLL, "poll" },			\
			 { RIO_VOQ_EV_SCAN, "scan" },			\
			 { RIO_VOQ_EV_RECHECK, "recheck" },		\
			 { RIO_VOQ_EV_PEER, "partner" })

#define rio_voq_show_state(state)					\
	__print_symbolic(state,						\
			 { RIO_VOQ_TRACE_DOWN, "down" },		\
			 { RIO_VOQ_TRACE_UP, "up" },			\
			 { RIO_VOQ_TRACE_UA, "unavailable" })

/**
 * rio_voq_link_plan - a link's VoQ configuration was planned
 * @dev0: the name of end 0's device
 * @port0: end 0's port
 * @dev1: the name of end 1's device
 * @port1: end 1's port
 * @fmt: the link's symbol format ("cs48", "cs64", "rev2", "unknown")
 * @gen0: end 0 is to generate symbols toward end 1
 * @gen1: end 1 is to generate symbols toward end 0
 * @csr0: end 0's VoQ CSR as planned (0 if @write is false)
 * @csr1: end 1's VoQ CSR as planned (0 if @write is false)
 * @write: the plan is written (else only reported: a host that does
 *	not own the fabric, or auto_config 0)
 */
TRACE_EVENT(rio_voq_link_plan,
	    TP_PROTO(const char *dev0, unsigned int port0, const char *dev1,
		     unsigned int port1, const char *fmt, bool gen0,
		     bool gen1, u32 csr0, u32 csr1, bool write),
	    TP_ARGS(dev0, port0, dev1, port1, fmt, gen0, gen1, csr0, csr1,
		    write),
	    TP_STRUCT__entry(__array(char, dev0, RIO_VOQ_TRACE_NAME)
			     __array(char, dev1, RIO_VOQ_TRACE_NAME)
			     __array(char, fmt, 8)
			     __field(unsigned int, port0)
			     __field(unsigned int, port1)
			     __field(u32, csr0)
			     __field(u32, csr1)
			     __field(bool, gen0)
			     __field(bool, gen1)
			     __field(bool, write)),
	    TP_fast_assign(strscpy(__entry->dev0, dev0, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->dev1, dev1, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->fmt, fmt, 8);
			   __entry->port0 = port0;
			   __entry->port1 = port1;
			   __entry->csr0 = csr0;
			   __entry->csr1 = csr1;
			   __entry->gen0 = gen0;
			   __entry->gen1 = gen1;
			   __entry->write = write;),
	    TP_printk("%s port %u <-> %s port %u: %s gen %s/%s csr 0x%08x/0x%08x%s",
		      __entry->dev0, __entry->port0, __entry->dev1,
		      __entry->port1, __entry->fmt,
		      __entry->gen0 ? "on" : "off", __entry->gen1 ? "on" : "off",
		      __entry->csr0, __entry->csr1,
		      __entry->write ? "" : " (report only)")
);

/**
 * rio_voq_lat_plan - a link's latency optimization was planned
 * @dev0: the name of end 0's device
 * @port0: end 0's port
 * @dev1: the name of end 1's device
 * @port1: end 1's port
 * @mack: multiple acknowledges are to be on (at both ends)
 * @pna: ackID-in-PNA error recovery is to be on (at both ends)
 * @csr0: end 0's Latency Optimization CSR as planned (0 without the
 *	register, or if @write is false)
 * @csr1: end 1's, likewise
 * @write: the plan is written (else only reported)
 */
TRACE_EVENT(rio_voq_lat_plan,
	    TP_PROTO(const char *dev0, unsigned int port0, const char *dev1,
		     unsigned int port1, bool mack, bool pna, u32 csr0,
		     u32 csr1, bool write),
	    TP_ARGS(dev0, port0, dev1, port1, mack, pna, csr0, csr1, write),
	    TP_STRUCT__entry(__array(char, dev0, RIO_VOQ_TRACE_NAME)
			     __array(char, dev1, RIO_VOQ_TRACE_NAME)
			     __field(unsigned int, port0)
			     __field(unsigned int, port1)
			     __field(u32, csr0)
			     __field(u32, csr1)
			     __field(bool, mack)
			     __field(bool, pna)
			     __field(bool, write)),
	    TP_fast_assign(strscpy(__entry->dev0, dev0, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->dev1, dev1, RIO_VOQ_TRACE_NAME);
			   __entry->port0 = port0;
			   __entry->port1 = port1;
			   __entry->csr0 = csr0;
			   __entry->csr1 = csr1;
			   __entry->mack = mack;
			   __entry->pna = pna;
			   __entry->write = write;),
	    TP_printk("%s port %u <-> %s port %u: multiple_ack %s pna_recovery %s csr 0x%08x/0x%08x%s",
		      __entry->dev0, __entry->port0, __entry->dev1,
		      __entry->port1, __entry->mack ? "on" : "off",
		      __entry->pna ? "on" : "off", __entry->csr0,
		      __entry->csr1, __entry->write ? "" : " (report only)")
);

/**
 * rio_voq_csr_write - a write to a port's VoQ or Latency Optimization CSR
 * @dev: the name of the device
 * @port: the port
 * @offset: the register's offset in the device's configuration space
 * @val: the value written
 * @err: 0, or the error of the write
 */
TRACE_EVENT(rio_voq_csr_write,
	    TP_PROTO(const char *dev, unsigned int port, u32 offset, u32 val,
		     int err),
	    TP_ARGS(dev, port, offset, val, err),
	    TP_STRUCT__entry(__array(char, dev, RIO_VOQ_TRACE_NAME)
			     __field(unsigned int, port)
			     __field(u32, offset)
			     __field(u32, val)
			     __field(int, err)),
	    TP_fast_assign(strscpy(__entry->dev, dev, RIO_VOQ_TRACE_NAME);
			   __entry->port = port;
			   __entry->offset = offset;
			   __entry->val = val;
			   __entry->err = err;),
	    TP_printk("%s port %u: [0x%06x] <- 0x%08x err %d",
		      __entry->dev, __entry->port, __entry->offset,
		      __entry->val, __entry->err)
);

/**
 * rio_voq_csr_readback - the read that checks a write of rio_voq_csr_write
 * @dev: the name of the device
 * @port: the port
 * @offset: the register's offset
 * @written: the value written
 * @read: the value read back (meaningless if @err)
 * @err: 0; the error of the read; or -EIO if the bits that can be
 *	written read back otherwise
 */
TRACE_EVENT(rio_voq_csr_readback,
	    TP_PROTO(const char *dev, unsigned int port, u32 offset,
		     u32 written, u32 read, int err),
	    TP_ARGS(dev, port, offset, written, read, err),
	    TP_STRUCT__entry(__array(char, dev, RIO_VOQ_TRACE_NAME)
			     __field(unsigned int, port)
			     __field(u32, offset)
			     __field(u32, written)
			     __field(u32, read)
			     __field(int, err)),
	    TP_fast_assign(strscpy(__entry->dev, dev, RIO_VOQ_TRACE_NAME);
			   __entry->port = port;
			   __entry->offset = offset;
			   __entry->written = written;
			   __entry->read = read;
			   __entry->err = err;),
	    TP_printk("%s port %u: [0x%06x] wrote 0x%08x read 0x%08x err %d",
		      __entry->dev, __entry->port, __entry->offset,
		      __entry->written, __entry->read, __entry->err)
);

/**
 * rio_voq_rollback - a link's configuration failed and was undone
 * @dev0: the name of end 0's device
 * @port0: end 0's port
 * @dev1: the name of end 1's device
 * @port1: end 1's port
 * @lat: the latency optimization's (else the VoQ configuration's)
 * @at: the end whose access failed (0 or 1), -1 if not known
 * @step: what was being done
 * @err: the error of the access that failed
 * @csr0: end 0's register after the rollback, as last read or written
 * @csr1: end 1's, likewise
 * @ok: each end was set as intended (VoQ: generation off at both ends;
 *	latency: both ends as they were before)
 */
TRACE_EVENT(rio_voq_rollback,
	    TP_PROTO(const char *dev0, unsigned int port0, const char *dev1,
		     unsigned int port1, bool lat, int at, const char *step,
		     int err, u32 csr0, u32 csr1, bool ok),
	    TP_ARGS(dev0, port0, dev1, port1, lat, at, step, err, csr0, csr1,
		    ok),
	    TP_STRUCT__entry(__array(char, dev0, RIO_VOQ_TRACE_NAME)
			     __array(char, dev1, RIO_VOQ_TRACE_NAME)
			     __array(char, step, RIO_VOQ_TRACE_STEP)
			     __field(unsigned int, port0)
			     __field(unsigned int, port1)
			     __field(int, at)
			     __field(int, err)
			     __field(u32, csr0)
			     __field(u32, csr1)
			     __field(bool, lat)
			     __field(bool, ok)),
	    TP_fast_assign(strscpy(__entry->dev0, dev0, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->dev1, dev1, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->step, step, RIO_VOQ_TRACE_STEP);
			   __entry->port0 = port0;
			   __entry->port1 = port1;
			   __entry->lat = lat;
			   __entry->at = at;
			   __entry->err = err;
			   __entry->csr0 = csr0;
			   __entry->csr1 = csr1;
			   __entry->ok = ok;),
	    TP_printk("%s port %u <-> %s port %u: %s failed while %s (end %d, err %d); csr 0x%08x/0x%08x %s",
		      __entry->dev0, __entry->port0, __entry->dev1,
		      __entry->port1, __entry->lat ? "latency" : "voq",
		      __entry->step, __entry->at, __entry->err, __entry->csr0,
		      __entry->csr1, __entry->ok ? "ok" : "incomplete")
);

/**
 * rio_voq_port_event - a port event was followed
 * @src: what told of it (&enum rio_voq_ev_src)
 * @dev: the name of the device
 * @port: the port
 * @old_sts: the port's Error and Status CSR before the event
 * @sts: the port's Error and Status CSR after it
 * @replanned: a link was planned again (or a port without a link set up)
 */
TRACE_EVENT(rio_voq_port_event,
	    TP_PROTO(enum rio_voq_ev_src src, const char *dev,
		     unsigned int port, u32 old_sts, u32 sts, bool replanned),
	    TP_ARGS(src, dev, port, old_sts, sts, replanned),
	    TP_STRUCT__entry(__array(char, dev, RIO_VOQ_TRACE_NAME)
			     __field(unsigned int, src)
			     __field(unsigned int, port)
			     __field(u32, sts)
			     __field(u8, old_state)
			     __field(u8, state)
			     __field(bool, replanned)),
	    TP_fast_assign(strscpy(__entry->dev, dev, RIO_VOQ_TRACE_NAME);
			   __entry->src = src;
			   __entry->port = port;
			   __entry->sts = sts;
			   __entry->old_state = rio_voq_trace_state(old_sts);
			   __entry->state = rio_voq_trace_state(sts);
			   __entry->replanned = replanned;),
	    TP_printk("%s port %u: %s err_sts 0x%08x %s -> %s replanned %s",
		      __entry->dev, __entry->port,
		      rio_voq_show_src(__entry->src), __entry->sts,
		      rio_voq_show_state(__entry->old_state),
		      rio_voq_show_state(__entry->state),
		      __entry->replanned ? "yes" : "no")
);

/**
 * rio_voq_admin - an admin's choice was taken or refused
 * @dev: the name of the device
 * @port: the port
 * @knob: the choice: the name of its sysfs file
 * @val: the value (0 or 1; a group size; symbol_format 0 auto, 1 cs48,
 *	2 cs64; multiple_ack and pna_recovery 0 auto, 1 off, 2 on;
 *	staging_map: its number of entries)
 * @err: 0 if taken, else the errno the write returns
 */
TRACE_EVENT(rio_voq_admin,
	    TP_PROTO(const char *dev, unsigned int port, const char *knob,
		     unsigned int val, int err),
	    TP_ARGS(dev, port, knob, val, err),
	    TP_STRUCT__entry(__array(char, dev, RIO_VOQ_TRACE_NAME)
			     __array(char, knob, RIO_VOQ_TRACE_NAME)
			     __field(unsigned int, port)
			     __field(unsigned int, val)
			     __field(int, err)),
	    TP_fast_assign(strscpy(__entry->dev, dev, RIO_VOQ_TRACE_NAME);
			   strscpy(__entry->knob, knob, RIO_VOQ_TRACE_NAME);
			   __entry->port = port;
			   __entry->val = val;
			   __entry->err = err;),
	    TP_printk("%s port %u: %s=%u %s %d",
		      __entry->dev, __entry->port, __entry->knob, __entry->val,
		      __entry->err ? "refused" : "taken", __entry->err)
);

#endif /* _TRACE_RIO_VOQ_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
