# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a catch-up takes a host with a device ID for the owner (a discovering host has one too)
/^void rio_voq_caught_up(/,/^}/s/net->owner = rio_voq_mport_owns(mport);/net->owner = mport->host_deviceid >= 0;/
