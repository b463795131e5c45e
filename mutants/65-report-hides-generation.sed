# rule: report
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a node that does not write shows a port that generates against its plan as off
/^static enum rio_voq_word rio_voq_tx_state/,/^}/s/return n->port\[port\].csr & RIO_VOQ_CSR_GEN_EN ? RIO_VOQ_ON : RIO_VOQ_OFF;/return RIO_VOQ_OFF;/
