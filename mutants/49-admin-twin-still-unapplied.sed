# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: a choice replaced by one on the other end of the link stays reported as not applied
/fps->unapplied &= ~BIT(twin);/d
