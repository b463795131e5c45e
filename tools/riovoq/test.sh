#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Tests of riovoq on a fake sysfs tree: show (links, every port, JSON),
# set and its refusals (each errno of the kernel's contract injected
# with fake-errno.so), decode, dot (validated by Graphviz), the
# latency-optimization files (a second tree, build_lat_tree), hostile
# input (names, long and invalid values, failing reads), a fuzz loop,
# and the man page.  Ends with "N passed, N failed".
#
#   test.sh [RIOVOQ [RULE]]  default ./riovoq-san (make test builds it);
#                            RULE: riovoq built with a kernel rule changed
set -u
RIOVOQ=$(realpath "${1:-./riovoq-san}")
RULE=${2:+$(realpath "$2")}
HERE=$(cd "$(dirname "$0")" && pwd)
SHIM=$HERE/fake-errno.so
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:exitcode=86
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=87
pass=0 fail=0
res() {	# description, status
	if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok - $1"
	else fail=$((fail + 1)); echo "not ok - $1"; fi
}
ok() {	# description, command...
	local d=$1
	shift
	"$@" >/dev/null 2>&1
	res "$d" $?
}
# Run riovoq (with the errno shim) on the fake tree: $out, $err, $rc
R() {	# a run that hangs fails (exit 124) instead of stopping the tests
	out=$(timeout 60 env LD_PRELOAD="$SHIM" "$RIOVOQ" -r "$S" "$@" 2>"$T/stderr")
	rc=$?
	err=$(cat "$T/stderr")
}
# expect DESCRIPTION STATUS REGEX ARGS...: exit status STATUS, output
# (stdout and stderr) matching REGEX; a failure says so in one line
expect() {
	local d=$1 want=$2 re=$3 lines
	shift 3
	R "$@"
	lines=$(printf '%s' "$err" | grep -c '')
	if [ "$rc" -eq "$want" ] && printf '%s\n%s\n' "$out" "$err" | grep -qE -- "$re" &&
	   { [ "$want" -eq 0 ] || [ "$lines" -eq 1 ]; }; then
		res "$d" 0
	else
		res "$d" 1
		echo "#   riovoq $*: exit $rc (want $want), stderr $lines lines"
		printf '%s\n%s\n' "$out" "$err" | head -n 8 | sed 's/^/#   /'
	fi
}
json_ok() {	# file: valid JSON, strictly UTF-8
	python3 -c '
import json, sys
json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$1"
}
dot_ok() {	# file: Graphviz takes it without a word
	local e
	e=$(dot -Tsvg "$1" -o /dev/null 2>&1) && [ -z "$e" ]
}

# A fake tree: mport rapidio0 -- 00:s:0002 (rev 3, 16 ports), whose
# port 1 goes to 00:e:0004 (cannot receive), port 2 to 00:e:0003 (no
# VoQ block), port 4 to 00:e:0005 (rev 2, no group-size files); ports
# 3 and 5-15 are idle.  rapidio0's fabric: auto_config 1, poll_ms 0.
capbits() {	# "gen rx per_vc" "0 2 4": the capability bits, as sysfs shows them
	python3 -c '
import sys
v = 0
for w in sys.argv[1].split():
	v |= {"gen": 1 << 31, "rx": 1 << 30, "per_vc": 1 << 29}[w]
for g in sys.argv[2].split():
	if g != "-":
		v |= 1 << (19 - int(g))
print("0x%08x" % v)' "$1" "$2"
}
port() {	# dir port caps gen part xoff vc tx rx fmt partner tx_state tx_reason sizes
	local p=$1/port$2
	mkdir -p "$p"
	capbits "$3" "${14}" > "$p/capabilities"; echo "$4" > "$p/generation"
	echo "$5" > "$p/participation"; echo "$6" > "$p/xoff"; echo "$7" > "$p/per_vc"
	[ "$8" = - ] || echo "$8" > "$p/tx_group_size"
	[ "$9" = - ] || echo "$9" > "$p/rx_group_size"
	echo "${10}" > "$p/symbol_format"
	if [ "${11}" = none ]; then
		echo none > "$p/partner_device"; echo none > "$p/partner_port"
		echo down > "$p/port_state"
	else
		echo "${11% *}" > "$p/partner_device"; echo "${11#* }" > "$p/partner_port"
		echo up > "$p/port_state"
	fi
	echo "${12}" > "$p/tx_state"; echo "${13}" > "$p/tx_reason"
	if [ "${12}" = on ]; then echo on; else echo off; fi > "$p/tx_plan"
	echo "0x00000000" > "$p/csr"
	[ "${14}" = - ] || echo "${14}" > "$p/group_sizes_supported"
	if [ "${11}" = none ]; then echo 0 > "$p/staging_queues"; echo > "$p/staging_map"
	else echo 4 > "$p/staging_queues"; echo "0 1 2" > "$p/staging_map"; fi
}
unlinked() {	# dir port caps participation: a port without a link
	local fmt=none partner=none tx_state=none

	port "$1" "$2" "$3" 0 "$4" 0 0 0 0 "$fmt" "$partner" "$tx_state" no_link "0 4"
}
mkdev() {	# name layout ports
	local v=$S/bus/rapidio/devices/$1/voq
	[ "${1#rapidio}" = "$1" ] || v=$S/class/rapidio_port/$1/voq
	mkdir -p "$v"
	echo "$2" > "$v/layout"; echo "$3" > "$v/ports"; echo 0x0100 > "$v/ef_offset"
	if [ "${1#rapidio}" != "$1" ]; then echo 1 > "$v/auto_config"; echo 0 > "$v/poll_ms"; fi
}
build_tree() {	# root
	local S=$1 D=$1/bus/rapidio/devices p
	mkdev rapidio0 rev3 1
	mkdev 00:s:0002 rev3 16
	mkdev 00:e:0004 rev3 1
	mkdev 00:e:0005 rev2 1
	mkdir -p "$D/00:e:0003"
	M=$S/class/rapidio_port/rapidio0/voq W=$D/00:s:0002/voq
	port "$M" 0 "gen rx per_vc" 1 1 0 1 0 0 cs64 "00:s:0002 0" on none "0 2 4"
	port "$W" 0 "gen rx per_vc" 1 1 0 1 0 0 cs64 "rapidio0 0" on none "0 2 4"
	port "$W" 1 "gen rx per_vc" 0 1 0 0 0 0 cs48 "00:e:0004 0" \
		off partner_cannot_receive "0 1 2 4 5 6"
	unlinked "$W" 2 "gen rx per_vc" 1
	unlinked "$W" 3 "gen rx per_vc" 0
	port "$W" 4 "rx" 0 1 0 0 0 0 rev2 "00:e:0005 0" off layout_mismatch "0 4"
	for p in $(seq 5 15); do unlinked "$W" "$p" "gen rx" 0; done
	port "$D/00:e:0004/voq" 0 "gen" 1 1 0 0 0 0 cs48 "00:s:0002 1" on none "0 4"
	port "$D/00:e:0005/voq" 0 "gen rx" 0 1 0 0 - - rev2 "00:s:0002 4" off layout_mismatch -
	# the core's view: lprev, and lnext of the switch
	echo root > "$D/00:s:0002/lprev"
	printf 'null\n00:e:0004\n00:e:0003\nnull\n00:e:0005\n' > "$D/00:s:0002/lnext"
	for p in 00:e:0003 00:e:0004 00:e:0005; do echo 00:s:0002 > "$D/$p/lprev"; done
}
lat() {	# dir caps csr multiple_ack its_reason pna_recovery its_reason
	echo "$2" > "$1/latency_capabilities"; echo "$3" > "$1/latency_csr"
	echo "$4" > "$1/multiple_ack"; echo "$5" > "$1/multiple_ack_reason"
	echo "$6" > "$1/pna_recovery"; echo "$7" > "$1/pna_recovery_reason"
}
# build_tree, with 00:s:0002 ports 5, 6 and 7 linked to 00:e:0007, 8 and
# 9, and Latency Optimization CSRs (Part 6) at both ends of rapidio0 0 -
# 00:s:0002 0 (CS64, both features on), 00:s:0002 1 - 00:e:0004 (PNA off:
# 00:e:0004 lacks it), 5 - 00:e:0007 (failed) and 6 - 00:e:0008 (turned
# off by the admin); at one end of 4 - 00:e:0005 (a rev 2 device, whose
# map I block has none: "none"), at neither end of 7 - 00:e:0009; idle
# port 3 has one without capabilities.
ALL=0xe0000000 MACK=0x80000000
build_lat_tree() {	# root
	local S=$1 D=$1/bus/rapidio/devices M W e
	build_tree "$S"
	M=$S/class/rapidio_port/rapidio0/voq W=$D/00:s:0002/voq
	for e in 7 8 9; do
		mkdev 00:e:000$e rev3 1
		port "$W" $((e - 2)) "gen rx" 1 1 0 0 0 0 cs48 "00:e:000$e 0" on none "0 4"
		port "$D/00:e:000$e/voq" 0 "gen rx" 1 1 0 0 0 0 cs48 "00:s:0002 $((e - 2))" \
			on none "0 4"
		echo 00:s:0002 > "$D/00:e:000$e/lprev"
	done
	printf '00:e:0007\n00:e:0008\n00:e:0009\n' >> "$D/00:s:0002/lnext"
	lat "$M/port0" $ALL 0xe0c00000 on none on none
	lat "$W/port0" $ALL 0xe0c00000 on none on none
	lat "$W/port1" $ALL 0xe0800000 on none off partner_unsupported
	lat "$D/00:e:0004/voq/port0" $MACK 0x80800000 on none off unsupported
	lat "$W/port3" 0x00000000 0x00000000 none no_link none no_link
	lat "$W/port4" $MACK 0x80000000 off no_partner_register off no_partner_register
	lat "$W/port5" $ALL 0xe0000000 failed access_failed failed access_failed
	lat "$D/00:e:0007/voq/port0" $ALL 0xe0000000 failed access_failed failed access_failed
	lat "$W/port6" $ALL 0xe0000000 off admin off admin
	lat "$D/00:e:0008/voq/port0" $ALL 0xe0000000 off admin off admin
}
S=$T/sys
build_tree "$S"
LT=$T/lat/sys
build_lat_tree "$LT"
LW=$LT/bus/rapidio/devices/00:s:0002/voq LM=$LT/class/rapidio_port/rapidio0/voq
LE4=$LT/bus/rapidio/devices/00:e:0004/voq LE5=$LT/bus/rapidio/devices/00:e:0005/voq
D=$S/bus/rapidio/devices
M=$S/class/rapidio_port/rapidio0/voq W=$D/00:s:0002/voq E4=$D/00:e:0004/voq E5=$D/00:e:0005/voq

