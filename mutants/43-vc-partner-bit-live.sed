# rule: per-vc
# file: drivers/rapidio/voq/voq_policy.c
# what: the partner's bit 11 changes while this end generates
s/(RIO_VOQ_CSR_RX_PGS | RIO_VOQ_CSR_VC_EN))/RIO_VOQ_CSR_RX_PGS)/
