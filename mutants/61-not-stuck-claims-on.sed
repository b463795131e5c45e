# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: an end whose rollback write did not stick counts as generating, although it reads as off
/^bool rio_voq_link_safe/,/^}/s/else if (rio_voq_csr_read(n, port, &val\[i\]))/else if (rio_voq_csr_read(n, port, \&val[i]) || true)/
