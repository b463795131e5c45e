#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The upstream patch series for the pinned kernel.
#
#   series.sh export [OUT]  write the series (scripts/series.py) into OUT
#                           (default build/series/<kernel>), then check it
#                           (checkpatch --strict, git am onto the
#                           pristine tree, the build of
#                           platform-build.sh x86_64, then each patch
#                           on its own)
#   series.sh check         export into the cache, checkpatch --strict,
#                           apply it with git am onto the pristine tree
#                           and check that the kernel files it gives are
#                           those of the tree that the other steps of
#                           make check build and test
#
# The pristine git tree is made once per package version from the
# package's tarball ($RIO_VOQ_KCACHE/git-<package>, the pristine tree at
# tag rio-voq-base).
set -euo pipefail
. "$(dirname "$0")/common.sh"

base=$RIO_VOQ_KCACHE/git-$RIO_VOQ_KPKG
bdir=$RIO_VOQ_KCACHE/build-series-$RIO_VOQ_KPKG
kver=${RIO_VOQ_KPKG#linux-source-}

# No automatic gc in the pristine repository.  Its first commit adds
# the whole tree as loose objects (some 80,000), each export adds its
# blobs, and git commit and git am run "gc --auto", which past gc.auto's
# 6,700 loose objects repacks the repository in a process of its own
# (detached) that outlives this script and inherits fd 9, the cache's
# lock (common.sh): the next run on the cache then waits for the
# repack, minutes on a loaded machine.  The objects stay loose (some
# more disk; nothing here walks history).  Set on every run, so that a
# repository made before has it too.
no_auto_gc() {
	git -C "$base" config gc.auto 0 &&
	git -C "$base" config maintenance.auto false
}

# The pristine tree as a git repository, once per package version
make_base() {
	local ver
	ver=$(dpkg-query -W -f='${Version}' "$RIO_VOQ_KPKG")
	if [ "$(cat "$base/.git/rio-voq-version" 2>/dev/null)" = "$ver" ]; then
		no_auto_gc
		return
	fi
	log "making a git repository of pristine $RIO_VOQ_KPKG $ver in $base"
	rm -rf "$base" "$bdir" "$bdir-bisect" "$RIO_VOQ_KCACHE/series-$kver"
	mkdir -p "$base"
	tar -C "$base" --strip-components=1 -xf "$RIO_VOQ_KTAR"
	(cd "$base" && git init -q && no_auto_gc && git add -f -A . &&
	 GIT_AUTHOR_NAME=Debian GIT_AUTHOR_EMAIL=debian-kernel@lists.debian.org \
	 GIT_COMMITTER_NAME=Debian GIT_COMMITTER_EMAIL=debian-kernel@lists.debian.org \
		git commit -q -m "$RIO_VOQ_KPKG $ver" && git tag rio-voq-base)
	echo "$ver" > "$base/.git/rio-voq-version"
}

# The patches of a series directory, without its cover letter
patches_of() {	# series dir
	find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-cover-letter.patch' | LC_ALL=C sort
}

# The submitter, from the git configuration of this checkout
as_submitter() {
	GIT_AUTHOR_NAME=$(git -C "$RIO_VOQ_TOP" config user.name) \
	GIT_AUTHOR_EMAIL=$(git -C "$RIO_VOQ_TOP" config user.email) \
	GIT_COMMITTER_NAME=$(git -C "$RIO_VOQ_TOP" config user.name) \
	GIT_COMMITTER_EMAIL=$(git -C "$RIO_VOQ_TOP" config user.email) "$@"
}

# What the series is made of: the repository's files it takes, the
# plan, the messages, the core patches, the scripts that export it and
# the submitter
series_input() {
	(cd "$RIO_VOQ_TOP" &&
	 git ls-files -z drivers include Documentation tools patches scripts/series \
		scripts/series.py scripts/series.sh scripts/common.sh \
		scripts/kversion.py | LC_ALL=C sort -z | xargs -0 sha256sum &&
	 git config user.name && git config user.email) | sha256sum
}

export_series() {	# out dir
	python3 "$RIO_VOQ_TOP/scripts/series.py" "$base" "$1" >/dev/null
}

# Apply the series with git am onto the pristine tree (again only when
# its trees changed, so that a warm run does not touch the files)
am_apply() {	# series dir
	local trees
	trees=$(git -C "$base" log --format=%T rio-voq-base..rio-voq-series)
	if [ "$(cat "$base/.git/rio-voq-applied" 2>/dev/null)" = "$trees" ] &&
	   [ "$(git -C "$base" rev-parse "HEAD^{tree}")" = "$(head -n 1 <<<"$trees")" ] &&
	   git -C "$base" diff --quiet HEAD; then
		log "series unchanged since its last git am"
		return 0
	fi
	rm -f "$base/.git/rio-voq-applied"
	# shellcheck disable=SC2046
	(cd "$base" && git checkout -q -f --detach rio-voq-base &&
	 as_submitter git am -q $(patches_of "$1")) || {
		(cd "$base" && git am --abort 2>/dev/null)
		log "git am of the series onto pristine $RIO_VOQ_KPKG failed"
		return 1
	}
	# git am gives the commits the series describes, tree for tree
	[ "$(git -C "$base" log --format=%T rio-voq-base..HEAD)" = "$trees" ] || {
		log "git am of the series gave other trees than the export"
		return 1
	}
	echo "$trees" > "$base/.git/rio-voq-applied"
	log "series applied with git am ($(git -C "$base" rev-list --count rio-voq-base..HEAD) patches)"
}

# The kernel files the applied series gives are those of the tree the
# other steps build and test (the pinned tree with the overlay): then
# their builds (x86_64 modules, KUnit) are builds of the
# series.  MAINTAINERS and tools/ are the series' own.
same_as_overlay() {
	local f rc=0 changed
	changed=$(git -C "$base" diff --name-only rio-voq-base HEAD)
	for f in $changed; do
		case "$f" in MAINTAINERS|tools/*) continue ;; esac
		cmp -s "$base/$f" "$KSRC/$f" || {
			log "$f differs between the applied series and $KSRC"
			rc=1
		}
	done
	# ... and the overlay has no file the series leaves out
	for f in $(cat "$RIO_VOQ_KCACHE/overlay.list" "$RIO_VOQ_KCACHE/patched.list"); do
		grep -qxF "$f" <<<"$changed" || {
			log "$f of the overlay is not in the series"
			rc=1
		}
	done
	return $rc
}

# Build the applied series (vmlinux, modules, modpost, W=1, sparse)
am_build() {
	bash "$RIO_VOQ_TOP/scripts/platform-build.sh" x86_64 "$base" "$bdir"
}

# Each patch builds drivers/rapidio/ on its own, in a build directory
# of its own with the configuration of am_build's (given anew to each
# patch, since older trees drop the symbols they do not know yet)
bisect_build() {
	local c n=0 rc=0 tip bb=$bdir-bisect
	tip=$(git -C "$base" rev-parse HEAD)
	mkdir -p "$bb"
	for c in $(git -C "$base" rev-list --reverse rio-voq-base..HEAD); do
		n=$((n + 1))
		git -C "$base" checkout -q --detach "$c"
		cp "$bdir/.config" "$bb/.config"
		if make -s -C "$base" O="$bb" ARCH=x86_64 -j"$RIO_VOQ_JOBS" W=1 \
			olddefconfig drivers/rapidio/ > "$bb/bisect-$n.log" 2>&1 &&
		   ! grep -E ': (warning|error):' "$bb/bisect-$n.log" | grep -q rapidio; then
			log "patch $n builds: $(git -C "$base" log -1 --format=%s "$c")"
		else
			grep -E ': (warning|error):|Error' "$bb/bisect-$n.log" | head -n 10
			log "patch $n does not build cleanly (see $bb/bisect-$n.log)"
			rc=1
		fi
	done
	git -C "$base" checkout -q --detach "$tip"
	return $rc
}

# In a git tree checkpatch also runs spdxcheck.py, which needs the
# system's python3 (python3-ply, python3-git).  That tree has no
# upstream history: the commits the series names are checked by
# upstream_ids_known (common.sh) instead.
checkpatch_series() {	# series dir
	# shellcheck disable=SC2046
	(cd "$base" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore UNKNOWN_COMMIT_ID $(patches_of "$1")) &&
		upstream_ids_known $(patches_of "$1")
}

make_base
case "${1:-}" in
export)
	out=${2:-$RIO_VOQ_TOP/build/series/$kver}
	export_series "$out" || die "exporting the series failed"
	log "$(patches_of "$out" | wc -l) patches and a cover letter in $out"
	checkpatch_series "$out" || die "checkpatch --strict on the series"
	am_apply "$out" || die "the series does not apply"
	am_build || die "the series does not build"
	bisect_build || die "a patch of the series does not build on its own"
	;;
check)
	out=$RIO_VOQ_KCACHE/series-$kver
	input=$(series_input)
	if [ "$(cat "$out/.rio-voq-input" 2>/dev/null)" = "$input" ]; then
		log "series unchanged since its last export and checkpatch"
	else
		rm -f "$out/.rio-voq-input"
		export_series "$out" || exit 1
		checkpatch_series "$out" || exit 1
		echo "$input" > "$out/.rio-voq-input"
	fi
	am_apply "$out" || exit 1
	same_as_overlay || exit 1
	log "the series, applied with git am, is the tree built and tested"
	;;
*)
	die "usage: $0 export [OUT] | check"
	;;
esac
