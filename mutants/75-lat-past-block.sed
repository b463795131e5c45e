# rule: bounds
# file: drivers/rapidio/voq/voq_discover.c
# what: Latency Optimization CSRs are taken past the bound of the LP-Serial block
s/		if (hw >= blk.nports)/		if (hw >= RIO_VOQ_MAX_PORTS)/
