# rule: admin
# file: drivers/rapidio/voq/voq_topo.c
# what: the mport's own port (which sends no port-write) is taken as last read, so a write is tried across the host's cable that is down
s/if (!p->rdev \&\&/if (false \&\&/
