# SPDX-License-Identifier: GPL-2.0
# The soak of rio_voq_sysfs.sh, sourced after ktap_lib.sh: rio-sim builds a random fabric from a
# seed (topology random:SEED, through configfs), the core enumerates it,
# then random events from userspace: links down and up, ports unavailable
# and available, boards swapped (rio-sim's debugfs), rio-voq's sysfs
# written with valid XOFF choices and with invalid values, rescans the
# core refuses.  After each event, the invariants of Part 12 are checked
# from rio-sim's registers as userspace reads them (debugfs devN/ports),
# never from rio-voq's files.  A failure prints the seed and the events.
#
#   soak SEED EVENTS SECONDS   at most EVENTS events, none begun after
#                              SECONDS of guest time (UML forks slowly);
#                              prints "# soak: ..." notes and a test line

# The next pseudo-random number below $1, in $r (an LCG: the shell's
# $RANDOM is not seeded the same way everywhere)
rnd() {
	R=$(( (R * 1103515245 + 12345) % 2147483648 ))
	r=$(( (R >> 8) % $1 ))
}

# The invariants, from a dump of every device's ports file ($1) and the
# admin's XOFF choices ($2, "DEV PORT VALUE" lines); prints one line per
# violation
soak_judge() {
	awk -v choices="$2" '
	function kv(s,   n, i, a, f) {
		n = split(s, f, " ")
		for (i = 1; i <= n; i++) {
			split(f[i], a, "=")
			v[a[1]] = a[2]
		}
	}
	function bit(c, b) { return and(rshift(c, b), 1) }
	function bad(what, k) { print "violation: " what " at dev" k; nbad++ }
	BEGIN {
		while ((getline line < choices) > 0) {
			split(line, a, " ")
			xoff[a[1] "." a[2]] = a[3]
		}
	}
	/^dev=[0-9]+ switch=/ { kv($0); layout[v["dev"]] = v["layout"]; next }
	/^dev=[0-9]+ port=/ {
		kv($0)
		k = v["dev"] "." v["port"]
		keys[++n] = k
		dev[k] = v["dev"]; peer[k] = v["peer"]; up[k] = v["up"]
		ua[k] = v["ua"]; csr[k] = v["csr"]; viol[k] = v["viol"]
	}
	END {
		# The devices the host reaches over links that are up
		seen[0] = 1
		do {
			more = 0
			for (i = 1; i <= n; i++) {
				k = keys[i]
				if (!up[k] || !seen[dev[k]])
					continue
				split(peer[k], a, ".")
				if (!seen[a[1]]) { seen[a[1]] = 1; more = 1 }
			}
		} while (more)
		for (i = 1; i <= n; i++) {
			k = keys[i]
			if (viol[k] > 0)
				bad("Part 12 violation counted", k)
			if (!seen[dev[k]] || dev[k] == 0 || csr[k] < 0)
				continue
			c = csr[k] + 0
			want = (k in xoff) ? xoff[k] : ua[k]
			if (bit(c, 21) != want)
				bad("XOFF not as Port Unavailable or the admin has it", k)
			p = peer[k]
			if (!up[k] || !(p in csr) || csr[p] < 0) {
				if (bit(c, 23))
					bad("generation on toward a down link or no block", k)
				continue
			}
			y = csr[p] + 0
			split(p, a, ".")
			same = layout[dev[k]] == layout[a[1]]
			gen = same && bit(c, 31) && bit(y, 30)
			back = same && bit(y, 31) && bit(c, 30)
			if (bit(c, 23) != gen)
				bad(gen ? "generation off on an up link" :
				    "generation toward a partner that cannot take it", k)
			vc = (gen || back) && bit(c, 29) && bit(y, 29)
			if (bit(c, 20) != vc)
				bad("per-VC not exactly where both ends support it", k)
			if (bit(c, 20) != bit(y, 20))
				bad("per-VC on one end of a link only", k)
			if (bit(c, 23) && and(rshift(c, 3), 7) != and(y, 7))
				bad("A.TX != B.RX on an up link", k)
		}
		exit nbad > 0
	}' "$1"
}

