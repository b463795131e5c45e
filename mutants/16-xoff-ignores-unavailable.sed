# rule: xoff
# file: drivers/rapidio/voq/voq_policy.c
# what: XOFF no longer follows port unavailable
s/p.xoff = unavailable;/p.xoff = false;/
