# rule: report
# file: drivers/rapidio/voq/lat_link.c
# what: a host that does not write shows the Latency Optimization CSRs as it last read them, not as another host wrote them since
s/if (fresh || l->lat.stale || !write) {/if (fresh || l->lat.stale) {/
