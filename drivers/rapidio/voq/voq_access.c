// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq access layer: every maintenance access rio-voq makes goes
 * through here, to a remote device or to the mport's own configuration
 * space.  Accesses are counted; an error, or a read of all ones (what a
 * failed maintenance read returns on many bridges), is a failure.  The
 * addresses of a node's registers, and what a register read says of a
 * port (its baud-rate class, its end of a link for the planner), are
 * computed here too, so that every file above reaches the hardware
 * through one floor.
 */

#include <kunit/visibility.h>
#include <linux/bitfield.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/rio_drv.h>
#include <linux/rio_regs.h>

#include "voq_core.h"

struct rio_voq_counters rio_voq_count;
EXPORT_SYMBOL_IF_KUNIT(rio_voq_count);

/**
 * rio_voq_read() - read a register of a node
 * @n: the node
 * @offset: register offset
 * @val: value read
 *
 * Return: 0, or -EIO (or the core's error) if the access fails or reads
 * all ones.
 */
int rio_voq_read(struct rio_voq_node *n, u32 offset, u32 *val)
{
	int ret;

	if (n->rdev)
		ret = rio_read_config_32(n->rdev, offset, val);
	else
		ret = rio_local_read_config_32(n->mport, offset, val);
	rio_voq_count.reads++;
	if (!ret && *val == ~0U)
		ret = -EIO;
	if (ret)
		rio_voq_count.failed++;
	return ret;
}

/**
 * rio_voq_write() - write a register of a node
 * @n: the node
 * @offset: register offset
 * @val: value to write
 *
 * Nothing is written to a device whose board is not known (@n->unknown):
 * its registers may not be where rio-voq last found them.
 *
 * Return: 0; -EBUSY, without an access, for a device not known; or the
 * core's error.
 */
int rio_voq_write(struct rio_voq_node *n, u32 offset, u32 val)
{
	int ret;

	if (n->unknown)
		return -EBUSY;
	if (n->rdev)
		ret = rio_write_config_32(n->rdev, offset, val);
	else
		ret = rio_local_write_config_32(n->mport, offset, val);
	rio_voq_count.writes++;
	if (ret)
		rio_voq_count.failed++;
	return ret;
}

/**
 * rio_voq_csr_read() - read a port's VoQ CSR, and remember it
 * @n: the node, with a VoQ block
 * @port: the port
 * @csr: the value read
 *
 * Return: 0, or the error of rio_voq_read().
 */
