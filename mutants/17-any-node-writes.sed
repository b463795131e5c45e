# rule: host-only
# file: drivers/rapidio/voq/voq_topo.c
# what: every node counts as the enumerating host
s/return n->net->owner;/return n->net->host != NULL;/
