# rule: bounds
# file: drivers/rapidio/voq/voq_discover.c
# what: a VoQ block may describe more ports than its layout has CSRs for (a rev 2.x block 256)
s/room = min(room, rio_voq_layout_max_ports(layout));/room = min(room, 256U);/