int rio_voq_csr_read(struct rio_voq_node *n, unsigned int port, u32 *csr)
{
	int ret = rio_voq_read(n, rio_voq_node_csr(n, port), csr);

	if (!ret)
		n->port[port].csr = *csr;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(rio_voq_csr_read);

/**
 * rio_voq_csr_write() - write a port's VoQ CSR and read it back
 * @n: the node, with a VoQ block
 * @port: the port
 * @val: the value to write
 *
 * The remembered CSR follows what the read-back says.
 *
 * Return: 0; the error of the write or of the read; -EIO if the writable
 * bits read back differ from those written.
 */
int rio_voq_csr_write(struct rio_voq_node *n, unsigned int port, u32 val)
{
	u32 off = rio_voq_node_csr(n, port), back = 0;
	int ret;

	ret = rio_voq_write(n, off, val);
	trace_rio_voq_csr_write(rio_voq_node_name(n), port, off, val, ret);
	if (ret)
		return ret;
	ret = rio_voq_read(n, off, &back);
	if (!ret) {
		n->port[port].csr = back;
		if ((back ^ val) & rio_voq_csr_writable(n->layout))
			ret = -EIO;
	}
	trace_rio_voq_csr_readback(rio_voq_node_name(n), port, off, val, back, ret);
	return ret;
}

/**
 * rio_voq_hw_port() - the hardware port of a node's port
 * @n: the node
 * @port: its port
 *
 * A device's ports are numbered as its blocks number them; the mport's
 * one port is its index among the ports of its controller (fsl_rio:
 * port i's registers are 0x20 * i further in the shared register
 * window).
 *
 * Return: the port's number in the node's blocks.
 */
unsigned int rio_voq_hw_port(const struct rio_voq_node *n, unsigned int port)
{
	return n->rdev ? port : n->mport->index + port;
}

/**
 * rio_voq_node_csr() - offset of a node's port's VoQ CSR
 * @n: the node, probed, with a VoQ block
 * @port: the port, below @n->nports
 *
 * Return: the offset in the node's configuration space.
 */
u32 rio_voq_node_csr(const struct rio_voq_node *n, unsigned int port)
{
	return rio_voq_csr_offset(n->layout, n->ef, rio_voq_hw_port(n, port));
}

/**
 * rio_voq_phys_reg() - offset of a port's LP-Serial register
 * @n: the node
 * @port: the port (of the node's VoQ block)
 * @reg: the register's offset for port 0 of an LP-Serial block, as given
 *	by the Part 6 macros with a map of 0 (RIO_PORT_N_CTL2_CSR(0, 0)...)
 *
 * Return: the register's offset, or 0 if the node has no LP-Serial block.
 */
u32 rio_voq_phys_reg(const struct rio_voq_node *n, unsigned int port, u32 reg)
{
	return n->phys ? n->phys + reg + rio_voq_hw_port(n, port) * 0x20 * n->rmap : 0;
}

/**
 * rio_voq_node_end() - what the planner needs of a node's port
 * @n: the node, probed, with a VoQ block
 * @port: the port
 * @e: filled from the port's last read CSR and the admin's choices
 */
void rio_voq_node_end(const struct rio_voq_node *n, unsigned int port,
		      struct rio_voq_end *e)
{
	e->layout = n->layout;
	e->nports = n->rdev && (n->rdev->pef & RIO_PEF_SWITCH) ? n->dev_nports :
		    n->nports;
	e->choice = &n->port[port].choice;
	rio_voq_csr_decode(n->layout, n->port[port].csr, &e->caps);
}

/**
 * rio_voq_node_dev() - the device a node's messages are logged against
 * @n: the node
 *
 * rio-voq holds no reference on the device: it does not need one.  A
 * node is made by the add_dev of its device (the subsys_interface on
 * rio_bus_type for a rio_dev, the class_interface on rio_mport_class
 * for an mport's own node) and marked @dead, taken out of the list and
 * the hash under rio_voq_lock, and freed by a remove_dev (its device's,
 * or its mport's), which the driver core calls from device_del(),
 * before the device's last reference is dropped.  A node reached under
 * rio_voq_lock that is not @dead, or under rio_voq_sysfs_lock (whose
 * holder a remove_dev waits for before it frees the node), or from a
 * remove_dev, therefore has a device that is not freed meanwhile (as
 * has the copy rio_voq_node_reprobe() fills in, whose device is its
 * node's).  No other node is used.
 *
 * Return: the node's rio_dev's device, or the mport's (rapidioN) for
 * the mport's own node.
 */
struct device *rio_voq_node_dev(const struct rio_voq_node *n)
{
	return n->rdev ? &n->rdev->dev : &n->mport->dev;
}

/**
 * rio_voq_node_name() - name of a node for logs and state files
 * @n: the node
 *
 * Return: the name of the device, or of the mport's device (rapidioN):
 * the names their sysfs directories have.  The device is
 * rio_voq_node_dev()'s, with its lifetime.
 */
const char *rio_voq_node_name(const struct rio_voq_node *n)
{
	return dev_name(rio_voq_node_dev(n));
}

/**
 * rio_voq_baud_class() - baud-rate class of a port's selected baud rate
 * @ctl2: its Port n Control 2 CSR (Part 6)
 *
 * Return: 1 (1.25 to 3.125 Gbaud), 2 (5 and 6.25), 3 (10.3125 and up),
 * or 0 for a rate not selected or not known.
 */
unsigned int rio_voq_baud_class(u32 ctl2)
{
	switch (FIELD_GET(RIO_PORT_N_CTL2_SEL_BAUD, ctl2)) {
	case 0x1 ... 0x3:	/* 1.25, 2.5, 3.125 Gbaud */
		return 1;
	case 0x4 ... 0x5:	/* 5.0, 6.25 Gbaud */
		return 2;
	case 0x6 ... 0x8:	/* 10.3125, 12.5, 25.78125 Gbaud */
		return 3;
	}
	return 0;
}
