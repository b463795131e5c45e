# rule: rx-size
# file: drivers/rapidio/voq/voq_policy.c
# what: the partner's RX group size change no longer stops generation
s/return partner && ((pcur ^ pwant) & (RIO_VOQ_CSR_RX_PGS | RIO_VOQ_CSR_VC_EN));/return partner \&\& ((pcur ^ pwant) \& RIO_VOQ_CSR_VC_EN);/
