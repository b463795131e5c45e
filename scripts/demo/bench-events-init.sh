#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of the per-event benchmark, run by busybox inside UML: scan the
# one simulated fabric, then make port events on the link of its last
# endpoint and count rio-voq's maintenance transactions for each.
# Prints the fabric's ground truth before each step (rio-sim's debugfs
# devN/ports files, prefixed "TRUTH <step> "), from which scripts/bench.sh
# computes the lower bounds, and one line per step:
#   "EVENT <step> <reads> <writes> <failed> <dev> <port> <peer dev>
#    <lat reads> <lat writes>"
# step: scan (rio-voq's accesses since boot, the mport's own block
# included), down, up (the link of the endpoint, from its switch's
# port), ua, avail (the switch's port unavailable, available again),
# swap (the endpoint swapped for a board without per-VC support, which
# takes its link down and up); lat reads and writes: the share of reads
# and writes that went to Latency Optimization CSRs (0 on a kernel whose
# counters do not have them).
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug

d=$(echo /sys/kernel/debug/rio-sim/*)
v=/sys/kernel/debug/rio-voq/counters
voq() { c=$(sed -n "s/^$1 //p" $v); echo "${c:-0}"; }
r0=0 w0=0 f0=0 lr0=0 lw0=0
step() {	# name
	r=$(voq reads) w=$(voq writes) f=$(voq failed)
	lr=$(voq lat_reads) lw=$(voq lat_writes)
	echo "EVENT $1 $((r - r0)) $((w - w0)) $((f - f0)) $sw $port $ep" \
	     "$((lr - lr0)) $((lw - lw0))"
	r0=$r w0=$w f0=$f lr0=$lr lw0=$lw
}
truth() {	# name
	cat "$d"/dev*/ports | sed "s/^/TRUTH $1 /"
}

echo 0 > /sys/bus/rapidio/scan
# The last endpoint with a link, and its switch's port
line=$(cat "$d"/dev*/ports | grep ' port=0 peer=[0-9]' | grep -v '^dev=0 ' |
	while read -r l; do
		dv=${l#dev=}
		dv=${dv%% *}
		grep -q "^dev=$dv switch=0 " "$d/dev$dv/ports" && echo "$l"
	done | tail -n 1)
ep=${line#dev=}
ep=${ep%% *}
sw=${line#* peer=}
port=${sw#*.}
port=${port%% *}
sw=${sw%%.*}
truth scan
step scan
truth down
echo "$port 0" > "$d/dev$sw/link"
echo 1 > "$d/pw_flush"
step down
truth up
echo "$port 1" > "$d/dev$sw/link"
echo 1 > "$d/pw_flush"
step up
truth ua
echo "$port 1" > "$d/dev$sw/unavailable"
echo 1 > "$d/pw_flush"
step ua
truth avail
echo "$port 0" > "$d/dev$sw/unavailable"
echo 1 > "$d/pw_flush"
step avail
truth swap
echo "1 rev3 c00fe000" > "$d/dev$ep/replace"
echo 1 > "$d/pw_flush"
step swap
truth end
poweroff -f
