# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: any successful scan, a discovery too, makes the host the fabric's owner
/^bool rio_voq_scan_done(/,/^}/s/net->owner = owner;/net->owner = !result;/
