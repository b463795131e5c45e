# rule: per-vc
# file: drivers/rapidio/voq/voq_policy.c
# what: an admin may turn per-VC on when the partner lacks it
s/return far->caps.vc_sup ? 0 : -EXDEV;/return 0;/
