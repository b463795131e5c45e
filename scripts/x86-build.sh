#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build our code for x86_64 as modules with W=1 and sparse (C=2), on a
# minimal configuration (allnoconfig + PCI + RapidIO as modules).  Only
# our directories are compiled; a full vmlinux is not needed.
#
# Prints the compiler and sparse diagnostics and exits non-zero if any is
# located in our files.
set -euo pipefail
. "$(dirname "$0")/common.sh"

O=$RIO_VOQ_CACHE/build-x86
mk() { make -s -C "$KSRC" O="$O" ARCH=x86_64 -j"$RIO_VOQ_JOBS" "$@"; }

want="MODULES=y PCI=y DEBUG_FS=y RAPIDIO=m RAPIDIO_ENUM_BASIC=m RAPIDIO_VOQ=m KUNIT=m RAPIDIO_VOQ_KUNIT_TEST=m RAPIDIO_SIM=m RAPIDIO_SIM_KUNIT_TEST=m RAPIDIO_VOQ_SIM_KUNIT_TEST=m"
if [ ! -f "$O/.config" ] || [ "$(cat "$O/.rio-voq-config" 2>/dev/null)" != "$want" ]; then
	log "configuring x86_64 module build in $O"
	mkdir -p "$O"
	mk allnoconfig >/dev/null
	args=()
	for kv in $want; do
		case ${kv#*=} in
		y) args+=(-e "${kv%=*}") ;;
		m) args+=(-m "${kv%=*}") ;;
		esac
	done
	"$KSRC"/scripts/config --file "$O/.config" "${args[@]}"
	mk olddefconfig >/dev/null
	for kv in $want; do
		grep -qx "CONFIG_$kv" "$O/.config" || die "CONFIG_$kv did not stick"
	done
	echo "$want" > "$O/.rio-voq-config"
fi

mk modules_prepare >/dev/null
dirs="drivers/rapidio/voq/ drivers/rapidio/sim/"
# shellcheck disable=SC2086
out=$(mk W=1 C=2 $dirs 2>&1) || { printf '%s\n' "$out"; die "x86_64 build failed"; }
# Diagnostics located in our files fail the check.  Those located in
# files of the pinned tree (a core header we include) are pre-existing:
# they are listed, not counted.
ours='(drivers/rapidio/(voq|sim)/|include/linux/rio_voq\.h)'
diag=$(printf '%s\n' "$out" | grep -E ': (warning|error):' || true)
mine=$(printf '%s\n' "$diag" | grep -E "$ours[^:]*:[0-9]+" || true)
theirs=$(printf '%s\n' "$diag" | grep -vE "$ours[^:]*:[0-9]+" | sort -u || true)
if [ -n "$theirs" ]; then
	log "pre-existing diagnostics in the pinned tree's own files (not counted):"
	printf '%s\n' "$theirs" | sed 's/^/    /' >&2
fi
if [ -n "$mine" ]; then
	printf '%s\n' "$mine"
	exit 1
fi
log "x86_64 W=1 C=2: no diagnostics in $dirs"
