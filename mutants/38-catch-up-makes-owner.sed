# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a catch-up takes a host with a device ID for the owner (a discovering host has one too)
/^bool rio_voq_caught_up(/,/^}/s/net->owner = owner;/net->owner = mport->host_deviceid >= 0;/
