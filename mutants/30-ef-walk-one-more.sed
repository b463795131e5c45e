# rule: bounds
# file: drivers/rapidio/spec/voq_ef.c
# what: the extended-feature walk visits one block more than its budget
s/if (!\*ttl)$/if (*ttl == (unsigned int)-1)/
