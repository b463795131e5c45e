# rule: lat-writes
# file: drivers/rapidio/voq/lat_link.c
# what: after a failed write the ends written before it are left as written
s/bool restored = rio_lat_rollback(l, w, k);/bool restored = true;/
