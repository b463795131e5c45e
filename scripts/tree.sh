#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Prepare the pinned kernel tree of RIO_VOQ_KERNEL: unpack Debian's
# linux-source-<version> into its part of the cache (once per package
# version), then apply the overlay.
#
# The overlay is applied idempotently and without touching files that
# did not change, so incremental builds stay incremental:
#  - files under drivers/, include/ and Documentation/ of the repository
#    are new files of the tree, copied in (a source with a
#    LINUX_VERSION_CODE test as the tree's version gets it,
#    scripts/kversion.py); files dropped from the repository are removed
#    again;
#  - changes to files the tree already has are patches, listed in
#    patches/series, applied to pristine copies kept in the cache.
# The tree is never edited by hand.
set -euo pipefail
. "$(dirname "$0")/common.sh"
# Nothing to do under a make check that prepared this tree already
case " ${RIO_VOQ_TREES_READY:-} " in
*" $RIO_VOQ_KERNEL "*) exit 0 ;;
esac

[ -f "$RIO_VOQ_KTAR" ] || die "$RIO_VOQ_KTAR missing: run 'make deps'"
ver=$(dpkg-query -W -f='${Version}' "$RIO_VOQ_KPKG")
stamp=$KSRC/.rio-voq-unpacked
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$ver" ]; then
	log "unpacking $RIO_VOQ_KPKG $ver into $RIO_VOQ_KCACHE"
	rm -rf "$KSRC" "$RIO_VOQ_KCACHE"/pristine "$RIO_VOQ_KCACHE"/*.list \
	       "$RIO_VOQ_KCACHE"/build-*
	mkdir -p "$RIO_VOQ_KCACHE"
	tar -C "$RIO_VOQ_KCACHE" -xf "$RIO_VOQ_KTAR"
	echo "$ver" > "$stamp"
fi

# A copy with the mode git gives the file: 0755 if executable (the
# selftests' scripts), 0644 otherwise
sync_file() {
	local mode=0644

	[ ! -x "$1" ] || mode=0755
	cmp -s "$1" "$2" && [ "$(stat -c %a "$2")" = "${mode#0}" ] ||
		install -D -m "$mode" "$1" "$2"
}

# Overlay: new files
old_list=$RIO_VOQ_KCACHE/overlay.list
new_list=$(mktemp)
resolved=$(mktemp)
trap 'rm -rf "$new_list" "$resolved" "${work:-}"' EXIT
touch "$old_list"
for d in $RIO_VOQ_OVERLAY_DIRS; do
	[ ! -d "$RIO_VOQ_TOP/$d" ] || (cd "$RIO_VOQ_TOP" && find "$d" -type f)
done | LC_ALL=C sort > "$new_list"
while read -r f; do
	if [ -e "$KSRC/$f" ] && ! grep -qxF "$f" "$old_list"; then
		die "$f is a file of the pinned tree: change it with a patch in patches/"
	fi
	case "$f" in
	*.[ch])
		if grep -q LINUX_VERSION_CODE "$RIO_VOQ_TOP/$f"; then
			python3 "$RIO_VOQ_TOP/scripts/kversion.py" "$KSRC" \
				"$RIO_VOQ_TOP/$f" > "$resolved" || die "$f: version tests"
			sync_file "$resolved" "$KSRC/$f"
			continue
		fi
		;;
	esac
	sync_file "$RIO_VOQ_TOP/$f" "$KSRC/$f"
done < "$new_list"
LC_ALL=C comm -23 "$old_list" "$new_list" | while read -r f; do
	rm -f "$KSRC/$f"
done
cp "$new_list" "$old_list"

# Patches: changes to files of the tree
pristine=$RIO_VOQ_KCACHE/pristine
old_touched=$RIO_VOQ_KCACHE/patched.list
touch "$old_touched"
series=()
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	series+=("$RIO_VOQ_TOP/patches/$p")
done < "$RIO_VOQ_TOP/patches/series"

touched=$( (cat "$old_touched"
	    [ ${#series[@]} -eq 0 ] ||
		sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "${series[@]}") | LC_ALL=C sort -u)
work=$(mktemp -d)
for f in $touched; do
	# A file of the tree not yet saved has never been patched: save it.
	if [ ! -e "$pristine/$f" ] && [ ! -e "$pristine/$f.absent" ]; then
		if [ -e "$KSRC/$f" ]; then
			install -D -m 0644 "$KSRC/$f" "$pristine/$f"
		else
			install -D -m 0644 /dev/null "$pristine/$f.absent"
		fi
	fi
	[ -e "$pristine/$f" ] && install -D -m 0644 "$pristine/$f" "$work/$f"
done
for p in "${series[@]}"; do
	patch -p1 -d "$work" -s -f --no-backup-if-mismatch < "$p" ||
		die "patch ${p##*/} does not apply to the pinned tree"
done
for f in $touched; do
	if [ -e "$work/$f" ]; then
		sync_file "$work/$f" "$KSRC/$f"
	else
		rm -f "$KSRC/$f"
	fi
done
sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' /dev/null ${series[@]+"${series[@]}"} |
	LC_ALL=C sort -u > "$old_touched"
