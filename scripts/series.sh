#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The upstream patch series for the pinned kernel.
#
#   series.sh export [OUT]  write the series (scripts/series.py) into OUT
#                           (default build/series/<kernel>), then check it
#                           (checkpatch --strict, git am onto the
#                           pristine tree, riovoq built and tested in
#                           it (riovoq_in_tree), the build of
#                           platform-build.sh x86_64, then each patch
#                           of series B and C in order (bisect_build:
#                           with a cold build directory 15 min for the
#                           tree before B, then 4 to 20 s a patch, 8 to
#                           13 min for the 51 on 2 cores), then
#                           the core fixes one by one); not a step of
#                           make check, which only exports, runs
#                           checkpatch and applies (series.sh check)
#   series.sh check         export into the cache, checkpatch --strict,
#                           apply it with git am onto the pristine tree
#                           and check that the kernel files it gives are
#                           those of the tree that the other steps of
#                           make check build and test; riovoq built and
#                           tested in it
#   series.sh steps [OUT]   export, git am, then only the build of each
#                           patch of series B and C in order (see
#                           bisect_build)
#   series.sh fixes [PATCH...]
#                           each core fix of series A, A2 and A3 of the
#                           plan on its own: applied onto the pristine
#                           tree with only the patches it needs (the
#                           plan's "needs"), then drivers/rapidio/ and
#                           every other directory it touches built with
#                           W=1 (x86_64; fsl_rio for powerpc on 32-bit
#                           e500mc); no new diagnostic in the files it
#                           touches (only the PATCHes named, if any)
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

# Our MAINTAINERS entries sit where scripts/parse-maintainers.pl sorts
# them (upper case, THE REST last): beside RAPIDIO SUBSYSTEM; and every
# file the series adds has a RAPIDIO entry (an F: pattern that matches it)
maintainers_sorted() {
	# shellcheck disable=SC2046
	python3 - "$base/MAINTAINERS" $(git -C "$base" diff --name-only --diff-filter=A \
		rio-voq-base HEAD) <<-'PY'
	import fnmatch, re, sys
	lines = open(sys.argv[1]).read().split('\n')
	titles = [lines[k] for k in range(1, len(lines) - 1)
	          if lines[k - 1] == '' and re.match(r'^[A-Z]:\t', lines[k + 1])]
	key = lambda t: t.upper().replace('THE REST', 'ZZZZZZ')
	rc = 0
	for i, t in enumerate(titles):
	    if not t.startswith('RAPIDIO '):
	        continue
	    if not key(titles[i - 1]) <= key(t) <= key(titles[i + 1]):
	        print(f'MAINTAINERS: {t} between {titles[i - 1]} and {titles[i + 1]}')
	        rc = 1
	# (the F: patterns of the RAPIDIO entries: THE REST has them all)
	pats, title = [], None
	for k, l in enumerate(lines):
	    if k and lines[k - 1] == '' and k + 1 < len(lines) and re.match(r'^[A-Z]:\t', lines[k + 1]):
	        title = l
	    elif l.startswith('F:\t') and title.startswith('RAPIDIO '):
	        pats.append(l[3:])
	for f in sys.argv[2:]:
	    if not any(f == p or fnmatch.fnmatch(f, p) or
	               (p.endswith("/") and f.startswith(p)) for p in pats):
	        print(f'MAINTAINERS: no RAPIDIO entry has {f}')
	        rc = 1
	sys.exit(rc)
	PY
}

