# rule: per-vc
# file: drivers/rapidio/voq/voq_policy.c
# what: bit 11 only on an end that generates: a receive-only end reads per-VC symbols as all-VC
s/\tp.vc_en = tx \&\& tx->vc;/\tp.vc_en = tx \&\& tx->gen \&\& tx->vc;/
