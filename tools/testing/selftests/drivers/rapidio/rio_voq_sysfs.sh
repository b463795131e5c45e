#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rio-sim's configfs descriptions and bad input, 50 create/scan/destroy
# cycles, rio-voq's sysfs as root and as a user with a bad-input corpus,
# every file of every voq/ against its pattern of one value and the same
# for root and a user,
# concurrent writers and removal, the latency-optimization files, a
# seeded soak of random events on a random fabric (soak_lib.sh), then no
# new KASAN, lockdep, UBSAN or WARNING report and no leak.  KTAP output (ktap_lib.sh).
#
# Needs rio-sim and rio-voq (built in, or modules it loads and unloads
# at the end), configfs, debugfs, and a system with no RapidIO mport: the
# checks scan every mport and count the devices of the fabrics they make.
# The repository's UML boot test
# runs it on a kernel with KASAN, lockdep and kmemleak
# (scripts/uml-test.sh).
cd "$(dirname "$0")" || exit 1
. ./ktap_lib.sh
ktap_require_root
ndevs() { ls /sys/bus/rapidio/devices | wc -l; }
scan_all() {
	for m in /sys/class/rapidio_port/*; do
		echo "${m##*rapidio}" > /sys/bus/rapidio/scan
	done
}

C=/sys/kernel/config/rio-sim

# The pattern of the one value each file of a voq/ directory holds (an
# extended regular expression for the whole line); a file not named here
# fails the check, so a new file must be given its pattern
STATE='on|off|failed|down|none'
LAT_WHY='none|admin|unsupported|partner_unsupported|no_partner_register|breaks_part6'
LAT_WHY="$LAT_WHY|link_down|access_failed|out_of_reach|not_rediscovered|no_link"
TX_WHY='none|admin|cannot_generate|partner_cannot_receive|layout_mismatch|link_down'
TX_WHY="$TX_WHY|access_failed|not_rediscovered|no_link"
pattern() {	# file name
	case $1 in
	layout)			echo 'rev2|rev3' ;;
	ef_offset)		echo '0x[0-9a-f]{4}' ;;
	ports|staging_queues)	echo '[0-9]+' ;;
	auto_config)		echo '[01]' ;;
	poll_ms)		echo '[0-9]+' ;;
	capabilities|csr|csr_live|latency_capabilities|latency_csr)
				echo '0x[0-9a-f]{8}' ;;
	group_sizes_supported)	echo '[0-6]( [0-6])*' ;;
	partner_device)		echo '[0-9a-f]{2}:[a-z]:[0-9a-f]{4}|rapidio[0-9]+|none' ;;
	partner_port)		echo '[0-9]+|none' ;;
	port_state)		echo 'up|down|unavailable' ;;
	tx_state|multiple_ack|pna_recovery)
				echo "$STATE" ;;
	tx_plan)		echo 'on|off' ;;
	tx_reason)		echo "$TX_WHY" ;;
	multiple_ack_reason|pna_recovery_reason)
				echo "$LAT_WHY" ;;
	symbol_format)		echo 'cs48|cs64|rev2|unknown|none' ;;
	generation|participation|xoff|per_vc)
				echo '[01]' ;;
	tx_group_size|rx_group_size)
				echo '[0-6]' ;;
	staging_map)		echo '([0-9]+( [0-9]+)*)?' ;;
	*)			return 1 ;;
	esac
}

# Every file of every voq/ (switches, endpoints, mports) but csr_live
# (0400, root's live read), one path a line, in a stable order
voq_files() {
	for v in /sys/bus/rapidio/devices/*/voq /sys/class/rapidio_port/*/voq; do
		for f in $v/* $v/port[0-9]*/*; do
			[ -f "$f" ] && [ "${f##*/}" != csr_live ] && echo "$f"
		done
	done
}

