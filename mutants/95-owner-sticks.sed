# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a host that owned its fabric once keeps owning it after a scan that lost the enumeration or failed
/^bool rio_voq_scan_done(/,/^}/s/^\tnet->owner = owner;$/\tnet->owner |= owner;/
