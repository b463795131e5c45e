# rule: report
# file: drivers/rapidio/voq/voq_events.c
# what: a host that does not own the fabric plans its links from CSRs read before the enumerating host configured them
s/rio_voq_link_configure(l, \&pol, write, !net->owner);/rio_voq_link_configure(l, \&pol, write, false);/