echo "# show: one line per link"
R show
printf '%s\n' "$out" > "$T/links"
ok "show: exit 0" test "$rc" -eq 0
ok "show: a header and one line per link, the idle ports, the fabric" \
	test "$(wc -l < "$T/links")" -eq 7
ok "show: the mport link, both ways, with format, group sizes and per-VC" \
	grep -qE '^rapidio0 0 +00:s:0002 0 +cs64 +on gs0 vc +on gs0 vc$' "$T/links"
ok "show: a direction off, and why (tx_reason)" grep -qE \
	'^00:s:0002 1 +00:e:0004 0 +cs48 +off +on gs0 +A->B off: partner_cannot_receive$' \
	"$T/links"
ok "show: the link to a device without a VoQ block" \
	grep -qE '^00:s:0002 2 +00:e:0003 +- +- +- +00:e:0003 has no VoQ block$' "$T/links"
ok "show: both ways off for one reason, said once" grep -qE \
	'^00:s:0002 4 +00:e:0005 0 +rev2 +off +off +both ways off: layout_mismatch$' "$T/links"
ok "show: the idle ports in one line, not one each" \
	grep -qx 'idle ports (no link): 00:s:0002 3,5-15 (riovoq show -a: every port)' "$T/links"
ok "show: the fabric's policy (auto_config, poll_ms)" \
	grep -qx 'fabric rapidio0: auto_config 1, poll_ms 0' "$T/links"
ok "show: no trailing spaces" sh -c "! grep -q ' \$' '$T/links'"
expect "show DEVICE: only its links" 0 '^00:s:0002 1 +00:e:0004 0' show 00:e:0004
ok "show DEVICE: one link" test "$(printf '%s\n' "$out" | wc -l)" -eq 2
expect "show DEVICE without a VoQ block: its link" 0 '00:e:0003 has no VoQ block' show 00:e:0003
expect "show of an unknown device: exit 2, one line" 2 'no such RapidIO device' show 00:s:0009
expect "show with a bad option: exit 2, one line" 2 'not an option' show -x
expect "show -aj: both options in one" 0 '"device": "00:s:0002", "port": 15' show -aj

echo "# show: a host that does not write, a direction generating against its plan"
echo on > "$W/port1/tx_state"
R show
printf '%s\n' "$out" > "$T/reported"
re='^00:s:0002 1 +00:e:0004 0 +cs48 +on gs0 +on gs0'
re+=' +A->B on: plan off: partner_cannot_receive$'
ok "show: on as the CSR says, and this host's plan off and why" \
	grep -qE "$re" "$T/reported"
echo off > "$W/port1/tx_state"
echo down > "$W/port1/tx_state"; echo link_down > "$W/port1/tx_reason"
echo down > "$E4/port0/tx_state"; echo link_down > "$E4/port0/tx_reason"
R show
ok "show: a link down, both ways, said once" \
	grep -qE '^00:s:0002 1 +00:e:0004 0 +cs48 +down +down +both ways down: link_down$' <<<"$out"
echo failed > "$E4/port0/tx_state"; echo access_failed > "$E4/port0/tx_reason"
R show
re='^00:s:0002 1 +00:e:0004 0 +cs48 +down +FAILED'
re+=' +A->B down: link_down; B->A failed: access_failed$'
ok "show: a direction failed, and why" grep -qE "$re" <<<"$out"
echo off > "$W/port1/tx_state"; echo partner_cannot_receive > "$W/port1/tx_reason"
echo on > "$E4/port0/tx_state"; echo none > "$E4/port0/tx_reason"
echo bogus > "$E4/port0/tx_state"
expect "show: a tx_state it does not know: ?" 0 '^00:s:0002 1 +00:e:0004 0 +cs48 +off +\? ' show
echo on > "$E4/port0/tx_state"

echo "# show -a: every port"
R show -a
ok "show -a: a header, one line per port, the devices without a VoQ block, the fabric" \
	test "$(printf '%s\n' "$out" | wc -l)" -eq $((1 + 1 + 16 + 1 + 1 + 1 + 1))
re='^rapidio0 +0 rev3 0xe00a8000 +1 +1 +0 +1 +0 +0 cs64 +4 00:s:0002 0 +up +on +on +none$'
ok "show -a: the mport's port" sh -c "printf '%s\n' '$out' | grep -qE '$re'"
re='^00:e:0005 +0 rev2 0xc0000000 +0 +1 +0 +0 +- +- rev2'
ok "show -a: a missing file is not applicable (-)" sh -c "printf '%s\n' '$out' | grep -qE '$re'"
re='^00:s:0002 +3 rev3 .* none +0 none +down +none +off +no_link$'
ok "show -a: a port without a link" sh -c "printf '%s\n' '$out' | grep -qE '$re'"
ok "show -a: devices without a VoQ block named" \
	sh -c "printf '%s\n' '$out' | grep -qx 'no VoQ block: 00:e:0003'"
expect "show -a DEVICE: only its ports" 0 '^00:e:0004 +0 ' show -a 00:e:0004
ok "show -a DEVICE: one port" test "$(printf '%s\n' "$out" | wc -l)" -eq 2
expect "show -a of a device without a VoQ block: exit 2" 2 'no VoQ block' show -a 00:e:0003

echo "# show -j"
R show -j
printf '%s\n' "$out" > "$T/out.json"
ok "show -j: valid JSON" json_ok "$T/out.json"
ok "show -j: every port, every file, missing files null; the fabric" python3 -c "
import json
j = json.load(open('$T/out.json'))
assert j['fabrics'] == [{'mport': 'rapidio0', 'auto_config': '1', 'poll_ms': '0'}], j['fabrics']
d = j['ports']
assert len(d) == 1 + 16 + 1 + 1, len(d)
s1 = [r for r in d if r['device'] == '00:s:0002' and r['port'] == 1][0]
assert s1['tx_state'] == 'off' and s1['tx_reason'] == 'partner_cannot_receive', s1
assert s1['tx_plan'] == 'off' and s1['port_state'] == 'up', s1
assert s1['partner_device'] == '00:e:0004' and s1['partner_port'] == '0', s1
assert s1['capabilities'] == '0xe00ee000' and s1['group_sizes_supported'] == '0 1 2 4 5 6', s1
assert s1['layout'] == 'rev3' and s1['tx_group_size'] == '0', s1
assert s1['staging_queues'] == '4' and s1['staging_map'] == '0 1 2', s1
e5 = [r for r in d if r['device'] == '00:e:0005'][0]
assert e5['tx_group_size'] is None and e5['rx_group_size'] is None, e5
assert e5['layout'] == 'rev2', e5
assert all(r['latency'] is None for r in d), 'latency without its files'
"

echo "# an mport whose port has no VoQ block: its fabric's files alone"
mkdir -p "$S/class/rapidio_port/rapidio1/voq"
echo 0 > "$S/class/rapidio_port/rapidio1/voq/auto_config"
echo 100 > "$S/class/rapidio_port/rapidio1/voq/poll_ms"
expect "show: its fabric's line, no failure" 0 '^fabric rapidio1: auto_config 0, poll_ms 100$' show
R show -j
printf '%s\n' "$out" > "$T/m1.json"
ok "show -j: its fabric, no port" python3 -c "
import json
j = json.load(open('$T/m1.json'))
assert j['fabrics'][1] == {'mport': 'rapidio1', 'auto_config': '0', 'poll_ms': '100'}, j['fabrics']
assert not [r for r in j['ports'] if r['device'] == 'rapidio1'], 'a port'
"
expect "show -a rapidio1: the fabric, no port" 0 \
	'^fabric rapidio1: auto_config 0, poll_ms 100$' show -a rapidio1
