# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: a failed link is recorded as configured
/^failed:/,/^}/s/l->state = RIO_VOQ_LINK_FAILED;/l->state = RIO_VOQ_LINK_CONFIGURED;/
