# rule: lat-writes
# file: drivers/rapidio/voq/lat_link.c
# what: the near end of a link is written before the far end
s/near = rio_voq_port_child(l->end\[0\], l->port\[0\]) == l->end\[1\] ? 0 : 1;/near = rio_voq_port_child(l->end[0], l->port[0]) == l->end[1] ? 1 : 0;/