# Each mail of series A, A2 and A3, as it is sent, applies onto the
# pristine tree with only the mails of the patches it needs (the plan's
# "needs", followed through): "series.sh fixes" builds patches/, whose
# context may differ from the mail's, which is made against the patches
# before it in its series.
mails_apply_alone() {	# series dir
	python3 - "$1" "$RIO_VOQ_TOP/scripts/series/plan" "$base" <<'PY'
import glob, os, subprocess, sys, tempfile
out, plan, base = sys.argv[1:]
mail, needs, order, name = {}, {}, [], None
count = {}
for line in open(plan):
    w = line.split('#', 1)[0].split()
    if not w:
        continue
    if w[0] == 'series' and len(w) == 2:
        name = w[1]
    elif w[0] in ('core', 'new') and name:
        count[name] = count.get(name, 0) + 1
        if w[0] == 'core' and name in ('A', 'A2', 'A3'):
            m = glob.glob(os.path.join(out, name, '%04d-*.patch' % count[name]))
            if len(m) != 1:
                sys.exit(f'no mail for {w[1]} in {out}/{name}')
            mail[w[1]] = m[0]
            needs[w[1]] = w[3:] if len(w) > 3 else []
            order.append(w[1])
bad = 0
for p in order:
    want, todo = set(), list(needs[p])
    while todo:
        q = todo.pop()
        if q not in want:
            want.add(q)
            todo += needs.get(q, [])
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GIT_INDEX_FILE=os.path.join(tmp, 'index'))
        subprocess.run(['git', 'read-tree', 'rio-voq-base'], cwd=base, env=env, check=True)
        for q in [q for q in order if q in want] + [p]:
            r = subprocess.run(['git', 'apply', '--cached', mail[q]], cwd=base, env=env,
                               capture_output=True, text=True)
            if r.returncode:
                print(f'{os.path.basename(mail[p])}: does not apply with '
                      f'{len(want)} mail(s) it needs, at '
                      f'{os.path.basename(mail[q])}: {r.stderr.strip().splitlines()[0]}')
                bad += 1
                break
sys.exit(1 if bad else 0)
PY
}

# riovoq, the last patch of series C, builds and passes its tests in the
# tree the applied series gives, whose include/ is the kernel's whole
# (the repository's has two headers), and git ignores what it builds
riovoq_in_tree() {
	local out=$RIO_VOQ_KCACHE/series-$kver-riovoq.log left rc=0

	make -s -C "$base/tools/riovoq" clean
	if ! make -s -C "$base/tools/riovoq" test > "$out" 2>&1; then
		grep -E 'error:|^not ok' "$out" | head -n 10
		log "riovoq does not build or pass its tests in the applied series (log: $out)"
		rc=1
	fi
	left=$(git -C "$base" status --porcelain -- tools/riovoq)
	if [ -n "$left" ]; then
		printf '%s\n' "$left"
		log "riovoq's build leaves files git does not ignore in the applied series"
		rc=1
	fi
	make -s -C "$base/tools/riovoq" clean
	[ "$rc" -ne 0 ] ||
		log "riovoq in the applied series: $(tail -n 1 "$out") (log: $out)"
	return $rc
}

# Build the applied series (vmlinux, modules, modpost, W=1, sparse)
am_build() {
	bash "$RIO_VOQ_TOP/scripts/platform-build.sh" x86_64 "$base" "$bdir"
}

