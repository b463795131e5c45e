#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# riofm's test: a userspace fabric manager (riofm, through
# /dev/rio_mportN) works on the net rio-scan enumerated, and on a net it
# builds itself:
#
#  0. voqmix: the mport's link, asked before and after the scan, down
#     while the host's own link is down (from either end: remote
#     requests refused, rio-voq stops the host's port generating) and up
#     again (rio-voq plans it again); the port-writes of a link flap
#     read as struct rio_event's while rio-voq follows it; doorbells
#     between two hosts of the fabric (a second mport attached through
#     debugfs) both ways, to an endpoint that is no host, to no device.
#  1. voqmix, enumerated: maintenance reads and writes; an admin's XOFF
#     and participation on an idle port survive a refused rescan; an
#     endpoint and a switch deleted by component tag, an endpoint and a
#     switch by name, refused deletions, refused rescans, the endpoint
#     added back and a duplicate refused; rio-voq discovers a device
#     added from userspace but does not configure its link; every sysfs
#     file of every device (voq/ included) read after each step.
#  2. a rio-sim fabric (configfs, "staging") that is never enumerated:
#     riofm programs a route, adds both switches with RIO_DEV_ADD, a
#     rescan is refused, every sysfs file is read, the devices deleted.
#
# Then no new KASAN, lockdep, UBSAN or WARNING report and no new leak.
# Part 2 is last because a kernel that dies there loses only its checks.
# KTAP output (the RapidIO selftests' ktap_lib.sh).
#
# Needs riofm in PATH or beside this script, rio_mport_cdev, rio-sim
# built in with the voqmix fabric enumerated at boot (rapidio.hdid=0
# rio_sim.topology=voqmix: rapidio0) and rio-voq.  The repository's UML
# boot test runs it on a kernel with KASAN (kasan_multi_shot), lockdep
# and kmemleak (scripts/uml-test.sh).
cd "$(dirname "$0")" || exit 1
PATH=$PATH:$PWD
. ../testing/selftests/drivers/rapidio/ktap_lib.sh
ktap_require_root
ktap_mount debugfs /sys/kernel/debug
ktap_mount configfs /sys/kernel/config
ktap_mount devtmpfs /dev
command -v riofm >/dev/null || ktap_skip_all "no riofm: make -C tools/riofm"
grep -q 'rio_sim.topology=voqmix' /proc/cmdline ||
	ktap_skip_all "needs rapidio.hdid=0 rio_sim.topology=voqmix on the kernel command line"

exits() {	# status, command...: the command exits with that status
	want=$1
	shift
	"$@"
	test $? -eq "$want"
}

B=/sys/bus/rapidio/devices
C=/sys/kernel/config/rio-sim
ndevs() { ls $B | wc -l; }
ndevs_of() {	# the devices of an mport, by its ID as two hex digits
	c=0
	for d in "$B/$1":*; do [ -e "$d" ] && c=$((c + 1)); done
	echo $c
}
hexval() { printf '%d' "$(cat "$1")"; }	# a 0x... sysfs file as a number
comptag() { printf '%d' "0x${1##*:}"; }	# from the name: 00:e:0004 -> 4
# A device's maintenance address: destid and hop count (0xff for an
# endpoint, as the enumerator records it)
addr() {
	if [ -e $B/$1/hopcount ]; then
		echo "-d $(cat $B/$1/destid) -c $(cat $B/$1/hopcount)"
	else
		echo "-d $(cat $B/$1/destid) -c 0xff"
	fi
}
# Device ID CAR as the kernel recorded it: did << 16 | vid
devid() { printf '0x%04x%04x' "$(cat $B/$1/did)" "$(cat $B/$1/vid)"; }
# The register value riofm read: "0xOFFSET 0xVALUE"
rd() { riofm "$@" | awk '{ print $2 }'; }
# Start a listener (riofm pw or dbell-wait on MPORT, with -r FILE) in
# the background, its output in OUT, and wait until it has its range
# (it creates FILE), at most 30 s: its pid in $listener, status 1 if it
# is not ready by then or ended first
listen() {	# ready file, output file, mport, command, its options and arguments
	r=$1 out=$2 m=$3 c=$4
	shift 4
	rm -f "$r"
	riofm -m "$m" "$c" -r "$r" "$@" > "$out" 2>&1 &
	listener=$!
	i=0
	while [ ! -e "$r" ]; do
		kill -0 $listener 2>/dev/null || return 1
		[ $i -lt 300 ] || return 1
		sleep 0.1
		i=$((i + 1))
	done
}

