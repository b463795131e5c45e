#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Scaling benchmark on rio-sim fabrics (every device with a rev 3 VoQ
# block whose ports support everything, 16-bit IDs), by shape and size:
#   fat16:N, fat48:N  N devices in a tree of 16- or 48-port switches, as
#                     few levels as N needs (rio-sim.rst)
#   chain             chain:255, 255 4-port switches in a line with an
#                     endpoint on each: 511 devices, 255 hops deep
#   bench:N           N devices in a chain of 16-port switches, 14
#                     endpoints on each (size and depth grow together)
# For each fabric UML boots twice, scanning through /sys/bus/rapidio/scan:
#  - with rio-voq: the fabric's maintenance transactions (rio-sim's
#    counters), rio-voq's share (its own counters) and, of it, the
#    latency optimization's (its Latency Optimization CSR accesses), the
#    scan time and rio-voq's own time in it;
#  - without rio-voq (initcall_blacklist=rio_voq_init): the core's
#    enumeration alone; the difference of the two boots' slab growth
#    during the scan is rio-voq's memory.
# rio-voq's count is set against the lower bound of transactions needed
# to discover and configure the fabric (Documentation/driver-api/rapidio/
# voq.rst, "Maintenance transactions"), computed here from the devices
# found and the switches' port count, independently of the code that
# does the work.  Then, per shape, growth exponents fitted over the sizes
# (least squares on log-log), and what the core's and rio-voq's
# transactions would take on real hardware.  Last, the symbols a full
# status refresh takes for port counts 8..256, every group size and both
# rev 3+ formats (and rev 2), from rio-voq's codec.
#
#   RIO_VOQ_BENCH_SHAPES  shapes (default "fat16 fat48 chain")
#   RIO_VOQ_BENCH_SIZES   device counts of the sized shapes (default
#                         "1000 4000", about 6 minutes; 16000 adds about
#                         11, Documentation/driver-api/rapidio/voq.rst)
#   RIO_VOQ_BENCH_MEM     UML memory (default 2G; 16,000 devices use
#                         about 450 MB)
#   RIO_VOQ_BENCH_TXN_US  assumed time of one maintenance transaction on
#                         real hardware, in microseconds (default 2,
#                         voq.rst says why)
#   RIO_VOQ_BENCH_EVENTS  canned topologies of the per-event table
#                         (default "voqmix big48 big255 tree:15 ring:4
#                         star:4 bench:1000"; empty: no table)
set -euo pipefail
. "$(dirname "$0")/common.sh"
on_boot_kernel "$0" "$@"
. "$(dirname "$0")/uml.sh"

shapes=${RIO_VOQ_BENCH_SHAPES:-fat16 fat48 chain}
sizes=${RIO_VOQ_BENCH_SIZES:-1000 4000}
mem=${RIO_VOQ_BENCH_MEM:-2G}
txn_us=${RIO_VOQ_BENCH_TXN_US:-2}
events=${RIO_VOQ_BENCH_EVENTS-voqmix big48 big255 tree:15 ring:4 star:4 bench:1000}

# Ports of each switch of a shape
ports() {
	case $1 in
	fat16|bench) echo 16 ;;
	fat48) echo 48 ;;
	chain) echo 4 ;;
	*) die "unknown shape '$1'" ;;
	esac
}

# The latency optimization's share of the bound for S switches of P
# ports: a switch of more than 16 ports has an LP-Serial Register Map II
# block (rio-sim builds them so: fat48), whose Latency Optimization CSRs
# of its first min(P, 16) = 16 ports are read at discovery; the chain
# past its VoQ block has no header (LP-Serial, error management, VoQ in
# address order).  Nothing is written: the ports have no latency
# optimization capability.  Map I switches (16 and 4 ports) and the
# endpoints have no such register.
lat_bound() {
	local s=$1 p=$2

	echo $((p > 16 ? 16 * s : 0))
}

# Lower bound for S switches of P ports and E endpoints, one link per
# device (a tree): discovery reads the mport's PEF, ASM, 2 block headers,
# its CSR and its status; 3 headers, P CSRs and P status of a switch
# (and lat_bound()'s registers); 2 headers, CSR and status of an
# endpoint.  Per link: the baud rate; per end: a configuration write and
# a generation-on write, each read back.
bound() {
	local s=$1 e=$2 p=$3 links reads writes

	links=$((s + e))
	reads=$((6 + (3 + 2 * p) * s + 4 * e + links + $(lat_bound "$s" "$p")))
	writes=$((4 * links))
	echo $((reads + 2 * writes))
}