echo "read EIO" > "$S/class/rapidio_port/rapidio1/voq/poll_ms.errno"
expect "a fabric file that cannot be read: exit 3, named" 3 \
	'rapidio1/voq/poll_ms: Input/output error$' show
rm -rf "$S/class/rapidio_port/rapidio1"

echo "# latency optimization: show -a and -j"
S0=$S S=$LT
R show -a
printf '%s\n' "$out" > "$T/lat-a"
ok "show -a: a header, one line per port, the device without a VoQ block, the fabric" \
	test "$(wc -l < "$T/lat-a")" -eq $((1 + 1 + 16 + 1 + 1 + 3 + 1 + 1))
re='^00:s:0002 +0 rev3 .* none  lat: caps 0xe0000000; csr 0xe0c00000;'
re+=' multiple_ack on \(none\); pna_recovery on \(none\)$'
ok "show -a: a port's capabilities, CSR and both features" grep -qE "$re" "$T/lat-a"
ok "show -a: why a feature is off" grep -qE \
	'^00:s:0002 +1 .*; multiple_ack on \(none\); pna_recovery off \(partner_unsupported\)$' \
	"$T/lat-a"
re='^00:s:0002 +3 .* no_link  lat: caps 0x00000000; csr 0x00000000;'
re+=' multiple_ack none \(no_link\); pna_recovery none \(no_link\)$'
ok "show -a: a register without capabilities, on a port without a link" grep -qE "$re" \
	"$T/lat-a"
ok "show -a: a port without the register shows nothing more" grep -qE \
	'^00:e:0005 +0 .* layout_mismatch$' "$T/lat-a"
ok "show -a: ... nor one whose partner has it" grep -qE '^00:e:0009 +0 .* none$' "$T/lat-a"
R show -j
printf '%s\n' "$out" > "$T/lat.json"
ok "show -j: valid JSON" json_ok "$T/lat.json"
ok "show -j: a latency object where the port has the register, else null" python3 -c "
import json
d = {(r['device'], r['port']): r for r in json.load(open('$T/lat.json'))['ports']}
assert len(d) == 1 + 16 + 1 + 1 + 3, len(d)
assert d['rapidio0', 0]['latency'] == {'capabilities': '0xe0000000', 'csr': '0xe0c00000',
	'multiple_ack': 'on', 'multiple_ack_reason': 'none', 'pna_recovery': 'on',
	'pna_recovery_reason': 'none'}, d['rapidio0', 0]
assert list(d['00:s:0002', 0])[-1] == 'latency', 'the last key'
l = d['00:s:0002', 1]['latency']
assert l['pna_recovery'] == 'off' and l['pna_recovery_reason'] == 'partner_unsupported', l
assert d['00:e:0004', 0]['latency']['capabilities'] == '0x80000000', d['00:e:0004', 0]
assert d['00:s:0002', 5]['latency']['multiple_ack'] == 'failed', d['00:s:0002', 5]
for k in (('00:e:0005', 0), ('00:e:0009', 0), ('00:s:0002', 7), ('00:s:0002', 2)):
	assert d[k]['latency'] is None, k
"
echo read EIO > "$LW/port0/latency_csr.errno"
rm "$LW/port1/latency_capabilities"
R show -j
rm "$LW/port0/latency_csr.errno"
printf '%s\n' "$out" > "$T/lat-f.json"
ok "show -j: a latency file that cannot be read: exit 3, null, the object kept" python3 -c "
import json
assert $rc == 3
d = {(r['device'], r['port']): r for r in json.load(open('$T/lat-f.json'))['ports']}
assert d['00:s:0002', 0]['latency']['csr'] is None, d['00:s:0002', 0]
assert d['00:s:0002', 1]['latency']['capabilities'] is None, d['00:s:0002', 1]
assert d['00:s:0002', 1]['latency']['multiple_ack'] == 'on', d['00:s:0002', 1]
"
echo "$ALL" > "$LW/port1/latency_capabilities"

echo "# latency optimization: show and dot"
R show
printf '%s\n' "$out" > "$T/lat-links"
ok "show: a LAT column, a line per link, the idle ports, the fabric" sh -c "
	grep -qE '^END A +END B +FMT +A->B +B->A +LAT +NOTE$' '$T/lat-links' &&
	test \$(wc -l < '$T/lat-links') -eq 10"
ok "show: both features on" grep -qE \
	'^rapidio0 0 +00:s:0002 0 +cs64 +on gs0 vc +on gs0 vc +mack\+pna$' "$T/lat-links"
re='^00:s:0002 1 +00:e:0004 0 +cs48 +off +on gs0 +mack'
re+=' +A->B off: partner_cannot_receive; pna off: partner_unsupported$'
ok "show: one feature on, why the other is off" grep -qE "$re" "$T/lat-links"
re='^00:s:0002 4 +00:e:0005 0 +rev2 +off +off +none +both ways off: layout_mismatch;'
re+=' lat: 00:e:0005 has no latency-optimization register$'
ok "show: an end without the register: none, and which" grep -qE "$re" "$T/lat-links"
cp "$LW/port4/multiple_ack_reason" "$T/mack4"
echo out_of_reach > "$LW/port4/multiple_ack_reason"
R show
cp "$T/mack4" "$LW/port4/multiple_ack_reason"
ok "show: a partner whose register is out of reach: the kernel's reason" \
	grep -qE '^00:s:0002 4 +00:e:0005 0 .* +none +.*; lat: out_of_reach$' <<<"$out"
ok "show: failed, the reason said once" grep -qE \
	'^00:s:0002 5 +00:e:0007 0 +cs48 +on gs0 +on gs0 +FAILED +lat failed: access_failed$' \
	"$T/lat-links"
ok "show: both off for one reason, said once" grep -qE \
	'^00:s:0002 6 +00:e:0008 0 .* +off +lat off: admin$' "$T/lat-links"
ok "show: a link without the register at either end: -" grep -qE \
	'^00:s:0002 7 +00:e:0009 0 +cs48 +on gs0 +on gs0 +-$' "$T/lat-links"
ok "show: a link to a device without a VoQ block: -" grep -qE \
	'^00:s:0002 2 +00:e:0003 +- +- +- +- +00:e:0003 has no VoQ block$' "$T/lat-links"
ok "show: no trailing spaces" sh -c "! grep -q ' \$' '$T/lat-links'"
expect "show DEVICE: no LAT column where its links have no register" 0 \
	'^END A +END B +FMT +A->B +B->A +NOTE$' show 00:e:0009
S=$S0 expect "show: no LAT column on a fabric without the register" 0 \
	'^END A +END B +FMT +A->B +B->A +NOTE$' show
E8=$LT/bus/rapidio/devices/00:e:0008/voq
lat "$LW/port6" $ALL 0xe0400000 off admin on none
lat "$E8/port0" $ALL 0xe0400000 off admin on none
expect "show: the other feature alone on" 0 \
	'^00:s:0002 6 .* +pna +mack off: admin$' show 00:e:0008
lat "$E8/port0" $ALL 0xe0000000 down link_down down link_down
lat "$LW/port6" $ALL 0xe0000000 down link_down down link_down
expect "show: a link down: down, the reason once" 0 \
	'^00:s:0002 6 .* +down +lat down: link_down$' show 00:e:0008
lat "$LW/port6" $ALL 0xe0000000 off admin off admin
lat "$E8/port0" $ALL 0xe0000000 off admin off admin
echo off > "$LE4/port0/multiple_ack"; echo admin > "$LE4/port0/multiple_ack_reason"
expect "show: the ends disagree: !" 0 \
	'^00:s:0002 1 .* +mack! +.*; the two ends disagree \(!\)$' show 00:e:0004
echo on > "$LE4/port0/multiple_ack"; echo none > "$LE4/port0/multiple_ack_reason"
echo "read EIO" > "$LM/port0/pna_recovery.errno"
expect "show: a latency file that cannot be read: ?, exit 3" 3 \
	'pna_recovery: Input/output error' show
ok "... the link's LAT ?" sh -c "printf '%s\n' '$out' | grep -qE '^rapidio0 0 .* on gs0 vc +\? *$'"
rm "$LM/port0/pna_recovery.errno"
echo bogus > "$LM/port0/multiple_ack"
expect "show: a value it does not know: ?" 0 '^rapidio0 0 .* on gs0 vc +\?$' show rapidio0
echo on > "$LM/port0/multiple_ack"
R dot
printf '%s\n' "$out" > "$T/lat.dot"
ok "dot: Graphviz takes it" dot_ok "$T/lat.dot"
ok "dot: one edge per link (and the legend's five)" \
	test "$(grep -c -- '" -> "' "$T/lat.dot")" -eq $((7 + 5))
