# rule: host-only
# file: drivers/rapidio/voq/voq_topo.c
# what: a device a fabric manager added counts as one rio-voq sets up by itself once it is probed
s/return !n->rdev || n->placed;/return !n->rdev || n->probed;/
