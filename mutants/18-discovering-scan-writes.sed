# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a scan writes whether or not this node enumerated
s/write = pol.auto_config \&\& host->owner;/write = pol.auto_config;/
