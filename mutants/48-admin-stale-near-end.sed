# rule: admin
# file: drivers/rapidio/voq/voq_admin.c
# what: participation and XOFF are planned from the partner's fresh CSR and the port's last-known one
s/rio_voq_link_try(l, \&pol, BIT(end), chp);/rio_voq_link_try(l, \&pol, BIT(!end), chp);/
