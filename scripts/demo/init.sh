#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of the rio-voq demo, run by busybox inside UML: enumerate the
# simulated fabric through the core and show what it found.
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug

topo=$(cat /sys/module/rio_sim/parameters/topology)
echo "rio-voq demo on Linux $(uname -r), rio-sim topology '$topo'"

for m in /sys/class/rapidio_port/*; do
	name=${m##*/}
	echo
	echo "== $name: host destination ID $(cat "$m/port_destid"), enumerating:"
	echo "   echo ${name#rapidio} > /sys/bus/rapidio/scan"
	echo "${name#rapidio}" > /sys/bus/rapidio/scan || echo "   scan failed"
done

echo
echo "== devices the core found (/sys/bus/rapidio/devices)"
printf '%-12s %-8s %-6s %-6s %-8s %-14s %s\n' device kind vid did destid "previous" "next (switches: port:device)"
for d in /sys/bus/rapidio/devices/*; do
	[ -e "$d" ] || continue
	n=${d##*/}
	case $n in *:s:*) kind=switch ;; *) kind=endpoint ;; esac
	next=
	[ -e "$d/lnext" ] && next=$(cat "$d/lnext" | awk '{ if ($0 != "null") printf "%d:%s ", NR - 1, $0 }')
	printf '%-12s %-8s %-6s %-6s %-8s %-14s %s\n' "$n" "$kind" "$(cat "$d/vid")" \
		"$(cat "$d/did")" "$(cat "$d/destid")" "$(cat "$d/lprev")" "$next"
done

echo
echo "== VoQ backpressure, port by port: riovoq show"
riovoq show

echo
echo "== each link as negotiated (/sys/kernel/debug/rio-voq/links)"
cat /sys/kernel/debug/rio-voq/links
echo "   rio-voq's own maintenance accesses: $(tr '\n' ' ' < /sys/kernel/debug/rio-voq/counters)"

H=/sys/class/rapidio_port/rapidio0/voq/port0
if [ -d "$H" ]; then
	set -- $(cat $H/partner)
	P=/sys/bus/rapidio/devices/$1/voq/port$2
	echo
	echo "== an admin gives the mport's symbols 2 group bits:"
	echo "   echo 2 > $H/tx_group_size"
	echo "   before: mport TX $(cat $H/tx_group_size), $1 port $2 RX $(cat $P/rx_group_size)"
	echo 2 > $H/tx_group_size
	echo "   after:  mport TX $(cat $H/tx_group_size), $1 port $2 RX $(cat $P/rx_group_size)," \
	     "generation $(cat $H/generation), link $(cat $H/link_status)"
	echo "   riovoq set rapidio0 0 tx_group_size=7"
	riovoq set rapidio0 0 tx_group_size=7 2>&1 | sed 's/^/   /'
	echo "   (exit status $(riovoq set rapidio0 0 tx_group_size=7 2>/dev/null; echo $?)); still TX $(cat $H/tx_group_size)"
fi

echo
echo "== staging queues of each switch port with a VoQ link (queue of each downstream port)"
for d in /sys/bus/rapidio/devices/*:s:*; do
	for p in $d/voq/port*; do
		[ "$(cat $p/staging_queues 2>/dev/null)" != 0 ] || continue
		echo "   ${d##*/} ${p##*/}: $(cat $p/staging_queues) queues, map $(cat $p/staging_map)"
	done
done

# Congestion: rio-sim's 48-port switch (dev2 in voqmix) congests its
# port 1; the symbols cross the link and its upstream partner holds back
# the traffic for that port
S=/sys/kernel/debug/rio-sim/rio-sim0
if [ -e $S/dev2/congest ]; then
	echo
	echo "== port 1 of the 48-port switch becomes congested:"
	echo "   echo '1 1' > $S/dev2/congest"
	echo "1 1" > $S/dev2/congest
	echo "   upstream switch, port 1 (from $S/dev1/symbols):"
	echo "   $(grep '^port 1:' $S/dev1/symbols)"
	echo "   echo '1 0' > $S/dev2/congest"
	echo "1 0" > $S/dev2/congest
	echo "   $(grep '^port 1:' $S/dev1/symbols)"
fi

riovoq dot > /tmp/fabric.dot

echo
for f in /sys/kernel/debug/rio-sim/*; do
	echo "== maintenance transactions on ${f##*/}: $(cat "$f/reads") reads," \
	     "$(cat "$f/writes") writes, $(cat "$f/failed") failed"
done
echo
poweroff -f
