# rule: read-back
# file: drivers/rapidio/voq/voq_staging.c
# what: a staging map read back is taken as the one written, whatever it holds
s/return memcmp(back, map, count) ? -EIO : 0;/return 0;/
