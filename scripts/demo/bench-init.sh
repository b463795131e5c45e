#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of the benchmarks, run by busybox inside UML: scan the one
# simulated fabric and print
#   "BENCH found reads writes failed secs voq_reads voq_writes voq_failed"
# (fabric accesses during the scan, from rio-sim; everything rio-voq did
# since boot, from rio-voq, which includes reading the mport's own block
# when the mport registered; 0 when rio-voq is not running).
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug

d=$(echo /sys/kernel/debug/rio-sim/*)
v=/sys/kernel/debug/rio-voq/counters
voq() { [ -e $v ] && sed -n "s/^$1 //p" $v || echo 0; }
r0=$(cat "$d/reads") w0=$(cat "$d/writes") f0=$(cat "$d/failed")
t0=$(cut -d' ' -f1 /proc/uptime)
echo 0 > /sys/bus/rapidio/scan
t1=$(cut -d' ' -f1 /proc/uptime)
found=$(ls /sys/bus/rapidio/devices | wc -l)
echo "BENCH $found $(( $(cat "$d/reads") - r0 )) $(( $(cat "$d/writes") - w0 ))" \
     "$(( $(cat "$d/failed") - f0 ))" "$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')" \
     "$(voq reads) $(voq writes) $(voq failed)"
if [ -e /sys/kernel/debug/rio-voq/refresh_cost ]; then
	sed 's/^/REFRESH /' /sys/kernel/debug/rio-voq/refresh_cost
fi
poweroff -f
