# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: the rollback puts back only the first end
/^bool rio_voq_link_safe/,/^}/s/i < 2;/i < 1;/
