# rule: gen-rx
# file: drivers/rapidio/voq/voq_policy.c
# what: the planner enables generation toward a partner that cannot receive
s/else if (!to->caps.rx_sup)/else if (!to->caps.rx_sup \&\& false)/