# Fitted exponent b of y = a * x^b over "x y" lines (NaN if fewer than 2)
fit() {
	awk '$1 > 0 && $2 > 0 { x = log($1); y = log($2); n++; sx += x; sy += y
				 sxx += x * x; sxy += x * y }
	     END { d = n * sxx - sx * sx
		   if (n < 2 || d == 0) print "-"; else printf "%.2f", (n * sxy - sx * sy) / d }'
}

# The per-event table: for each canned topology, rio-voq's transactions
# at the scan and at each port event on the link of its last endpoint
# (scripts/demo/bench-events-init.sh), against lower bounds computed
# here from the fabric as rio-sim reports it (its debugfs ports files:
# devices, blocks, port counts, links, the read-only capability bits of
# each Port n VoQ CSR and, on map II devices, of each Port n Latency
# Optimization CSR; never the controls rio-voq wrote), as voq.rst
# "Maintenance transactions" derives them.  Prints per event "name ops
# bound failed lat_ops lat_bound": the latency optimization's share of
# both (its Latency Optimization CSR accesses), the bound's included in
# the bound.
event_bounds() {	# the boot's output
	awk '
	function bit(c, b) { return int(c / 2 ^ b) % 2 }
	function kv(s,   n, i, a, f) {
		delete v
		n = split(s, f, " ")
		for (i = 1; i <= n; i++) {
			split(f[i], a, "=")
			v[a[1]] = a[2]
		}
	}
	# Does port k (of step s) send symbols to port j: same layout, k
	# generates, j receives
	function gen(s, k, j,   a, b) {
		split(k, a, "."); split(j, b, ".")
		return L[s, a[1]] == L[s, b[1]] && bit(C[s, k], 31) && bit(C[s, j], 30)
	}
	function vcl(s, k, j) {
		return (gen(s, k, j) || gen(s, j, k)) && bit(C[s, k], 29) && bit(C[s, j], 29)
	}
	function has(s, k) { return (s SUBSEP k) in C && C[s, k] >= 0 }
	# Extended-feature headers up to the VoQ block, or of the whole chain
	function hdrs(s, d) { return 1 + EM[s, d] + (L[s, d] > 0) }
	# The layout word, unless it is a port CSR read anyway
	function lword(s, d) { return L[s, d] == 2 && VP[s, d] < 6 }
	function ports(s, d) { return L[s, d] ? 2 * VP[s, d] + lword(s, d) : 0 }
	# Latency optimization (Part 6): the read-only bits 0-2 of the
	# Latency Optimization CSR of a port (register bits 31-29: 4 multiple
	# acknowledges, 2 ackID-in-PNA recovery, 1 TX ackID status in PNA),
	# never its controls (bits 8 and 9, what rio-voq wrote)
	function lcaps(s, k) { return LAT[s, k] >= 0 ? int(LAT[s, k] / 2 ^ 29) % 8 : 0 }
	# Does port k have the register: one of the first 16 VoQ ports of
	# a device whose LP-Serial block is of map II (rio-sim shows lat=-1
	# on a map I device)
	function lhas(s, k,   a) {
		split(k, a, ".")
		return M2[s, a[1]] && L[s, a[1]] > 0 && a[2] + 0 < 16 && a[2] + 0 < VP[s, a[1]]
	}
	# The registers of a device read at discovery: that of each port
	# that has one, and the headers of the chain past the VoQ block
	# (none: the canned topologies place LP-Serial, error management,
	# VoQ in address order; the ports files do not show the offsets)
	function lreads(s, d) { return M2[s, d] && L[s, d] > 0 ? (VP[s, d] < 16 ? VP[s, d] : 16) : 0 }
	# The controls the plan wants at end k of the link k-j: 1 multiple
	# acknowledges, 2 ackID-in-PNA recovery (bits 1 and 2), each on at
	# both ends where both ends support it, off where an end has no
	# register; the same over CS48 and CS64 without admin choices
	function lwant(s, k, j,   ck, cj) {
		if (!lhas(s, k) || !lhas(s, j))
			return 0
		ck = lcaps(s, k); cj = lcaps(s, j)
		return (bit(ck, 2) && bit(cj, 2)) + 2 * (bit(ck, 1) && bit(ck, 0) && bit(cj, 1) && bit(cj, 0))
	}
	# End k written (and read back) if its controls are not cur
	function lw(s, k, j, cur) { return 2 * (lhas(s, k) && lwant(s, k, j) != cur) }
	# A device read again from scratch: identity, port count (a switch),
	# every header, every port, its latency-optimization registers
	function again(s, d) { return 1 + SW[s, d] + hdrs(s, d) + ports(s, d) + lreads(s, d) }
	$1 == "TRUTH" && $3 ~ /^dev=/ && $4 ~ /^switch=/ {
		s = $2; kv($0)
		d = v["dev"]; SW[s, d] = v["switch"]; EM[s, d] = v["em"]
		L[s, d] = v["layout"]; VP[s, d] = v["voq_ports"]
		devs[s] = devs[s] " " d
		next
	}
	$1 == "TRUTH" && $4 ~ /^port=/ {
		s = $2; kv($0)
		k = v["dev"] "." v["port"]
		C[s, k] = v["csr"]; PEER[s, k] = v["peer"]; UP[s, k] = v["up"]
		LAT[s, k] = ("lat" in v) ? v["lat"] + 0 : -1
		if (LAT[s, k] >= 0)
			M2[s, v["dev"]] = 1
		keys[s] = keys[s] " " k
		next
	}
	$1 == "EVENT" {
		ops[$2] = $3 + $4; fail[$2] = $5; S = $6 "." $7; E = $8 ".0"
		lops[$2] = $9 + $10	# 0 from a kernel without the counters
		next
	}
	END {
		# The scan: every device, every cable once; controls from
		# reset (0: rio-sim does not set bit 9 on CS64 links)
		b = 0; lb = 0
		n = split(devs["scan"], dl, " ")
		for (i = 1; i <= n; i++) {
			d = dl[i]
			b += (d == 0 ? 2 : 0) + hdrs("scan", d) + ports("scan", d)
			lb += lreads("scan", d)
		}
		n = split(keys["scan"], kl, " ")
		for (i = 1; i <= n; i++) {
			k = kl[i]; j = PEER["scan", k]
			if (j == "-" || !UP["scan", k] || !has("scan", k))
				continue
			if (!has("scan", j)) {
				b += 2		# participation on, read back
				continue
			}
			split(k, a, "."); split(j, c, ".")
			if (a[1] + 0 < c[1] + 0 || (a[1] == c[1] && a[2] + 0 < c[2] + 0))
				b += 1		# the baud rate, once per link
			b += 2 + 2 * gen("scan", k, j)
			lb += lw("scan", k, j, 0)
		}
		lbound["scan"] = lb
		bound["scan"] = b + lb
		sw = substr(S, 1, index(S, ".") - 1)
		ep = substr(E, 1, index(E, ".") - 1)
		# Down: the switch port read, its generation off, read back;
		# nothing of latency optimization while the link is down
		bound["down"] = 1 + 2 * gen("down", S, E)
		# Up: both ends read again (their latency-optimization
		# registers included: again()), the baud rate, generation on
		# again; a latency-optimization end written (and read back) if
		# its controls are not what the scan left (rio-sim keeps them)
		b = again("up", sw) + again("up", ep)
		lwr = lw("up", S, E, lwant("scan", S, E)) + lw("up", E, S, lwant("scan", E, S))
		lbound["up"] = lreads("up", sw) + lreads("up", ep) + lwr
		bound["up"] = b + 1 + 2 * gen("down", S, E) + lwr
		# Unavailable: the port read, XOFF on with generation off
		bound["ua"] = 3
		# Available: as up, XOFF off with generation on in one write
		b = again("avail", sw) + again("avail", ep)
		lwr = lw("avail", S, E, lwant("scan", S, E)) + lw("avail", E, S, lwant("scan", E, S))
		lbound["avail"] = lreads("avail", sw) + lreads("avail", ep) + lwr
		bound["avail"] = b + 1 + 2 + lwr
		# Swap: a down, then an up with the new board, which starts
		# from reset: the switch port written again if its per-VC bit
		# changes, then its generation on; the new board configured.
		# Latency optimization: the end of the switch written if its
		# plan changes, that of the new board (from reset) if the plan
		# sets any
		b = 1 + 2 * gen("swap", S, E) + again("end", sw) + again("end", ep) + 1
		b += 2 * (vcl("swap", S, E) != vcl("end", S, E)) + 2 * gen("end", S, E)
		lwr = lw("end", S, E, lwant("scan", S, E)) + lw("end", E, S, 0)
		lbound["swap"] = lreads("end", sw) + lreads("end", ep) + lwr
		bound["swap"] = b + 2 + 2 * gen("end", E, S) + lwr
		split("scan down up ua avail swap", ev, " ")
		for (i = 1; i <= 6; i++)
			printf "%s%s %d %d %d %d %d", (i > 1 ? " " : ""), ev[i], ops[ev[i]],
			       bound[ev[i]], fail[ev[i]], lops[ev[i]], lbound[ev[i]]
		printf "\n"
	}'
}

