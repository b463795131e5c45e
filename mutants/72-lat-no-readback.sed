# rule: lat-writes
# file: drivers/rapidio/voq/lat_link.c
# what: a latency-optimization write that reads back otherwise counts as done
s/if ((back ^ val) \& rio_lat_csr_writable(val))/if (false)/
