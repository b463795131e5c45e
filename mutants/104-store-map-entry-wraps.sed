# rule: admin
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a staging_map entry above 255 is taken modulo 256
s/rio_voq_parse_uint(tok, strlen(tok), U8_MAX, &q)/rio_voq_parse_uint(tok, strlen(tok), UINT_MAX, \&q)/