uml_prepare
refresh=""
failed=0
crashed=""
results=$(mktemp)
trap 'rm -f "$results"' EXIT
# lat ops: rio-voq's Latency Optimization CSR accesses/that share of
# the bound; lat%: their share of rio-voq's transactions
fmt='%-6s %7s %6s %5s %11s %9s %9s %6s %11s %5s %8s %8s %7s %5s %8s %8s\n'
printf "$fmt" shape devices found depth "core ops" "voq ops" bound ratio \
	"lat ops" "lat%" "scan s" "no-voq s" "voq s" "voq%" "voq B/d" "sim B/d"
for shape in $shapes; do
	if [ "$shape" = chain ]; then
		specs=chain:255
	else
		specs=$(for n in $sizes; do echo "$shape:$n"; done)
	fi
	for spec in $specs; do
		# A kernel that panics aborts: its result line is missing, or
		# printed before the panic (then the panic is reported too)
		out=$(uml_boot bench-init.sh mem="$mem" rapidio.hdid=0 \
			       rio_sim.topology="$spec") || crashed="$crashed $spec"
		with=$(sed -n 's/^BENCH //p' <<<"$out")
		refresh=$(sed -n 's/^REFRESH //p' <<<"$out")
		out2=$(uml_boot bench-init.sh mem="$mem" rapidio.hdid=0 \
				rio_sim.topology="$spec" initcall_blacklist=rio_voq_init) ||
			crashed="$crashed $spec(without rio-voq)"
		without=$(sed -n 's/^BENCH //p' <<<"$out2")
		if [ -z "$with" ] || [ -z "$without" ]; then
			# A boot that gives no result crashed: say so, keep going
			mkdir -p "$RIO_VOQ_KCACHE/logs"
			printf '%s\n--- without rio-voq\n%s\n' "$out" "$out2" \
				> "$RIO_VOQ_KCACHE/logs/bench-$spec.log"
			printf '%-6s %7s  no result: a boot crashed (%s)\n' "$shape" "$spec" \
				"$RIO_VOQ_KCACHE/logs/bench-$spec.log"
			failed=1
			continue
		fi
		# By position; fields a kernel does not give are read as 0
		read -r found r w f secs vr vw vf vns sw ep depth slab simb used \
			vlr vlw _ <<<"$with"
		read -r _ cr cw _ csecs _ _ _ _ _ _ _ cslab _ _ _ _ _ <<<"$without"
		b=$(bound "$sw" "$ep" "$(ports "${spec%%:*}")")
		lb=$(lat_bound "$sw" "$(ports "${spec%%:*}")")
		lops=$((${vlr:-0} + ${vlw:-0}))
		n=${spec#*:}
		[ "$shape" = chain ] && n=$((2 * n + 1))
		awk -v fmt="$fmt" -v shape="$shape" -v n="$n" -v found="$found" \
		    -v depth="$depth" -v core=$((cr + cw)) -v voq=$((vr + vw)) -v b="$b" \
		    -v secs="$secs" -v csecs="$csecs" -v vns="$vns" -v slab="$slab" \
		    -v cslab="$cslab" -v simb="$simb" -v used="$used" -v vf="$vf" \
		    -v lops="$lops" -v lb="$lb" 'BEGIN {
			vs = vns / 1e9
			printf fmt, shape, n, found, depth, core, voq, b,
			       sprintf("%.3f", voq / b), lops "/" lb,
			       (voq > 0 ? sprintf("%.1f", 100 * lops / voq) : "-"),
			       sprintf("%.2f", secs),
			       sprintf("%.2f", csecs), sprintf("%.3f", vs),
			       (secs > 0 ? sprintf("%.1f", 100 * vs / secs) : "-"),
			       sprintf("%.0f", (slab - cslab) * 1024 / found),
			       sprintf("%.0f", simb / (found + 1))
			if (vf) printf "  (rio-voq: %d failed accesses)\n", vf
		}'
		echo "$shape $found $((cr + cw)) $((vr + vw)) $vns $secs $used $lops" >> "$results"
	done
