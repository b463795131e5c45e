# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a port event on a port without a VoQ link writes the port whether or not this node enumerated
s/if (write \&\& !n->unknown \&\& rio_voq_node_auto(n))/if (!n->unknown \&\& rio_voq_node_auto(n))/
