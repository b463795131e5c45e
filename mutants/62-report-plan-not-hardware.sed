# rule: report
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a node that does not write shows its own plan as the link's state, not what the hardware does
/^static ssize_t rio_voq_reported_show/,/^}/s/if (p.gen_en \&\& d->gen)/if (d->gen)/