# Each file against its pattern (one line, matching whole), read by root
# and by a user: the same content; csr_live read by root only
check_voq_files() {	# what the fabric is
	T=$(mktemp -d)
	chmod 755 "$T"
	voq_files > "$T/files"
	# Each "path=value" (newlines shown as "|"), by whoever runs it
	cat > "$T/dump" <<-'EOF'
	while read -r f; do
		printf '%s=%s\n' "$f" "$(cat "$f" 2>&1 | tr '\n' '|')"
	done < "$1"
	EOF
	sh "$T/dump" "$T/files" > "$T/root"
	su -s /bin/sh nobody -c "sh $T/dump $T/files" > "$T/user" 2>/dev/null
	nf=0 bad=0
	for f in $(cat "$T/files"); do
		nf=$((nf + 1))
		re=$(pattern "${f##*/}") || { echo "# $f: no pattern"; bad=$((bad + 1)); continue; }
		[ "$(wc -l < "$f")" = 1 ] && grep -Eqx "$re" "$f" ||
			{ echo "# $f: '$(cat "$f" 2>&1)'"; bad=$((bad + 1)); }
	done
	for f in /sys/bus/rapidio/devices/*/voq/port[0-9]*/csr_live \
		 /sys/class/rapidio_port/*/voq/port[0-9]*/csr_live; do
		[ -f "$f" ] || continue
		grep -Eqx "$(pattern csr_live)" "$f" ||
			{ echo "# $f: '$(cat "$f" 2>&1)'"; bad=$((bad + 1)); }
		[ "$(stat -c %a "$f")" = 400 ] ||
			{ echo "# $f: mode $(stat -c %a "$f")"; bad=$((bad + 1)); }
	done
	check "$1: $nf files, each one value of its pattern" test $nf -gt 0 -a $bad -eq 0
	check "$1: the same content for root and a user" cmp -s "$T/root" "$T/user"
	cmp "$T/root" "$T/user" | sed 's/^/# /'
	rm -rf "$T"
}

ktap_mount configfs /sys/kernel/config
ktap_mount debugfs /sys/kernel/debug
[ -z "$(ls /sys/class/rapidio_port 2>/dev/null)" ] ||
	ktap_skip_all "the system has a RapidIO mport already:" \
		"the checks scan every mport and count devices"

# On any exit: the fabrics this test made go down and away, and the
# modules it loaded are unloaded
cleanup() {
	for f in $C/f1 $C/fi $C/wf $C/loop $C/vs $C/lat $C/soak; do
		[ -d "$f" ] || continue
		echo 0 > "$f/live"
		rmdir "$f"/* "$f"
	done 2>/dev/null
	rio_unload
}
trap cleanup EXIT
rio_load

splat0=$(splats)
kmemleak_baseline

# A custom fabric: host - switch - two endpoints, one without VoQ
mkdir $C/f1 $C/f1/host $C/f1/sw $C/f1/ep1 $C/f1/ep2
echo 1 > $C/f1/sw/switch
echo 4 > $C/f1/sw/ports
echo none > $C/f1/ep2/voq
printf 'host 0 sw 0 2\nsw 1 ep1 0 3\nsw 2 ep2 0 2\n' > $C/f1/links
echo 0 > $C/f1/host_destid
check "configfs fabric goes live" sh -c "echo 1 > $C/f1/live"
check "live fabric has an mport" grep -q rio-sim $C/f1/mport
scan_all
check "core enumerates the configfs fabric: 3 devices" test "$(ndevs)" -eq 3
check "description is frozen while live" refused sh -c "echo 8 > $C/f1/sw/ports"
check "no new device while live" refused mkdir $C/f1/late
check "going down removes the devices" \
	sh -c "echo 0 > $C/f1/live && test \$(ls /sys/bus/rapidio/devices | wc -l) -eq 0"

# Each port shows only the files that apply to it: group sizes on rev 3+
# blocks, per_vc and generation where the port supports them; a board
# swapped for one with other capabilities gets the files of the new one
mkdir $C/vis $C/vis/host $C/vis/sw $C/vis/ep1 $C/vis/ep2
echo 1 > $C/vis/sw/switch
echo 4 > $C/vis/sw/ports
echo 1 > $C/vis/sw/em	# its port-writes tell of the swap
echo rev2 > $C/vis/ep1/voq
echo 0x400fe000 > $C/vis/ep2/voq_caps	# receives only, every group size
printf 'host 0 sw 0 2\nsw 1 ep1 0 2\nsw 2 ep2 0 2\n' > $C/vis/links
echo 0 > $C/vis/host_destid
echo 1 > $C/vis/live
scan_all
vdir() {	# the voq/ directory with $1 ports, layout $2, port0 capabilities $3
	for v in /sys/bus/rapidio/devices/*/voq; do
		[ "$(ls -d $v/port[0-9]* | wc -l)" = "$1" ] &&
			[ "$(cat $v/layout)" = "$2" ] &&
			[ "$(cat $v/port0/capabilities)" = "$3" ] && echo $v && return
	done
}
R2=$(vdir 1 rev2 0xe0000000)/port0
RX=$(vdir 1 rev3 0x400fe000)/port0
SW=$(vdir 4 rev3 0xe00fe000)/port2
echo "# ports: rev 2.x $R2, receive-only $RX, switch $SW"
check "rev 2.x port: no group size files" \
	sh -c "test -e $R2/generation -a -e $R2/per_vc -a ! -e $R2/tx_group_size \
		-a ! -e $R2/rx_group_size -a ! -e $R2/group_sizes_supported"
