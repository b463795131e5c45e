# rule: read-back
# file: drivers/rapidio/voq/voq_access.c
# what: the read-back compares the generation bit only
s/if ((back ^ val) \& rio_voq_csr_writable(n->layout))/if ((back ^ val) \& RIO_VOQ_CSR_GEN_EN)/