splat0=$(splats)

# Every readable sysfs file of every RapidIO device, voq/ included (and
# the first 256 bytes of config space): prints the number that failed.
# Files of power/ are read but may fail (autosuspend_delay_ms is -EIO
# without runtime PM autosuspend).
read_all() {
	bad=0
	for d in $B/*; do
		[ -e "$d" ] || continue
		# sysfs names have no white space
		# shellcheck disable=SC2044
		for f in $(find "$d/" -type f -perm -400 ! -name config); do
			cat "$f" > /dev/null 2>&1 && continue
			case $f in */power/*) continue ;; esac
			bad=$((bad + 1))
			echo "# cannot read $f" >&2
		done
		head -c 256 "$d/config" > /dev/null 2>&1 ||
			{ bad=$((bad + 1)); echo "# cannot read $d/config" >&2; }
	done
	echo $bad
}
# lprev of every device names a device that is there, or the host
lprev_ok() {
	for d in $B/*; do
		[ -e "$d" ] || continue
		p=$(cat "$d/lprev") || return 1
		[ "$p" = root ] || [ -e "$B/$p" ] || { echo "# ${d##*/}: lprev $p is gone"; return 1; }
	done
}
kmemleak_baseline

# riofm's command line: refused before anything reaches the kernel
check "riofm -h exits 0" riofm -h
check "riofm without a command exits 2" exits 2 riofm
check "riofm: unaligned offset exits 2" exits 2 riofm read -l 0x6e
check "riofm: offset beyond the maintenance space exits 2" exits 2 riofm read -l 0x1000000
check "riofm: destid 0x10000 exits 2" exits 2 riofm read -d 0x10000 -c 0 0
check "riofm: hop count 256 exits 2" exits 2 riofm read -d 0 -c 256 0
check "riofm: a 21-character name exits 2" exits 2 riofm del -n 123456789012345678901
check "riofm: del by name and comptag at once exits 2" exits 2 riofm del -n x -t 1 -d 0 -c 0
check "riofm: del by comptag without a hop count exits 2" exits 2 riofm del -t 4 -d 4
check "riofm: no such mport exits 1" exits 1 riofm -m 9 info
check "riofm: -r is for pw and dbell-wait only: exits 2" exits 2 riofm read -l -r /tmp/r 0
check "riofm: -r without a file exits 2" exits 2 riofm pw -r ''

# ---- Part 1: the net rio-scan enumerated ------------------------------
M0=/sys/class/rapidio_port/rapidio0
check "/dev/rio_mport0 exists" test -c /dev/rio_mport0
check "riofm info: the host destination ID the kernel has" \
	test "$(riofm info | awk '$1 == "hdid" { print $2 }')" = "$(hexval $M0/port_destid)"
# Local access: the host's component tag CSR (0x6c) written and read back
ct0=$(rd read -l 0x6c)
check "local maintenance write and read back" \
	sh -c "riofm write -l 0x6c 0x00c0ffee && test \$(riofm read -l 0x6c | awk '{ print \$2 }') = 0x00c0ffee"
riofm write -l 0x6c "${ct0:-0}"

D0=/sys/kernel/debug/rio-sim/rio-sim0
check "riofm link: the host's link is up, 10.3125 Gbaud (code 6), 1x" \
	test "$(riofm link)" = "up 6 0"

echo 0 > /sys/bus/rapidio/scan
check "the core enumerates voqmix: 9 devices" test "$(ndevs)" -eq 9

