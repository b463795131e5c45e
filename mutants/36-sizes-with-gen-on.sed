# rule: rx-size
# file: drivers/rapidio/voq/voq_link.c
# what: the group-size step turns generation on with the sizes, before the partner's RX size is written
/^static int rio_voq_apply/,/^}/s/if (off\[i\] || !(rio_voq_now(&t\[i\]) & RIO_VOQ_CSR_GEN_EN))/if (false)/
