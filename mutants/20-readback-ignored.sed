# rule: read-back
# file: drivers/rapidio/voq/voq_access.c
# what: a write reads back but never compares
s/return (back ^ val) & rio_voq_csr_writable(n->layout) ? -EIO : 0;/return 0;/
