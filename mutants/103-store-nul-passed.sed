# rule: admin
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a write with an embedded NUL goes to the parsers, which stop at the NUL
s/if (strnlen(buf, count) != count)/if (strnlen(buf, count) > count)/