check "receive-only port: no generation, no per_vc" \
	sh -c "test ! -e $RX/generation -a ! -e $RX/per_vc -a -e $RX/tx_group_size \
		-a -e $RX/rx_group_size -a -e $RX/xoff"
check "the switch's port shows every file" \
	sh -c "test -e $SW/generation -a -e $SW/per_vc -a -e $SW/tx_group_size \
		-a -e $SW/group_sizes_supported"
D=/sys/kernel/debug/rio-sim/$(cat $C/vis/mport)
ep2=$(sed -n 's/^dev=[0-9]* port=2 peer=\([0-9]*\)\.0 .*/\1/p' \
	$(grep -l 'switch=1' $D/dev*/ports))
check_voq_files "rev 2.x, rev 3 and receive-only ports"
echo "1 rev3 e00fe000" > $D/dev$ep2/replace
echo 1 > $D/pw_flush
RX=$(vdir 1 rev3 0xe00fe000)/port0
check "a board that can generate, swapped in: generation and per_vc appear" \
	sh -c "test -e $RX/generation -a -e $RX/per_vc"
echo 0 > $C/vis/live
rmdir $C/vis/host $C/vis/sw $C/vis/ep1 $C/vis/ep2 $C/vis

# Bad input is refused and changes nothing
check "ports 0 refused" refused sh -c "echo 0 > $C/f1/sw/ports"
check "ports 256 refused" refused sh -c "echo 256 > $C/f1/sw/ports"
check "map 3 refused" refused sh -c "echo 3 > $C/f1/sw/map"
check "voq rev4 refused" refused sh -c "echo rev4 > $C/f1/sw/voq"
check "unknown topology refused" refused sh -c "echo mesh:4 > $C/f1/topology"
check "ports unchanged by bad input" test "$(cat $C/f1/sw/ports)" = 4
printf 'host 0 nosuch 0 2\n' > $C/f1/links
check "link to an unknown device: live refused" refused sh -c "echo 1 > $C/f1/live"
check "and the fabric stays down" test "$(cat $C/f1/live)" = 0
rmdir $C/f1/host $C/f1/sw $C/f1/ep1 $C/f1/ep2 $C/f1

# Fault injection through debugfs: the 3rd access from now fails, once
mkdir $C/fi
echo single > $C/fi/topology
echo 0 > $C/fi/host_destid
echo 1 > $C/fi/live
D=/sys/kernel/debug/rio-sim/$(cat $C/fi/mport)
echo 3 > $D/fail_nth
check "fail_nth reads back what is pending" test "$(cat $D/fail_nth)" = 3
scan_all
check "the injected failure is counted, once" test "$(cat $D/failed)" = 1
check "and is no longer pending" test "$(cat $D/fail_nth)" = 0
echo 0 > $C/fi/live
rmdir $C/fi

# Write faults through debugfs, on the staging fabric's switch with a RAM
# map: "PORT MODE [MASK [NTH]]", listed when set, malformed ones refused
# (at most 63 characters; 47, and no NTH, for the map's faults)
mkdir $C/wf
echo staging > $C/wf/topology
echo 0 > $C/wf/host_destid
echo 1 > $C/wf/live
D=/sys/kernel/debug/rio-sim/$(cat $C/wf/mport)
S=$(dirname "$(ls $D/dev*/stg_wfault | head -n 1)")
check "a write fault is listed with its mask and first write" sh -c \
	"echo '1 stuck 0x3 2' > $S/wfault && \
		grep -qx 'port 1: stuck mask 0x00000003 from write 2 (0 seen)' $S/wfault"
