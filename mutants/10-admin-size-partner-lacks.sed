# rule: size-match
# file: drivers/rapidio/voq/voq_policy.c
# what: an admin may choose a group size the partner does not support
s/if (far->layout != RIO_VOQ_LAYOUT_REV3 || !(far->caps.pgs_sup & BIT(val)))/if (far->layout != RIO_VOQ_LAYOUT_REV3)/
