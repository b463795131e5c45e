// SPDX-License-Identifier: GPL-2.0-only
/*
 * rio-sim debugfs: counters and fault injection, in the manner of
 * netdevsim.  Under /sys/kernel/debug/rio-sim/<mport>/:
 *
 *   reads, writes, failed    maintenance accesses carried (local ones
 *                            included) and those that failed
 *   stray_writes             writes that landed on no writable register
 *   fail_nth                 write N: the Nth access from now fails
 *                            (once); reads back what is left pending, 0
 *                            when none
 *   latency_us               busy-wait added to every access, at most
 *                            RIO_SIM_MAX_LATENCY_US (-EINVAL beyond)
 *   own_reads, own_writes    accesses this mport sent (a fabric shared by
 *                            several mports counts them all above)
 *   own_voq_writes           its writes that reached a VoQ block or
 *                            staging registers
 *   bytes                    slab memory of the fabric model
 *                            (rio_sim_fabric_bytes())
 *   no_port_writes           1: the mport takes no port-writes (an mport
 *                            without port-write support); they are lost
 *   pw_sent, pw_lost         port-writes devices sent, and those that
 *                            found no path to the host or no taker
 *   pw_flush                 write anything: returns once the port-writes
 *                            queued so far have been handed to the core
 *                            (and its handlers have run)
 *   pw_off                   1 while the core has port-write reception
 *                            switched off (pwenable); those sent
 *                            meanwhile are lost
 *   link                     the mport's own link: reads 1 (PORT_OK) or
 *                            0; write 0 or 1 to take it down or up (both
 *                            ends change, as with dev<i>/link)
 *   own_events               changes of its own port the mport reported
 *   dbell_sent               doorbells it sent that were accepted
 *   dbell_received           doorbells its handlers took
 *   dbell_unhandled          doorbells no handler's range held
 *   dbell_lost               doorbells refused, its queue full
 *   dbells                   doorbells that reached a device no mport is
 *                            behind (accepted and counted)
 *   attach                   write "DEV [HOST_DESTID]": register another
 *                            host's mport whose own device is endpoint
 *                            DEV of this fabric (HOST_DESTID default -1:
 *                            it discovers); the kernel log names it
 *   detach                   write the name of an mport attached so:
 *                            unregister it
 *   dev<i>/reads, writes     accesses device i answered
 *   dev<i>/stray_writes      its writes that landed on no writable register
 *   dev<i>/fail_all          every access to device i fails
 *   dev<i>/all_ones          every read from device i returns all ones
 *   dev<i>/minimal           (read-only) 1: minimal Part 12 silicon (no
 *                            full status when generation is turned on or
 *                            a link recovers, no receiver release)
 *   dev<i>/congest           write "PORT 1" or "PORT 0": set or clear the
 *                            congestion of a port; the symbols flow
 *   dev<i>/symbols           per port: VoQ symbols sent and received, and
 *                            the downstream ports its receiver holds back
 *   dev<i>/ports             the device's ground truth, one line per port
 *                            (see sim_ports_show())
 *   dev<i>/wfault            write "PORT MODE [MASK [NTH]]": writes to the
 *                            port's VoQ CSR stop sticking from the NTH
 *                            (default 1: the next) on; MODE is none,
 *                            ignore, stuck (the MASK bits keep their
 *                            value) or readback (reads invert the MASK
 *                            bits).  Reads list the ports with a fault.
 *   dev<i>/stg_wfault        a switch with a RAM staging map: write
 *                            "PORT MODE [MASK]": writes to the port's
 *                            reverse map stop sticking from now on; MODE
 *                            as for wfault, MASK the bits of each entry.
 *                            Reads list the ports with a fault.
 *   dev<i>/link              write "PORT 0" or "PORT 1": take the port's
 *                            link down or bring it up (both ends change
 *                            and send port-writes)
 *   dev<i>/unavailable       write "PORT 1" or "PORT 0": the port reports
 *                            Port Unavailable, or no longer does
 *   dev<i>/replace           write "PORTS LAYOUT [CAPS]": swap the device
 *                            for a board of PORTS ports (1 for an
 *                            endpoint) whose VoQ block has LAYOUT rev2 or
 *                            rev3 and the read-only CSR bits CAPS (hex,
 *                            default all), or "PORTS none": no VoQ block
 *                            (rio_sim_dev_replace(); the old board's
 *                            identity, register map and latency
 *                            optimization capabilities, error management
 *                            and staging hardware)
 *   dev<i>/lat_wfault        a map II device: write "PORT 1" or "PORT 0":
 *                            writes to the port's Latency Optimization
 *                            CSR are ignored from now on (only a
 *                            read-back shows it), or land again
 */

