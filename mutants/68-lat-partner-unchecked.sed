# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: a feature is turned on where only one end of the link supports it
s/if (lack\[0\] != RIO_LAT_HAS || lack\[1\] != RIO_LAT_HAS) {/if (lack[0] != RIO_LAT_HAS \&\& lack[1] != RIO_LAT_HAS) {/
