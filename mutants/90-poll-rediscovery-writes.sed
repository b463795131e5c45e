# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a board found again by the poll is written whether or not this node enumerated
s/ pol\.auto_config \&\& net->owner);$/ pol.auto_config);/
