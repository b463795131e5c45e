# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: any successful scan, a discovery too, makes the host the fabric's owner
s/host->owner = rio_voq_mport_owns(info->mport);/host->owner = !info->result;/