# ---- The mport's own operations ----------------------------------------
# The host's own link (host port 0 == sw-a, dev1, port 0), taken down at
# the switch's end: no port-write can reach the host, the mport tells
# rio-voq, and a fabric manager that asks is told it is down.
H0=$M0/voq/port0
s=$(splats)
echo "0 0" > $D0/dev1/link
echo 1 > $D0/pw_flush
check "riofm link: down while the switch port facing the host is down" \
	sh -c "riofm link; test \$? -eq 1"
check "riofm info: link_speed 0" test "$(riofm info | awk '$1 == "link_speed" { print $2 }')" = 0
check "a remote read is refused: the mport's link is down" \
	sh -c "riofm read -d 0xff -c 0 0 2>&1 | grep -q 'link is down'"
check "rio-voq: the host's port stops generating toward its link" \
	test "$(cat $H0/generation)" = 0 -a "$(cat $H0/tx_state)" = down
echo "0 1" > $D0/dev1/link
echo 1 > $D0/pw_flush
check "riofm link: up again" test "$(riofm link)" = "up 6 0"
check "rio-voq: the host's link planned and written again" \
	test "$(cat $H0/generation)" = 1 -a "$(cat $H0/tx_state)" = on
# ... and at the mport's own end
echo 0 > $D0/link
echo 1 > $D0/pw_flush
check "the mport's link file takes it down: riofm link says so" \
	sh -c "test \$(cat $D0/link) = 0 && ! riofm link"
check "... and rio-voq stops generating" test "$(cat $H0/generation)" = 0
echo 1 > $D0/link
echo 1 > $D0/pw_flush
check "... and back" test "$(cat $D0/link)" = 1 -a "$(cat $H0/generation)" = 1
echo "# own port events: $(cat $D0/own_events)"

# Port-writes through the character device while a link flaps (sw-a
# port 1 == sw-48 port 0): down, sw-a's (sw-48's has no way to the
# host); up, both.  rio-voq follows the same port-writes meanwhile.
SWA1=$(for d in $B/*:s:*; do [ "$(cat $d/lprev)" = root ] && echo $d; done)/voq/port1
check "riofm pw is ready (-r) once it has its range" \
	listen /tmp/riofm-pw.ready /tmp/riofm-pw.out 0 pw -w 30 -e 3
pw_pid=$listener
echo "1 0" > $D0/dev1/link
echo 1 > $D0/pw_flush
check "rio-voq follows the link going down" \
	test "$(cat $SWA1/tx_state)" = down
echo "1 1" > $D0/dev1/link
echo 1 > $D0/pw_flush
wait $pw_pid
pw_rc=$?
sed 's/^/# /' /tmp/riofm-pw.out
check "riofm pw: 3 port-writes of the flap (struct rio_event)" \
	test $pw_rc -eq 0 -a "$(grep -c '^pw comptag' /tmp/riofm-pw.out)" -eq 3
check "rio-voq planned the link again" test "$(cat $SWA1/tx_state)" = on

# Doorbells between two hosts: a second mport attached on endpoint 9
# (ep, a.5), which the first host enumerated
destid_of() { sed -n '1s/.* destid=\([0-9]*\) .*/\1/p' "$D0/dev$1/ports"; }
ports0=$(ls /sys/class/rapidio_port | tr '\n' ' ')
echo 9 > $D0/attach
MB=''
for p in /sys/class/rapidio_port/*; do
	case " $ports0 " in *" ${p##*/} "*) ;; *) MB=${p##*/rapidio} ;; esac
done
echo "# second host on /dev/rio_mport$MB, destid $(destid_of 9)"
check "a second host's mport is attached: /dev/rio_mport$MB" test -c "/dev/rio_mport$MB"
check "riofm link on it: up, 3.125 Gbaud (code 3)" test "$(riofm -m "$MB" link)" = "up 3 0"
check "riofm dbell-wait on host B is ready (-r)" \
	listen /tmp/riofm-db.ready /tmp/riofm-db.out "$MB" dbell-wait -w 30 -e 2 0x100 0x1ff
