# SPDX-License-Identifier: GPL-2.0
# Settings shared by the rio-voq build scripts; sourced, not run.
#
# RIO_VOQ_CACHE  where the pinned tree and the build directories live
#                (default ~/.cache/rio-voq, outside the repository)
# RIO_VOQ_JOBS   parallel make jobs (default: number of CPUs)
# RIO_VOQ_KERNEL which pinned tree: 6.1 or 6.12 (default: 6.1, but
#                6.12 for the boot tests and the demo)

RIO_VOQ_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RIO_VOQ_CACHE=${RIO_VOQ_CACHE:-$HOME/.cache/rio-voq}
RIO_VOQ_JOBS=${RIO_VOQ_JOBS:-$(nproc)}
# The pinned trees: Debian's linux-source-<version> packages.  Each
# version has its own part of the cache, RIO_VOQ_KCACHE, for its tree,
# its pristine copies, its build directories and its logs, so that both
# stay warm side by side.  6.1's is the top of the cache, where it was
# before there were two, so that a cache warmed then stays warm.
RIO_VOQ_KERNELS="6.1 6.12"
RIO_VOQ_KERNEL_DEFAULT=6.1
# The boot tests and the demo boot the newest tree, unless RIO_VOQ_KERNEL
# names one (RIO_VOQ_KERNEL=6.1 make demo)
RIO_VOQ_KERNEL_NEWEST=${RIO_VOQ_KERNELS##* }
RIO_VOQ_BOOT_KERNEL=${RIO_VOQ_KERNEL:-$RIO_VOQ_KERNEL_NEWEST}
export RIO_VOQ_KERNEL=${RIO_VOQ_KERNEL:-$RIO_VOQ_KERNEL_DEFAULT}
# A script that boots UML runs itself again on the tree it boots
on_boot_kernel() {	# "$0" "$@"
	[ "$RIO_VOQ_KERNEL" = "$RIO_VOQ_BOOT_KERNEL" ] ||
		exec env RIO_VOQ_KERNEL="$RIO_VOQ_BOOT_KERNEL" bash "$@"
}
case $RIO_VOQ_KERNEL in
6.1)	RIO_VOQ_KCACHE=$RIO_VOQ_CACHE ;;
6.12)	RIO_VOQ_KCACHE=$RIO_VOQ_CACHE/$RIO_VOQ_KERNEL ;;
*)	printf '[rio-voq] error: RIO_VOQ_KERNEL=%s: not one of %s\n' \
		"$RIO_VOQ_KERNEL" "$RIO_VOQ_KERNELS" >&2
	exit 1 ;;
esac
RIO_VOQ_KPKG=linux-source-$RIO_VOQ_KERNEL
RIO_VOQ_KTAR=/usr/src/$RIO_VOQ_KPKG.tar.xz
KSRC=$RIO_VOQ_KCACHE/$RIO_VOQ_KPKG
# Parts of the repository copied into the tree
RIO_VOQ_OVERLAY_DIRS="drivers include Documentation tools/testing/selftests/drivers/rapidio"

# KUnit, as make check and make mutants run it: the tests' .kunitconfig
# beside the code, plus configuration fragments, one "--kconfig_add
# CONFIG_X=y" (or "# CONFIG_X is not set") per option, in order, so that
# a later fragment's option replaces an earlier one's.  The fragments
# named, or by default UML's: kunit/sanitizers.config and kunit/uml.config
RIO_VOQ_KUNITCONFIG=drivers/rapidio
RIO_VOQ_KUNIT_BUILD=$RIO_VOQ_KCACHE/build-kunit-rio-voq
# kunit.py's options that give UBSAN to every object of ours and to the
# core objects our tests drive (rio.o, rio-scan.o).  A test-only flag,
# so on kunit.py's command line and not in our Makefiles: UML has no
# UBSAN_SANITIZE_ALL before 6.9 and instruments only the objects named
# (from 6.9 on every object is, and these change nothing).
kunit_ubsan_options() {
	local f

	for f in rio.c rio-scan.c $(cd "$RIO_VOQ_TOP" && find drivers -name '*.c' -printf '%f\n' |
				    LC_ALL=C sort -u); do
		printf '%s\n' --make_options "UBSAN_SANITIZE_${f%.c}.o=y"
	done
}

kunit_config_add() {	# [fragment...]
	local f opt

	[ $# -gt 0 ] || set -- "$RIO_VOQ_TOP/kunit/sanitizers.config" \
		"$RIO_VOQ_TOP/kunit/uml.config"
	for f in "$@"; do
		while read -r opt; do
			case "$opt" in
			'# CONFIG_'*' is not set') ;;
			''|'#'*) continue ;;
			esac
			printf '%s\n' --kconfig_add "$opt"
		done < "$f"
	done
}

# Messages about another tree than the default say which
log_tag=rio-voq
[ "$RIO_VOQ_KERNEL" = "$RIO_VOQ_KERNEL_DEFAULT" ] || log_tag="rio-voq $RIO_VOQ_KERNEL"
log() { printf '[%s] %s\n' "$log_tag" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# checkpatch looks up the commit a Fixes: tag or a "commit <id>" names
# in the git history of the tree it runs in, and warns UNKNOWN_COMMIT_ID
# for every id when there is none (the pinned tree, the pristine git
# repository of the series).  So it runs with that check off, and
# every id a patch's message names must be in
# scripts/series/upstream-commits, where each was put with its subject
# once checked against upstream history; a Fixes: tag must have the
# form and the subject given there.
upstream_ids_known() {	# patch...
	local p line tag id rc=0 known

	known=$(grep -v '^#' "$RIO_VOQ_TOP/scripts/series/upstream-commits" || true)
	for p in "$@"; do
		for id in $(sed '/^---$/q' "$p" |
			    grep -oiE '(^fixes:|\bcommit)[[:space:]]+[0-9a-f]{6,40}\b' |
			    awk '{print $2}'); do
			grep -q "^${id:0:12} " <<<"$known" || {
				log "${p##*/}: commit $id is not in scripts/series/upstream-commits"
				rc=1
			}
		done
		while read -r line; do
			tag=$(sed -nE 's/^Fixes: ([0-9a-f]{12}) \("(.*)"\)$/\1 \2/p' <<<"$line")
			if [ -z "$tag" ]; then
				log "${p##*/}: \"$line\" is not 'Fixes: <12 hex digits> (\"<subject>\")'"
				rc=1
			elif ! grep -qxF "$tag" <<<"$known"; then
				log "${p##*/}: \"$line\": not the subject of scripts/series/upstream-commits"
				rc=1
			fi
		done < <(sed '/^---$/q' "$p" | grep -i '^fixes:')
	done
	return $rc
}

# One run at a time per cache: the overlay is copied into one tree, so
# two checkouts (or two make invocations) sharing a cache take turns.
# The first script of a run takes the lock; the scripts it runs inherit
# it (fd 9 and RIO_VOQ_LOCKED).
if [ -z "${RIO_VOQ_LOCKED:-}" ] && command -v flock >/dev/null; then
	mkdir -p "$RIO_VOQ_CACHE"
	exec 9>"$RIO_VOQ_CACHE/.lock"
	if ! flock -n 9; then
		log "waiting for another run on $RIO_VOQ_CACHE"
		flock 9
	fi
	export RIO_VOQ_LOCKED=1
fi
