# rule: bounds
# file: drivers/rapidio/voq/voq_staging.c
# what: an admin's staging map may name the queue after the last
s/if (map\[d\] >= ps->nqueues)/if (map[d] > ps->nqueues)/
