# rule: host-only
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin's multiple_ack or pna_recovery is taken on a node that only discovers
/^int rio_lat_port_set/,/^}/s/ret = rio_voq_node_writable(n) ?/ret = true ?/
