# rule: admin
# file: drivers/rapidio/voq/voq_topo.c
# what: the mport's own port (which sends no port-write) is taken as up, so a write is tried across the host's cable that is down
s/if (rio_voq_read(p, off, \&sts) ||/if (false \&\&/
