# rule: bounds
# file: drivers/rapidio/voq/voq_ef.c
# what: the extended-feature walk visits one block more than its bound
s/unsigned int ttl = RIO_VOQ_EF_TTL;/unsigned int ttl = RIO_VOQ_EF_TTL + 1;/