ok "dot: the latency optimization of each link after its VoQ state" sh -c "
	grep -qF 'label=\"cs64, VoQ both ways, lat mack+pna\nrapidio0 0 -> 00:s:0002 0: on gs0 vc' \
		'$T/lat.dot' &&
	grep -qF 'label=\"cs48, VoQ one way, lat mack\n00:s:0002 1 ->' '$T/lat.dot' &&
	grep -qF 'label=\"rev2, VoQ off, lat none\n' '$T/lat.dot' &&
	grep -qF 'label=\"cs48, VoQ both ways, lat FAILED\n00:s:0002 5 ->' '$T/lat.dot' &&
	grep -qF 'label=\"cs48, VoQ both ways, lat off\n00:s:0002 6 ->' '$T/lat.dot'"
ok "dot: nothing where neither end has the register" \
	grep -qF 'label="cs48, VoQ both ways\n00:s:0002 7 -> 00:e:0009 0' "$T/lat.dot"
ok "dot: the legend says what lat is" \
	grep -qF 'lat mack+pna / mack / pna / off / none / down / FAILED' "$T/lat.dot"
S=$S0

echo "# set"
expect "set: writes each KEY=VALUE" 0 '' set 00:s:0002 1 xoff=1 tx_group_size=4
ok "set: the values are in the files" \
	sh -c "test \$(cat $W/port1/xoff) = 1 && test \$(cat $W/port1/tx_group_size) = 4"
echo 0 > "$W/port1/xoff"; echo 0 > "$W/port1/tx_group_size"
expect "set: a staging map (several values)" 0 '' set 00:s:0002 1 'staging_map=3 3 0'
ok "set: the map is in the file" test "$(cat "$W/port1/staging_map")" = '3 3 0'
echo "0 1 2" > "$W/port1/staging_map"
expect "set: an mport by its name" 0 '' set rapidio0 0 symbol_format=cs48
ok "set: the mport's file" test "$(cat "$M/port0/symbol_format")" = cs48
echo cs64 > "$M/port0/symbol_format"
expect "set: unknown key: exit 2" 2 'colour.*is not a setting' set 00:s:0002 1 colour=red
expect "set: a bad key after a good one: nothing written" 2 'not a setting' \
	set 00:s:0002 1 xoff=1 colour=red
ok "set: ... so xoff is still 0" test "$(cat "$W/port1/xoff")" = 0
expect "set: unknown device: exit 2" 2 '00:s:0009: no such RapidIO device' set 00:s:0009 1 xoff=1
expect "set: device without a VoQ block: exit 2" 2 '00:e:0003: no VoQ block' set 00:e:0003 0 xoff=1
expect "set: port out of range: exit 2" 2 'no port "16" \(ports are 0 to 15\)' \
	set 00:s:0002 16 xoff=1
expect "set: without KEY=VALUE: exit 2" 2 'set needs DEVICE PORT KEY=VALUE' set 00:s:0002 1
expect "set: a missing file, explained by the port (rev 2.x): exit 1" 1 \
	'00:e:0005 port 0 has a rev 2.x VoQ block: its symbol format and group size are fixed' \
	set 00:e:0005 0 tx_group_size=0
rm -f "$W/port5/per_vc"
expect "set: a missing file, explained by the port (no per-VC): exit 1" 1 \
	'00:s:0002 port 5 does not support per-VC backpressure' set 00:s:0002 5 per_vc=1
echo 0 > "$W/port5/per_vc"

echo "# set: names are looked up, never pasted into paths"
mkdir -p "$T/outside"
for port in '0/../../../../../../../outside' '../port1' '1/' ' 1' '+1' '01' '-1' '1x' ''; do
	expect "set: PORT '$port' refused (exit 2)" 2 'no port' set 00:s:0002 "$port" xoff=1
done
for dev in '.' '..' '../../..' '00:s:0002/voq/..' 'rapidio0/../rapidio0' '00:s:0002/'; do
	expect "set: DEVICE '$dev' refused (exit 2)" 2 'no such RapidIO device' set "$dev" 0 xoff=1
done
ok "set: nothing was written outside the tree" \
	sh -c "! ls '$T/outside/'* '$T/xoff' '$S/xoff' 2>/dev/null | grep -q ."

echo "# set: refusals name the rule the kernel's check applied (errno injected as it answers)"
refuse() {	# description file errno regex args...
	local d=$1 f=$2 e=$3 re=$4 before
	shift 4
	before=$(cat "$f" 2>/dev/null)
	echo "$e" > "$f.errno"
	expect "$d" 1 "refused: $re" "$@"
	rm -f "$f.errno"
	[ "$(cat "$f" 2>/dev/null)" = "$before" ] || { res "$d: file changed" 1; }
}
# rio_voq_choice_check(): EOPNOTSUPP (this end), EXDEV (the partner),
# ENOLINK (no link), EINVAL (out of range); each with the rule it applied
refuse "EOPNOTSUPP: this end's group sizes" "$W/port1/tx_group_size" EOPNOTSUPP \
	'00:s:0002 port 1 supports group sizes 0 1 2 4 5 6$' set 00:s:0002 1 tx_group_size=3
refuse "EOPNOTSUPP: this end cannot generate" "$W/port4/generation" EOPNOTSUPP \
	'00:s:0002 port 4 cannot generate VoQ symbols \(capabilities 0x40088000\)$' \
	set 00:s:0002 4 generation=1
refuse "EOPNOTSUPP: no per-VC at this end" "$E4/port0/per_vc" EOPNOTSUPP \
	'00:e:0004 port 0 does not support per-VC backpressure \(capabilities 0x80088000\)$' \
	set 00:e:0004 0 per_vc=1
refuse "EOPNOTSUPP: format fixed at this (rev 2) end" "$E5/port0/symbol_format" EOPNOTSUPP \
	'00:e:0005 port 0 has a rev 2.x VoQ block: its symbol format and group size are fixed$' \
	set 00:e:0005 0 symbol_format=cs64
refuse "EOPNOTSUPP: a staging map that is a fixed decoder" "$W/port1/staging_map" EOPNOTSUPP \
	"00:s:0002 port 1's staging map is a fixed decoder in the switch \(4 queues\)$" \
	set 00:s:0002 1 'staging_map=0 0 0'
refuse "EXDEV: the partner's group sizes" "$W/port1/tx_group_size" EXDEV \
	'partner 00:e:0004 port 0 supports group sizes 0 4$' set 00:s:0002 1 tx_group_size=5
refuse "EXDEV: the partner's RX group sizes (rx_group_size)" "$W/port1/rx_group_size" EXDEV \
	'partner 00:e:0004 port 0 supports group sizes 0 4$' set 00:s:0002 1 rx_group_size=6
refuse "EXDEV: the partner cannot receive" "$W/port1/generation" EXDEV \
	'partner 00:e:0004 port 0 cannot receive VoQ symbols \(capabilities 0x80088000\)$' \
	set 00:s:0002 1 generation=1
re='partner 00:e:0004 port 0 does not support per-VC backpressure'
re+=' \(capabilities 0x80088000\)$'
refuse "EXDEV: no per-VC at the partner" "$W/port1/per_vc" EXDEV \
	"$re" set 00:s:0002 1 per_vc=1
refuse "EXDEV: rev 2 and rev 3 ends" "$E5/port0/generation" EXDEV \
	'00:e:0005 is rev 2.x and 00:s:0002 is rev 3\+: their symbols are incompatible$' \
	set 00:e:0005 0 generation=1
refuse "EXDEV: the partner's format is fixed" "$W/port4/symbol_format" EXDEV \
	'00:e:0005 is rev 2.x and 00:s:0002 is rev 3\+' set 00:s:0002 4 symbol_format=cs48
refuse "ENOLINK: no VoQ link" "$W/port3/generation" ENOLINK \
	'00:s:0002 port 3 has no VoQ link \(partner_device: none\)$' set 00:s:0002 3 generation=1
refuse "ENOLINK: no VoQ link for a group size" "$W/port3/tx_group_size" ENOLINK \
	'00:s:0002 port 3 has no VoQ link' set 00:s:0002 3 tx_group_size=4
refuse "EINVAL: a reserved group size, the range the kernel's check takes" \
	"$M/port0/tx_group_size" EINVAL \
	'tx_group_size takes 0 1 2 3 4 5 6$' set rapidio0 0 tx_group_size=7
refuse "EINVAL: a group size out of range" "$M/port0/tx_group_size" EINVAL \
	'tx_group_size takes 0 1 2 3 4 5 6$' set rapidio0 0 tx_group_size=12
refuse "EINVAL: not a number" "$W/port1/xoff" EINVAL 'xoff takes 0 or 1$' set 00:s:0002 1 xoff=2
refuse "EINVAL: not a group size" "$W/port1/tx_group_size" EINVAL \
	'"x" is not a group size \(a decimal\)$' set 00:s:0002 1 tx_group_size=x
refuse "EINVAL: not a format (the kernel's words)" "$M/port0/symbol_format" EINVAL \
	'symbol_format takes auto, cs48, cs64$' set rapidio0 0 symbol_format=cs32
refuse "EINVAL: a format the baud-rate class imposes otherwise (rio_voq_pref_check)" \
	"$M/port0/symbol_format" EINVAL \
	'the link runs cs64, as its baud-rate class 3 imposes: cs48 cannot be chosen there' \
	set rapidio0 0 symbol_format=cs48
