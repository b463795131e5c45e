# rule: xoff
# file: drivers/rapidio/voq/voq_events.c
# what: the poll follows a change of PORT_OK only, not of Port Unavailable
s/if (bounced || ((sts ^ n->port\[p\].err_sts) \& RIO_VOQ_STS_EVENT))/if (bounced || ((sts ^ n->port[p].err_sts) \& RIO_PORT_N_ERR_STS_PORT_OK))/
