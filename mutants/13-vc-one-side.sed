# rule: per-vc
# file: drivers/rapidio/voq/voq_policy.c
# what: per-VC transmission when only the transmitter supports it
s/ \&\& from->caps.vc_sup \&\& to->caps.vc_sup;/ \&\& from->caps.vc_sup;/
