# rule: admin
# file: drivers/rapidio/voq/voq_link.c
# what: a failed write on a link that is down is set again with the refused choices, not with those that stand
s/rio_voq_link_down_apply(l, kept, true, \&dummy_step, \&dummy_at);/rio_voq_link_down_apply(l, ch, true, \&dummy_step, \&dummy_at);/