#include <kunit/visibility.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/rio_regs.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../spec/voq_txrx.h"
#include "sim.h"

static struct dentry *rio_sim_dbg_root;

static int sim_fail_nth_get(void *data, u64 *val)
{
	struct rio_sim_fabric *fab = data;

	spin_lock_irq(&fab->lock);
	*val = fab->fail_nth ? fab->fail_nth - fab->fail_seen : 0;
	spin_unlock_irq(&fab->lock);
	return 0;
}

static int sim_fail_nth_set(void *data, u64 val)
{
	struct rio_sim_fabric *fab = data;

	if (val > UINT_MAX)
		return -EINVAL;
	spin_lock_irq(&fab->lock);
	fab->fail_nth = val;
	fab->fail_seen = 0;
	spin_unlock_irq(&fab->lock);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(sim_fail_nth_fops, sim_fail_nth_get,
			 sim_fail_nth_set, "%llu\n");

static int sim_latency_get(void *data, u64 *val)
{
	*val = rio_sim_get_latency(data);
	return 0;
}

static int sim_latency_set(void *data, u64 val)
{
	return val > UINT_MAX ? -EINVAL : rio_sim_set_latency(data, val);
}

DEFINE_DEBUGFS_ATTRIBUTE(sim_latency_fops, sim_latency_get, sim_latency_set,
			 "%llu\n");

static int sim_bytes_get(void *data, u64 *val)
{
	*val = rio_sim_fabric_bytes(data);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_bytes_fops, sim_bytes_get, NULL, "%llu\n");

/*
 * A write as one line: at most @size - 1 bytes, copied into @buf without
 * its final newline; no NUL among them (a value followed by a NUL and
 * more is not the value) and no other newline.  Return: 0, -EINVAL,
 * -EFAULT.
 */
static int sim_dbg_line(const char __user *ubuf, size_t count, char *buf,
			size_t size)
{
	if (count >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (count && buf[count - 1] == '\n')
		count--;
	buf[count] = '\0';
	return strlen(buf) != count || strchr(buf, '\n') ? -EINVAL : 0;
}

/*
 * Split @s in place into at most @max words, separated by spaces and
 * tabs (not strim(): its isspace() takes 0xa0 too).  Return: how many,
 * or -EINVAL for more than @max.
 */
static int sim_split_words(char *s, char **word, unsigned int max)
{
	unsigned int n = 0;
	char *w;

	while ((w = strsep(&s, " \t"))) {
		if (!*w)
			continue;
		if (n == max)
			return -EINVAL;
		word[n++] = w;
	}
	return n;
}

/*
 * The words of a write (sim_dbg_line(), then sim_split_words()): at most
 * @max of them, pointing into @buf.  Return: how many, or -EINVAL, -EFAULT.
 */
static int sim_dbg_words(const char __user *ubuf, size_t count, char *buf,
			 size_t size, char **word, unsigned int max)
{
	int ret = sim_dbg_line(ubuf, count, buf, size);

	return ret ?: sim_split_words(buf, word, max);
}

/* Parse "PORT 0|1" from userspace */
static int sim_port_flag(const char __user *ubuf, size_t count,
			 unsigned int *port, unsigned int *val)
{
	char buf[32], *word[2];

	if (sim_dbg_words(ubuf, count, buf, sizeof(buf), word, 2) != 2 ||
	    kstrtouint(word[0], 10, port) || kstrtouint(word[1], 10, val) || *val > 1)
		return -EINVAL;
	return 0;
}

static ssize_t sim_congest_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	unsigned int port, val;
	int ret = sim_port_flag(ubuf, count, &port, &val);

	if (!ret)
		ret = rio_sim_congest(file->private_data, port, val);
	return ret ?: count;
}

static const struct file_operations sim_congest_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_congest_write,
};

