# rule: report
# file: drivers/rapidio/voq/voq_staging.c
# what: a node that does not write shows a map it did not read (every entry 0) where the ops could read it
/^static int rio_voq_staging_read/,/^}/s/ret = ops->get_map(n->rdev, port, map, far->nports) ?:/ret = 0 ?:/
