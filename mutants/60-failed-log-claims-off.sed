# rule: rollback
# file: drivers/rapidio/voq/voq_link.c
# what: a failed link's log line says generation is off whether or not the rollback set both ends
/^failed:/,/^}/s/safe = !write || rio_voq_link_safe(l);/safe = !write || (rio_voq_link_safe(l), true);/
