# rule: lat-link
# file: drivers/rapidio/voq/lat_link.c
# what: a port whose partner has no VoQ block keeps bit 9 on a link not known to run CS64
s/		if (rio_voq_baud_class(ctl2) != 3)/		if (rio_voq_baud_class(ctl2) == 2)/
