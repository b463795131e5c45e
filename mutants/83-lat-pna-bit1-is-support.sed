# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: a port with bit 1 and without bit 2 counts as supporting ackID-in-PNA recovery
s/return (csr \& RIO_LAT_CSR_PNA_SUP) \&\& !rio_lat_csr_check(csr);/return csr \& RIO_LAT_CSR_PNA_SUP;/