check "write fault: unknown mode refused" refused sh -c "echo '1 sticky' > $S/wfault"
check "write fault: port beyond the device refused" refused sh -c "echo '8 ignore' > $S/wfault"
check "write fault: no mode refused" refused sh -c "echo 1 > $S/wfault"
check "write fault: 64 characters refused" refused sh -c "printf '1 ignore 0x%053d' 0 > $S/wfault"
check "write fault: a fifth word refused" refused sh -c "echo '1 ignore 0x1 2 5' > $S/wfault"
check "write fault: a port beyond 32 bits refused" \
	refused sh -c "echo '4294967297 ignore' > $S/wfault"
check "write fault: a mask beyond 32 bits refused" \
	refused sh -c "echo '1 stuck 0x100000003' > $S/wfault"
check "write fault: a first write that is not a number refused" \
	refused sh -c "echo '1 stuck 0x3 x' > $S/wfault"
check "bad input left the fault as it was" \
	grep -qx 'port 1: stuck mask 0x00000003 from write 2 (0 seen)' $S/wfault
check "write fault: 63 characters taken" sh -c "printf '1 ignore 0x%052d' 0 > $S/wfault"
check "mode none clears it" sh -c "echo '1 none' > $S/wfault && test -z \"\$(cat $S/wfault)\""
check "a staging-map fault is listed" sh -c \
	"echo '1 readback 0x1' > $S/stg_wfault && \
		grep -qx 'port 1: readback mask 0x01' $S/stg_wfault"
check "staging-map fault: a first write refused (it starts when set)" \
	refused sh -c "echo '1 ignore 0x1 2' > $S/stg_wfault"
check "staging-map fault: a mask that is not hex refused" \
	refused sh -c "echo '1 ignore zz' > $S/stg_wfault"
check "staging-map fault: a trailing word refused" \
	refused sh -c "echo '1 ignore 0x1 x' > $S/stg_wfault"
check "staging-map fault: 48 characters refused" \
	refused sh -c "printf '1 ignore 0x%037d' 0 > $S/stg_wfault"
check "bad input left the map's fault as it was" grep -qx 'port 1: readback mask 0x01' $S/stg_wfault
check "staging-map fault: 47 characters taken" sh -c "printf '1 none 0x%038d' 0 > $S/stg_wfault"
echo 0 > $C/wf/live
rmdir $C/wf

# 50 create / enumerate / destroy cycles of a canned fabric
mkdir $C/loop
echo star:4 > $C/loop/topology
echo 0 > $C/loop/host_destid
good=0
i=0
while [ $i -lt 50 ]; do
	echo 1 > $C/loop/live && scan_all && [ "$(ndevs)" -eq 5 ] &&
		echo 0 > $C/loop/live && [ "$(ndevs)" -eq 0 ] && good=$((good + 1))
	i=$((i + 1))
done
check "50 create/enumerate/destroy cycles" test $good -eq 50
rmdir $C/loop

