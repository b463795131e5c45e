# rule: host-only
# file: drivers/rapidio/voq/voq_staging.c
# what: an admin's staging map is taken on a node that only discovers
/^int rio_voq_staging_set_map/,/^}/s/if (!rio_voq_node_writable(n))/if (false)/