static const char * const sim_wfault_names[RIO_SIM_NR_WFAULTS] = {
	[RIO_SIM_WFAULT_NONE] = "none",
	[RIO_SIM_WFAULT_IGNORE] = "ignore",
	[RIO_SIM_WFAULT_STUCK] = "stuck",
	[RIO_SIM_WFAULT_READBACK] = "readback",
};

/* A write fault as its file takes it: "PORT MODE [MASK [NTH]]" */
struct sim_wfault_req {
	unsigned int port;
	int mode;
	u32 mask;
	unsigned int nth;
};

/*
 * Parse a write fault from userspace: at most @max - 1 bytes (@max is at
 * most 64), words separated by blanks; PORT and NTH decimal, MASK hex
 * (0x optional), each within its type; MASK 0 and NTH 1 when left out;
 * NTH only where @with_nth.  Return: 0, -EINVAL for bad input, -EFAULT.
 */
static int sim_wfault_parse(const char __user *ubuf, size_t count, size_t max,
			    bool with_nth, struct sim_wfault_req *req)
{
	char buf[64], *word[4];
	int n;

	n = sim_dbg_words(ubuf, count, buf, min(max, sizeof(buf)), word,
			  with_nth ? 4 : 3);
	if (n < 0)
		return n;
	if (n < 2)
		return -EINVAL;
	req->mask = 0;
	req->nth = 1;
	if (kstrtouint(word[0], 10, &req->port) ||
	    (n > 2 && kstrtou32(word[2], 16, &req->mask)) ||
	    (n > 3 && kstrtouint(word[3], 10, &req->nth)))
		return -EINVAL;
	req->mode = match_string(sim_wfault_names, RIO_SIM_NR_WFAULTS, word[1]);
	return req->mode < 0 ? -EINVAL : 0;
}

/* The file is a seq_file (reads list the faults); its private is the device */
static ssize_t sim_wfault_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct rio_sim_dev *dev = ((struct seq_file *)file->private_data)->private;
	struct sim_wfault_req req;
	int ret;

	ret = sim_wfault_parse(ubuf, count, 64, true, &req);
	if (!ret)
		ret = rio_sim_set_wfault(dev, req.port, req.mode, req.mask, req.nth);
	return ret ?: count;
}

static int sim_wfault_show(struct seq_file *m, void *v)
{
	struct rio_sim_dev *dev = m->private;
	unsigned int p;

	spin_lock_irq(&dev->fabric->lock);
	for (p = 0; p < dev->nports; p++) {
		const struct rio_sim_port *sp = &dev->port[p];

		if (sp->wfault)
			seq_printf(m, "port %u: %s mask 0x%08x from write %u (%u seen)\n",
				   p, sim_wfault_names[sp->wfault], sp->wfault_mask,
				   sp->wfault_nth, sp->wfault_seen);
	}
	spin_unlock_irq(&dev->fabric->lock);
	return 0;
}

static int sim_wfault_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_wfault_show, inode->i_private);
}

static const struct file_operations sim_wfault_fops = {
	.owner = THIS_MODULE,
	.open = sim_wfault_open,
	.read = seq_read,
	.write = sim_wfault_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* The file is a seq_file (reads list the faults); its private is the device */
static ssize_t sim_stg_wfault_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct rio_sim_dev *dev = ((struct seq_file *)file->private_data)->private;
	struct sim_wfault_req req;
	int ret;

	ret = sim_wfault_parse(ubuf, count, 48, false, &req);
	if (!ret)
		ret = rio_sim_set_stg_wfault(dev, req.port, req.mode, req.mask);
	return ret ?: count;
}

static int sim_stg_wfault_show(struct seq_file *m, void *v)
{
	struct rio_sim_dev *dev = m->private;
	unsigned int p;

	spin_lock_irq(&dev->fabric->lock);
	for (p = 0; p < dev->nports; p++) {
		const struct rio_sim_port *sp = &dev->port[p];

		if (sp->stg_wfault)
			seq_printf(m, "port %u: %s mask 0x%02x\n", p,
				   sim_wfault_names[sp->stg_wfault], sp->stg_wfault_mask);
	}
	spin_unlock_irq(&dev->fabric->lock);
	return 0;
}

