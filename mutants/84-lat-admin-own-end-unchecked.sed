# rule: lat-link
# file: drivers/rapidio/voq/lat_policy.c
# what: an admin may turn a feature on at a port that lacks it (only the partner is checked)
/^int rio_lat_choice_check/,/^}/s/if (!rio_lat_supported(me->csr, feat))$/if (false)/