# An errno the kernel's check does not give for these ends: riovoq says so
refuse "an errno the check does not give: not explained away" "$W/port1/generation" EINVAL \
	'the kernel refused it \(EINVAL: Invalid argument\), for a reason its files do not tell$' \
	set 00:s:0002 1 generation=1
refuse "EXDEV where the partner has what it takes: not explained away" "$M/port0/generation" EXDEV \
	'the kernel refused it \(EXDEV: .*\), for a reason its files do not tell$' \
	set rapidio0 0 generation=1
re='staging_map takes one queue below staging_queues \(4\) per port of the partner'
re+=' \(00:e:0004: 1 ports\)'
refuse "EINVAL: a staging map, the kernel's rule" "$W/port1/staging_map" EINVAL "$re" \
	set 00:s:0002 1 'staging_map=0 9 1'
refuse "ENOENT: no staging queues" "$W/port3/staging_map" ENOENT \
	'00:s:0002 port 3 has no staging queues$' set 00:s:0002 3 staging_map=0
# The refusals of state, not of the two ends: told by the state files
refuse "EPERM: a discovering host" "$W/port1/xoff" EPERM \
	'this host does not own the fabric' set 00:s:0002 1 xoff=1
refuse "EACCES: not root" "$W/port1/xoff" EACCES 'permission denied: only root may change' \
	set 00:s:0002 1 xoff=1
refuse "ENODEV: the device is going away" "$W/port1/xoff" ENODEV 'the device is going away$' \
	set 00:s:0002 1 xoff=1
echo not_rediscovered > "$E4/port0/tx_reason"
re='partner 00:e:0004 port 0 \(tx_reason: not_rediscovered\)'
re+=' is a board rio_voq could not discover again'
refuse "EBUSY: a board not discovered again, named by its tx_reason" "$W/port1/xoff" EBUSY \
	"$re" set 00:s:0002 1 xoff=1
echo none > "$E4/port0/tx_reason"
echo down > "$W/port1/port_state"
re='a link that is down cuts the device off from the host:'
re+=' 00:s:0002 port 1 \(port_state: down\): nothing was tried'
refuse "EHOSTUNREACH: the port that is down" "$W/port1/xoff" EHOSTUNREACH \
	"$re" set 00:s:0002 1 xoff=1
echo up > "$W/port1/port_state"
echo failed > "$W/port1/tx_state"; echo access_failed > "$W/port1/tx_reason"
re='a maintenance access failed; generation was left off on the link'
re+=' \(tx_state: failed, tx_reason: access_failed\)$'
refuse "EIO: a maintenance access failed" "$W/port1/tx_group_size" EIO \
	"$re" set 00:s:0002 1 tx_group_size=4
echo off > "$W/port1/tx_state"; echo partner_cannot_receive > "$W/port1/tx_reason"
refuse "a refusal after a change: says what was applied" "$W/port1/generation" EXDEV \
	'partner 00:e:0004 port 0 cannot receive VoQ symbols .*\(already applied: xoff=1\)$' \
	set 00:s:0002 1 xoff=1 generation=1
echo 0 > "$W/port1/xoff"
if [ -n "$RULE" ]; then
	# riovoq built with voq_policy.c's generation rule changed (the end
	# must also receive, see the Makefile): the explanation follows it
	RIOVOQ0=$RIOVOQ RIOVOQ=$RULE
	refuse "a rule changed in the kernel: riovoq names the new rule" "$E4/port0/generation" \
		EOPNOTSUPP \
		'00:e:0004 port 0 cannot receive VoQ symbols \(capabilities 0x80088000\)$' \
		set 00:e:0004 0 generation=1
	RIOVOQ=$RIOVOQ0
	refuse "... where riovoq built with the kernel's rule cannot explain it" \
		"$E4/port0/generation" EOPNOTSUPP '.*, for a reason its files do not tell$' \
		set 00:e:0004 0 generation=1
fi

echo "# latency optimization: set, and its refusals"
S0=$S S=$LT
for k in multiple_ack pna_recovery; do
	for v in on off auto; do
		expect "set: $k=$v" 0 '' set 00:s:0002 1 "$k=$v"
		ok "set: ... \"$v\" in the file" test "$(cat "$LW/port1/$k")" = "$v"
	done
done
expect "set: both knobs at once" 0 '' set rapidio0 0 multiple_ack=off pna_recovery=auto
ok "set: ... both written" sh -c "test \$(cat '$LM/port0/multiple_ack') = off &&
	test \$(cat '$LM/port0/pna_recovery') = auto"
lat "$LM/port0" $ALL 0xe0c00000 on none on none
lat "$LW/port1" $ALL 0xe0800000 on none off partner_unsupported
for v in ON 1 0 '' ' on' 'on ' onx of 'auto
x' 'on;x'; do
	expect "set: multiple_ack='$v' refused before any write (exit 2)" 2 \
		'multiple_ack takes on, off or auto; nothing was written' \
		set 00:s:0002 1 "multiple_ack=$v"
	ok "set: ... the file unchanged" test "$(cat "$LW/port1/multiple_ack")" = on
done
expect "set: a bad pna_recovery after a good setting: exit 2" 2 \
	'pna_recovery=maybe: pna_recovery takes on, off or auto; nothing was written' \
	set 00:s:0002 1 xoff=1 pna_recovery=maybe
ok "set: ... nothing written, not even the good one" test "$(cat "$LW/port1/xoff")" = 0
expect "set: a value with a control character: one line, shown as ?" 2 \
	'set: pna_recovery=on\?x: pna_recovery takes' \
	set 00:s:0002 1 "$(printf 'pna_recovery=on\033x')"
expect "set: a port without the register (a map I device)" 1 \
	'refused: 00:e:0005 port 0 has no latency-optimization register$' \
	set 00:e:0005 0 multiple_ack=on
expect "set: a port without the register, whose partner has none either" 1 \
	'refused: 00:s:0002 port 7 has no latency-optimization register$' \
	set 00:s:0002 7 pna_recovery=off
refuse "EINVAL on a latency knob: not the check's answer, said so" "$LW/port1/multiple_ack" EINVAL \
	'the kernel refused it \(EINVAL: Invalid argument\), for a reason its files do not tell$' \
	set 00:s:0002 1 multiple_ack=on
# rio_lat_choice_check(): EPERM (Part 6 on CS64), ENOLINK, EOPNOTSUPP, EXDEV
P6='the link runs CS64 and both ends support ackID-in-PNA recovery,'
P6+=' where Part 6 wants it on \(bit 9 set\): it cannot be turned off$'
DISC='this host does not own the fabric: it only discovered it'
refuse "EPERM: pna_recovery off on a CS64 link both ends support (Part 6)" \
	"$LM/port0/pna_recovery" EPERM "$P6" set rapidio0 0 pna_recovery=off
refuse "EPERM: pna_recovery off on a CS48 link: a host that only discovers" \
	"$LW/port1/pna_recovery" EPERM "$DISC" set 00:s:0002 1 pna_recovery=off
refuse "EPERM: pna_recovery on: a host that only discovers" "$LM/port0/pna_recovery" EPERM \
	"$DISC" set rapidio0 0 pna_recovery=on
refuse "EPERM: multiple_ack off on CS64: a host that only discovers" \
	"$LM/port0/multiple_ack" EPERM "$DISC" set rapidio0 0 multiple_ack=off
echo cs48 > "$LM/port0/symbol_format"
refuse "EPERM: CS48: Part 6 does not apply, a host that only discovers" \
	"$LM/port0/pna_recovery" EPERM "$DISC" set rapidio0 0 pna_recovery=off
echo cs64 > "$LM/port0/symbol_format"
echo $MACK > "$LW/port0/latency_capabilities"
refuse "EPERM: a partner without support: a host that only discovers" \
	"$LM/port0/pna_recovery" EPERM "$DISC" set rapidio0 0 pna_recovery=off
echo $ALL > "$LW/port0/latency_capabilities"
refuse "ENOLINK: multiple_ack on without a link" "$LW/port3/multiple_ack" ENOLINK \
	'00:s:0002 port 3 has no VoQ link \(partner_device: none\)$' set 00:s:0002 3 multiple_ack=on
re='00:e:0004 port 0 does not support ackID-in-PNA recovery'
re+=' \(latency_capabilities 0x80000000\)$'
refuse "EOPNOTSUPP: this end lacks ackID-in-PNA recovery" "$LE4/port0/pna_recovery" EOPNOTSUPP \
	"$re" set 00:e:0004 0 pna_recovery=on
echo 0xc0000000 > "$LW/port6/latency_capabilities"
re='00:s:0002 port 6 has ackID-in-PNA recovery without its ackID in PNAs'
re+=' \(bit 1 without bit 2, which breaks Part 6'
refuse "EOPNOTSUPP: this end has bit 1 without bit 2" "$LW/port6/pna_recovery" EOPNOTSUPP \
	"$re" set 00:s:0002 6 pna_recovery=on
