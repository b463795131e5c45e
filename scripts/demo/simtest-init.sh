#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# UML boot test of rio-sim's userspace interfaces, run by busybox as
# init: configfs descriptions, bad input, 50 create/scan/destroy cycles
# and a kmemleak scan.  Prints "ok N - ..." / "not ok N - ..." and a
# closing "N passed, N failed" line.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
mount -t configfs configfs /sys/kernel/config

pass=0 fail=0 n=0
check() {	# description, then a command that must succeed
	desc=$1
	shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then
		pass=$((pass + 1)); echo "ok $n - $desc"
	else
		fail=$((fail + 1)); echo "not ok $n - $desc"
	fi
}
refused() { ! "$@"; }
ndevs() { ls /sys/bus/rapidio/devices | wc -l; }
scan_all() { for m in /sys/class/rapidio_port/*; do echo "${m##*rapidio}" > /sys/bus/rapidio/scan; done; }

C=/sys/kernel/config/rio-sim

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

# Nothing leaked since the baseline (kmemleak: two scans, as it
# recommends; it does not report objects younger than 5 seconds)
sleep 6
echo scan > $KL
echo scan > $KL
check "kmemleak: no new unreferenced object" refused grep -q '^unreferenced object' $KL
head -40 $KL

echo "$pass passed, $fail failed"
poweroff -f