db_pid=$listener
check "riofm dbell: host A to host B" riofm dbell -d "$(destid_of 9)" 0x155
check "riofm dbell: one outside B's range is taken and dropped" \
	riofm dbell -d "$(destid_of 9)" 0x200
check "riofm dbell: host A to host B again" riofm dbell -d "$(destid_of 9)" 0x1ff
wait $db_pid
db_rc=$?
sed 's/^/# /' /tmp/riofm-db.out
check "host B received both in its range, from ID 0" \
	test $db_rc -eq 0 -a "$(cat /tmp/riofm-db.out)" = "$(printf 'dbell from 0x0 info 0x0155\ndbell from 0x0 info 0x01ff')"
check "riofm dbell-wait on host A is ready (-r)" \
	listen /tmp/riofm-db.ready /tmp/riofm-db.out 0 dbell-wait -w 30 -e 1 0 0xffff
db_pid=$listener
check "riofm dbell: host B to host A" riofm -m "$MB" dbell -d 0 0xbeef
wait $db_pid
db_rc=$?
sed 's/^/# /' /tmp/riofm-db.out
check "host A received it, from B's ID" \
	test $db_rc -eq 0 -a "$(cat /tmp/riofm-db.out)" = "$(printf 'dbell from 0x%x info 0xbeef' "$(destid_of 9)")"
# (not "n": ktap_lib.sh counts the checks in it)
ndb=$(cat $D0/dbells)
check "a doorbell to an endpoint that is no host is accepted" riofm dbell -d "$(destid_of 6)" 7
check "... and counted" test "$(cat $D0/dbells)" -eq $((ndb + 1))
check "a doorbell to an ID no device has fails" exits 1 riofm dbell -d 0x77 7
echo 0 > $D0/link
check "a doorbell is refused while the mport's link is down" \
	sh -c "riofm dbell -d $(destid_of 9) 1 2>&1 | grep -q 'link is down'"
echo 1 > $D0/link
echo 1 > $D0/pw_flush
echo "rio-sim$MB" > $D0/detach
check "the second host's mport is detached" test ! -e "/dev/rio_mport$MB"
check_no_splat "no KASAN or lockdep report from the mport's operations" "$s"

# Remote reads: every device's Device ID CAR as the enumerator saw it
bad=0
for d in $B/*; do
	d=${d##*/}
	# shellcheck disable=SC2046
	v=$(rd read $(addr $d) 0x0)
	[ "$v" = "$(devid $d)" ] || { bad=$((bad + 1)); echo "# $d: read '$v', sysfs $(devid $d)"; }
done
check "remote maintenance reads: every device's did/vid as in sysfs" test $bad -eq 0

