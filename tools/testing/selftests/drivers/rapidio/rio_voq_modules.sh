#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rio-voq and rio-sim as modules, loaded and unloaded in every order:
#
#  - rio_sim loads with a fabric without pulling rio_voq in, and the core
#    enumerates it; then rio_voq loads and catches up (voq/ directories,
#    links configured);
#  - rio_voq unloads with sysfs files held open and writers running, and
#    comes back;
#  - rio_sim unloads while rio_voq is loaded, 10 times, and its mports
#    are released before its code goes;
#  - rio_voq loads and unloads 50 times with a fabric present;
#  - no lockdep, debug-objects, kobject or other report, no leak.
#
# Modules are loaded by name (modprobe, modules.dep): whatever modules
# the code is split into, their dependencies come along.  KTAP output
# (ktap_lib.sh).
#
# Needs rio_voq and rio_sim as modules, no RapidIO module loaded and no
# RapidIO mport (rio-sim's is rapidio0; its host has destination ID 0
# and enumerates: rapidio.hdid=0 on the kernel command line), and
# dynamic debug (rio-sim's "released" line).
# The repository's UML boot test runs
# it on a kernel with lockdep, kmemleak, debug objects and delayed
# kobject release (scripts/uml-test.sh).
cd "$(dirname "$0")" || exit 1
. ./ktap_lib.sh
ktap_require_root
ktap_mount debugfs /sys/kernel/debug
# Built-in code has a /sys/module directory but no /proc/modules line
for m in rio_voq rio_sim; do
	modinfo $m >/dev/null 2>&1 ||
		ktap_skip_all "no module $m: CONFIG_RAPIDIO_VOQ=m, CONFIG_RAPIDIO_SIM=m"
	[ ! -d /sys/module/$m ] || grep -q "^$m " /proc/modules ||
		ktap_skip_all "$m is built in: CONFIG_RAPIDIO_VOQ=m, CONFIG_RAPIDIO_SIM=m"
done
! grep -q '^rio_' /proc/modules || ktap_skip_all "RapidIO modules are loaded already"
[ -z "$(ls /sys/class/rapidio_port 2>/dev/null)" ] ||
	ktap_skip_all "the system has a RapidIO mport already"
T=$(mktemp -d)
# On any exit: whatever is left loaded goes, and the scratch directory
trap 'modprobe -r rio_voq rio_sim 2>/dev/null; rm -rf "$T"' EXIT

# Open a file on a descriptor; a missing file must not end init (a
# failed redirection of exec ends a POSIX shell): /dev/null instead
hold() {	# fd file
	[ -e "$2" ] || set -- "$1" /dev/null
	eval "exec $1< \"\$2\""
}

B=/sys/bus/rapidio/devices
H=/sys/class/rapidio_port/rapidio0/voq/port0
ndevs() { ls $B 2>/dev/null | wc -l; }
nvoq() { ls -d $B/*/voq 2>/dev/null | wc -l; }
# voqmix: the host's link and the link of its partner's end configured
configured() {
	[ "$(cat $H/tx_state 2>/dev/null)" = on ] || return 1
	set -- "$(cat $H/partner_device)" "$(cat $H/partner_port)"
	[ "$(cat $B/$1/voq/port$2/tx_state)" = on ]
}
sim_up() {	# load rio_sim with voqmix and let the core enumerate it
	modprobe rio_sim topology=voqmix dyndbg=+p &&
		echo 0 > /sys/bus/rapidio/scan && [ "$(ndevs)" -eq 9 ]
}
# Unload rio_sim and mark in the log when rmmod returned.  The mport's
# last reference may go after rio_unregister_mport() (delayed kobject
# release: 1 to 4 s later); its release callback is rio_sim's code, so
# "rio-simN released" must come before the mark, never after, when the
# module text is already freed (a hang or a crash, or, when the next
# rio_sim happens to load at the same address, nothing visible).
sim_down() {
	rmmod rio_sim && echo "rio-test: rmmod rio_sim returned" > /dev/kmsg
}
# Every mark preceded by a release, and as many releases as marks
released_first() {
	dmesg | awk '/rio-sim[0-9]+ released/ { r++; next }
		/rio-test: rmmod rio_sim returned/ { m++; if (r != m) bad = 1 }
		END { exit bad || !m || r != m }'
}

splat0=$(splats)
kmemleak_baseline

# A fabric first, enumerated without rio-voq
check "rio_sim loads with a voqmix fabric, without pulling rio_voq in" \
	sh -c "modprobe rio_sim topology=voqmix dyndbg=+p && \
		! grep -q '^rio_voq ' /proc/modules"
echo 0 > /sys/bus/rapidio/scan
check "the core enumerates it: 9 devices" test "$(ndevs)" -eq 9

# rio_voq catches up with the scan it missed
check "rio_voq loads" modprobe rio_voq
check "catch-up: voq/ of the mport and of the 8 devices with a VoQ block" \
	sh -c "test -d $H && test \$(ls -d $B/*/voq | wc -l) -eq 8"
