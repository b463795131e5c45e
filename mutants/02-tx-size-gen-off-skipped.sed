# rule: tx-size
# file: drivers/rapidio/voq/voq_link.c
# what: the sequencer never writes the generation-off step
/^static int rio_voq_apply/,/^}/s/if (off\[i\]) {/if (off[i] \&\& false) {/
