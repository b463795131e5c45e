# rule: per-vc
# file: drivers/rapidio/voq/voq_events.c
# what: the far ends of a replaced board's new links are planned from what rio-voq knew of them, not discovered again
s/\t\trio_voq_check_far(&fs, pol, write);/\t\t(void)fs;/
