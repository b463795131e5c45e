# rule: layout
# file: drivers/rapidio/voq/voq_policy.c
# what: rev 2.x and rev 3+ ends are planned as one link
s/if (from->layout != to->layout)/if (from->layout != to->layout \&\& false)/
