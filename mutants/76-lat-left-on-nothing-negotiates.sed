# rule: lat-link
# file: drivers/rapidio/voq/lat_link.c
# what: a port keeps its features on across a link that is down or toward a board not known
s/	u32 clear = RIO_LAT_CSR_MACK_EN | (keep_pna ? 0 : RIO_LAT_CSR_PNA_EN);/	u32 clear = 0;/
