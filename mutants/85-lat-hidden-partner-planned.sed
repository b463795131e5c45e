# rule: lat-link
# file: drivers/rapidio/voq/lat_link.c
# what: a link with an end whose register is out of reach is planned from the value last read there, and its other end written
s/if (l->end\[i\]->port\[l->port\[i\]\].lat_hidden) {/if (false) {/
