#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build our code as modules beside a real platform's RapidIO driver,
# with W=1 and sparse (C=2), on a minimal configuration:
#
#   platform-build.sh TARGET [SRC BUILD_DIR]
#
# TARGET is one of
#   x86_64   allnoconfig + PCI + RapidIO as modules, beside the Tsi721
#            PCIe-to-SRIO bridge driver (=m): make check's x86 step,
#            and the build of the exported series
#   ppc32    32-bit big-endian PowerPC e500mc (QorIQ
#            CoreNet: P4080, P3041, ...) with the
#            mainline fsl_rio mport driver (RAPIDIO=y,
#            as FSL_RIO requires), cross-compiled
#
# SRC is the kernel tree (default: the pinned tree with the overlay),
# BUILD_DIR the build directory (default: one per target in the cache).
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

# What every configuration builds: our modules and their KUnit modules,
# beside the core's own RapidIO modules
common="MODULES=y DEBUG_FS=y RAPIDIO_ENUM_BASIC=m RAPIDIO_MPORT_CDEV=m RAPIDIO_CPS_GEN2=m RAPIDIO_RXS_GEN3=m RAPIDIO_VOQ=m RAPIDIO_SIM=m RAPIDIO_SIM_STAGING=m KUNIT=m RAPIDIO_SPEC_KUNIT_TEST=m RAPIDIO_VOQ_KUNIT_TEST=m RAPIDIO_SIM_KUNIT_TEST=m RAPIDIO_VOQ_SIM_KUNIT_TEST=m"
case "${1:-}" in
x86_64)
	O=$RIO_VOQ_KCACHE/build-x86
	arch=(ARCH=x86_64)
	want="PCI=y PCI_MSI=y PCIEPORTBUS=y RAPIDIO=m RAPIDIO_TSI721=m $common"
	;;
ppc32)
	O=$RIO_VOQ_KCACHE/build-ppc32
	arch=(ARCH=powerpc CROSS_COMPILE=powerpc-linux-gnu-)
	# e500mc, on the QorIQ CoreNet boards (P2041, P3041, P4080, ...).
	# The arch's own -Werror (PPC_WERROR) would turn W=1's warnings in
	# the pinned tree's arch/powerpc/lib/sstep.c into errors; ours fail
	# the step anyway, below.
	want="PPC_85xx=y FSL_SOC_BOOKE=y CORENET_GENERIC=y RAPIDIO=y FSL_RIO=y PPC_DISABLE_WERROR=y $common"
	;;
*)
	die "usage: $0 x86_64|ppc32 [SRC BUILD_DIR]"
	;;
esac
if [ $# -ge 3 ]; then
	KSRC=$2 O=$3
fi
mk() { make -s -C "$KSRC" O="$O" "${arch[@]}" -j"$RIO_VOQ_JOBS" "$@"; }

# allnoconfig with our options forced (KCONFIG_ALLCONFIG), so that the
# rest of the kernel stays as small as the platform allows
if [ ! -f "$O/.config" ] || [ "$(cat "$O/.rio-voq-config" 2>/dev/null)" != "$want" ]; then
	log "configuring the $1 module build in $O"
	mkdir -p "$O"
	for kv in $want; do
		echo "CONFIG_$kv"
	done > "$O/rio-voq.config"
	mk KCONFIG_ALLCONFIG="$O/rio-voq.config" allnoconfig >/dev/null
	for kv in $want; do
		grep -qx "CONFIG_$kv" "$O/.config" || die "CONFIG_$kv did not stick"
	done
	echo "$want" > "$O/.rio-voq-config"
fi

dirs="drivers/rapidio/spec/ drivers/rapidio/voq/ drivers/rapidio/sim/ drivers/rapidio/tests/"
ours='(drivers/rapidio/(spec|voq|sim|tests)/|include/linux/rio_voq\.h)'
build_log=$O/build.log
rc=0

# vmlinux and all modules, then modpost over them (not the boot images:
# ppc32's default target wants U-Boot's mkimage).  Only what changed is
# rebuilt; W=1 as below, so that the two runs share their objects.
log "$1: building vmlinux and the modules (W=1), modpost (log: $build_log)"
mk W=1 vmlinux modules > "$build_log" 2>&1 || rc=1
if [ "$rc" -ne 0 ]; then
	grep -E 'ERROR|error:|Error [0-9]' "$build_log" | head -n 20
	log "$1 build or module link (modpost) failed"
fi
# modpost's warnings about our modules (section mismatches, ...) count
mp=$(grep -E "^WARNING: modpost: .*$ours" "$build_log" || true)
if [ -n "$mp" ]; then
	printf '%s\n' "$mp"
	rc=1
fi
ko=$(cd "$O" && find $dirs drivers/rapidio/devices -name '*.ko' 2>/dev/null |
	LC_ALL=C sort | tr '\n' ' ')
[ "$rc" -ne 0 ] || log "$1 modules linked: $ko"

# shellcheck disable=SC2086
out=$(cat "$build_log"; mk W=1 C=2 $dirs 2>&1) || { printf '%s\n' "$out" | tail -n 20; rc=1; }
# Diagnostics located in our files fail the check.  Those located in
# files of the pinned tree are pre-existing: they are counted, not
# failed (the list is in the build log).
diag=$(printf '%s\n' "$out" | grep -E ': (warning|error):' || true)
mine=$(printf '%s\n' "$diag" | grep -E "${ours}[^:]*:[0-9]+" || true)
theirs=$(printf '%s\n' "$diag" | grep -vE "${ours}[^:]*:[0-9]+" | grep -c . || true)
if [ "$theirs" -gt 0 ]; then
	log "$theirs pre-existing diagnostics in the pinned tree's own files (not counted; see $build_log)"
fi
if [ -n "$mine" ]; then
	printf '%s\n' "$mine"
	exit 1
fi
[ "$rc" -eq 0 ] || exit 1
log "$1 W=1 C=2: no diagnostics in $dirs"
