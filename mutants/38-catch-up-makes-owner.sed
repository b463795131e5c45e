# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a catch-up takes a host with a device ID for the owner (a discovering host has one too)
/^static void rio_voq_catch_up(/,/^}/s/host->owner = rio_voq_mport_owns(mport);/host->owner = mport->host_deviceid >= 0;/
