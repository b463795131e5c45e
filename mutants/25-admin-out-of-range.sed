# rule: reserved
# file: drivers/rapidio/voq/voq_policy.c
# what: admin values above a knob's range are accepted
s/if (knob >= RIO_VOQ_NR_KNOBS || val > max)/if (knob >= RIO_VOQ_NR_KNOBS)/
