# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin write for a device (or a partner) that a link down elsewhere cuts off from the host is tried across the cable
s/if (rio_voq_node_cut_off(n, l) || (l \&\& rio_voq_node_cut_off(l->end\[!end\], l)))/if (false)/
