# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a catch-up takes a host with a device ID for the owner (a discovering host has one too)
s/host->owner = mport->net ? !!mport->net->enum_data :/host->owner = mport->net ? mport->host_deviceid >= 0 :/
