# rule: rx-size
# file: drivers/rapidio/voq/voq_link.c
# what: an admin's participation or XOFF puts an RX group size back with the partner known only from an earlier read (it may generate)
s/if (fresh \&\& rio_voq_rx_blind(t, fresh)) {/if (false) {/
