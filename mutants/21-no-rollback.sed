# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: a failed link is left as the failure left it
s/^\(\t*\)rio_voq_link_safe(l);$/\1(void)l;/
s/safe = !write || rio_voq_link_safe(l);/safe = !write;/
