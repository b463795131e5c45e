# rule: host-only
# file: drivers/rapidio/voq/voq_staging.c
# what: a link a node only reports gets its staging queues set up (written)
/^void rio_voq_staging_follow_link/,/^}/s/if (write && l->state == RIO_VOQ_LINK_CONFIGURED) {/if (l->state == RIO_VOQ_LINK_CONFIGURED || l->state == RIO_VOQ_LINK_REPORTED) {/