echo $ALL > "$LW/port6/latency_capabilities"
re='partner 00:e:0004 port 0 does not support ackID-in-PNA recovery'
re+=' \(latency_capabilities 0x80000000\)$'
refuse "EXDEV: the partner lacks ackID-in-PNA recovery" "$LW/port1/pna_recovery" EXDEV \
	"$re" set 00:s:0002 1 pna_recovery=on
echo 0x00000000 > "$LE4/port0/latency_capabilities"
re='partner 00:e:0004 port 0 does not support multiple acknowledges'
re+=' \(latency_capabilities 0x00000000\)$'
refuse "EXDEV: the partner lacks multiple acknowledges" "$LW/port1/multiple_ack" EXDEV \
	"$re" set 00:s:0002 1 multiple_ack=on
echo $MACK > "$LE4/port0/latency_capabilities"
refuse "EXDEV: the partner has no register" "$LW/port4/multiple_ack" EXDEV \
	'partner 00:e:0005 port 0 has no latency-optimization register$' \
	set 00:s:0002 4 multiple_ack=on
echo out_of_reach > "$LW/port1/pna_recovery_reason"
re="the latency-optimization register of the partner is out of rio_voq's reach:"
re+=' 00:s:0002 port 1 \(pna_recovery_reason: out_of_reach\)$'
refuse "EXDEV: the partner's register out of reach (its reason file)" \
	"$LW/port1/pna_recovery" EXDEV "$re" set 00:s:0002 1 pna_recovery=auto
echo partner_unsupported > "$LW/port1/pna_recovery_reason"
refuse "ENODEV on a latency knob" "$LW/port1/multiple_ack" ENODEV 'the device is going away$' \
	set 00:s:0002 1 multiple_ack=off
echo not_rediscovered > "$LW/port1/multiple_ack_reason"
re='00:s:0002 port 1 \(multiple_ack_reason: not_rediscovered\)'
re+=' is a board rio_voq could not discover again after a swap: nothing is written until it is$'
refuse "EBUSY on a latency knob: a board not known" "$LW/port1/multiple_ack" EBUSY \
	"$re" set 00:s:0002 1 multiple_ack=off
echo none > "$LW/port1/multiple_ack_reason"
refuse "EHOSTUNREACH on a latency knob" "$LW/port1/pna_recovery" EHOSTUNREACH \
	'a link that is down cuts the device off from the host: nothing was tried' \
	set 00:s:0002 1 pna_recovery=auto
re='a maintenance access failed; both ends of the link were put back as they were'
re+=' \(multiple_ack: failed, multiple_ack_reason: access_failed\)$'
refuse "EIO on a latency knob: both ends put back, the files' words" "$LW/port5/multiple_ack" EIO \
	"$re" set 00:s:0002 5 multiple_ack=on
refuse "EACCES on a latency knob: not root" "$LW/port1/multiple_ack" EACCES \
	'permission denied: only root may change' set 00:s:0002 1 multiple_ack=on
refuse "a latency refusal after a change: says what was applied" "$LW/port1/pna_recovery" EXDEV \
	'.*\(already applied: multiple_ack=off\)$' set 00:s:0002 1 multiple_ack=off pna_recovery=on
echo on > "$LW/port1/multiple_ack"
S=$S0

echo "# decode"
expect "decode CS48 (table 3-2: port 13)" 0 '^2005: all VCs, group 1, ports 12-23, congested: 13$' \
	decode --cs48 --group-size 1 2005
expect "decode CS64 (table 3-4: port 255, VC0)" 0 \
	'^d88000f: VC0, group 15, ports 240-255, congested: 255$' \
	decode --cs64 --group-size 4 d88000f
expect "decode CS64 all VCs" 0 '^df00003: all VCs, group 0, ports 0-19, congested: 0 1$' \
	decode --cs64 df00003
expect "decode CS64 reserved VC_IND" 0 'reserved VC_IND' decode --cs64 --group-size 4 d9000a5
expect "decode rev 2 (group 31, offset 5: port 191)" 0 \
	'^0c1f: all VCs, group 31, ports 186-191, congested: 191$' decode --rev2 0c1f
expect "decode: 0x prefix" 0 '^0x2005: all VCs, group 1' decode --cs48 --group-size 1 0x2005
R decode --cs48 1fff
ok "decode: not a VoQ symbol (exit 1, said on stdout)" \
	sh -c "test $rc -eq 1 && test '$out' = '1fff: not a VoQ backpressure symbol'"
expect "decode: no format: one line, exit 2" 2 'name one symbol format' decode 2005
expect "decode zz: one line, exit 2" 2 'name one symbol format' decode zz
expect "decode: two formats: exit 2" 2 'name one symbol format' decode --cs48 --cs64 2005
expect "decode: bad hex: one line, exit 2" 2 '"20g5" is not a hexadecimal symbol' decode --cs48 20g5
expect "decode: a sign is not hex" 2 'is not a hexadecimal' decode --cs48 -- -2005
expect "decode: group size 7: one line, exit 2" 2 'group size 7 is reserved' \
	decode --cs48 --group-size 7 2005
expect "decode: group size x: one line, exit 2" 2 'is not a group size' \
	decode --cs48 --group-size x 2005
expect "decode: wider than CS48 (100002005): exit 2" 2 \
	'wider than the 14-bit CS48 stype2 field \(at most 3fff\)' decode --cs48 100002005
expect "decode: wider than CS64 (29 bits): exit 2" 2 'wider than the 28-bit' decode --cs64 1d88000f
expect "decode: huge input: exit 2" 2 'wider than' decode --cs64 ffffffffffffffffffffffff
expect "decode: nothing decoded when one input is bad" 2 'wider' decode --cs48 2005 12345
ok "decode: ... and nothing printed" test -z "$out"
expect "decode: --group-size with --rev2: exit 2" 2 'does not apply to --rev2' \
	decode --rev2 --group-size 1 0c1f
expect "decode: an unknown option: exit 2" 2 'not an option' decode --cs49 2005
ok "errors never print the manual" sh -c "! LD_PRELOAD= '$RIOVOQ' decode zz 2>&1 | grep -q 'Usage'"

echo "# dot"
R dot
printf '%s\n' "$out" > "$T/out.dot"
ok "dot: exit 0" test "$rc" -eq 0
ok "dot: Graphviz takes it" dot_ok "$T/out.dot"
ok "dot: every device a node, the one without a VoQ block greyed" \
	grep -q '"00:e:0003" \[label="00:e:0003\\nno VoQ block", style="filled,dashed"' "$T/out.dot"
ok "dot: one edge per link (and the legend's five)" \
	test "$(grep -c -- '" -> "' "$T/out.dot")" -eq $((4 + 5))
line='label="cs64, VoQ both ways\nrapidio0 0 -> 00:s:0002 0: on gs0 vc'
line+='\n00:s:0002 0 -> rapidio0 0: on gs0 vc"'
ok "dot: format and group size per direction" grep -qF "$line" "$T/out.dot"
ok "dot: a direction off, and why" grep -qF \
	'00:s:0002 1 -> 00:e:0004 0: off: partner_cannot_receive' "$T/out.dot"
ok "dot: the link to the device without a VoQ block, dashed" grep -qE \
	'"00:s:0002" -> "00:e:0003" \[taillabel="2", label="no VoQ block".*style=dashed' \
	"$T/out.dot"
ok "dot: a legend" grep -q 'subgraph cluster_legend' "$T/out.dot"

echo "# an mport's link: only to the device the core reaches at hop 0"
K=$T/k/sys
build_tree "$K"
KD=$K/bus/rapidio/devices
kdev() {	# name lprev [hopcount]: a device without a VoQ block, as the core shows it
	mkdir -p "$KD/$1"
	echo "$2" > "$KD/$1/lprev"
	[ -z "${3:-}" ] || echo "$3" > "$KD/$1/hopcount"
}
# rapidio0's port is 00:s:0002's (rio_voq's partner files); beside it, a
# switch added from userspace at hop count 0
kdev 00:s:0009 root 0x00
# rapidio1, without a VoQ block: its root switch and, behind it, an
# endpoint; a switch whose predecessor was deleted (lprev reads root, hop
# count 1), and its endpoint
mkdir -p "$K/class/rapidio_port/rapidio1"
kdev 01:s:0001 root 0x00
kdev 01:e:0002 01:s:0001
printf 'null\n01:e:0002\n' > "$KD/01:s:0001/lnext"
kdev 01:s:0003 root 0x01
kdev 01:e:0004 01:s:0003
printf '01:e:0004\n' > "$KD/01:s:0003/lnext"
# rapidio2: two endpoints added from userspace, with the core's names;
# rapidio3: two switches at hop count 0; rapidio4: one endpoint
for m in 2 3 4; do mkdir -p "$K/class/rapidio_port/rapidio$m"; done
kdev 02:e:0001 root
kdev 02:e:0002 root
kdev 03:s:0001 root 0x00
kdev 03:s:0002 root 0x00
kdev 04:e:0001 root
S0=$S S=$K
R show
printf '%s\n' "$out" > "$T/k-links"
ok "mport link: to the switch the core reaches at hop count 0" \
	grep -qE '^rapidio1 +01:s:0001 +- +- +- +01:s:0001 has no VoQ block$' "$T/k-links"
