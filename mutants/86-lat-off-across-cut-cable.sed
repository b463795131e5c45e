# rule: lat-writes
# file: drivers/rapidio/voq/lat_link.c
# what: turning the features off on a link that is down tries the end the link cut off from the host
s/if (!rio_lat_has(l, i) || l->end\[i\]->unknown || rio_voq_link_unreachable(l, i))/if (!rio_lat_has(l, i) || l->end[i]->unknown)/
