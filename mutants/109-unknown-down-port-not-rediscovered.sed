# rule: xoff
# file: drivers/rapidio/voq/voq_events.c
# what: a device not known is discovered again only when its port is up, so a port that becomes unavailable on it is never set
s/^\t\t    (n->unknown \&\& answered)) {$/\t\t    (n->unknown \&\& answered \&\& up)) {/
s/changed = rio_voq_check_replaced(n->unknown \&\& answered ? n : NULL,/changed = rio_voq_check_replaced(n->unknown \&\& answered \&\& up ? n : NULL,/
