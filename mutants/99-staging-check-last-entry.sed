# rule: bounds
# file: drivers/rapidio/voq/voq_staging.c
# what: a staging map the ops read is checked but for its last entry
/^static int rio_voq_staging_check/,/^}/s/for (d = 0; d < count; d++)/for (d = 0; d + 1 < count; d++)/