check "catch-up: the host's link is configured at both ends" configured

# Unload with files held open and writers running: each writer loops
# until its file disappears, or until told to stop (when the unload
# failed), and says which after how many rounds
writer() {	# name, file, then the values to cycle through
	w=$1 f=$2 i=0
	shift 2
	while [ -e "$f" ] && [ ! -e "$T/stop" ]; do
		for v in "$@"; do echo "$v" > "$f"; done
		i=$((i + 1))
	done 2>/dev/null
	if [ -e "$f" ]; then echo "stopped $i"; else echo "gone $i"; fi > "$T/writer.$w"
}
set -- "$(cat $H/partner_device)" "$(cat $H/partner_port)"
P=$B/$1/voq/port$2
IDLE=$(for d in $B/*/voq; do
	for p in "$d"/port[0-9]*; do
		[ "$(cat "$p/tx_state")" = none ] && { echo "$p"; break 2; }
	done
done)
hold 3 $H/csr
hold 4 "$P/tx_state"
writer 1 $H/tx_group_size 0 1 &
writer 2 $P/rx_group_size 0 4 &
writer 3 "$IDLE/xoff" 1 0 &
( while [ -e $H/csr ]; do cat $H/csr $P/tx_state "$IDLE/participation"; done ) > /dev/null 2>&1 &
sleep 1
check "rio_voq unloads with files held open and writers running" rmmod rio_voq
touch "$T/stop"
wait
check "the writers were still writing when it went" \
	test "$(cat "$T"/writer.* | awk '$1 == "gone" && $2 > 0' | wc -l)" -eq 3
check "its voq/ directories are gone" test "$(nvoq)" -eq 0 -a ! -e $H
check "a file held open across the unload reads an error, not stale data" refused cat <&3
check "... the other too" refused cat <&4
exec 3<&- 4<&-
check "the fabric stays: 9 devices" test "$(ndevs)" -eq 9

check "rio_voq loads again" modprobe rio_voq
check "... and configures the host's link at both ends again" configured

# rio_sim goes away under a loaded rio_voq, 10 times
check "rio_sim unloads while rio_voq is loaded" sim_down
check "... the devices and the mport are gone" \
	test "$(ndevs)" -eq 0 -a ! -e /sys/class/rapidio_port/rapidio0
check "... rio_voq stays, with no link left" \
	sh -c "grep -q '^rio_voq ' /proc/modules && test -e /sys/kernel/debug/rio-voq/links &&
		test -z \"\$(cat /sys/kernel/debug/rio-voq/links)\""
good=0
i=0
while [ $i -lt 10 ]; do
	sim_up && configured && sim_down && [ "$(ndevs)" -eq 0 ] && good=$((good + 1))
	i=$((i + 1))
done
check "10 times: rio_sim loads, its fabric is configured, it unloads under rio_voq" \
	test $good -eq 10
check "... each time its mport was released before rmmod returned" released_first
released_first || dmesg | grep -E 'rio-sim[0-9]+ released|rio-test:' | sed 's/^/# /' | tail -n 24
echo "# uptime $(cut -d' ' -f1 /proc/uptime) s"

# rio_voq loads and unloads 50 times with a fabric present, a file held
# open each time (each rmmod takes about 7 s: the module's kobject is
# released 1 to 4 s after its children, themselves released late); the
# first cycles say where the time goes
check "rio_voq unloads with no fabric" rmmod rio_voq
check "rio_sim loads again, the core enumerates it" sim_up
up() { cut -d' ' -f1 /proc/uptime; }
good=0
i=0
while [ $i -lt 50 ]; do
	t0=$(up)
	if modprobe rio_voq && configured; then
		t1=$(up)
		hold 3 $H/csr
		rmmod rio_voq && [ "$(nvoq)" -eq 0 ] && ! cat <&3 >/dev/null 2>&1 &&
			good=$((good + 1))
		exec 3<&-
		[ $i -ge 3 ] ||
			echo "# cycle $i: load and configure $t0 -> $t1 s, unload -> $(up) s"
	fi
	i=$((i + 1))
	[ $((i % 10)) -ne 0 ] ||
		echo "# $i cycles, $good good, uptime $(cut -d' ' -f1 /proc/uptime) s"
done
check "50 times: rio_voq loads, configures the fabric, unloads with a file open" test $good -eq 50
echo "# uptime $(cut -d' ' -f1 /proc/uptime) s"
rmmod rio_sim && rmmod rio_spec
check "every rio module unloads (rio_spec last)" sh -c "! grep -q '^rio_' /proc/modules"

# Delayed kobject releases run 1 to 4 s after the last put: wait for
# them before counting reports (a release left in unloaded module text
# crashes here)
sleep 6
check_no_leak "kmemleak: no new unreferenced object"
check_no_splat "no lockdep, debug-objects, kobject, UBSAN or WARNING report" "$splat0"
ktap_finished
