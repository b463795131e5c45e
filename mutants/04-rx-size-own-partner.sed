# rule: rx-size
# file: drivers/rapidio/voq/voq_link.c
# what: each end is taken as its own partner
s/const struct rio_voq_target \*p = &t\[count - 1 - i\];/const struct rio_voq_target *p = \&t[i];/
