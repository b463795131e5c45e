#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build our code for x86_64 as modules with W=1 and sparse (C=2), on a
# minimal configuration (allnoconfig + PCI + RapidIO as modules).
#
#   x86-build.sh [SRC BUILD_DIR]
#
# SRC is the kernel tree (default: the pinned tree with the overlay),
# BUILD_DIR the build directory (default: build-x86 in the cache).
#
# The modules are linked, not only compiled: the whole kernel is built
# (vmlinux and every module, W=1), so that modpost checks each module's
# undefined symbols against vmlinux and the other modules, as a user's
# "make modules" would: a symbol that is not exported fails the step.
# Then sparse goes over our directories.
#
# Prints the compiler, modpost and sparse diagnostics and exits non-zero
# if the build fails or any diagnostic is located in our files.
set -euo pipefail
. "$(dirname "$0")/common.sh"

O=$RIO_VOQ_CACHE/build-x86
if [ $# -ge 2 ]; then
	KSRC=$1 O=$2
fi
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

dirs="drivers/rapidio/voq/ drivers/rapidio/sim/"
ours='(drivers/rapidio/(voq|sim)/|include/linux/rio_voq\.h)'
build_log=$O/build.log
rc=0

# vmlinux and all modules, then modpost over them.  Only what changed is
# rebuilt; W=1 as below, so that the two runs share their objects.
log "x86_64: building vmlinux and the modules (W=1), modpost (log: $build_log)"
mk W=1 > "$build_log" 2>&1 || rc=1
if [ "$rc" -ne 0 ]; then
	grep -E 'ERROR|error:|Error [0-9]' "$build_log" | head -n 20
	log "x86_64 build or module link (modpost) failed"
fi
# modpost's warnings about our modules (section mismatches, ...) count
mp=$(grep -E "^WARNING: modpost: .*$ours" "$build_log" || true)
if [ -n "$mp" ]; then
	printf '%s\n' "$mp"
	rc=1
fi
ko=$(cd "$O" && find $dirs -name '*.ko' 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
[ "$rc" -ne 0 ] || log "x86_64 modules linked: $ko"

# shellcheck disable=SC2086
out=$(cat "$build_log"; mk W=1 C=2 $dirs 2>&1) || { printf '%s\n' "$out" | tail -n 20; rc=1; }
# Diagnostics located in our files fail the check.  Those located in
# files of the pinned tree are pre-existing: they are counted, not
# failed (the list is in the build log).
diag=$(printf '%s\n' "$out" | grep -E ': (warning|error):' || true)
mine=$(printf '%s\n' "$diag" | grep -E "$ours[^:]*:[0-9]+" || true)
theirs=$(printf '%s\n' "$diag" | grep -vE "$ours[^:]*:[0-9]+" | grep -c . || true)
if [ "$theirs" -gt 0 ]; then
	log "$theirs pre-existing diagnostics in the pinned tree's own files (not counted; see $build_log)"
fi
if [ -n "$mine" ]; then
	printf '%s\n' "$mine"
	exit 1
fi
[ "$rc" -eq 0 ] || exit 1
log "x86_64 W=1 C=2: no diagnostics in $dirs"
