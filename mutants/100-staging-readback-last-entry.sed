# rule: read-back
# file: drivers/rapidio/voq/voq_staging.c
# what: a staging map read back is compared with the one written but for its last entry
s/return memcmp(back, map, count) ? -EIO : 0;/return memcmp(back, map, count - 1) ? -EIO : 0;/
