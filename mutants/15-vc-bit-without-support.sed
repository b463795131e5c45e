# rule: per-vc
# file: drivers/rapidio/spec/voq_regs.c
# what: a CSR value with per-VC on is built for a port without per-VC support
s/if (port->vc_en \&\& !(old \& RIO_VOQ_CSR_VC_SUP))/if (port->vc_en \&\& !(old \& RIO_VOQ_CSR_VC_SUP) \&\& false)/
