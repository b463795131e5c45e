# rule: lat-link
# file: drivers/rapidio/voq/voq_events.c
# what: a link that comes back keeps the baud-rate class it had before it went down (it may have trained at another rate)
/l->baud_read = false;/d