# Each patch of series B and C builds in order on the patches before it
# (series A, A2 and A3 under them): a minimal x86_64 configuration with
# every RapidIO option of the tree at that patch as a module (given
# anew to each patch: a patch adds symbols), built whole with W=1, so
# that kbuild compiles what the patch touches and modpost links every
# module the patch completes; then each C file the patch adds that this
# build did not compile (a file of a module whose top is not there yet,
# scripts/series/plan) is compiled on its own at that patch; a patch of
# tools/riovoq builds the tool with its own Makefile.  No warning or
# error in drivers/rapidio/ or include/.  Incremental: one build
# directory for all patches.
steps_config() {	# build-dir
	local kv
	for kv in MODULES=y PCI=y DEBUG_FS=y FTRACE=y ENABLE_DEFAULT_TRACERS=y \
		KUNIT=y RAPIDIO=m RAPIDIO_ENUM_BASIC=m RAPIDIO_VOQ=m \
		RAPIDIO_SIM=m RAPIDIO_SIM_STAGING=m RAPIDIO_SPEC_KUNIT_TEST=m \
		RAPIDIO_VOQ_KUNIT_TEST=m RAPIDIO_SIM_KUNIT_TEST=m \
		RAPIDIO_VOQ_SIM_KUNIT_TEST=m; do
		echo "CONFIG_$kv"
	done > "$1/rio-voq.config"
}
# The number of commits of the chain before series B: the core and new
# steps of the plan before its "series B" line
steps_before_b() {
	awk '{ sub(/#.*/, "") } $1 == "series" && $2 == "B" { exit }
	     $1 == "core" || $1 == "new" { n++ } END { print n + 0 }' \
		"$RIO_VOQ_TOP/scripts/series/plan"
}
bisect_build() {
	local c n=0 rc=0 tip bb=$bdir-bisect f d o t0 t1 skip mk log new ok
	tip=$(git -C "$base" rev-parse HEAD)
	skip=$(steps_before_b)
	mkdir -p "$bb"
	steps_config "$bb"
	t0=$(date +%s)
	for c in $(git -C "$base" rev-list --reverse rio-voq-base..HEAD | tail -n +"$skip"); do
		t1=$(date +%s)
		git -C "$base" checkout -q -f --detach "$c"
		log=$bb/bisect-$n.log
		touch "$bb/.step-start"
		ok=y
		if ! make -s -C "$base" O="$bb" ARCH=x86_64 KCONFIG_ALLCONFIG="$bb/rio-voq.config" \
			allnoconfig > "$log" 2>&1 ||
		   ! make -s -C "$base" O="$bb" ARCH=x86_64 -j"$RIO_VOQ_JOBS" W=1 >> "$log" 2>&1; then
			grep -E ': (warning|error):|Error|ERROR' "$log" | head -n 10
			log "patch $n does not build (see $log)"
			rc=1 ok=
		fi
		# the C files it adds that the build did not compile (those
		# #included by another are compiled with it)
		for f in $(git -C "$base" diff --name-only --diff-filter=A "$c^" "$c" -- 'drivers/*.c'); do
			o=$bb/${f%.c}.o
			d=${f%/*}
			[ ! "$o" -nt "$bb/.step-start" ] || continue
			git -C "$base" grep -qE "#include \"([a-z_]+/)?${f##*/}\"" "$c" -- "${d%/tests}" &&
				continue
			mk=
			[ -e "$base/$d/Makefile" ] || { mk=$base/$d/Makefile; : > "$mk"; }
			make -s -C "$base" O="$bb" ARCH=x86_64 W=1 "${f%.c}.o" >> "$log" 2>&1 || {
				log "patch $n: $f does not compile (see $log)"
				rc=1 ok=
			}
			[ -z "$mk" ] || rm -f "$mk"
			[ ! -e "$o" ] || log "patch $n: $f compiled on its own (or up to date)"
		done
		# a patch of tools/riovoq: the tool built as a user builds it
		if git -C "$base" diff --name-only "$c^" "$c" -- tools/riovoq | grep -q .; then
			if ! make -s -C "$base/tools/riovoq" riovoq >> "$log" 2>&1; then
				log "patch $n: tools/riovoq does not build (see $log)"
				rc=1 ok=
			fi
			make -s -C "$base/tools/riovoq" clean >> "$log" 2>&1 || true
		fi
		# (the tree before series B, built whole, gives the diagnostics
		# that are not the series')
		[ "$n" -gt 0 ] || diags "$log" > "$bb/before.diags"
		diags "$log" > "$bb/step.diags"
		new=$(more_diags "$bb/before.diags" "$bb/step.diags" |
		      grep -E '(drivers/rapidio|include)/' || true)
		if [ -n "$new" ]; then
			printf '%s\n' "$new" | head -n 10
			log "patch $n has new diagnostics (see $log)"
			rc=1 ok=
		fi
		if [ "$n" -eq 0 ]; then
			log "before series B: built in $(( $(date +%s) - t1 )) s"
		elif [ -n "$ok" ]; then
			log "patch $n builds ($(( $(date +%s) - t1 )) s): $(git -C "$base" log -1 --format=%s "$c")"
		fi
		n=$((n + 1))
	done
	git -C "$base" checkout -q -f --detach "$tip"
	log "series B and C patch by patch: $(( $(date +%s) - t0 )) s"
	return $rc
}

# In a git tree checkpatch also runs spdxcheck.py, which needs the
# system's python3 (python3-ply, python3-git).  That tree has no
# upstream history: the commits the series names are checked by
# upstream_ids_known (common.sh) instead; a fix for stable whose
# culprit's id is not verified names none (MISSING_FIXES_TAG, newer
# checkpatch; scripts/series/upstream-commits lists them).  A patch
# that adds files to a directory an earlier patch gave a MAINTAINERS
# entry does not touch MAINTAINERS (FILE_PATH_CHANGES): that every file
# the series adds has an entry is checked by maintainers_sorted.
checkpatch_series() {	# series dir
	# shellcheck disable=SC2046
	(cd "$base" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore UNKNOWN_COMMIT_ID,MISSING_FIXES_TAG,FILE_PATH_CHANGES $(patches_of "$1")) &&
		upstream_ids_known $(patches_of "$1")
}

