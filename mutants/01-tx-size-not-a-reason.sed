# rule: tx-size
# file: drivers/rapidio/voq/voq_policy.c
# what: a TX group size change no longer needs generation off
s/(RIO_VOQ_CSR_TX_PGS | RIO_VOQ_CSR_VC_EN)/RIO_VOQ_CSR_VC_EN/
