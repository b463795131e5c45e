# rule: reserved
# file: drivers/rapidio/spec/voq_regs.c
# what: rev 2.x reserved bits 26-31 count as writable group sizes
/^u32 rio_voq_csr_writable/,/^}/s/return RIO_VOQ_CSR_CONTROLS;/return RIO_VOQ_CSR_CONTROLS | RIO_VOQ_CSR_PGS_FIELDS;/