# The 48-port switch, its first endpoint, and the switch next to the host
SW48='' SWA=''
for d in $B/*:s:*; do
	[ "$(wc -l < $d/lnext)" -eq 48 ] && SW48=${d##*/}
	[ "$(cat $d/lprev)" = root ] && SWA=${d##*/}
done
EP=$(sed -n 2p $B/$SW48/lnext)
echo "# 48-port switch $SW48, its port 1 endpoint $EP, the host's partner $SWA"
check "voqmix as expected: a 48-port switch with an endpoint on port 1" \
	test -n "$SW48" -a -e "$B/$EP" -a -n "$SWA"
EPADDR=$(addr $EP) EPCT=$(comptag $EP) EPID=$(devid $EP)
SW48ADDR=$(addr $SW48) SW48CT=$(comptag $SW48)

# shellcheck disable=SC2086
old=$(rd read $EPADDR 0x6c)
# shellcheck disable=SC2086
check "remote maintenance write and read back (endpoint's component tag CSR)" \
	sh -c "riofm write $EPADDR 0x6c 0x00abcd00 && test \$(riofm read $EPADDR 0x6c | awk '{ print \$2 }') = 0x00abcd00"
# shellcheck disable=SC2086
riofm write $EPADDR 0x6c "${old:-0}"
check "a read of a destid no route leads to fails with exit 1" exits 1 riofm read -d 0xfe -c 0xff 0x0

# Reproduction 5: an admin's choices on an idle port survive a refused
# rescan
P7=$B/$SW48/voq/port7
check "port 7 of the 48-port switch is idle" test "$(cat $P7/tx_state)" = none
check "admin sets XOFF on it" sh -c "echo 1 > $P7/xoff && test \$(cat $P7/xoff) = 1"
check "admin clears its participation" sh -c "echo 0 > $P7/participation && test \$(cat $P7/participation) = 0"
check "a second scan of the mport is refused" refused sh -c "echo 0 > /sys/bus/rapidio/scan"
check "XOFF survives the refused rescan" test "$(cat $P7/xoff)" = 1
check "participation survives the refused rescan" test "$(cat $P7/participation)" = 0
H0_PARTNER=$(cat $M0/voq/port0/partner)

# Reproduction 1: deletions through rio_mport_cdev
s=$(splats)
# shellcheck disable=SC2086
check "RIO_DEV_DEL by comptag of endpoint $EP" riofm del -t $EPCT $EPADDR
check "... and it is gone" test ! -e $B/$EP
# shellcheck disable=SC2086
check "RIO_DEV_DEL by comptag of switch $SW48" riofm del -t $SW48CT $SW48ADDR
check "... and it is gone, with nothing else" sh -c "test ! -e $B/$SW48 && test \$(ls $B | wc -l) -eq 7"
bad=$(read_all)
check "every sysfs file of every device reads after the deletions" test "$bad" -eq 0
check "lprev of every device names a device still there, or root" lprev_ok
check_no_splat "no KASAN or lockdep report from deleting by comptag" "$s"

for d in $B/*:e:*; do LAST=${d##*/}; done
check "RIO_DEV_DEL by name of endpoint $LAST" riofm del -n $LAST
check "... and it is gone" test ! -e $B/$LAST
check "RIO_DEV_DEL of a name that is not there: exit 1" exits 1 riofm del -n 00:e:ffff
# shellcheck disable=SC2046
check "RIO_DEV_DEL by comptag with the wrong hop count: exit 1" \
	exits 1 riofm del -t $(comptag $SWA) -d $(cat $B/$SWA/destid) -c 7
check "... and the switch stays" test -e $B/$SWA
n0=$(ndevs)
check "a rescan after the deletions is refused" refused sh -c "echo 0 > /sys/bus/rapidio/scan"
check "... and changes no device" test "$(ndevs)" -eq "$n0"

# Devices added from userspace: the deleted endpoint, by the address the
# enumerator gave it
# shellcheck disable=SC2086
check "RIO_DEV_ADD of the deleted endpoint (comptag $EPCT)" riofm add -t $EPCT $EPADDR
check "... comes back under its name, with its did/vid" \
	sh -c "test -e $B/$EP && test \$(printf '0x%04x%04x' \$(cat $B/$EP/did) \$(cat $B/$EP/vid)) = $EPID"
# shellcheck disable=SC2086
check "RIO_DEV_ADD of a name that exists is refused" \
	exits 1 riofm add -n $SWA -t 0x77 $EPADDR
# shellcheck disable=SC2086
check "RIO_DEV_ADD of the same device again (same generated name) is refused" \
	exits 1 riofm add -t $EPCT $EPADDR
check "... and neither added a device" test "$(ndevs)" -eq $((n0 + 1))
echo 0 > /sys/bus/rapidio/scan 2>/dev/null
# Intended (issue 11): a device whose place in the topology the kernel
# does not know is discovered and exposed, never configured
# automatically; the admin may configure it through sysfs
check "rio-voq exposes voq/ of the device added from userspace" test -d $B/$EP/voq/port0
check "... but does not configure its link" \
	sh -c "test \"\$(cat $B/$EP/voq/port0/tx_state)\" = none"