ok "mport link: none to a switch whose predecessor was deleted (hop count 1)" \
	sh -c "! grep -qE '^rapidio1 +01:s:0003' '$T/k-links'"
ok "mport link: ... which keeps its own links" grep -qE '^01:s:0003 0 +01:e:0004 ' "$T/k-links"
ok "mport link: none to endpoints added from userspace" sh -c "! grep -q '^rapidio2' '$T/k-links'"
ok "mport link: none to a lone endpoint (sysfs does not say where it is)" \
	sh -c "! grep -q '^rapidio4' '$T/k-links'"
ok "mport link: none where two switches are at hop count 0" \
	sh -c "! grep -q '^rapidio3' '$T/k-links'"
ok "mport link: none to a second device where rio_voq names the mport's partner" \
	sh -c "! grep -q '00:s:0009' '$T/k-links'"
ok "mport link: two in all, rio_voq's and the core's" \
	test "$(grep -c '^rapidio' "$T/k-links")" -eq 2
R dot
printf '%s\n' "$out" > "$T/k.dot"
ok "dot: Graphviz takes it" dot_ok "$T/k.dot"
grep -oE '"rapidio[0-9]+" -> "[^"]*"' "$T/k.dot" | sort > "$T/k-edges"
printf '"rapidio0" -> "00:s:0002"\n"rapidio1" -> "01:s:0001"\n' > "$T/k-edges-want"
ok "dot: the same mport links, and no other" cmp -s "$T/k-edges" "$T/k-edges-want"
S=$S0

echo "# hostile trees"
H=$T/h/sys
build_tree "$H"
HW=$H/bus/rapidio/devices/00:s:0002/voq
python3 -c 'print("r" * 300, end="")' > "$H/class/rapidio_port/rapidio0/voq/layout"
python3 -c 'print(" ".join(str(i % 4) for i in range(255)))' > "$HW/port1/staging_map"
printf '\xff\xfe "quoted" \\ back\x01slash \xc0\xaf overlong' > "$HW/port4/tx_reason"
python3 -c 'print("x" + "\u00e9" * 10000)' > "$H/bus/rapidio/devices/00:e:0004/voq/port0/tx_reason"
echo off > "$H/bus/rapidio/devices/00:e:0004/voq/port0/tx_state"
echo off > "$H/bus/rapidio/devices/00:e:0004/voq/port0/tx_plan"
EV="$H/bus/rapidio/devices/evil\"]; \"x\" -> \"y"
mkdir -p "$EV/voq/port0"
echo rev3 > "$EV/voq/layout"; echo 1 > "$EV/voq/ports"
echo none > "$EV/voq/port0/partner_device"; echo none > "$EV/voq/port0/partner_port"
# Latency files at both ends of a link: long, invalid UTF-8, quotes, NUL
HM=$H/class/rapidio_port/rapidio0/voq
python3 -c 'import sys; sys.stdout.buffer.write(b"multiple_ack " * 50000 + b"\xff\"\\\x01 \x00x")' \
	> "$HW/port0/latency_capabilities"
python3 -c 'print("0x" + "f" * 100000)' > "$HW/port0/latency_csr"
printf 'on\x01 \xc0\xaf "x" \\' > "$HW/port0/multiple_ack"
python3 -c 'import sys; sys.stdout.buffer.write(b"off: " + b"\xe2\x82" * 100000)' \
	> "$HW/port0/pna_recovery"
printf 'failed: \x1b[31m"red"\n\nsecond line' > "$HM/port0/multiple_ack"
printf 'off:' > "$HM/port0/pna_recovery"
printf '\0' > "$HM/port0/latency_capabilities"
ok "a 300-character layout, whole in -j" python3 -c "
import json, subprocess, os
d = json.loads(subprocess.run(['$RIOVOQ', '-r', '$H', 'show', '-j'], capture_output=True,
	check=True).stdout)
assert [r['layout'] for r in d['ports'] if r['device'] == 'rapidio0'] == ['r' * 300]
"
ok "a 255-entry staging map, whole in -j" python3 -c "
import json, subprocess
d = json.loads(subprocess.run(['$RIOVOQ', '-r', '$H', 'show', '-j'], capture_output=True,
	check=True).stdout)
m = [r['staging_map'] for r in d['ports'] if r['device'] == '00:s:0002' and r['port'] == 1][0]
assert m.split() == [str(i % 4) for i in range(255)], len(m.split())
"
"$RIOVOQ" -r "$H" show -j > "$T/h.json" 2>/dev/null
ok "invalid UTF-8, quotes, control characters: valid JSON" json_ok "$T/h.json"
ok "... the value kept, invalid bytes as U+FFFD" python3 -c "
import json
d = json.load(open('$T/h.json', encoding='utf-8'))
s = [r['tx_reason'] for r in d['ports'] if r['device'] == '00:s:0002' and r['port'] == 4][0]
assert s == '\ufffd\ufffd \"quoted\" \\\\ back\x01slash \ufffd\ufffd overlong', repr(s)
"
ok "hostile latency files, whole in -j" python3 -c "
import json
d = {(r['device'], r['port']): r for r in json.load(open('$T/h.json', encoding='utf-8'))['ports']}
l = d['00:s:0002', 0]['latency']
want = 'multiple_ack ' * 50000 + '\ufffd\"\\\\\x01 \x00x'
assert l['capabilities'] == want, l['capabilities'][-9:]
assert (l['csr'] == '0x' + 'f' * 100000 and
	l['multiple_ack'] == 'on\x01 \ufffd\ufffd \"x\" \\\\'), l['multiple_ack']
assert l['pna_recovery'] == 'off: ' + '\ufffd' * 200000, l['pna_recovery'][:20]
l = d['rapidio0', 0]['latency']
assert (l['capabilities'] == '\x00' and
	l['multiple_ack'] == 'failed: \x1b[31m\"red\"\n\nsecond line'), l
"
"$RIOVOQ" -r "$H" show -a > "$T/h-a.txt" 2>/dev/null
line='lat: caps -; csr -; multiple_ack failed: ?[31m"red"??second line (-);'
line+=' pna_recovery off: (-)'
ok "show -a: hostile latency files, one line, control characters as ?" \
	grep -qF "$line" "$T/h-a.txt"
"$RIOVOQ" -r "$H" dot > "$T/h.dot" 2>/dev/null
ok "a quote in a name and a value: Graphviz takes the DOT" dot_ok "$T/h.dot"
e127=$(python3 -c 'print("\u00e9" * 127, end="")')
ok "a 20000-byte value: cut in the DOT label, at a character" \
	grep -qF "00:e:0004 0 -> 00:s:0002 1: off: x$e127..." "$T/h.dot"
ok "... and whole in -j" python3 -c "
import json
d = json.load(open('$T/h.json', encoding='utf-8'))
assert [r['tx_reason'] for r in d['ports']
	if r['device'] == '00:e:0004'] == ['x' + '\u00e9' * 10000]
"
ok "... and no edge is injected" \
	sh -c "dot -Tplain '$T/h.dot' | awk '\$1 == \"edge\"' | grep -c . | grep -qx 9"
"$RIOVOQ" -r "$H" show > "$T/h.txt" 2>/dev/null
ok "show: control characters shown as ?" grep -q 'back?slash' "$T/h.txt"

echo "# C1 controls (8-bit CSI) never reach the terminal"
C=$T/c1/sys
build_tree "$C"
# raw 0x9b, U+009B and U+0085 (C1 controls), é and ś (valid; ś is c5 9b),
# a truncated sequence, invalid bytes, an overlong form, a surrogate
printf 'a\x9b31mb c\xc2\x9b31md e\xc2\x85f \xc3\xa9\xc5\x9b \xe2\x82 g\xff\xc0\xafh\xed\xa0\x80i' \
	> "$C/bus/rapidio/devices/00:s:0002/voq/port1/tx_reason"
CN="x$(printf '\xc2\x9b')y"
mkdir -p "$C/bus/rapidio/devices/$CN/voq"
echo x > "$C/bus/rapidio/devices/$CN/voq/ports"
S0=$S S=$C
printable() {	# locale, file: only text for a terminal in that locale
	python3 -c '
import sys, unicodedata
b = open(sys.argv[2], "rb").read()
s = b.decode("utf-8" if sys.argv[1] == "utf8" else "ascii")
bad = [c for c in s if c != "\n" and unicodedata.category(c) == "Cc"]
assert not bad, bad' "$@"
}
if [ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ]; then
	LC_ALL=C.UTF-8 R show 00:e:0004
	printf '%s\n%s\n' "$out" "$err" > "$T/c1-utf8"
	ok "UTF-8 locale: C1 controls as ?, one a character (0x9b, U+009B, U+0085)" \
		grep -qF 'off: a?31mb c?31md e?f ' "$T/c1-utf8"
	ok "UTF-8 locale: valid UTF-8 kept (é, and ś whose second byte is 0x9b)" \
		grep -qF " $(printf '\xc3\xa9\xc5\x9b') " "$T/c1-utf8"
	ok "UTF-8 locale: invalid UTF-8 as ?, one a byte" grep -qF ' ?? g???h???i' "$T/c1-utf8"
	ok "UTF-8 locale: the output is UTF-8, without a control character" \
		printable utf8 "$T/c1-utf8"
	LC_ALL=C.UTF-8 R show -a
	printf '%s\n%s\n' "$out" "$err" > "$T/c1-utf8-a"
	ok "UTF-8 locale: show -a and a name in an error too" sh -c "
		grep -qF 'x?y/voq/ports: not a number' '$T/c1-utf8-a' &&
		grep -qF ' a?31mb c?31md' '$T/c1-utf8-a'"
	ok "UTF-8 locale: ... UTF-8, without a control character" printable utf8 "$T/c1-utf8-a"