static int sim_stg_wfault_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_stg_wfault_show, inode->i_private);
}

static const struct file_operations sim_stg_wfault_fops = {
	.owner = THIS_MODULE,
	.open = sim_stg_wfault_open,
	.read = seq_read,
	.write = sim_stg_wfault_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static ssize_t sim_link_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	unsigned int port, val;
	int ret = sim_port_flag(ubuf, count, &port, &val);

	if (!ret)
		ret = rio_sim_port_set_link(file->private_data, port, val);
	return ret ?: count;
}

static const struct file_operations sim_link_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_link_write,
};

static ssize_t sim_unavailable_write(struct file *file, const char __user *ubuf,
				     size_t count, loff_t *ppos)
{
	unsigned int port, val;
	int ret = sim_port_flag(ubuf, count, &port, &val);

	if (!ret)
		ret = rio_sim_port_set_unavailable(file->private_data, port, val);
	return ret ?: count;
}

static const struct file_operations sim_unavailable_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_unavailable_write,
};

static ssize_t sim_lat_wfault_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	unsigned int port, val;
	int ret = sim_port_flag(ubuf, count, &port, &val);

	if (!ret)
		ret = rio_sim_set_lat_wfault(file->private_data, port, val);
	return ret ?: count;
}

static const struct file_operations sim_lat_wfault_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_lat_wfault_write,
};

/**
 * rio_sim_replace_desc() - the board a write to a device's replace file
 *	describes
 * @dev: the device to be replaced
 * @buf: what was written: "PORTS LAYOUT [CAPS]"
 * @desc: filled in; its name is @dev's
 *
 * The new board is of @dev's kind, with @dev's identity and what goes
 * with it: register map and its ports' latency optimization capabilities
 * (port 0's), error management block, staging hardware (model and
 * queues: the staging ops of a driver follow the vendor and device ID,
 * so a board that keeps them keeps its staging model) and minimal
 * silicon or not.  The
 * write gives its port count and its VoQ block: LAYOUT rev2 or rev3 with
 * the read-only CSR bits CAPS (hex, all by default), or none.
 *
 * @dev's board is read: nothing may replace it meanwhile (the replace
 * file calls this under the fabric's ev_lock, from
 * rio_sim_dev_replace_board()).
 *
 * Return: 0, or -EINVAL if @buf does not parse.
 */
int rio_sim_replace_desc(const struct rio_sim_dev *dev, const char *buf,
			 struct rio_sim_dev_desc *desc)
{
	char copy[48], *word[3];
	int n;

	*desc = (struct rio_sim_dev_desc) {
		.name = dev->name, .is_switch = dev->is_switch, .vid = dev->vid,
		.did = dev->did, .em = dev->em_ef, .em_hs = dev->em_hs,
		.voq_caps = RIO_SIM_VOQ_CAPS_ALL,
		/* the core keeps it (rio_sim_dev_keep_blocks()) */
		.map = dev->map, .lat_caps = dev->port[0].lat_caps,
		.staging = dev->staging, .staging_queues = dev->staging_queues,
		.minimal = dev->minimal,
	};
	if (strscpy(copy, buf, sizeof(copy)) < 0)
		return -EINVAL;
	n = sim_split_words(copy, word, ARRAY_SIZE(word));
	if (n < 2 || kstrtouint(word[0], 10, &desc->nports) ||
	    (n > 2 && kstrtou32(word[2], 16, &desc->voq_caps)))
		return -EINVAL;
	if (!strcmp(word[1], "rev2"))
		desc->voq_layout = RIO_VOQ_LAYOUT_REV2;
	else if (!strcmp(word[1], "rev3"))
		desc->voq_layout = RIO_VOQ_LAYOUT_REV3;
	else if (strcmp(word[1], "none") || n > 2)
		return -EINVAL;
	desc->voq = strcmp(word[1], "none");
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_replace_desc);

static ssize_t sim_replace_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char buf[48];
	int ret = sim_dbg_line(ubuf, count, buf, sizeof(buf));

	if (!ret)
		ret = rio_sim_dev_replace_board(file->private_data, buf);
	return ret ?: count;
}

