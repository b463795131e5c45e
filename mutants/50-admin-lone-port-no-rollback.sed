# rule: admin
# file: drivers/rapidio/voq/voq_link.c
# what: a failed write on a port without a link is not set again by the choices that stand
s/rio_voq_port_safe(n, port, csr);/(void)csr;/
