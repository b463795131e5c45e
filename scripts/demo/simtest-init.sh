#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# UML boot test, run by busybox as init on a kernel with KASAN, lockdep
# and kmemleak: rio-sim's configfs descriptions and bad input, 50
# create/scan/destroy cycles, rio-voq's sysfs as root and as a user with
# a bad-input corpus, concurrent writers and removal, a seeded soak of
# random events on a random fabric (soak.sh), then no new sanitizer
# report and no leak.  Prints "ok N - ..." / "not ok N - ..." and a
# closing "N passed, N failed" line.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
mount -t configfs configfs /sys/kernel/config

. /tap.sh
ndevs() { ls /sys/bus/rapidio/devices | wc -l; }
scan_all() { for m in /sys/class/rapidio_port/*; do echo "${m##*rapidio}" > /sys/bus/rapidio/scan; done; }

C=/sys/kernel/config/rio-sim

# Reports the kernel made before any test (UML 6.1 itself warns of
# suspicious RCU usage in lib/maple_tree.c at boot): later ones are ours.
# Every headline of KASAN, lockdep ("WARNING: possible circular locking
# dependency detected", "INFO: ..."), UBSAN, debug objects and WARN().
SPLAT='BUG: |WARNING: |INFO: |UBSAN:|ODEBUG:|Kernel mode fault|kernel BUG'
splat0=$(dmesg | grep -c -E "$SPLAT")

# Leak baseline: whatever kmemleak suspects from boot is marked known
KL=/sys/kernel/debug/kmemleak
check "kmemleak is active" sh -c "echo scan > $KL && echo clear > $KL"

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
check "going down removes the devices" sh -c "echo 0 > $C/f1/live && test \$(ls /sys/bus/rapidio/devices | wc -l) -eq 0"

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
check "partner names the device" grep -q "^$(basename $(dirname $(dirname $P))) 0$" $H/partner
check "link configured both ways" sh -c "grep -qx configured $H/link_status && grep -qx configured $P/link_status"
check "capabilities" test "$(cat $H/capabilities)" = "gen rx per_vc"
check "group sizes supported" test "$(cat $H/group_sizes_supported)" = "0 1 2 3 4 5 6"
check "root sets TX group size 2" sh -c "echo 2 > $H/tx_group_size"
check "... which is the partner's RX size" sh -c "test \$(cat $H/tx_group_size) = 2 && test \$(cat $P/rx_group_size) = 2"
check "... with generation back on" sh -c "test \$(cat $H/generation) = 1"
hcsr=$(cat $H/csr) pcsr=$(cat $P/csr)
for f in generation participation xoff per_vc tx_group_size rx_group_size symbol_format staging_map; do
	check "user cannot write $f" refused su -s /bin/sh nobody -c "echo 0 > $H/$f"
done
long=$(head -c 5000 /dev/zero | tr '\0' 1)
for f in generation participation xoff per_vc tx_group_size rx_group_size symbol_format staging_map; do
	bad=0
	for v in "" " " "  1" "-1" "7" "4294967296" "0x1" "1abc" "1 2" "$long" "é"; do
		printf '%s\n' "$v" > $H/$f 2>/dev/null && bad=$((bad + 1)) &&
			echo "   $f took '$v'"
	done
	check "bad input refused by $f" test $bad -eq 0
done
check "staging: 4 queues, the endpoint's one port in queue 0" \
	sh -c "test \$(cat $H/staging_queues) = 4 && test \"\$(cat $H/staging_map)\" = 0"
check "staging map: root moves it to queue 3" sh -c "echo 3 > $H/staging_map && test \"\$(cat $H/staging_map)\" = 3"
check "staging map: queue 4, two entries refused" sh -c "! echo 4 > $H/staging_map && ! echo '3 3' > $H/staging_map && test \"\$(cat $H/staging_map)\" = 3"
check "bad input changed neither end" sh -c "test \$(cat $H/csr) = $hcsr && test \$(cat $P/csr) = $pcsr"

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
	echo $i > /tmp/writer.$$.$RANDOM
}
rm -f /tmp/writer.*
writer $H/tx_group_size 0 1 &
writer $P/rx_group_size 0 4 &
writer $H/xoff 1 0 &
( while [ -e $H/csr ]; do cat $H/csr $P/link_status; done ) > /dev/null 2>&1 &
sleep 1
echo 0 > $C/vs/live
wait
check "writers were still writing when the fabric went away" \
	test "$(cat /tmp/writer.* | awk '$1 > 0 && $1 < 100000' | wc -l)" -eq 3
check "writers and removal: the fabric is gone" test "$(ndevs)" -eq 0
rmdir $C/vs

# The soak: a random fabric, random events, the invariants from rio-sim's
# registers after each (soak.sh); the seed is the kernel's soak_seed=,
# at most 60 events in 25 s of guest time unless soak_events= and
# soak_secs= say otherwise
. /soak.sh
soak "${soak_seed:-1}" "${soak_events:-60}" "${soak_secs:-25}"

check "no new KASAN, lockdep, UBSAN or WARNING report" \
	test "$(dmesg | grep -c -E "$SPLAT")" -eq "$splat0"
dmesg | grep -E -A30 "$SPLAT" | tail -n +$((splat0 * 31 + 1)) | head -60

# Nothing leaked since the baseline (kmemleak: two scans, as it
# recommends; it does not report objects younger than 5 seconds)
sleep 6
echo scan > $KL
echo scan > $KL
check "kmemleak: no new unreferenced object" refused grep -q '^unreferenced object' $KL
head -40 $KL

echo "$pass passed, $fail failed"
poweroff -f