static const struct file_operations sim_replace_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_replace_write,
};

static int sim_symbols_show(struct seq_file *m, void *v)
{
	struct rio_sim_dev *dev = m->private;
	DECLARE_BITMAP(stopped, RIO_VOQ_MAX_PORTS);
	unsigned int p, d;

	spin_lock_irq(&dev->fabric->lock);
	for (p = 0; p < dev->nports; p++) {
		struct rio_sim_port *sp = &dev->port[p];

		if (!sp->gen && !sp->rx)
			continue;
		bitmap_zero(stopped, RIO_VOQ_MAX_PORTS);
		for (d = 0; sp->rx && d < RIO_VOQ_MAX_PORTS; d++)
			if (rio_voq_rx_port_stopped(sp->rx, 0, d))
				__set_bit(d, stopped);
		seq_printf(m, "port %u: sent %llu received %llu stopped %*pbl\n", p,
			   sp->sym_sent, sp->sym_received, RIO_VOQ_MAX_PORTS, stopped);
	}
	spin_unlock_irq(&dev->fabric->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_symbols);

/*
 * The ground truth of a device, for checkers in userspace: a line for
 * the device, "dev=I switch=0|1 ports=N tag=T destid=D em=0|1
 * layout=0|2|3 voq_ports=N" (em: an error management block; layout 0:
 * no VoQ block), then one per port, "dev=I port=P peer=J.Q|- up=0|1
 * down=0|1 ua=0|1 csr=C viol=V lat=L lat_viol=W vc_viol=X": its
 * partner, whether the link is up (cabled, not down, neither end
 * unavailable) and whether it was taken down, Port Unavailable, the
 * Port n VoQ CSR as the hardware holds it (capabilities and controls, in
 * decimal, -1 without a CSR; a readback fault does not show here) and
 * the Part 12 violations its writes made, then the same of the Port n
 * Latency Optimization CSR (map II; -1 on a map I device) and the Part 6
 * violations of its writes, then the writes to its VoQ CSR that changed
 * per-VC transmission while the partner generated over a link that was
 * up (voq_vc_violations).
 */
static int sim_ports_show(struct seq_file *m, void *v)
{
	struct rio_sim_dev *dev = m->private;
	struct rio_sim_port *sp, *pp;
	unsigned int p;
	bool up;

	mutex_lock(&dev->fabric->ev_lock);	/* not replaced meanwhile */
	spin_lock_irq(&dev->fabric->lock);
	seq_printf(m, "dev=%u switch=%u ports=%u tag=%u destid=%u ", dev->index,
		   dev->is_switch, dev->nports, dev->comptag,
		   dev->fabric->large ? dev->did_csr & 0xffff : (dev->did_csr >> 16) & 0xff);
	seq_printf(m, "em=%u layout=%u voq_ports=%u\n", !!dev->em_ef, !dev->voq_ef ? 0 :
		   dev->voq_layout == RIO_VOQ_LAYOUT_REV2 ? 2 : 3, dev->voq_nports);
	for (p = 0; p < dev->nports; p++) {
		sp = &dev->port[p];
		pp = sp->peer ? &sp->peer->port[sp->peer_port] : NULL;
		up = pp && !sp->link_down && !sp->unavailable && !pp->unavailable;
		seq_printf(m, "dev=%u port=%u ", dev->index, p);
		if (pp)
			seq_printf(m, "peer=%u.%u", sp->peer->index, sp->peer_port);
		else
			seq_puts(m, "peer=-");
		seq_printf(m, " up=%u down=%u ua=%u ", up, sp->link_down, sp->unavailable);
		if (dev->voq_ef && p < dev->voq_nports)
			seq_printf(m, "csr=%u", sp->voq_caps | sp->voq_ctl);
		else
			seq_puts(m, "csr=-1");
		seq_printf(m, " viol=%u ", sp->voq_violations);
		if (dev->map == RIO_SIM_MAP_II)
			seq_printf(m, "lat=%u", sp->lat_caps | sp->lat_ctl);
		else
			seq_puts(m, "lat=-1");
		seq_printf(m, " lat_viol=%u vc_viol=%u\n", sp->lat_violations,
			   sp->voq_vc_violations);
	}
	spin_unlock_irq(&dev->fabric->lock);
	mutex_unlock(&dev->fabric->ev_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_ports);

static ssize_t sim_pw_flush_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	rio_sim_mport_pw_flush(file->private_data);
	return count;
}

static const struct file_operations sim_pw_flush_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_pw_flush_write,
};

