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
	[ -e "$d/lnext" ] && next=$(awk '{ if ($0 != "null") printf "%d:%s ", NR - 1, $0 }' "$d/lnext")
	printf '%-12s %-8s %-6s %-6s %-8s %-14s %s\n' "$n" "$kind" "$(cat "$d/vid")" \
		"$(cat "$d/did")" "$(cat "$d/destid")" "$(cat "$d/lprev")" "$next" | sed 's/ *$//'
done

echo
echo "== VoQ backpressure, link by link: riovoq show"
riovoq show || echo "   riovoq show failed (exit status $?)"

echo
echo "== each link as negotiated (/sys/kernel/debug/rio-voq/links)"
cat /sys/kernel/debug/rio-voq/links
echo "   rio-voq's own maintenance accesses: $(tr '\n' ' ' < /sys/kernel/debug/rio-voq/counters | sed 's/ *$//')"

# A port's partner, "device port" (partner_device, partner_port)
partner() {	# sysfs port dir
	if [ "$(cat $1/partner_device)" = none ]; then
		echo none
	else
		echo "$(cat $1/partner_device) $(cat $1/partner_port)"
	fi
}

# The first VoQ port (device port) of a switch whose FILE matches a
# grep pattern, or nothing
find_port() {	# file pattern
	for p in /sys/bus/rapidio/devices/*:s:*/voq/port[0-9]*; do
		[ -e "$p/$1" ] || continue
		if grep -q "$2" "$p/$1"; then
			d=${p%/voq/*}
			echo "${d##*/} ${p##*/port}"
			return
		fi
	done
}

# Show a command, run it, indent what it says, and its exit status
try() {
	echo "   # $*"
	"$@" 2>&1 | sed 's/^/   /'
}

echo
echo "== the fabric's policy: rio_voq.policy $(cat /sys/module/rio_voq/parameters/policy 2>/dev/null || echo -)"
for m in /sys/class/rapidio_port/*/voq; do
	[ -e $m/auto_config ] || continue
	n=${m%/voq}
	echo "   ${n##*/}: auto_config $(cat $m/auto_config), poll_ms $(cat $m/poll_ms)"
done

H=/sys/class/rapidio_port/rapidio0/voq/port0
if [ -d "$H" ]; then
	set -- $(partner $H)
	P=/sys/bus/rapidio/devices/$1/voq/port$2
	echo
	echo "== an admin gives the mport's symbols 2 group bits:"
	echo "   echo 2 > $H/tx_group_size"
	echo "   before: mport TX $(cat $H/tx_group_size), $1 port $2 RX $(cat $P/rx_group_size)"
	echo 2 > $H/tx_group_size
	echo "   after: mport TX $(cat $H/tx_group_size), $1 port $2 RX $(cat $P/rx_group_size)," \
	     "generation $(cat $H/generation), tx_state $(cat $H/tx_state)"
fi

echo
echo "== refusals name the rule (riovoq set; nothing changes, exit status 1)"
[ -d "$H" ] && try riovoq set rapidio0 0 tx_group_size=7
big=$(grep -lx 48 /sys/bus/rapidio/devices/*/voq/ports 2>/dev/null | head -n 1)
if [ -n "$big" ]; then
	big=${big%/voq/ports}
	big=${big##*/}
	set -- $(partner /sys/bus/rapidio/devices/$big/voq/port0)
	try riovoq set "$big" 0 tx_group_size=5
	try riovoq set "$1" "$2" tx_group_size=5
	try riovoq set "$big" 1 per_vc=1
