# rule: reserved
# file: drivers/rapidio/voq/voq_policy.c
# what: the admin check takes the reserved group size 7 as the largest
/^int rio_voq_choice_check/,/^}/s/max = RIO_VOQ_PGS_MAX;/max = RIO_VOQ_PGS_RESERVED;/
