# rule: read-back
# file: drivers/rapidio/voq/voq_access.c
# what: the read-back compares the generation bit only
s/return (back ^ val) \& rio_voq_csr_writable(n->layout) ? -EIO : 0;/return (back ^ val) \& RIO_VOQ_CSR_GEN_EN ? -EIO : 0;/