fi
set -- $(find_port tx_reason '^partner_cannot_receive$')
[ $# -eq 2 ] && try riovoq set "$1" "$2" generation=1
set -- $(find_port tx_reason '^layout_mismatch$')
[ $# -eq 2 ] && try riovoq set "$1" "$2" generation=1
set -- $(find_port partner_device '^none$')
if [ $# -eq 2 ]; then
	try riovoq set "$1" "$2" generation=1
	try su -s /bin/sh nobody -c "riovoq set $1 $2 xoff=1"
fi
echo "   (exit status of the last refusal as root:" \
     "$(riovoq set rapidio0 0 tx_group_size=7 2>/dev/null; echo $?));" \
     "still TX $(cat $H/tx_group_size)"

# Latency optimization (Part 6), on the ports with the register: each
# link's two features as negotiated, then an admin's refused request
# and an accepted one (riovoq set)
lat_line() {	# sysfs port dir
	d=${1%/voq/*}
	echo "   ${d##*/} port ${1##*/port} (to $(partner $1)): multiple acks" \
	     "$(cat $1/multiple_ack) ($(cat $1/multiple_ack_reason)); ackID-in-PNA" \
	     "$(cat $1/pna_recovery) ($(cat $1/pna_recovery_reason));" \
	     "capabilities $(cat $1/latency_capabilities)"
}
first= nomap=0
for p in /sys/bus/rapidio/devices/*/voq/port[0-9]*; do
	[ -e $p/multiple_ack ] && [ "$(cat $p/partner_device)" != none ] || continue
	if [ -z "$first" ]; then
		echo
		echo "== latency optimization, link by link (multiple acknowledges, ackID-in-PNA recovery)"
		first=1
	fi
	if grep -qx no_partner_register $p/multiple_ack_reason; then
		nomap=$((nomap + 1))
		continue
	fi
	lat_line $p
done
[ $nomap -eq 0 ] ||
	echo "   and $nomap ports toward devices without the register (map I): both features off there"
set -- $(find_port pna_recovery_reason '^partner_unsupported$')
if [ $# -eq 2 ]; then
	L=/sys/bus/rapidio/devices/$1/voq/port$2
	echo "   an admin asks for ackID-in-PNA recovery where the partner lacks it, then turns multiple acknowledges off and back to auto"
	try riovoq set "$1" "$2" pna_recovery=on
	try riovoq set "$1" "$2" multiple_ack=off
	lat_line $L
	set -- $(partner $L)
	lat_line /sys/bus/rapidio/devices/$1/voq/port$2
	set -- $(echo $L | sed 's|.*/devices/\([^/]*\)/voq/port\(.*\)|\1 \2|')
	try riovoq set "$1" "$2" multiple_ack=auto
	lat_line $L
fi

# "0 0 1 1 2 2 3" -> "q0 ports 0-1; q1 ports 2-3; q2 ports 4-5; q3 port 6"
queues() {
	awk '{
		for (i = 1; i <= NF; i++) {
			q = $i; p = i - 1
			if (!(q in lo)) { lo[q] = p; order[n++] = q }
			else if (hi[q] != p - 1) { r[q] = r[q] (r[q] == "" ? "" : ",") span(lo[q], hi[q]); lo[q] = p }
			hi[q] = p
		}
		for (k = 0; k < n; k++) {
			q = order[k]
			s = r[q] (r[q] == "" ? "" : ",") span(lo[q], hi[q])
			printf "%sq%s port%s %s", k ? "; " : "", q, s ~ /[-,]/ ? "s" : "", s
		}
	}
	function span(a, b) { return a == b ? a : a "-" b }'
}

echo
echo "== staging queues: where each switch port holds the traffic for each downstream port"
for d in /sys/bus/rapidio/devices/*:s:*; do
	for p in $d/voq/port[0-9]*; do
		nq=$(cat $p/staging_queues)
		[ "$nq" != 0 ] || continue
		echo "   ${d##*/} port ${p##*/port} (to $(partner $p)): $nq queues:" \
		     "$(queues < $p/staging_map)"
	done
done

# Congestion: rio-sim's 48-port switch (dev2 in voqmix) congests its
# port 1; the symbols cross the link and its upstream partner (dev1)
# holds back the staging queue of that port
S=/sys/kernel/debug/rio-sim/rio-sim0
if [ "$topo" = voqmix ] && [ -n "$big" ] && [ -e $S/dev2/congest ]; then
	set -- $(partner /sys/bus/rapidio/devices/$big/voq/port0)
	up=$1 upp=$2
	map=$(cat /sys/bus/rapidio/devices/$up/voq/port$upp/staging_map)
	fmt=$(cat /sys/bus/rapidio/devices/$big/voq/port0/symbol_format)
	gs=$(cat /sys/bus/rapidio/devices/$big/voq/port0/tx_group_size)
	# field N of "port N: sent S received R stopped LIST" of a device
	sym() { awk -v p="port $2:" -v f="$3" 'index($0, p) == 1 { print $f }' $S/$1/symbols; }
	# queues holding back and flowing, from the stopped ports
	story() {
		echo "$map" | awk -v stopped="$1" -v up="$up port $upp" -v big="$big" '{
			n = split(stopped, parts, ",")
			for (i = 1; i <= n; i++) {
				if (split(parts[i], ab, "-") == 1) ab[2] = ab[1]
				for (p = ab[1]; p <= ab[2]; p++) if (p != "") { held[$(p + 1)] = 1; cong = cong " " p }
			}
			for (i = 1; i <= NF; i++) { nq = $i + 1 > nq ? $i + 1 : nq; list[$i] = list[$i] (list[$i] == "" ? "" : " ") (i - 1) }
			if (cong == "") { printf "   no port of %s is congested: all %d staging queues of %s flow\n", big, nq, up; exit }
			printf "   %s knows: port%s%s of %s congested\n", up, cong ~ / .* / ? "s" : "", cong, big
			for (q = 0; q < nq; q++) {
				r = rng(list[q])
				if (q in held) printf "   %s stops staging queue %d (ports %s of %s share it)\n", up, q, r, big
				else flowing = flowing (flowing == "" ? "" : ", ") q " (ports " r ")"
			}
			printf "   queue%s %s keep%s flowing\n", flowing ~ /, / ? "s" : "", flowing, flowing ~ /, / ? "" : "s"
		}
		# "0 1 2 5" -> "0-2,5"
		function rng(l,   a, m, i, o, lo) {
			m = split(l, a, " ")
			for (i = 1; i <= m; i++) {
				if (i == 1 || a[i] != a[i - 1] + 1) lo = a[i]
				if (i == m || a[i + 1] != a[i] + 1)
					o = o (o == "" ? "" : ",") (lo == a[i] ? lo : lo "-" a[i])
			}
			return o
		}'
	}
	echo
	echo "== congestion: port 1 of the 48-port switch $big fills up"
	echo "   # echo '1 1' > $S/dev2/congest"
	echo "1 1" > $S/dev2/congest
	echo "   $big port 0 sent $(sym dev2 0 4) VoQ symbol(s) ($fmt, group size $gs) to $up port $upp;" \
	     "$up port $upp received $(sym dev1 $upp 6)"
	story "$(sym dev1 $upp 8)"
	echo "   # echo '1 0' > $S/dev2/congest"
	echo "1 0" > $S/dev2/congest
	echo "   $big port 0 sent $(sym dev2 0 4) symbol(s) in all; $up port $upp received $(sym dev1 $upp 6)"
	story "$(sym dev1 $upp 8)"
fi

riovoq dot > /tmp/fabric.dot || echo "riovoq dot failed (exit status $?)"

echo
for f in /sys/kernel/debug/rio-sim/*; do
	echo "== maintenance transactions on ${f##*/}: $(cat "$f/reads") reads," \
	     "$(cat "$f/writes") writes, $(cat "$f/failed") failed"
done

# Port events: the link between the two switches flaps, then a port of
# the 48-port switch becomes unavailable, then an endpoint is swapped.  rio-sim's switches send
# port-writes to the core, rio-voq follows them; both partners are
# shown from sysfs, and what the upstream switch knows from rio-sim's
# symbols.
if [ "$topo" = voqmix ] && [ -n "$big" ] && [ -e $S/dev1/link ]; then
	# Wait (at most 2 s) until FILE reads VALUE: port-writes are handled
	# by a work item
	wait_for() {	# file value
		i=0
		while [ "$(cat "$1")" != "$2" ] && [ $i -lt 20 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	}
	U=/sys/bus/rapidio/devices/$up/voq/port$upp
	B=/sys/bus/rapidio/devices/$big/voq/port0
	end() {	# sysfs port dir, name, partner dir
		echo "   $2: port $(cat $1/port_state), generation $(cat $1/generation)," \
		     "TX $(cat $1/tx_group_size) = partner RX $(cat $3/rx_group_size)," \
		     "tx_state $(cat $1/tx_state) ($(cat $1/tx_reason))"
	}
	echo
	echo "== port events: the link $up port $upp <-> $big port 0 flaps"
	echo "   # echo '$upp 0' > $S/dev1/link"
	echo "$upp 0" > $S/dev1/link
	wait_for $U/port_state down
	echo "   $up port $upp: port $(cat $U/port_state), generation $(cat $U/generation)," \
	     "tx_state $(cat $U/tx_state) ($(cat $U/tx_reason))"
	echo "   /sys/kernel/debug/rio-voq/links:" \
	     "$(grep -F "$up.$upp <-> $big.0" /sys/kernel/debug/rio-voq/links)"
	echo "   # echo '2 1' > $S/dev2/congest   (while the link is down)"
	echo "2 1" > $S/dev2/congest
	story "$(sym dev1 $upp 8)"
	echo "   # echo '$upp 1' > $S/dev1/link"
	echo "$upp 1" > $S/dev1/link
	wait_for $U/tx_state on
	end $U "$up port $upp" $B
	end $B "$big port 0" $U
	echo "   $big port 0 resent its status on recovery (rule 4.2 g)"
	story "$(sym dev1 $upp 8)"
	echo "2 0" > $S/dev2/congest

	P=/sys/bus/rapidio/devices/$big/voq/port3
	echo
	echo "== port events: port 3 of $big becomes unavailable"
	echo "   # echo '3 1' > $S/dev2/unavailable"
	echo "3 1" > $S/dev2/unavailable
	wait_for $P/port_state unavailable
	echo "   $big port 3: port $(cat $P/port_state), xoff $(cat $P/xoff)," \
	     "participation $(cat $P/participation), tx_state $(cat $P/tx_state) ($(cat $P/tx_reason))"
	story "$(sym dev1 $upp 8)"
	echo "   # echo '3 0' > $S/dev2/unavailable"
	echo "3 0" > $S/dev2/unavailable
	wait_for $P/port_state up
	wait_for $P/tx_state on
	echo "   $big port 3: port $(cat $P/port_state), xoff $(cat $P/xoff)," \
	     "participation $(cat $P/participation), tx_state $(cat $P/tx_state) ($(cat $P/tx_reason))"
	story "$(sym dev1 $upp 8)"
	f=/sys/kernel/debug/rio-sim/rio-sim0
	echo "   port-writes: $(cat $f/pw_sent) sent, $(cat $f/pw_lost) lost (sent by" \
	     "a switch cut off from the host); maintenance accesses:" \
	     "$(cat $f/failed) failed (to $big while it was cut off)"
	# A board swap: voqmix's endpoint without a VoQ block (dev8, on
	# port 4 of the upstream switch) for a rev 3 one, and back
	A=/sys/bus/rapidio/devices/$up/voq/port4
	if [ -e $S/dev8/replace ]; then
		echo
		echo "== port events: the endpoint on $up port 4 (no VoQ block) is swapped for a rev 3 board"
		echo "   $up port 4: partner $(partner $A), generation $(cat $A/generation)"
		echo "   # echo '1 rev3' > $S/dev8/replace"
		echo "1 rev3" > $S/dev8/replace
		wait_for $A/tx_state on
		set -- $(partner $A)
		F=/sys/bus/rapidio/devices/$1/voq/port$2
		i=0	# its voq/ is made after the event's handling
		while [ ! -e $F/rx_group_size ] && [ $i -lt 20 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		end $A "$up port 4" $F
		echo "   # echo '1 none' > $S/dev8/replace   (and back)"
		echo "1 none" > $S/dev8/replace
		wait_for $A/partner_device none
		echo "   $up port 4: partner $(partner $A), generation $(cat $A/generation)"
	fi
fi
echo
poweroff -f