/* The mport's own link: "1" with PORT_OK, else "0" */
static ssize_t sim_own_link_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct rio_sim_mport *sm = file->private_data;
	struct rio_sim_dev *local = sm->ini.local;
	char buf[3];
	u32 sts;

	sts = rio_sim_dev_peek(local, local->phys_ef +
			       RIO_PORT_N_ERR_STS_CSR(0, local->map));
	snprintf(buf, sizeof(buf), "%u\n", !!(sts & RIO_PORT_N_ERR_STS_PORT_OK));
	return simple_read_from_buffer(ubuf, count, ppos, buf, strlen(buf));
}

/* "0" or "1", one word (sim_dbg_words()): nothing else is taken */
static ssize_t sim_own_link_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	char buf[8], *word[1];
	unsigned int val;
	int ret;

	if (sim_dbg_words(ubuf, count, buf, sizeof(buf), word, 1) != 1 ||
	    kstrtouint(word[0], 10, &val) || val > 1)
		return -EINVAL;
	ret = rio_sim_mport_set_link(file->private_data, val);
	return ret ?: count;
}

static const struct file_operations sim_own_link_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = sim_own_link_read,
	.write = sim_own_link_write,
	.llseek = default_llseek,
};

static ssize_t sim_attach_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[32], *word[2];
	unsigned int index;
	int n, hdid = -1, ret;

	n = sim_dbg_words(ubuf, count, buf, sizeof(buf), word, 2);
	if (n < 1 || kstrtouint(word[0], 10, &index) ||
	    (n == 2 && kstrtoint(word[1], 10, &hdid)))
		return n < 0 ? n : -EINVAL;
	ret = rio_sim_mport_attach_index(file->private_data, index, hdid);
	return ret ?: count;
}

static const struct file_operations sim_attach_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_attach_write,
};

static ssize_t sim_detach_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[RIO_MAX_MPORT_NAME + 1];
	int ret = sim_dbg_line(ubuf, count, buf, sizeof(buf));

	if (!ret)
		ret = rio_sim_mport_detach_name(file->private_data, buf);
	return ret ?: count;
}

static const struct file_operations sim_detach_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = sim_detach_write,
};

/**
 * rio_sim_debugfs_add() - create the debugfs files of a simulated mport
 * @sm: the mport
 */
