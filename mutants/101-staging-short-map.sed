# rule: admin
# file: drivers/rapidio/voq/voq_staging.c
# what: an admin's staging map with fewer entries than the downstream device has ports is taken
/^int rio_voq_staging_set_map/,/^}/s/else if (count != ps->nsmap)/else if (count > ps->nsmap)/
