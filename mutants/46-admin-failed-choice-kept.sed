# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: the port keeps the admin's choice before the sequencer has succeeded
/rio_voq_port_try(n, port, &ch\[end\]);/a\
	ps->choice = ch[end];
