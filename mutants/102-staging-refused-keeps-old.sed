# rule: read-back
# file: drivers/rapidio/voq/voq_staging.c
# what: an admin's staging map that did not stick leaves the port with the map it had, not the device's
/memcpy(ps->smap, back, count);/d
