#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run make demo's script and check its transcript (default voqmix
# fabric) for the states the demo is meant to show.  Ends with
# "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/common.sh"

t=$(RIO_VOQ_DEMO_TOPOLOGY=voqmix bash "$RIO_VOQ_TOP/scripts/demo.sh" 2>&1)
printf '%s\n' "$t" > "$RIO_VOQ_CACHE/logs/demo.log"
pass=0 fail=0
has() {	# description, extended regex
	if grep -qE -- "$2" <<<"$t"; then pass=$((pass + 1)); echo "ok - $1"
	else fail=$((fail + 1)); echo "not ok - $1"; fi
}
ndev=$(awk '/^== devices the core found/ { f = 1; next }
	   f && /^$/ { exit } f && /^00:[es]:/ { c++ } END { print c + 0 }' <<<"$t")
if [ "$ndev" -eq 9 ]; then pass=$((pass + 1)); echo "ok - the core found the 9 devices"
else fail=$((fail + 1)); echo "not ok - the core found $ndev devices, not 9"; fi
has "mport <-> switch over CS64, configured" "^rapidio0 +0 rev3 .* cs64 +4 +00:s:0002 0 +configured"
has "48-port switch reports with group size 4" "^00:s:0003 +0 rev3 +gen rx +1 +1 +0 +0 +4 +0 cs48 +4 +00:s:0002 1 +configured"
has "generation off toward an endpoint that cannot receive" "00:s:0002 +3 .*disabled: partner cannot receive"
has "rev 2 <-> rev 3 link left off" "00:s:0002 +2 .*disabled: rev 2.x and rev 3\+ symbols are incompatible"
has "an endpoint without a VoQ block: no link" "00:s:0002 +4 .* none +0 +none +none"
has "a group-size change reaches both partners" "after:  mport TX 2, 00:s:0002 port 0 RX 2, generation 1, link configured"
has "riovoq explains a refused size" "riovoq: rapidio0 port 0 tx_group_size=7: refused: a bad value"
has "and exits 1, nothing changed" "\(exit status 1\); still TX 2"
has "staging map toward the 48-port switch: 4 queues of 12 ports" "00:s:0002 port1: 4 queues, map 0 0 0 0 0 0 0 0 0 0 0 0 1 1"
has "congestion gates the upstream partner" "port 1: sent 0 received 1 stopped 1$"
has "clearing it lets traffic go" "port 1: sent 0 received 2 stopped $"
has "no failed maintenance access" "^== maintenance transactions on rio-sim0: [0-9]+ reads, [0-9]+ writes, 0 failed"
png=$RIO_VOQ_TOP/build/demo/fabric.png
if [ "$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
   grep -q 'VoQ both ways' "$RIO_VOQ_TOP/build/demo/fabric.svg"; then
	pass=$((pass + 1)); echo "ok - the fabric picture (PNG, SVG)"
else
	fail=$((fail + 1)); echo "not ok - the fabric picture (PNG, SVG)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
