# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: the rollback writes each end back with generation as it was
s/t.want = val & ~RIO_VOQ_CSR_GEN_EN;/t.want = val;/
