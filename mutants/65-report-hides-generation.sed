# rule: report
# file: drivers/rapidio/voq/voq_sysfs.c
# what: a node that does not write shows a port that generates against its plan as disabled
/^static ssize_t rio_voq_reported_show/,/^}/s/^\tif (p.gen_en)$/\tif (0)/
