# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin write is tried toward a partner that a link down elsewhere cuts off (only the port's own device is checked)
s/if (rio_voq_node_cut_off(n, l) || (l \&\& rio_voq_node_cut_off(l->end\[!end\], l)))/if (rio_voq_node_cut_off(n, l))/
