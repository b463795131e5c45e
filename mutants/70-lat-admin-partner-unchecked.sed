# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: an admin may turn a feature on toward a partner that lacks it
s/return rio_lat_supported(far->csr, feat) ? 0 : -EXDEV;/return 0;/
