# rule: gen-rx
# file: drivers/rapidio/spec/voq_regs.c
# what: a CSR value with generation on is built for a port that cannot generate
s/if (port->gen_en \&\& !(old \& RIO_VOQ_CSR_GEN_SUP))/if (port->gen_en \&\& !(old \& RIO_VOQ_CSR_GEN_SUP) \&\& false)/