else
	echo "# no C.UTF-8 locale: the UTF-8 cases are not run"
fi
LC_ALL=C R show -a
printf '%s\n%s\n' "$out" "$err" > "$T/c1-c"
ok "C locale: a byte not printable ASCII as ?, a byte each" sh -c "
	grep -qF ' a?31mb c??31md e??f ???? ?? g???h???i' '$T/c1-c' &&
	grep -qF 'x??y/voq/ports: not a number' '$T/c1-c'"
ok "C locale: the output is ASCII, without a control character" printable ascii "$T/c1-c"
S=$S0
L=$T/$(python3 -c 'print("/".join(["d" * 60] * 12))')
mkdir -p "$L" && build_tree "$L/sys"
ok "a ROOT longer than 512 characters (no truncated path)" \
	sh -c "test \"\$('$RIOVOQ' -r '$L/sys' show -j)\" = \"\$('$RIOVOQ' -r '$S' show -j)\""

echo "# reads that fail: a non-zero exit, one line"
expect "no RapidIO sysfs under ROOT: exit 3" 3 'no RapidIO sysfs here' -r "$T/nonexistent" show
R show
F=$T/f/sys
build_tree "$F"
echo "read EIO" > "$F/bus/rapidio/devices/00:s:0002/voq/port1/capabilities.errno"
S0=$S S=$F
expect "a failed read: exit 3, one line naming it" 3 \
	'port1/capabilities: Input/output error$' show -j
printf '%s\n' "$out" > "$T/f.json"
ok "... the JSON still valid, the field null" python3 -c "
import json
d = json.load(open('$T/f.json'))['ports']
assert [r['capabilities'] for r in d if r['device'] == '00:s:0002' and r['port'] == 1] == [None]
"
find "$F" -type f ! -name '*.errno' -exec sh -c 'echo "read EIO" > "$1.errno"' _ {} \;
expect "every read failed: show exits 3" 3 'sysfs reads failed' show
expect "every read failed: show -a exits 3" 3 'sysfs reads failed' show -a
expect "every read failed: dot exits 3" 3 'sysfs reads failed' dot
printf '%s\n' "$out" > "$T/f.dot"
ok "... its DOT still valid" dot_ok "$T/f.dot"
rm -rf "$F" && build_tree "$F"
echo 99999 > "$F/bus/rapidio/devices/00:s:0002/voq/ports"
expect "ports beyond 256: exit 3" 3 'voq/ports: not a number of ports' show
echo 17 > "$F/bus/rapidio/devices/00:s:0002/voq/ports"
expect "a port ports promises but sysfs lacks: exit 3" 3 'port16/: missing' show -j
rm -rf "$F" && build_tree "$F"
mkdir -p "$F/bus/rapidio/devices/bad
name/voq"
echo x > "$F/bus/rapidio/devices/bad
name/voq/ports"
expect "a name with a newline in an error: still one line" 3 \
	'bad\?name/voq/ports: not a number' show
rm -rf "$F" && build_tree "$F"
echo '../../../../etc' > "$F/bus/rapidio/devices/00:s:0002/voq/port1/partner_device"
expect "a partner sysfs does not list: exit 3" 3 \
	'port1/partner_device: with partner_port, not "none" nor a listed device' show
echo '00:e:0004' > "$F/bus/rapidio/devices/00:s:0002/voq/port1/partner_device"
echo '00' > "$F/bus/rapidio/devices/00:s:0002/voq/port1/partner_port"
expect "a partner port that is not a decimal port: exit 3" 3 \
	'port1/partner_device: with partner_port, not' show

echo "# files that are not regular files: refused, never waited on"
rm -rf "$F" && build_tree "$F"
FW=$F/bus/rapidio/devices/00:s:0002/voq
rm "$FW/layout" && mkfifo "$FW/layout"
expect "a FIFO as voq/layout: no hang, exit 3, one line naming it" 3 \
	'00:s:0002/voq/layout: not a regular file$' show
R show -j
printf '%s\n' "$out" > "$T/fifo.json"
ok "... the rest read: layout null, the ports there" python3 -c "
import json
assert $rc == 3
d = [r for r in json.load(open('$T/fifo.json'))['ports'] if r['device'] == '00:s:0002']
assert len(d) == 16 and all(r['layout'] is None for r in d), d[0]
assert d[1]['capabilities'] == '0xe00ee000' and d[1]['partner_device'] == '00:e:0004', d[1]
"
rm "$FW/layout" && echo rev3 > "$FW/layout"
rm "$FW/port1/capabilities" && mkfifo "$FW/port1/capabilities"
expect "a FIFO as a port's file: no hang, exit 3, one line naming it" 3 \
	'00:s:0002/voq/port1/capabilities: not a regular file$' show -a
rm "$FW/port1/capabilities" && echo 0xe00ee000 > "$FW/port1/capabilities"
rm "$F/bus/rapidio/devices/00:e:0004/lprev" && mkfifo "$F/bus/rapidio/devices/00:e:0004/lprev"
expect "a FIFO as the core's lprev: no hang, the links from rio_voq's files" 0 \
	'^00:s:0002 1 +00:e:0004 0 +cs48 ' show
rm "$F/bus/rapidio/devices/00:e:0004/lprev" &&
	echo 00:s:0002 > "$F/bus/rapidio/devices/00:e:0004/lprev"
rm "$FW/port1/xoff" && mkfifo "$FW/port1/xoff"
expect "set: a FIFO as the file to write: no hang, exit 3, nothing written" 3 \
	'00:s:0002/voq/port1/xoff: not a regular file$' set 00:s:0002 1 xoff=1
rm "$FW/port1/xoff" && echo 0 > "$FW/port1/xoff"
if [ -c /dev/zero ]; then
	rm "$FW/port1/per_vc" && ln -s /dev/zero "$FW/port1/per_vc"
	expect "a device file (/dev/zero) as a port's file: refused, not read" 3 \
		'00:s:0002/voq/port1/per_vc: not a regular file$' show -j
	rm "$FW/port1/per_vc" && echo 0 > "$FW/port1/per_vc"
fi
rm "$FW/port1/generation" && mkdir "$FW/port1/generation"
expect "a directory as a port's file: exit 3, not a regular file" 3 \
	'00:s:0002/voq/port1/generation: not a regular file$' show -j
S=$S0

echo "# fuzz: random bytes in the files of the tree"
ok "fuzz: no crash; valid JSON and DOT, or a clean error" \
	python3 "$HERE/fuzz.py" "$RIOVOQ" "$SHIM" "$LT" "$T/fuzz" "${RIOVOQ_FUZZ_N:-40}" \
	"${RIOVOQ_FUZZ_SEED:-1}"

echo "# exit codes and the man page"
ok "-h: the usage, on stdout, exit 0" sh -c "'$RIOVOQ' -h | grep -q '^Usage: riovoq'"
ok "--help, and -h after a command: the usage" sh -c "'$RIOVOQ' --help | grep -q '^Usage: riovoq' &&
	'$RIOVOQ' set -h | grep -q '^Usage: riovoq' &&
	'$RIOVOQ' decode --cs48 --help | grep -q '^Usage'"
expect "no command: exit 2, one line" 2 'no command'
expect "an unknown command: exit 2" 2 'not a command' frobnicate
ok "man page: rst2man --strict builds it" rst2man --strict "$HERE/riovoq.8.rst" "$T/riovoq.8"
ok "man page: section 8, its sections" sh -c "grep -qE '^.TH \"RIOVOQ\" \"?8' '$T/riovoq.8' &&
	for s in NAME SYNOPSIS DESCRIPTION 'EXIT STATUS' REFUSALS EXAMPLES 'SEE ALSO'; do
		grep -q \"^.SH \$s\" '$T/riovoq.8' || exit 1; done"
if command -v groff >/dev/null; then
	ok "man page: groff renders it without a warning" \
		sh -c "test -z \"\$(groff -man -Tutf8 -ww -z '$T/riovoq.8' 2>&1)\""
fi
for code in 0 1 2 3; do
	ok "exit status $code documented in -h and the man page" sh -c "
		'$RIOVOQ' -h | tr '\n' ' ' | grep -qE '[:;] $code [a-z]' &&
		grep -qE '^\*\*$code\*\*' '$HERE/riovoq.8.rst'"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
