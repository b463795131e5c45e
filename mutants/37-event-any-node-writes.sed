# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a port event writes whether or not this node enumerated
/^static void rio_voq_port_follow(/,/^}/s/write = pol.auto_config \&\& net->owner;/write = pol.auto_config;/
