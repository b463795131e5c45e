# rule: size-match
# file: drivers/rapidio/voq/voq_policy.c
# what: the group size is chosen among the transmitter's sizes only
s/rio_voq_pgs_min_cover(fmt, common, from->nports)/rio_voq_pgs_min_cover(fmt, from->caps.pgs_sup, from->nports)/