check "... and the host's port 0 keeps its partner" test "$(cat $M0/voq/port0/partner)" = "$H0_PARTNER"
check "the admin sets XOFF on the added device's port" \
	sh -c "echo 1 > $B/$EP/voq/port0/xoff && test \$(cat $B/$EP/voq/port0/xoff) = 1"

s=$(splats)
check "RIO_DEV_DEL by name of the host's partner switch $SWA" riofm del -n $SWA
check "... and it is gone" test ! -e $B/$SWA
check "a rescan without the host's partner is refused" refused sh -c "echo 0 > /sys/bus/rapidio/scan"
# Host port 0 lost its partner: the device added from userspace must not
# be taken for it
check "the host's port 0 is left without a link" test "$(cat $M0/voq/port0/tx_state)" = none
check "... and the device added from userspace still without one" \
	test "$(cat $B/$EP/voq/port0/tx_state)" = none
bad=$(read_all)
check "every sysfs file of every device reads at the end" test "$bad" -eq 0
check "lprev of every device names a device still there, or root, at the end" lprev_ok
check_no_splat "no KASAN or lockdep report from deleting by name and adding" "$s"

check_no_splat "part 1: no new KASAN, lockdep, UBSAN or WARNING report" "$splat0"
check_no_leak "part 1: kmemleak, no new unreferenced object"

# ---- Part 2: a net that userspace builds ------------------------------
# A fabric nobody enumerates: the host, an 8-port switch with staging ops
# (sw-ram) and on its port 1 another (sw-fixed).  The fabric manager
# routes destination ID 5 to sw-ram's port 1, and adds both switches.
splat1=$(splats)
kmemleak_mark_known
mkdir $C/fm
echo staging > $C/fm/topology
echo 0 > $C/fm/host_destid
echo 1 > $C/fm/live
MP=$(sed 's/rio-sim//' $C/fm/mport)
MPX=$(printf '%02x' "$MP")
echo "# userspace-built net on /dev/rio_mport$MP"
check "/dev/rio_mport$MP of the new fabric exists" test -c /dev/rio_mport$MP
swram=$(rd -m "$MP" read -d 0xff -c 0 0x0)
check "the switch at hop 0 answers a maintenance read" test -n "$swram"
check "riofm routes destid 5 to sw-ram's port 1 (route CSRs 0x70, 0x74)" \
	riofm -m "$MP" write -d 0xff -c 0 0x70 5 1
swfix=$(rd -m "$MP" read -d 5 -c 1 0x0)
check "the switch at hop 1 answers through that route" test -n "$swfix"
check "RIO_DEV_ADD of both switches" \
	sh -c "riofm -m $MP add -t 0x10 -d 0xff -c 0 && riofm -m $MP add -t 0x11 -d 5 -c 1"
check "... appear as $MPX:s:0010 and $MPX:s:0011" test -e $B/$MPX:s:0010 -a -e $B/$MPX:s:0011
check "a scan of an mport whose net userspace built is refused" \
	refused sh -c "echo $MP > /sys/bus/rapidio/scan"
check "rio-voq exposes voq/ of both" test -d $B/$MPX:s:0010/voq -a -d $B/$MPX:s:0011/voq
check "... but configures no link of the mport" \
	test "$(cat /sys/class/rapidio_port/rapidio$MP/voq/port0/tx_state)" = none
bad=$(read_all)
check "every sysfs file of the userspace-added devices reads" test "$bad" -eq 0
check "RIO_DEV_DEL of both (by name, and by comptag)" \
	sh -c "riofm -m $MP del -n $MPX:s:0011 && riofm -m $MP del -t 0x10 -d 0xff -c 0"
check "... and the mport has no device left" test "$(ndevs_of "$MPX")" -eq 0
echo 0 > $C/fm/live
rmdir $C/fm
check_no_splat "part 2: no new KASAN, lockdep, UBSAN or WARNING report" "$splat1"
check_no_leak "part 2: kmemleak, no new unreferenced object"
ktap_finished
