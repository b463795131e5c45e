# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: an admin write for a board that could not be discovered again goes to the sequencer
s/if (n->unknown || (l \&\& !l->down \&\& l->end\[!end\]->unknown))/if (l \&\& !l->down \&\& l->end[!end]->unknown)/