# rio-voq sysfs, as root and as a user, on a host <-> endpoint link
mkdir $C/vs
echo single > $C/vs/topology
echo 0 > $C/vs/host_destid
echo 1 > $C/vs/live
scan_all
H=$(echo /sys/class/rapidio_port/$(cat $C/vs/mport | sed 's/rio-sim/rapidio/')/voq/port0)
P=$(echo /sys/bus/rapidio/devices/*/voq/port0)
check "voq/ of the mport and of the device exist" test -d "$H" -a -d "$P"
check "layout of the device is rev3" test "$(cat $P/../layout)" = rev3
check "partner names the device and its port" \
	sh -c "grep -qx $(basename $(dirname $(dirname $P))) $H/partner_device &&
		grep -qx 0 $H/partner_port"
check "the device's partner is the mport" \
	sh -c "grep -qx $(basename $(dirname $(dirname $H))) $P/partner_device"
check "generation on both ways" \
	sh -c "grep -qx on $H/tx_state && grep -qx on $P/tx_state && grep -qx none $H/tx_reason"
check "capabilities" test "$(cat $H/capabilities)" = 0xe00fe000
check "group sizes supported" test "$(cat $H/group_sizes_supported)" = "0 1 2 3 4 5 6"
check "root sets TX group size 2" sh -c "echo 2 > $H/tx_group_size"
check "... which is the partner's RX size" \
	sh -c "test \$(cat $H/tx_group_size) = 2 && test \$(cat $P/rx_group_size) = 2"
check "... with generation back on" sh -c "test \$(cat $H/generation) = 1"
hcsr=$(cat $H/csr) pcsr=$(cat $P/csr)
check "user nobody runs a shell (su), for the checks that follow" su -s /bin/sh nobody -c true
for f in generation participation xoff per_vc tx_group_size rx_group_size \
	 symbol_format staging_map; do
	check "user cannot write $f" \
		sh -c "test -e $H/$f && ! su -s /bin/sh nobody -c 'echo 0 > $H/$f'"
done
long=$(head -c 5000 /dev/zero | tr '\0' 1)
for f in generation participation xoff per_vc tx_group_size rx_group_size \
	 symbol_format staging_map; do
	bad=0
	for v in "" " " "  1" "-1" "7" "4294967296" "0x1" "1abc" "1 2" "$long" "é"; do
		printf '%s\n' "$v" > $H/$f 2>/dev/null && bad=$((bad + 1)) &&
			echo "# $f took '$v'"
	done
	check "bad input refused by $f" test $bad -eq 0
done
check "staging: 4 queues, the endpoint's one port in queue 0" \
	sh -c "test \$(cat $H/staging_queues) = 4 && test \"\$(cat $H/staging_map)\" = 0"
check "staging map: root moves it to queue 3" \
	sh -c "echo 3 > $H/staging_map && test \"\$(cat $H/staging_map)\" = 3"
check "staging map: queue 4, two entries refused" \
	sh -c "! echo 4 > $H/staging_map && ! echo '3 3' > $H/staging_map && \
		test \"\$(cat $H/staging_map)\" = 3"
check "bad input changed neither end" \
	sh -c "test \$(cat $H/csr) = $hcsr && test \$(cat $P/csr) = $pcsr"

# Parallel writers on the link while the fabric goes away: each loops
# until its file disappears (at most 100000 times), so that removal
# lands while they write
writer() {	# file, then the values to cycle through
	f=$1 i=0
	shift
	while [ -e "$f" ] && [ $i -lt 100000 ]; do
		for v in "$@"; do echo "$v" > "$f"; done
		i=$((i + 1))
	done 2>/dev/null
	echo $i > "$T/writer.${f##*/}"
}
T=$(mktemp -d)
writer $H/tx_group_size 0 1 &
writer $P/rx_group_size 0 4 &
writer $H/xoff 1 0 &
( while [ -e $H/csr ]; do cat $H/csr $P/tx_state $P/tx_reason; done ) > /dev/null 2>&1 &
sleep 1
echo 0 > $C/vs/live
wait
check "writers were still writing when the fabric went away" \
	test "$(cat "$T"/writer.* | awk '$1 > 0 && $1 < 100000' | wc -l)" -eq 3
check "writers and removal: the fabric is gone" test "$(ndevs)" -eq 0
rmdir $C/vs
rm -rf "$T"

# Latency optimization: host (map I) - sw (map II, both features) -
# sw2 (map II, multiple acknowledges only).  The files are on the map II
# ports only; what each reads, the admin's choices and refusals, bad
# input, users, and writers while the fabric goes away.
mkdir $C/lat $C/lat/host $C/lat/sw $C/lat/sw2
for d in sw sw2; do
	echo 1 > $C/lat/$d/switch
	echo 4 > $C/lat/$d/ports
	echo 2 > $C/lat/$d/map
