# rule: lat-writes
# file: drivers/rapidio/voq/lat_link.c
# what: the end whose write failed (it may have landed) is not put back
s/for (j = k + 1; j-- > 0;) {/for (j = k; j-- > 0;) {/