# The sysfs directory of rio-sim device $1's port $2, from its component
# tag (the core names devices by it), or nothing
soak_sysfs() {
	tag=$(sed -n 's/^dev=[0-9]* switch=[01] .* tag=\([0-9]*\) .*/\1/p' $D/dev$1/ports)
	[ -n "$tag" ] || return
	ls -d /sys/bus/rapidio/devices/*:[se]:$(printf %04x $((tag & 0x1ffff)))/voq/port$2 \
		2>/dev/null | head -n 1
}

# A board for device $1 ($2: its first board's port count, $3: a switch)
soak_board() {
	rnd 6
	case $r in
	0) layout=none ;;
	1) layout=rev2 ;;
	*) layout=rev3 ;;
	esac
	ports=1
	if [ "$3" = 1 ]; then
		rnd $(($2 - 1))
		ports=$((r + 2))
		[ $layout = rev2 ] && [ $ports -gt 192 ] && ports=192
	fi
	rnd 16
	caps=$(( (r & 1) << 31 | (r & 2) << 29 | (r & 4) << 27 ))
	[ $layout = rev2 ] && [ $((caps & 0xc0000000)) -eq 0 ] && caps=$((caps | 0x40000000))
	rnd 128
	[ $layout = rev3 ] && caps=$((caps | r << 13 | 0x00082000))
	board="$ports $layout"
	[ $layout = none ] || board="$board $(printf %x $caps)"
}

soak() {	# seed, events, seconds
	seed=$1 nev=$2 secs=$3
	R=$seed
	log=
	ST=$(mktemp -d)
	mkdir $C/soak
	echo "random:$seed" > $C/soak/topology
	echo 0 > $C/soak/host_destid
	echo 1 > $C/soak/live
	scan_all
	D=/sys/kernel/debug/rio-sim/$(cat $C/soak/mport)
	ndev=$(ls -d $D/dev* | wc -l)
	cat $D/dev*/ports > $ST/first
	sed -n 's/^\(dev=[0-9]*\) switch=1 .*/^\1 /p' $ST/first > $ST/switches
	: > $ST/xoff
	echo "# soak: seed $seed, $ndev devices, $(grep -c ' port=' $ST/first) ports," \
		"widest $(sed -n 's/.* ports=\([0-9]*\) .*/\1/p' $ST/first | sort -n | tail -n 1)"
	checks=0 bad=0 ev=0
	cat $D/dev*/ports > $ST/truth
	soak_judge $ST/truth $ST/xoff > $ST/bad || bad=$((bad + 1))
	checks=$((checks + 1))
	read -r t0 _ < /proc/uptime
	t0=${t0%.*}
	now=$t0
	while [ $ev -lt "$nev" ] && [ $bad -eq 0 ] && [ $((now - t0)) -lt "$secs" ]; do
		ev=$((ev + 1))
		# A cabled switch port that is not the host's link
		grep ' peer=[0-9]' $ST/truth | grep -v '^dev=0 ' | grep -v ' peer=0\.' |
			grep -f $ST/switches > $ST/cabled
		# Swaps to smaller boards can leave none: nothing to act on
		n=$(wc -l < $ST/cabled)
		if [ "$n" -eq 0 ]; then
			ev=$((ev - 1))
			echo "# soak: no cabled switch port left after event $ev"
			break
		fi
		rnd "$n"
		# "dev=D port=P peer=J.Q up=U down=W ua=A csr=C viol=V"
		set -- $(sed -n "$((r + 1))p" $ST/cabled)
		d=${1#dev=} p=${2#port=} peer=${3#peer=} down=${5#down=} ua=${6#ua=}
		rnd 10
		case $r in
		0|1|2)
			log="$log $ev:link dev$d.$p $down"
			echo "$p $down" > $D/dev$d/link ;;
		3|4)
			log="$log $ev:ua dev$d.$p $((1 - ua))"
			echo "$p $((1 - ua))" > $D/dev$d/unavailable ;;
		5)
			# the switch, or what its port leads to
			rnd 2
			[ $r = 1 ] && d=${peer%.*}
			room=$(sed -n "s/^dev=$d switch=\([01]\) ports=\([0-9]*\) .*/\2 \1/p" \
				$ST/first)
			soak_board $d $room
			log="$log $ev:swap dev$d $board"
			echo "$board" > $D/dev$d/replace ||
				{ echo "# soak: swap refused: dev$d $board"; bad=$((bad + 1)); } ;;
		6|7)
			f=$(soak_sysfs $d $p)
			rnd 2
			log="$log $ev:xoff dev$d.$p=$r"
			if [ -n "$f" ] && echo $r > $f/xoff 2>/dev/null; then
				grep -v "^$d $p " $ST/xoff > $ST/x
				echo "$d $p $r" >> $ST/x
				mv $ST/x $ST/xoff
			fi ;;
		8)
			f=$(soak_sysfs $d $p)
			rnd 5
			set -- "xoff 2" "tx_group_size 7" "generation 5" "per_vc -1" \
				"participation 1x"
			shift $r
			log="$log $ev:bad dev$d.$p $1"
			echo 1 > $D/pw_flush
			cat $D/dev*/ports > $ST/before
			if [ -n "$f" ] && echo "${1#* }" > "$f/${1% *}" 2>/dev/null; then
				echo "# soak: invalid write taken: dev$d.$p $1"
				bad=$((bad + 1))
			fi
			cat $D/dev*/ports > $ST/after
			cmp -s $ST/before $ST/after ||
				{ echo "# soak: invalid write changed the fabric: dev$d.$p $1"
				  bad=$((bad + 1)); } ;;
		9)
			log="$log $ev:rescan"
			if echo "$(sed 's/rio-sim//' $C/soak/mport)" \
				> /sys/bus/rapidio/scan 2>/dev/null; then
				echo "# soak: a rescan of an enumerated mport was taken"
				bad=$((bad + 1))
			fi ;;
		esac
		echo 1 > $D/pw_flush
		cat $D/dev*/ports > $ST/truth
		checks=$((checks + 1))
		soak_judge $ST/truth $ST/xoff > $ST/bad || bad=$((bad + 1))
		read -r now _ < /proc/uptime
		now=${now%.*}
	done
	echo "# soak: seed $seed: $ev events in $((now - t0)) s, $checks checks, $bad violations"
	if [ $bad -gt 0 ]; then
		echo "# soak: seed $seed failed after event $ev:"
		sed 's/^/#   /' $ST/bad | head -n 20
		echo "# soak: seed $seed events:$log" | fold -w 200 | sed '2,$s/^/# /'
	fi
	echo 0 > $C/soak/live
	rmdir $C/soak
	rm -rf "$ST"
	check "soak on random:$seed: $ev events, no violation" test $bad -eq 0
}
