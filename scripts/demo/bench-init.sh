#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of the benchmarks, run by busybox inside UML: scan the one
# simulated fabric and print one line
#   "BENCH found reads writes failed secs voq_reads voq_writes voq_failed
#    voq_ns switches endpoints depth slab_kb sim_bytes used_kb
#    voq_lat_reads voq_lat_writes"
# found, switches, endpoints: devices on the bus after the scan; reads,
# writes, failed: fabric accesses during the scan, from rio-sim; secs:
# the scan's time (/proc/uptime, 10 ms steps); voq_*: everything rio-voq
# did since boot, from rio-voq, which includes reading the mport's own
# block when the mport registered (0 when rio-voq is not running), and
# voq_ns its own time in the scan; depth: hop count of the farthest
# device (the deepest switch's, plus one for what hangs off it); slab_kb:
# the growth of the kernel's slab memory during the scan (meminfo Slab);
# sim_bytes: rio-sim's fabric model; used_kb: memory in use after it all;
# voq_lat_*: the share of voq_reads and voq_writes that went to Latency
# Optimization CSRs.  Fields are only appended, and a counter rio-voq
# does not have (not running, or a kernel before it) is 0, so that each
# field keeps its position.
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug

d=$(echo /sys/kernel/debug/rio-sim/*)
v=/sys/kernel/debug/rio-voq/counters
voq() { c=$([ -e $v ] && sed -n "s/^$1 //p" $v); echo "${c:-0}"; }
kb() { sed -n "s/^$1: *\([0-9]*\) kB/\1/p" /proc/meminfo; }
r0=$(cat "$d/reads") w0=$(cat "$d/writes") f0=$(cat "$d/failed")
s0=$(kb Slab)
t0=$(cut -d' ' -f1 /proc/uptime)
echo 0 > /sys/bus/rapidio/scan
t1=$(cut -d' ' -f1 /proc/uptime)
s1=$(kb Slab)
found=$(ls /sys/bus/rapidio/devices | wc -l)
sw=$(ls /sys/bus/rapidio/devices | grep -c ':s:')
depth=0
for h in $(cat /sys/bus/rapidio/devices/*:s:*/hopcount 2>/dev/null); do
	[ $((h + 1)) -gt $depth ] && depth=$((h + 1))
done
echo "BENCH $found $(( $(cat "$d/reads") - r0 )) $(( $(cat "$d/writes") - w0 ))" \
     "$(( $(cat "$d/failed") - f0 ))" "$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')" \
     "$(voq reads) $(voq writes) $(voq failed) $(voq scan_ns)" \
     "$sw $((found - sw)) $depth $((s1 - s0)) $(cat "$d/bytes")" \
     "$(( $(kb MemTotal) - $(kb MemFree) ))" \
     "$(voq lat_reads) $(voq lat_writes)"
if [ -e /sys/kernel/debug/rio-voq/refresh_cost ]; then
	sed 's/^/REFRESH /' /sys/kernel/debug/rio-voq/refresh_cost
fi
poweroff -f
