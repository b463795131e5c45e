# rule: reserved
# file: drivers/rapidio/voq/voq_link.c
# what: the sequencer's group-size step writes the reserved bits 3-7 as ones
/^static int rio_voq_apply/,/^}/s/ret = rio_voq_csr_write(t\[i\]\.n, t\[i\]\.port, mid);/ret = rio_voq_csr_write(t[i].n, t[i].port, mid | RIO_VOQ_CSR_RSVD_3_7);/
