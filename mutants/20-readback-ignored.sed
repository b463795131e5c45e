# rule: read-back
# file: drivers/rapidio/voq/voq_access.c
# what: a write reads back but never compares
s/if ((back ^ val) \& rio_voq_csr_writable(n->layout))/if (false)/
