# rule: bounds
# file: drivers/rapidio/voq/voq_discover.c
# what: a VoQ block's ports run past the next block the device has
s/if (known\[i\] > ef \&\& known\[i\] < end)/if (known[i] > ef \&\& known[i] < end \&\& false)/