# The core fixes of the plan: "PATCH NEEDED..." per line, for each core
# step of series A, A2 and A3
plan_fixes() {
	awk '{ sub(/#.*/, "") }
	     $1 == "series" { s = $2 }
	     $1 == "core" && (s == "A" || s == "A2" || s == "A3") {
		printf "%s", $2; for (i = 4; i <= NF; i++) printf " %s", $i; print ""
	     }' "$RIO_VOQ_TOP/scripts/series/plan"
}

# The W=1 diagnostics of a build log, without line and column numbers
# (a patch moves the lines of what it leaves alone), each with how many
# times it came: a second one of the same text is new too
diags() {	# log
	grep -E ': (warning|error):' "$1" | sed -E 's/:[0-9]+(:[0-9]+)?:/:/' |
		LC_ALL=C sort | uniq -c || true
}

# The diagnostics of @fix that came more often than in @pristine
more_diags() {	# pristine fix
	awk 'NR == FNR { k = $0; sub(/^ *[0-9]+ /, "", k); n[k] = $1; next }
	     { k = $0; sub(/^ *[0-9]+ /, "", k); if ($1 > n[k] + 0) print k }' "$1" "$2"
}

# A checkout of the pristine tree of its own (a worktree of the pristine
# repository), so that neither the series' checkout nor its build is
# touched; and a minimal configuration per architecture, with every
# RapidIO option of the pristine tree
fixes_tree=$RIO_VOQ_KCACHE/fixes-$RIO_VOQ_KPKG
fixes_config() {	# arch build-dir
	local want o=$2
	case "$1" in
	x86_64) want="MODULES=y PCI=y PCI_MSI=y PCIEPORTBUS=y DMADEVICES=y RAPIDIO=m RAPIDIO_TSI721=m RAPIDIO_DMA_ENGINE=y RAPIDIO_ENUM_BASIC=m RAPIDIO_CHMAN=m RAPIDIO_MPORT_CDEV=m RAPIDIO_CPS_XX=m RAPIDIO_CPS_GEN2=m RAPIDIO_RXS_GEN3=m" ;;
	powerpc) want="PPC_85xx=y FSL_SOC_BOOKE=y CORENET_GENERIC=y RAPIDIO=y FSL_RIO=y PPC_DISABLE_WERROR=y MODULES=y RAPIDIO_ENUM_BASIC=m RAPIDIO_MPORT_CDEV=m" ;;
	esac
	[ "$(cat "$o/.rio-voq-config" 2>/dev/null)" = "$want" ] && return 0
	mkdir -p "$o"
	for kv in $want; do echo "CONFIG_$kv"; done > "$o/rio-voq.config"
	fmake "$1" "$o" KCONFIG_ALLCONFIG="$o/rio-voq.config" allnoconfig >/dev/null ||
		return 1
	for kv in $want; do
		grep -qx "CONFIG_$kv" "$o/.config" || die "$1: CONFIG_$kv did not stick"
	done
	echo "$want" > "$o/.rio-voq-config"
}
fmake() {	# arch build-dir make-args...
	local arch=$1 o=$2
	shift 2
	case "$arch" in
	x86_64) set -- ARCH=x86_64 "$@" ;;
	powerpc) set -- ARCH=powerpc CROSS_COMPILE=powerpc-linux-gnu- "$@" ;;
	esac
	make -s -C "$fixes_tree" O="$o" -j"$RIO_VOQ_JOBS" "$@"
}

# Build what the patches touch on the tree as it is checked out: the
# directories of their C files (drivers/rapidio/ always), with W=1, for
# x86_64, and arch/powerpc's objects for powerpc.  The pristine build is
# given every fix of the plan and builds what they touch from scratch:
# its diagnostics are the ones no fix is asked to mend, and an
# incremental build would leave out those of the files it does not
# rebuild.
fixes_build() {	# name patch...
	local arch dirs d o name=$1 rc=0
	shift
	for arch in x86_64 powerpc; do
		if [ "$arch" = powerpc ]; then
			dirs=$(cat "$@" | grep -oE '^\+\+\+ b/arch/powerpc/[^ ]*\.c' |
			       sed -E 's|^\+\+\+ b/||; s|\.c$|.o|' | LC_ALL=C sort -u)
			[ -n "$dirs" ] || continue
		else
			dirs="drivers/rapidio/ $(cat "$@" | grep -oE '^\+\+\+ b/[^ ]*\.c' |
			       sed -E 's|^\+\+\+ b/||; s|[^/]*$||' |
			       grep -vE '^(drivers/rapidio/|arch/)' | LC_ALL=C sort -u)"
		fi
		o=$RIO_VOQ_KCACHE/build-fixes-$arch
		fixes_config "$arch" "$o" || return 1
		if [ "$name" = pristine ]; then
			for d in $dirs; do
				case "$d" in
				*.o) rm -f "$o/$d" ;;
				*) [ ! -d "$o/$d" ] || find "$o/$d" -name '*.o' -delete ;;
				esac
			done
		fi
		# shellcheck disable=SC2086
		fmake "$arch" "$o" W=1 olddefconfig $dirs > "$o/$name.log" 2>&1 || rc=1
		diags "$o/$name.log" > "$o/$name.diags"
	done
	return $rc
}

