# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a scan writes whether or not this node enumerated
/^static void rio_voq_sync(/,/^}/s/write = pol.auto_config \&\& net->owner;/write = pol.auto_config;/
