# rule: bounds
# file: drivers/rapidio/voq/voq_staging.c
# what: staging ops that report no queue are taken at their word: a map naming queue 0 is kept
s/if (ret <= 0 || ret > RIO_VOQ_STAGING_MAX_QUEUES)/if (ret < 0 || ret > RIO_VOQ_STAGING_MAX_QUEUES)/
