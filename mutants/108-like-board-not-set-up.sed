# rule: xoff
# file: drivers/rapidio/voq/voq_events.c
# what: a board swapped for one like it (its VoQ CSRs out of reset) is taken as it was, and its ports whose links did not bounce are never set again
s/^\t\t\tf->reset = true;$/\t\t\t;/
