# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin write toward a partner that is not known goes to the sequencer, which refuses it only after writing the near end
s/if (n->unknown || (l \&\& !l->down \&\& l->end\[!end\]->unknown))/if (n->unknown)/
