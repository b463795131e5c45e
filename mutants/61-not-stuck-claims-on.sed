# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: an end whose rollback write did not stick counts as generating, although it reads as off
/^bool rio_voq_link_safe/,/^}/s/(rio_voq_csr_read(n, port, &val\[i\]) || val\[i\] & RIO_VOQ_CSR_GEN_EN)/true/
