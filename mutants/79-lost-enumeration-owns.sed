# rule: host-only
# file: drivers/rapidio/voq/voq_events.c
# what: a net the enumerator began counts as enumerated (its enumeration may have failed or been lost to another host)
s/return net \&\& net->hport == mport \&\& net->enumerated;/return net \&\& net->hport == mport \&\& net->enum_data;/
