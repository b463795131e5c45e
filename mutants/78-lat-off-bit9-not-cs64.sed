# rule: lat-link
# file: drivers/rapidio/voq/lat_link.c
# what: across a link that is down or toward a board not known, bit 9 stays on a link not known to run CS64
s/	bool keep = rio_lat_link_fmt(l) == RIO_VOQ_FMT_CS64;/	bool keep = true;/
