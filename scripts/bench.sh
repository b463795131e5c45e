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
#    counters), rio-voq's share (its own counters), the scan time and
#    rio-voq's own time in it;
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
#                         "1000 4000", about 4 minutes; 16000 adds about
#                         8, Documentation/driver-api/rapidio/voq.rst)
#   RIO_VOQ_BENCH_MEM     UML memory (default 2G; 16,000 devices use
#                         about 370 MB)
#   RIO_VOQ_BENCH_TXN_US  assumed time of one maintenance transaction on
#                         real hardware, in microseconds (default 2,
#                         voq.rst says why)
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

shapes=${RIO_VOQ_BENCH_SHAPES:-fat16 fat48 chain}
sizes=${RIO_VOQ_BENCH_SIZES:-1000 4000}
mem=${RIO_VOQ_BENCH_MEM:-2G}
txn_us=${RIO_VOQ_BENCH_TXN_US:-2}

# Ports of each switch of a shape
ports() {
	case $1 in
	fat16|bench) echo 16 ;;
	fat48) echo 48 ;;
	chain) echo 4 ;;
	*) die "unknown shape '$1'" ;;
	esac
}

# Lower bound for S switches of P ports and E endpoints, one link per
# device (a tree): discovery reads the mport's PEF, ASM, 2 block headers,
# its CSR and its status; 3 headers, P CSRs and P status of a switch;
# 2 headers, CSR and status of an endpoint.  Per link: the baud rate;
# per end: a configuration write and a generation-on write, each read
# back.
bound() {
	local s=$1 e=$2 p=$3 links reads writes

	links=$((s + e))
	reads=$((6 + (3 + 2 * p) * s + 4 * e + links))
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

uml_prepare
refresh=""
failed=0
crashed=""
results=$(mktemp)
trap 'rm -f "$results"' EXIT
fmt='%-6s %7s %6s %5s %11s %9s %9s %6s %8s %8s %7s %5s %8s %8s\n'
printf "$fmt" shape devices found depth "core ops" "voq ops" bound ratio \
	"scan s" "no-voq s" "voq s" "voq%" "voq B/d" "sim B/d"
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
			mkdir -p "$RIO_VOQ_CACHE/logs"
			printf '%s\n--- without rio-voq\n%s\n' "$out" "$out2" \
				> "$RIO_VOQ_CACHE/logs/bench-$spec.log"
			printf '%-6s %7s  no result: a boot crashed (%s)\n' "$shape" "$spec" \
				"$RIO_VOQ_CACHE/logs/bench-$spec.log"
			failed=1
			continue
		fi
		read -r found r w f secs vr vw vf vns sw ep depth slab simb used <<<"$with"
		read -r _ cr cw _ csecs _ _ _ _ _ _ _ cslab _ _ <<<"$without"
		b=$(bound "$sw" "$ep" "$(ports "${spec%%:*}")")
		n=${spec#*:}
		[ "$shape" = chain ] && n=$((2 * n + 1))
		awk -v fmt="$fmt" -v shape="$shape" -v n="$n" -v found="$found" \
		    -v depth="$depth" -v core=$((cr + cw)) -v voq=$((vr + vw)) -v b="$b" \
		    -v secs="$secs" -v csecs="$csecs" -v vns="$vns" -v slab="$slab" \
		    -v cslab="$cslab" -v simb="$simb" -v used="$used" -v vf="$vf" 'BEGIN {
			vs = vns / 1e9
			printf fmt, shape, n, found, depth, core, voq, b,
			       sprintf("%.3f", voq / b), sprintf("%.2f", secs),
			       sprintf("%.2f", csecs), sprintf("%.3f", vs),
			       (secs > 0 ? sprintf("%.1f", 100 * vs / secs) : "-"),
			       sprintf("%.0f", (slab - cslab) * 1024 / found),
			       sprintf("%.0f", simb / (found + 1))
			if (vf) printf "  (rio-voq: %d failed accesses)\n", vf
		}'
		echo "$shape $found $((cr + cw)) $((vr + vw)) $vns $secs $used" >> "$results"
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
awk -v us="$txn_us" '{ printf "  %-6s %6d devices: core %8.1f s, rio-voq %6.2f s (%.1f%% of the scan); UML used %d MB\n",
		       $1, $2, $3 * us / 1e6, $4 * us / 1e6, 100 * $4 / ($3 + $4), $7 / 1024 }' "$results"

echo
echo "Symbols for a full status refresh (rio-voq's codec; * = not all ports covered):"
printf '%s\n' "$refresh"
[ -z "$crashed" ] || log "kernels that aborted (panic) after their result:$crashed"
[ "$failed" = 0 ] || die "a boot crashed: see the rows without a result"
