# rule: layout
# file: drivers/rapidio/voq/voq_policy.c
# what: a rev 2.x end gets rev 3 symbols unless both ends are rev 2.x
s/if (a == RIO_VOQ_LAYOUT_REV2 || b == RIO_VOQ_LAYOUT_REV2)/if (a == RIO_VOQ_LAYOUT_REV2 \&\& b == RIO_VOQ_LAYOUT_REV2)/
