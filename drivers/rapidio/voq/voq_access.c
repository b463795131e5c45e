// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-voq access layer: every maintenance access rio-voq makes goes
 * through here, to a remote device or to the mport's own configuration
 * space.  Accesses are counted; an error, or a read of all ones (what a
 * failed maintenance read returns on many bridges), is a failure.
 */

#include <kunit/visibility.h>
#include <linux/errno.h>
#include <linux/rio_drv.h>

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
	u32 off = rio_voq_node_csr(n, port), back;
	int ret;

	ret = rio_voq_write(n, off, val);
	if (!ret)
		ret = rio_voq_read(n, off, &back);
	if (ret)
		return ret;
	n->port[port].csr = back;
	return (back ^ val) & rio_voq_csr_writable(n->layout) ? -EIO : 0;
}
