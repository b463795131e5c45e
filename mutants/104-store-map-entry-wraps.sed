# rule: admin
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a staging_map entry above 255 is taken modulo 256
s/ || q > U8_MAX)/)/
