# rule: reserved
# file: drivers/rapidio/spec/voq_regs.c
# what: reserved bit 19 is read as "group size 7 supported"
/^static u8 rio_voq_pgs_sup_decode/,/^}/s/g <= RIO_VOQ_PGS_MAX;/g <= RIO_VOQ_PGS_RESERVED;/
