# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: the port a swapped board left without a link is set up whether or not this node enumerated
s/if (!rio_voq_port_status(far, p) \&\& !far->port\[p\].link \&\& write) {/if (!rio_voq_port_status(far, p) \&\& !far->port[p].link) {/
