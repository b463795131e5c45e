# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: Part 6's bit 9 rule is taken for CS48 links instead of CS64: an admin's "off" clears bit 9 on a CS64 link
s/return feat == RIO_LAT_PNA \&\& fmt == RIO_VOQ_FMT_CS64;/return feat == RIO_LAT_PNA \&\& fmt == RIO_VOQ_FMT_CS48;/