void rio_sim_debugfs_add(struct rio_sim_mport *sm)
{
	struct rio_sim_fabric *fab = sm->fab;
	struct rio_sim_dev *dev;
	struct dentry *d;
	char name[16];

	sm->dbg = debugfs_create_dir(sm->mport.name, rio_sim_dbg_root);

	debugfs_create_u64("reads", 0400, sm->dbg, &fab->reads);
	debugfs_create_u64("writes", 0400, sm->dbg, &fab->writes);
	debugfs_create_u64("failed", 0400, sm->dbg, &fab->failed);
	debugfs_create_u64("stray_writes", 0400, sm->dbg, &fab->stray_writes);
	debugfs_create_file_unsafe("fail_nth", 0600, sm->dbg, fab,
				   &sim_fail_nth_fops);
	debugfs_create_file_unsafe("latency_us", 0600, sm->dbg, fab,
				   &sim_latency_fops);
	debugfs_create_u64("own_reads", 0400, sm->dbg, &sm->ini.reads);
	debugfs_create_u64("own_writes", 0400, sm->dbg, &sm->ini.writes);
	debugfs_create_u64("own_voq_writes", 0400, sm->dbg, &sm->ini.voq_writes);
	debugfs_create_file_unsafe("bytes", 0400, sm->dbg, fab, &sim_bytes_fops);
	debugfs_create_bool("no_port_writes", 0600, sm->dbg, &fab->no_pw);
	debugfs_create_u64("pw_sent", 0400, sm->dbg, &fab->pw_sent);
	debugfs_create_u64("pw_lost", 0400, sm->dbg, &fab->pw_lost);
	debugfs_create_file("pw_flush", 0200, sm->dbg, sm, &sim_pw_flush_fops);
	debugfs_create_bool("pw_off", 0400, sm->dbg, &sm->pw_off);
	debugfs_create_file("link", 0600, sm->dbg, sm, &sim_own_link_fops);
	debugfs_create_u64("own_events", 0400, sm->dbg, &sm->own_events);
	debugfs_create_u64("dbell_sent", 0400, sm->dbg, &sm->dbell_sent);
	debugfs_create_u64("dbell_received", 0400, sm->dbg, &sm->dbell_received);
	debugfs_create_u64("dbell_unhandled", 0400, sm->dbg, &sm->dbell_unhandled);
	debugfs_create_u64("dbell_lost", 0400, sm->dbg, &sm->dbell_lost);
	debugfs_create_u64("dbells", 0400, sm->dbg, &fab->dbells);
	debugfs_create_file("attach", 0200, sm->dbg, sm, &sim_attach_fops);
	debugfs_create_file("detach", 0200, sm->dbg, sm, &sim_detach_fops);

	list_for_each_entry(dev, &fab->devs, node) {
		snprintf(name, sizeof(name), "dev%u", dev->index);
		d = debugfs_create_dir(name, sm->dbg);
		debugfs_create_u64("reads", 0400, d, &dev->reads);
		debugfs_create_u64("writes", 0400, d, &dev->writes);
		debugfs_create_u64("stray_writes", 0400, d, &dev->stray_writes);
		debugfs_create_bool("fail_all", 0600, d, &dev->fail_all);
		debugfs_create_bool("all_ones", 0600, d, &dev->all_ones);
		debugfs_create_bool("minimal", 0400, d, &dev->minimal);
		debugfs_create_file("link", 0200, d, dev, &sim_link_fops);
		debugfs_create_file("unavailable", 0200, d, dev, &sim_unavailable_fops);
		if (dev != fab->host)
			debugfs_create_file("replace", 0200, d, dev, &sim_replace_fops);
		/* Also without a VoQ block: a replacement may bring one */
		debugfs_create_file("congest", 0200, d, dev, &sim_congest_fops);
		debugfs_create_file("symbols", 0400, d, dev, &sim_symbols_fops);
		debugfs_create_file("ports", 0400, d, dev, &sim_ports_fops);
		debugfs_create_file("wfault", 0600, d, dev, &sim_wfault_fops);
		/* Only map II has the CSR; a replacement keeps the map */
		if (dev->map == RIO_SIM_MAP_II)
			debugfs_create_file("lat_wfault", 0200, d, dev,
					    &sim_lat_wfault_fops);
		/* Only the RAM model's map is written (-EINVAL once replaced) */
		if (dev->staging == RIO_SIM_STAGING_RAM)
			debugfs_create_file("stg_wfault", 0600, d, dev,
					    &sim_stg_wfault_fops);
	}
}

/**
 * rio_sim_debugfs_remove() - remove the debugfs files of a simulated mport
 * @sm: the mport
 */
void rio_sim_debugfs_remove(struct rio_sim_mport *sm)
{
	debugfs_remove(sm->dbg);
	sm->dbg = NULL;
}

/**
 * rio_sim_debugfs_init() - create the rio-sim debugfs directory
 *
 * Once, at module load, before any mport can exist: mports are created
 * concurrently (configfs, module parameter, tests) and all of them put
 * their directories in it.
 */
void rio_sim_debugfs_init(void)
{
	rio_sim_dbg_root = debugfs_create_dir("rio-sim", NULL);
}

/**
 * rio_sim_debugfs_root() - the rio-sim debugfs directory
 *
 * Return: its dentry (an ERR_PTR if debugfs could not create it).
 */
struct dentry *rio_sim_debugfs_root(void)
{
	return rio_sim_dbg_root;
}
EXPORT_SYMBOL_IF_KUNIT(rio_sim_debugfs_root);

/**
 * rio_sim_debugfs_exit() - remove the rio-sim debugfs directory
 */
void rio_sim_debugfs_exit(void)
{
	debugfs_remove(rio_sim_dbg_root);
	rio_sim_dbg_root = NULL;
}
