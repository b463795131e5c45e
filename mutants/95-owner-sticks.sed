# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a host that owned its fabric once keeps owning it after a scan that lost the enumeration or failed
s/host->owner = rio_voq_mport_owns(info->mport);/host->owner |= rio_voq_mport_owns(info->mport);/
