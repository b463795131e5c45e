# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: an admin's "off" clears bit 9 on a CS64 link whose ends support it
s/	if (off \&\& !required) {/	if (off) {/
