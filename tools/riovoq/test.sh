#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Tests of riovoq on a fake sysfs tree: show (table and JSON), set,
# decode vectors, dot, exit codes.  Ends with "N passed, N failed".
set -u
RIOVOQ=${1:-./riovoq}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() {	# description, command...
	local d=$1
	shift
	if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); echo "ok - $d"
	else fail=$((fail + 1)); echo "not ok - $d"; fi
}

# A fake tree: an mport (1 port) linked to a 3-port switch
port() {	# dir port caps gen part xoff vc tx rx fmt partner link
	local p=$1/port$2
	mkdir -p "$p"
	echo "$3" > "$p/capabilities"; echo "$4" > "$p/generation"
	echo "$5" > "$p/participation"; echo "$6" > "$p/xoff"; echo "$7" > "$p/per_vc"
	echo "$8" > "$p/tx_group_size"; echo "$9" > "$p/rx_group_size"
	echo "${10}" > "$p/symbol_format"; echo "${11}" > "$p/partner"
	echo "${12}" > "$p/link_status"; echo "0x00000000" > "$p/csr"
	echo "0 4" > "$p/group_sizes_supported"
	echo 4 > "$p/staging_queues"; echo "0 1 2" > "$p/staging_map"
}
M=$T/class/rapidio_port/rapidio0/voq
S=$T/bus/rapidio/devices/00:s:0002/voq
mkdir -p "$M" "$S"
echo rev3 > "$M/layout"; echo 1 > "$M/ports"; echo 0x0160 > "$M/ef_offset"
echo rev3 > "$S/layout"; echo 3 > "$S/ports"; echo 0x0200 > "$S/ef_offset"
port "$M" 0 "gen rx per_vc" 1 1 0 1 0 4 cs64 "00:s:0002 0" configured
port "$S" 0 "gen rx" 1 1 0 0 4 0 cs64 "rapidio0 0" configured
port "$S" 1 "gen rx" 0 1 0 0 0 0 cs48 "00:e:0003 0" "disabled: partner cannot receive"
port "$S" 2 "" 0 0 1 0 0 0 none none none
mkdir -p "$T/bus/rapidio/devices/00:e:0003"	# no VoQ block

R() { "$RIOVOQ" -r "$T" "$@"; }

ok "show: a header and one line per port" test "$(R show | wc -l)" -eq 5
ok "show: the mport's port" sh -c "'$RIOVOQ' -r '$T' show | grep -q '^rapidio0 *0 rev3  gen rx per_vc *1 *1 *0 *1 *0 *4 cs64 *4 00:s:0002 0 *configured'"
ok "show: the reason generation is off" sh -c "'$RIOVOQ' -r '$T' show | grep -q 'disabled: partner cannot receive'"
ok "show DEVICE: only its ports" test "$(R show 00:s:0002 | wc -l)" -eq 4
ok "show of a device without VoQ: exit 1" sh -c "! '$RIOVOQ' -r '$T' show 00:e:0003"
R show -j > "$T/out.json"
ok "show -j: valid JSON" python3 -m json.tool "$T/out.json"
ok "show -j: every port, with its fields" python3 -c "
import json, sys
d = json.load(open('$T/out.json'))
assert len(d) == 4, d
s1 = [r for r in d if r['device'] == '00:s:0002' and r['port'] == 1][0]
assert s1['link_status'] == 'disabled: partner cannot receive', s1
assert s1['layout'] == 'rev3' and s1['tx_group_size'] == '0', s1
assert s1['staging_queues'] == '4' and s1['staging_map'] == '0 1 2', s1
"
ok "set: writes each KEY=VALUE" sh -c "'$RIOVOQ' -r '$T' set 00:s:0002 1 xoff=1 tx_group_size=4 &&
	test \$(cat $S/port1/xoff) = 1 && test \$(cat $S/port1/tx_group_size) = 4"
ok "set: a staging map (several values)" sh -c "'$RIOVOQ' -r '$T' set 00:s:0002 1 'staging_map=3 3 0' &&
	test \"\$(cat $S/port1/staging_map)\" = '3 3 0'"
ok "set: an mport by its name" sh -c "'$RIOVOQ' -r '$T' set rapidio0 0 symbol_format=cs48 &&
	test \$(cat $M/port0/symbol_format) = cs48"
ok "set: unknown key is usage (exit 2)" sh -c "'$RIOVOQ' -r '$T' set 00:s:0002 1 colour=red; test \$? -eq 2"
ok "set: unknown device (exit 1)" sh -c "'$RIOVOQ' -r '$T' set 00:s:0009 1 xoff=1; test \$? -eq 1"
ok "set: missing port (exit 1, explained)" sh -c "'$RIOVOQ' -r '$T' set 00:s:0002 7 xoff=1 2>&1 | grep -q 'gone'"
ok "set: without KEY=VALUE (exit 2)" sh -c "'$RIOVOQ' -r '$T' set 00:s:0002 1; test \$? -eq 2"

dec() { "$RIOVOQ" decode "$@"; }
ok "decode CS48 (table 3-2: port 13)" test "$(dec --cs48 --group-size 1 2005)" = \
	"2005: all VCs, group 1, ports 12-23, congested: 13"
ok "decode CS64 (table 3-4: port 255, VC0)" test "$(dec --cs64 --group-size 4 d88000f)" = \
	"d88000f: VC0, group 15, ports 240-255, congested: 255"
ok "decode CS64 all VCs" test "$(dec --cs64 df00003)" = \
	"df00003: all VCs, group 0, ports 0-19, congested: 0 1"
ok "decode CS64 reserved VC_IND" sh -c "'$RIOVOQ' decode --cs64 --group-size 4 d9000a5 | grep -q 'reserved VC_IND'"
ok "decode rev 2 (group 31, offset 5: port 191)" test "$(dec --rev2 0c1f)" = \
	"0c1f: all VCs, group 31, ports 186-191, congested: 191"
ok "decode: not a VoQ symbol (exit 1)" sh -c "'$RIOVOQ' decode --cs48 1fff | grep -q 'not a VoQ'; ! '$RIOVOQ' decode --cs48 1fff"
ok "decode: no format (exit 2)" sh -c "'$RIOVOQ' decode 2005; test \$? -eq 2"
ok "decode: two formats (exit 2)" sh -c "'$RIOVOQ' decode --cs48 --cs64 2005; test \$? -eq 2"
ok "decode: bad hex (exit 2)" sh -c "'$RIOVOQ' decode --cs48 20g5; test \$? -eq 2"
ok "decode: group size 7 (exit 2)" sh -c "'$RIOVOQ' decode --cs48 --group-size 7 2005; test \$? -eq 2"
R dot > "$T/out.dot"
ok "dot: the switch-mport link, both ways" grep -q '"00:s:0002" -> "rapidio0" .*label="VoQ both ways"' "$T/out.dot"
ok "dot: one edge per link" test "$(grep -c -- '->' "$T/out.dot")" -eq 2
ok "dot: a link off, with the reason" grep -q 'label="VoQ off: disabled: partner cannot receive"' "$T/out.dot"
ok "-h: a manual" sh -c "'$RIOVOQ' -h | grep -q SYNOPSIS"
ok "no command (exit 2)" sh -c "'$RIOVOQ'; test \$? -eq 2"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
