# rule: bounds
# file: drivers/rapidio/voq/voq_access.c
# what: a register read of all ones is taken as a value
s/if (!ret \&\& \*val == ~0U)/if (!ret \&\& *val == ~0U \&\& false)/
