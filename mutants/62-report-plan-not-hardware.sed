# rule: report
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a node that does not write shows its own plan as the port's tx_state, not what the hardware does
/^static enum rio_voq_word rio_voq_tx_state/,/^}/s/return n->port\[port\].csr & RIO_VOQ_CSR_GEN_EN ? RIO_VOQ_ON : RIO_VOQ_OFF;/return l->dir[end].gen ? RIO_VOQ_ON : RIO_VOQ_OFF;/
