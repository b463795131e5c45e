# rule: host-only
# file: drivers/rapidio/voq/voq_main.c
# what: a scan writes whether or not this node enumerated
# survives: no test has a discovering node whose discovery completes (voq_rules_discovered_fabric, which has one, fails on main)
s/write = pol.auto_config \&\& rio_voq_node_writable(host);/write = pol.auto_config;/
