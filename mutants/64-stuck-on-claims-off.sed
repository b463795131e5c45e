# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: an end whose rollback write failed counts as safe once read, although it still generates
/^bool rio_voq_link_safe/,/^}/s/if (known\[i\] && (val\[i\] & RIO_VOQ_CSR_GEN_EN))/if (known[i] \&\& (val[i] \& RIO_VOQ_CSR_GEN_EN) \&\& !done[i])/
