# rule: admin
# file: drivers/rapidio/voq/voq_staging.c
# what: an admin's staging map for a switch that a link down cuts off from the host is programmed across the cable
s/if (!ret \&\& ops \&\& rio_voq_node_cut_off(n, NULL))/if (!ret \&\& ops \&\& false)/
