# rule: per-vc
# file: drivers/rapidio/voq/voq_policy.c
# what: per-VC transmission when only one end supports it
s/ || !b->caps.vc_sup || / || /
