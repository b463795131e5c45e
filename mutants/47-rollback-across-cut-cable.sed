# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: a failed write on a link that is down is rolled back by reading and writing both ends, the one the link cut off included
s/rio_voq_link_down_apply(l, kept, true, \&dummy_step, \&dummy_at);/rio_voq_link_safe(l);/
