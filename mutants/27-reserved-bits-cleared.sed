# rule: reserved
# file: drivers/rapidio/spec/voq_regs.c
# what: a write clears the read-only and reserved bits instead of keeping them
s/u32 val = old & ~rio_voq_csr_writable(layout);/u32 val = 0;/
