# rule: admin
# file: drivers/rapidio/voq/voq_link.c
# what: an admin's new choice is not checked against the capabilities the ends show when read, and is planned away while 0 is returned
s/ret = rio_voq_try_check(l, e, ch, kept);/ret = 0;/