fixes() {
	local p needs n rc=0 t0 new
	t0=$(date +%s)
	# (again when the pristine repository was made anew: make_base)
	git -C "$fixes_tree" rev-parse -q --verify rio-voq-base >/dev/null 2>&1 || {
		rm -rf "$fixes_tree"
		git -C "$base" worktree prune
		git -C "$base" worktree add -q --detach "$fixes_tree" rio-voq-base
	}
	git -C "$fixes_tree" checkout -q -f --detach rio-voq-base
	git -C "$fixes_tree" clean -q -f -d
	# The pristine tree's own diagnostics, which no fix is asked to mend
	plan_fixes | while read -r p needs; do echo "$RIO_VOQ_TOP/patches/$p"; done |
		xargs -r cat > "$RIO_VOQ_KCACHE/fixes-all.diff"
	fixes_build pristine "$RIO_VOQ_KCACHE/fixes-all.diff" ||
		die "the pristine tree does not build"
	[ $# -eq 0 ] || log "only $*"
	while read -r p needs; do
		git -C "$fixes_tree" checkout -q -f --detach rio-voq-base
		git -C "$fixes_tree" clean -q -f -d
		for n in $needs $p; do
			git -C "$fixes_tree" apply "$RIO_VOQ_TOP/patches/$n" || {
				log "$p: $n does not apply onto pristine $RIO_VOQ_KPKG${needs:+ with $needs}"
				rc=1
				continue 2
			}
		done
		if ! fixes_build "${p%.patch}" "$RIO_VOQ_TOP/patches/$p"; then
			log "$p does not build${needs:+ (with $needs)}: see $RIO_VOQ_KCACHE/build-fixes-*/${p%.patch}.log"
			rc=1
			continue
		fi
		new=$(for d in "$RIO_VOQ_KCACHE"/build-fixes-*/"${p%.patch}".diags; do
			more_diags "${d%/*}/pristine.diags" "$d"; done)
		if [ -n "$new" ]; then
			printf '%s\n' "$new"
			log "$p: new W=1 diagnostics"
			rc=1
		else
			log "$p applies and builds alone${needs:+ (with $needs)}"
		fi
	done < <(plan_fixes | if [ $# -gt 0 ]; then
			grep -E "^($(printf '%s|' "$@" | sed 's/|$//'))( |$)"; else cat; fi)
	git -C "$fixes_tree" checkout -q -f --detach rio-voq-base
	log "core fixes one by one: $(( $(date +%s) - t0 )) s"
	return $rc
}

make_base
case "${1:-}" in
export)
	out=${2:-$RIO_VOQ_TOP/build/series/$kver}
	export_series "$out" || die "exporting the series failed"
	log "$(patches_of "$out" | wc -l) patches and a cover letter in $out"
	checkpatch_series "$out" || die "checkpatch --strict on the series"
	am_apply "$out" || die "the series does not apply"
	riovoq_in_tree || die "riovoq does not build or pass its tests in the series"
	am_build || die "the series does not build"
	bisect_build || die "a patch of the series does not build on its own"
	fixes || die "a core fix does not apply or build on its own"
	;;
fixes)
	shift
	fixes "$@" || exit 1
	;;
steps)
	out=${2:-$RIO_VOQ_TOP/build/series/$kver}
	export_series "$out" || die "exporting the series failed"
	am_apply "$out" || die "the series does not apply"
	bisect_build || die "a patch of series B or C does not build in order"
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
	maintainers_sorted || exit 1
	mails_apply_alone "$out" || { log "a core fix's mail does not apply alone"; exit 1; }
	riovoq_in_tree || exit 1
	log "the series, applied with git am, is the tree built and tested"
	;;
*)
	die "usage: $0 export [OUT] | check | fixes | steps [OUT]"
	;;
esac
