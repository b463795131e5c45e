#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Benchmarks on rio-sim fabrics of 10, 100 and 1,000 devices (bench:N: a
# chain of 16-port switches, 14 endpoints each, 16-bit IDs, every device
# with a rev 3 VoQ block whose ports support everything).  For each size
# UML boots twice, scanning through /sys/bus/rapidio/scan:
#  - with rio-voq: the fabric's maintenance transactions (rio-sim's
#    counters), rio-voq's share (its own counters) and the scan time;
#  - without rio-voq (initcall_blacklist): the core's enumeration alone.
# rio-voq's count is set against the lower bound of transactions needed
# to discover and configure the fabric (Documentation/driver-api/rapidio/
# voq.rst, "Maintenance transactions"), computed here from the fabric's
# shape, independently of the code that does the work.  Last, the
# symbols a full status refresh takes for port counts 8..256, every group
# size and both rev 3+ formats (and rev 2), from rio-voq's codec.
#
#   RIO_VOQ_BENCH_SIZES   fabric sizes (default "10 100 1000")
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

# Lower bound for bench:N: S switches, E endpoints, one link per device
bound() {
	local n=$1 s=0 e=0 left=$(($1 - 1)) links reads writes
	while [ "$left" -gt 0 ]; do
		s=$((s + 1)) left=$((left - 1))
		local k=$((left < 14 ? left : 14))
		e=$((e + k)) left=$((left - k))
	done
	links=$((s + e))
	# discovery: mport PEF+ASM+2 headers+CSR+status; switch 3 headers +
	# 16 CSRs + 16 status; endpoint 2 headers + CSR + status
	reads=$((6 + 35 * s + 4 * e))
	# per link: baud rate; per end: config write + generation-on write
	reads=$((reads + links))
	writes=$((4 * links))
	echo "$((reads + writes)) $((reads + writes + writes))"	# + verifying reads
}

uml_prepare
refresh=""
printf '%-7s %-7s %-10s %-10s %-10s %-7s %-8s %-9s %s\n' devices found \
	"core ops" "voq ops" "bound" ratio "scan (s)" "core (s)" "voq failed"
for n in ${RIO_VOQ_BENCH_SIZES:-10 100 1000}; do
	out=$(uml_boot bench-init.sh rapidio.hdid=0 rio_sim.topology="bench:$n")
	with=$(sed -n 's/^BENCH //p' <<<"$out")
	refresh=$(sed -n 's/^REFRESH //p' <<<"$out")
	without=$(uml_boot bench-init.sh rapidio.hdid=0 rio_sim.topology="bench:$n" \
		  initcall_blacklist=rio_voq_init | sed -n 's/^BENCH //p')
	read -r found r w f secs vr vw vf <<<"$with"
	read -r _ cr cw _ csecs _ _ _ <<<"$without"
	read -r _ b <<<"$(bound "$n")"
	printf '%-7s %-7s %-10s %-10s %-10s %-7s %-8s %-9s %s\n' "$n" "$found" \
		"$((cr + cw))" "$((vr + vw))" "$b" \
		"$(awk -v a=$((vr + vw)) -v b="$b" 'BEGIN { printf "%.3f", a / b }')" \
		"$secs" "$csecs" "$vf"
done

echo
echo "Symbols for a full status refresh (rio-voq's codec; * = not all ports covered):"
printf '%s\n' "$refresh"