done

echo
echo "Growth exponents, fitted over the sizes of each shape (1.00 = linear):"
for shape in $shapes; do
	[ "$(grep -c "^$shape " "$results")" -ge 2 ] || continue
	printf '  %-6s voq ops %s  voq time %s  core ops %s\n' "$shape" \
		"$(awk -v s="$shape" '$1 == s { print $2, $4 }' "$results" | fit)" \
		"$(awk -v s="$shape" '$1 == s { print $2, $5 }' "$results" | fit)" \
		"$(awk -v s="$shape" '$1 == s { print $2, $3 }' "$results" | fit)"
done

echo
echo "On real hardware, at ${txn_us} us per maintenance transaction (voq.rst):"
awk -v us="$txn_us" '{ printf "  %-6s %6d devices: core %8.1f s, rio-voq %6.2f s (%.1f%% of the scan, latency optimization %.2f ms); UML used %d MB\n",
		       $1, $2, $3 * us / 1e6, $4 * us / 1e6, 100 * $4 / ($3 + $4), $8 * us / 1e3,
		       $7 / 1024 }' "$results"

echo
echo "Per event, on the link of each fabric's last endpoint: rio-voq's transactions/the lower bound (voq.rst)"
evfmt='%-10s %7s %17s %17s %17s %17s %17s %17s\n'
printf "$evfmt" topology devices scan "link down" "link up" unavailable available "board swap"
for spec in $events; do
	out=$(uml_boot bench-events-init.sh mem="$mem" rapidio.hdid=0 \
		       rio_sim.topology="$spec") || crashed="$crashed $spec(events)"
	res=$(event_bounds <<<"$out")
	n=$(grep -c '^TRUTH scan dev=[0-9]* switch=' <<<"$out" || true)
	if ! grep -q '^EVENT swap ' <<<"$out"; then
		mkdir -p "$RIO_VOQ_KCACHE/logs"
		printf '%s\n' "$out" > "$RIO_VOQ_KCACHE/logs/bench-events-$spec.log"
		printf '%-10s no result: the boot crashed (%s)\n' "$spec" \
			"$RIO_VOQ_KCACHE/logs/bench-events-$spec.log"
		failed=1
		continue
	fi
	# "name ops bound failed lat_ops lat_bound" six times: "ops/bound
	# ratio" each, and a line of the latency optimization's share if
	# it has any
	awk -v fmt="$evfmt" -v spec="$spec" -v n="$((n - 1))" '{
		any = 0
		for (i = 0; i < 6; i++) {
			o = $(6 * i + 2); b = $(6 * i + 3); f = $(6 * i + 4)
			lo = $(6 * i + 5); lb = $(6 * i + 6)
			c[i] = sprintf("%d/%d %.3f%s", o, b, b ? o / b : 0, f ? "!" : "")
			l[i] = lb ? sprintf("%d/%d %.3f", lo, lb, lo / lb) : sprintf("%d/%d", lo, lb)
			any += lo + lb
		}
		printf fmt, spec, n, c[0], c[1], c[2], c[3], c[4], c[5]
		if (any)
			printf fmt, "  lat", "", l[0], l[1], l[2], l[3], l[4], l[5]
	}' <<<"$res"
done
echo "(! : some of rio-voq's accesses failed; each failed access is counted too;"
echo " lat: of which Latency Optimization CSR accesses/that share of the bound)"

echo
echo "Symbols for a full status refresh (rio-voq's codec; * = not all ports covered):"
printf '%s\n' "$refresh"
[ -z "$crashed" ] || log "kernels that aborted (panic) after their result:$crashed"
[ "$failed" = 0 ] || die "a boot crashed: see the rows without a result"
