# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a device userspace adds leaves the owner as it was (the net it made on an mport whose enumerated net went is userspace's)
/^bool rio_voq_dev_add(/,/^}/{/net->owner = rio_voq_net_owned(mport, rdev->net);/d}
