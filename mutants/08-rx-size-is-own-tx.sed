# rule: size-match
# file: drivers/rapidio/voq/voq_policy.c
# what: a port's RX group size is set to its own TX size
s/p.rx_pgs = rx->pgs;/p.rx_pgs = tx->pgs;/