done
echo 0xe0000000 > $C/lat/sw/lat_caps
echo 0x80000000 > $C/lat/sw2/lat_caps
printf 'host 0 sw 0 2\nsw 1 sw2 0 2\n' > $C/lat/links
echo 0 > $C/lat/host_destid
echo 1 > $C/lat/live
scan_all
ldir() {	# the voq/ port directory whose latency_capabilities read $1
	for p in /sys/bus/rapidio/devices/*/voq/port[0-9]*; do
		[ "$(cat $p/latency_capabilities 2>/dev/null)" = "$1" ] &&
			[ "$(cat $p/partner_device)" != none ] &&
			! grep -qx no_partner_register $p/multiple_ack_reason &&
			echo $p && return
	done
}
A=$(ldir 0xe0000000)
B=$(ldir 0x80000000)
H=$(echo /sys/class/rapidio_port/$(cat $C/lat/mport | sed 's/rio-sim/rapidio/')/voq/port0)
echo "# latency optimization: $A <-> $B"
echo "# the files of a port: $(ls $A | tr '\n' ' ')"
check "the map II ends of the switches' link have the files" test -n "$A" -a -n "$B"
check "the mport's map I port has none" \
	sh -c "test ! -e $H/multiple_ack -a ! -e $H/latency_csr -a -e $H/csr"
check "multiple acknowledges on at both ends" \
	sh -c "grep -qx on $A/multiple_ack && grep -qx on $B/multiple_ack"
check "ackID-in-PNA off, each end saying why" \
	sh -c "grep -qx off $A/pna_recovery &&
		grep -qx partner_unsupported $A/pna_recovery_reason &&
		grep -qx off $B/pna_recovery && grep -qx unsupported $B/pna_recovery_reason"
check "the registers: bit 8 set at both ends, bit 9 at neither" \
	sh -c "test \$(cat $A/latency_csr) = 0xe0800000 && test \$(cat $B/latency_csr) = 0x80800000"
acsr=$(cat $A/latency_csr) bcsr=$(cat $B/latency_csr)
check_voq_files "map I and map II ports, latency optimization"
for f in multiple_ack pna_recovery; do
	check "user cannot write $f" \
		sh -c "test -e $A/$f && ! su -s /bin/sh nobody -c 'echo off > $A/$f'"
	bad=0
	for v in "" " " "1" "0" "ON" "on2" " on" "on off" "$long" "é"; do
		printf '%s\n' "$v" > $A/$f 2>/dev/null && bad=$((bad + 1)) &&
			echo "# $f took '$v'"
	done
	check "bad input refused by $f" test $bad -eq 0
done
check "ackID-in-PNA on toward a partner without it: refused (EXDEV)" \
	sh -c "echo on 2>&1 > $A/pna_recovery | grep -q 'cross-device'"
check "refusals and bad input changed neither end" \
	sh -c "test \$(cat $A/latency_csr) = $acsr && test \$(cat $B/latency_csr) = $bcsr"
check "root turns multiple acknowledges off at one end: off at both" \
	sh -c "echo off > $A/multiple_ack && \
		grep -qx off $A/multiple_ack && grep -qx admin $A/multiple_ack_reason && \
		grep -qx off $B/multiple_ack && grep -qx admin $B/multiple_ack_reason && \
		test \$(cat $A/latency_csr) = 0xe0000000 && \
		test \$(cat $B/latency_csr) = 0x80000000"
check "auto at the other end: the policy again, on at both" \
	sh -c "echo auto > $B/multiple_ack && grep -qx on $A/multiple_ack && \
		test \$(cat $B/latency_csr) = 0x80800000"
T=$(mktemp -d)
writer $A/multiple_ack off on auto &
writer $B/pna_recovery off auto &
( while [ -e $A/latency_csr ]; do
	cat $A/latency_csr $B/multiple_ack $B/multiple_ack_reason
done ) > /dev/null 2>&1 &
sleep 1
echo 0 > $C/lat/live
wait
check "latency writers were still writing when the fabric went away" \
	test "$(cat "$T"/writer.* | awk '$1 > 0 && $1 < 100000' | wc -l)" -eq 2
check "latency writers and removal: the fabric is gone" test "$(ndevs)" -eq 0
rmdir $C/lat/host $C/lat/sw $C/lat/sw2 $C/lat
rm -rf "$T"

# The soak: a random fabric, random events, the invariants from rio-sim's
# registers after each (soak_lib.sh); the seed is $soak_seed (the UML
# harness passes soak_seed= on the kernel command line), at most
# $soak_events events (60) in $soak_secs seconds (25)
. ./soak_lib.sh
soak "${soak_seed:-1}" "${soak_events:-60}" "${soak_secs:-25}"

check_no_leak "kmemleak: no new unreferenced object"
check_no_splat "no new KASAN, lockdep, UBSAN or WARNING report" "$splat0"
ktap_finished
