# rule: host-only
# file: drivers/rapidio/voq/voq_node.c
# what: every node counts as the enumerating host
s/return n->mport->host_deviceid >= 0;/return true;/
