# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: a latency-optimization feature is turned on at one end of a link only
s/		p->bit\[i\] = RIO_LAT_SET;/		p->bit[i] = i ? RIO_LAT_CLEAR : RIO_LAT_SET;/
