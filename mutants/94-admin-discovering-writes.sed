# rule: host-only
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin's VoQ choice is taken on a node that only discovers
/^int rio_voq_port_set/,/^}/s/ret = rio_voq_node_writable(n) ?/ret = true ?/
