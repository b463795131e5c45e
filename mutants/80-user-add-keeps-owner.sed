# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a device userspace adds leaves the owner as it was (the net it made on an mport whose enumerated net went is userspace's)
/^static int rio_voq_add_dev(/,/^}/{/host->owner = rio_voq_mport_owns(mport);/d}
