# rule: gen-rx
# file: drivers/rapidio/voq/voq_policy.c
# what: an admin may turn generation on toward a partner that cannot receive
s/if (me->layout != far->layout || !far->caps.rx_sup)/if (me->layout != far->layout)/
