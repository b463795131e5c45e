#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Enumeration benchmark: for rio-sim fabrics of 10, 100 and 1,000
# devices (chains of 16-port switches with endpoints, 16-bit IDs), boot
# UML once each, let the core's rio-scan enumerate the fabric, and print
# the maintenance transactions it took (from rio-sim's counters) and
# the wall time of the scan (from /proc/uptime inside UML).
#
#   RIO_VOQ_BENCH_SIZES   fabric sizes (default "10 100 1000")
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

uml_prepare
printf '%-8s %-10s %-10s %-10s %-8s %s\n' devices found reads writes failed "scan time (s)"
for n in ${RIO_VOQ_BENCH_SIZES:-10 100 1000}; do
	uml_boot bench-init.sh rapidio.hdid=0 rio_sim.topology="bench:$n" |
		sed -n 's/^BENCH //p' | while read -r found reads writes failed secs; do
			printf '%-8s %-10s %-10s %-10s %-8s %s\n' "$n" "$found" "$reads" \
				"$writes" "$failed" "$secs"
		done
done
