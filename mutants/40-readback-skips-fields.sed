# rule: read-back
# file: drivers/rapidio/voq/voq_access.c
# what: the read-back leaves the TX group size, per-VC and participation bits out
s/if ((back ^ val) \& rio_voq_csr_writable(n->layout))/if ((back ^ val) \& rio_voq_csr_writable(n->layout) \& ~(RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_VC_EN | RIO_VOQ_CSR_PART_EN))/
