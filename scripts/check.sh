#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run the rio-voq checks on the pinned tree with the overlay applied.
#
#   check.sh [STEP...]     steps: kunit layers kunit-ppc64 kunit-x86_64
#                          uml tools demo x86 ppc32 series fixes
#                          checkpatch kerneldoc, on the tree of RIO_VOQ_KERNEL (6.1
#                          by default; uml and demo: 6.12, the newest,
#                          unless RIO_VOQ_KERNEL is set); STEP-VERSION
#                          runs STEP on the tree of that version instead
#                          (kunit-6.12, x86-6.12, uml-6.1, ...)
#
# The default: every step, and KUnit in UML, the x86_64 build and the
# series on each other tree too (kunit-6.12, x86-6.12 and series-6.12
# when RIO_VOQ_KERNEL is 6.1).  The UML boot tests run beside the other
# steps.
#
# Each KUnit case and each check of the UML boot test counts as one
# test, each static check as one more.  The
# last line is "N passed, N failed"; the exit status is non-zero if
# anything failed.
set -uo pipefail
. "$(dirname "$0")/common.sh"

steps=("$@")
others=()
for k in $RIO_VOQ_KERNELS; do
	[ "$k" = "$RIO_VOQ_KERNEL" ] || others+=("$k")
done
# The layering check: the tiers of voq_core.h are true of the code
layers=(layers)
[ ${#steps[@]} -gt 0 ] ||
	steps=(uml kunit "${layers[@]}" "${others[@]/#/kunit-}" kunit-ppc64 kunit-x86_64
	       tools demo x86 "${others[@]/#/x86-}" ppc32
	       series "${others[@]/#/series-}" fixes checkpatch kerneldoc)

passed=0
failed=0
# Per checkout: worktrees sharing a cache keep their own logs
logdir=$RIO_VOQ_KCACHE/logs/$(basename "$RIO_VOQ_TOP")
mkdir -p "$logdir"

result() {	# name status
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
		log "PASS $1"
	else
		failed=$((failed + 1))
		log "FAIL $1"
	fi
}

# Our sources as they sit in the tree, relative to it
our_sources() {
	(cd "$RIO_VOQ_TOP" && find drivers include -name '*.[ch]' 2>/dev/null | LC_ALL=C sort)
}

# riovoq's files, by absolute path: its C files (rule-policy.c: made by
# its tests), its tests, Makefile and man page, all of them in the
# upstream series' last patch
riovoq_sources() {
	find "$RIO_VOQ_TOP/tools/riovoq" -type f \( -name '*.[ch]' -o -name '*.sh' -o \
		-name '*.py' -o -name '*.rst' -o -name Makefile \) ! -name rule-policy.c |
		LC_ALL=C sort
}

# Count a kunit.py JSON report's cases: "passed failed crashed skipped"
kunit_json_counts() {	# json file
	python3 - "$1" <<-'PY'
	import json, sys

	counts = {'PASS': 0, 'FAIL': 0, 'ERROR': 0, 'SKIP': 0}

	def walk(group):
	    for case in group.get('test_cases', []):
	        counts[case['status']] = counts.get(case['status'], 0) + 1
	    for sub in group.get('sub_groups', []):
	        walk(sub)

	try:
	    walk(json.load(open(sys.argv[1])))
	except (OSError, ValueError):
	    pass
	print(counts['PASS'], counts['FAIL'], counts['ERROR'], counts['SKIP'])
	PY
}

# Run the suites of drivers/rapidio/.kunitconfig once and count them from
# kunit.py's JSON; sanitizer and lockdep reports fail the run from the
# raw log even when every case passed
run_kunit() {	# label, build dir, kunit.py run options...
	local label=$1 bdir=$2 out=$logdir/kunit-$1 p f c s rc

	shift 2
	log "KUnit ($label) with drivers/rapidio/.kunitconfig"
	(cd "$KSRC" && python3 tools/testing/kunit/kunit.py run \
		--build_dir "$bdir" --kunitconfig "$RIO_VOQ_KUNITCONFIG" \
		--jobs "$RIO_VOQ_JOBS" --timeout 1200 --raw_output=all "$@") \
		> "$out.raw" 2>&1
	rc=$?
	# The parsed view of the same run, and its JSON, which is counted
	rm -f "$out.json"
	python3 "$KSRC"/tools/testing/kunit/kunit.py parse --json="$out.json" \
		"$out.raw" > "$out.log" 2>&1 || true
	if grep -E 'UBSAN:|BUG: |WARNING: possible|WARNING: CPU|suspicious RCU' \
		"$out.raw" >&2; then
		log "sanitizer or lockdep report in $out.raw"
		failed=$((failed + 1))
	fi
	grep -E '^\[[0-9:]+\] (\[FAILED\]|\[CRASHED\]|\[SKIPPED\]|.*# )|Expected|ERROR' \
		"$out.log" | grep -v '^\[[0-9:]+\] \[PASSED\]' >&2
	read -r p f c s < <(kunit_json_counts "$out.json")
	# A run that failed with no failed case (build error, hang, no
	# results) fails once, with its build errors if it did not build
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && [ "$c" -eq 0 ]; then
		if grep -q -E 'error:|Error [0-9]' "$out.raw"; then
			grep -E 'error:|undefined|Error [0-9]' "$out.raw" | head -n 20 >&2
			log "the KUnit kernel did not build (log: $out.raw)"
		else
			tail -n 40 "$out.log" >&2
		fi
		c=1
	fi
	passed=$((passed + p))
	failed=$((failed + f + c))
	log "KUnit ($label): $p passed, $f failed, $c crashed, $s skipped (log: $out.log, JSON: $out.json)"
}

step_kunit() {
	local -a add ubsan

	mapfile -t add < <(kunit_config_add)
	# UML on 6.1 has no UBSAN_SANITIZE_ALL: our objects and the core
	# objects our tests drive are opted in on the command line
	mapfile -t ubsan < <(kunit_ubsan_options)
	run_kunit uml "$RIO_VOQ_KUNIT_BUILD" --arch um "${add[@]}" "${ubsan[@]}"
}

# The same suites under QEMU: the sanitizers, then kunit/qemu/$arch.config
# (whose options replace theirs)
step_kunit_qemu() {	# kunit.py arch, cross compiler prefix (or "")
	local arch=$1 cross=$2 opts=()
	local -a add

	[ -z "$cross" ] || opts+=(--cross_compile "$cross")
	mapfile -t add < <(kunit_config_add "$RIO_VOQ_TOP/kunit/sanitizers.config" \
		"$RIO_VOQ_TOP/kunit/qemu/$arch.config")
	run_kunit "$arch" "$RIO_VOQ_KCACHE/build-kunit-$arch" --arch "$arch" \
		"${opts[@]}" "${add[@]}" --kernel_args kasan_multi_shot
}

step_kunit_ppc64() {
	step_kunit_qemu powerpc powerpc64-linux-gnu-
}

step_kunit_x86_64() {
	step_kunit_qemu x86_64 ""
}

step_uml() {
	run_counted "UML boot tests (configfs, sysfs, fabric manager, modules; KASAN/lockdep, kmemleak)" \
		"$logdir/uml-test.log" bash "$RIO_VOQ_TOP/scripts/uml-test.sh"
}

# Run a script that ends with "N passed, N failed" and count its checks
run_counted() {	# name, log, command...
	local name=$1 out=$2 p f

	shift 2
	log "$name"
	"$@" > "$out" 2>&1
	grep -E '^not ok|error:|warning:' "$out" >&2
	p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$out" | tail -n 1)
	f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$out" | tail -n 1)
	if [ -z "$p" ]; then
		tail -n 20 "$out" >&2
		p=0 f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	log "$name: $p passed, $f failed (log: $out)"
}

step_tools() {
	run_counted "riovoq (userspace) on a fake sysfs tree" "$logdir/tools.log" \
		make -s -C "$RIO_VOQ_TOP/tools/riovoq" test
	run_counted "layers.py finds an upward call and a circle in a fake module" \
		"$logdir/layers-selftest.log" python3 "$RIO_VOQ_TOP/scripts/layers.py" --selftest
}

# The modules built of tiered files: the folder of the Makefile that
# builds one (in the repository and in the build directory), the
# module, and the header whose first comment lists its files bottom up
layered_modules=(
	"drivers/rapidio/voq rio_voq drivers/rapidio/voq/voq_core.h"
)

# No object of a layered module refers to one above it (scripts/layers.py),
# read from the objects of the KUnit build in UML: made by the kunit step
# where there is none, brought up to date with the tree where there is
step_layers() {
	local m dir mod hdr out rc

	[ -f "$RIO_VOQ_KUNIT_BUILD/.config" ] || step_kunit
	for m in "${layered_modules[@]}"; do
		read -r dir mod hdr <<<"$m"
		out=$logdir/layers-$mod.log
		log "layers of $mod, bottom up as $hdr lists them"
		if ! (cd "$KSRC" && make ARCH=um O="$RIO_VOQ_KUNIT_BUILD" \
			-j"$RIO_VOQ_JOBS" "$dir/") > "$out.build" 2>&1; then
			grep -E 'error:|Error [0-9]' "$out.build" | head -n 20 >&2
			result "$mod: the objects of the KUnit build (log: $out.build)" 1
			continue
		fi
		python3 "$RIO_VOQ_TOP/scripts/layers.py" "$RIO_VOQ_KUNIT_BUILD/$dir" \
			"$RIO_VOQ_TOP/$dir/Makefile" "$mod" "$RIO_VOQ_TOP/$hdr" > "$out" 2>&1
		rc=$?
		[ "$rc" -eq 0 ] || cat "$out" >&2
		result "$mod: no file refers to one above it in $hdr ($(tail -n 1 "$out"))" $rc
	done
}

step_demo() {
	run_counted "make demo's transcript" "$logdir/demo-check.log" \
		bash "$RIO_VOQ_TOP/scripts/demo-check.sh"
}

step_x86() {
	bash "$RIO_VOQ_TOP/scripts/platform-build.sh" x86_64
	result "x86_64 with Tsi721: modules built and linked (modpost), W=1, sparse C=2" $?
}

step_ppc32() {
	bash "$RIO_VOQ_TOP/scripts/platform-build.sh" ppc32
	result "ppc32 e500mc with fsl_rio: modules built and linked (modpost), W=1, sparse C=2" $?
}

step_series() {
	bash "$RIO_VOQ_TOP/scripts/series.sh" check
	result "the upstream series: checkpatch --strict, git am onto pristine $RIO_VOQ_KPKG gives the tree built" $?
}

# Each core fix on its own: applied onto the pristine tree with only the
# patches it needs, built with W=1 (scripts/series.sh fixes; about 8 min
# on 2 cores, most of it the builds of drivers/rapidio/ per patch)
step_fixes() {
	bash "$RIO_VOQ_TOP/scripts/series.sh" fixes
	result "each core fix applies and builds (W=1) alone on pristine $RIO_VOQ_KPKG" $?
}

step_checkpatch() {
	local rc=0 patches=()
	# shellcheck disable=SC2046
	(cd "$KSRC" && scripts/checkpatch.pl --strict --quiet --show-types -f \
		$(our_sources)) || rc=1
	# riovoq: userspace in the kernel's style (include/: its stand-ins
	# for kernel headers), files outside the kernel's tree
	# shellcheck disable=SC2046
	(cd "$KSRC" && scripts/checkpatch.pl --strict --quiet --show-types --no-tree -f \
		$(riovoq_sources)) || rc=1
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		patches+=("$RIO_VOQ_TOP/patches/$p")
	done < "$RIO_VOQ_TOP/patches/series"
	if [ ${#patches[@]} -gt 0 ]; then
		# MISSING_FIXES_TAG (newer checkpatch): a fix for stable names
		# no Fixes: while its culprit's id is not verified
		# (scripts/series/upstream-commits)
		(cd "$KSRC" && scripts/checkpatch.pl --strict --quiet --show-types \
			--ignore UNKNOWN_COMMIT_ID,MISSING_FIXES_TAG "${patches[@]}") || rc=1
		upstream_ids_known "${patches[@]}" || rc=1
	fi
	result "checkpatch --strict (sources, riovoq and patches)" $rc

	# What compiles otherwise on another kernel (a newer one included)
	# is in a version test, for kversion.py to resolve, and no Makefile
	# of ours sets a test-only flag
	rc=0
	kversion_sources | xargs -r python3 "$RIO_VOQ_TOP/scripts/kversion.py" --check || rc=1
	log "version tests: $(kversion_sources | xargs -r python3 "$RIO_VOQ_TOP/scripts/kversion.py" --report | wc -l) (scripts/kversion.py --report)"
	result "what differs between kernels is in a version test, no test-only flag in a Makefile (scripts/kversion.py --check)" $rc
}

# The files kversion.py --check reads, by absolute path
kversion_sources() {
	{ our_sources; (cd "$RIO_VOQ_TOP" && find drivers -name Makefile | LC_ALL=C sort); } |
		sed "s|^|$RIO_VOQ_TOP/|"
}

step_kerneldoc() {
	local rc=0
	# shellcheck disable=SC2046
	(cd "$KSRC" && scripts/kernel-doc -none -Werror $(our_sources)) || rc=1
	# shellcheck disable=SC2046
	(cd "$KSRC" && python3 "$RIO_VOQ_TOP/scripts/kdoc-coverage.py" \
		$(our_sources | grep '\.c$')) || rc=1
	result "kernel-doc (valid, and on every non-static function)" $rc

	# The mutants of make mutants still break what they mean to break
	rc=0
	bash "$RIO_VOQ_TOP/scripts/mutants.sh" --applies >/dev/null || rc=1
	result "every mutant still applies to its file, named under its rule of voq.rst in docs/testing.rst (make mutants)" $rc

	# ... and was killed by make mutants with its file as it is now
	rc=0
	bash "$RIO_VOQ_TOP/scripts/mutants.sh" --ledger >/dev/null || rc=1
	result "every mutant killed as its file is now (mutants/LEDGER)" $rc

	# Our reStructuredText pages parse without warnings, each
	# kernel-doc directive's source gives kernel-doc's reST for it (as
	# Documentation/sphinx/kerneldoc.py calls it, on the tree's copy),
	# and the repository's own pages (docs/) parse too
	rc=0
	for f in "$RIO_VOQ_TOP"/Documentation/driver-api/rapidio/*.rst "$RIO_VOQ_TOP"/docs/*.rst; do
		KSRC=$KSRC /usr/bin/python3 - "$f" <<-'PY' || rc=1
		import io, os, subprocess, sys
		import docutils.core
		from docutils.parsers.rst import Directive, directives

		class KernelDoc(Directive):
		    required_arguments = 1
		    option_spec = {o: directives.unchanged for o in
		                   ('export', 'internal', 'identifiers', 'functions',
		                    'no-identifiers', 'doc')}

		    def run(self):
		        cmd = ['scripts/kernel-doc', '-rst', '-sphinx-version', '3.4.3']
		        o = self.options
		        if 'export' in o:
		            cmd.append('-export')
		        elif 'internal' in o:
		            cmd.append('-internal')
		        elif 'doc' in o:
		            cmd += ['-function', o['doc']]
		        for i in (o.get('identifiers') or o.get('functions') or '').split():
		            cmd += ['-function', i]
		        p = subprocess.run(cmd + [self.arguments[0]], cwd=os.environ['KSRC'],
		                           capture_output=True, text=True)
		        if p.returncode or p.stderr or '.. c:' not in p.stdout:
		            return [self.state_machine.reporter.warning(
		                'kernel-doc %s: %s' % (' '.join(cmd[4:] + self.arguments),
		                                       p.stderr.strip() or 'nothing documented'),
		                line=self.lineno)]
		        return []

		directives.register_directive('kernel-doc', KernelDoc)
		err = io.StringIO()
		docutils.core.publish_doctree(open(sys.argv[1]).read(), source_path=sys.argv[1],
		    settings_overrides={'report_level': 2, 'halt_level': 5, 'warning_stream': err})
		sys.stderr.write(err.getvalue())
		sys.exit(1 if err.getvalue() else 0)
		PY
	done
	result "reStructuredText of Documentation/ and docs/ parses cleanly, kernel-doc directives included" $rc

	# Every sysfs file we create is in Documentation/ABI, which parses
	rc=0
	for a in $(sed -En 's/.*(__ATTR_R[OW]*|RIO_VOQ_ATTR_R[OW])\(([a-z][a-z_]*)\).*/\2/p' \
		   "$RIO_VOQ_TOP"/drivers/rapidio/voq/voq_sysfs.c \
		   "$RIO_VOQ_TOP"/drivers/rapidio/voq/voq_net_sysfs.c); do
		grep -qE "^What:.*/voq/(port<N>/)?$a\$" \
			"$RIO_VOQ_TOP"/Documentation/ABI/testing/sysfs-bus-rapidio-voq \
			"$RIO_VOQ_TOP"/Documentation/ABI/testing/sysfs-class-rapidio_port-voq-fabric ||
			{ log "sysfs file $a has no Documentation/ABI entry"; rc=1; }
	done
	(cd "$KSRC" && scripts/get_abi.pl validate --dir Documentation/ABI/testing 2>&1 |
		grep -i 'voq') && rc=1
	result "every sysfs file documented in Documentation/ABI" $rc
}

# A step on the tree of another version: this script again, with
# RIO_VOQ_KERNEL set (that tree, its build directories and its logs,
# under this run's lock), its last line counted into this run's
on_kernel() {	# step, version
	local out

	out=$(mktemp)
	log "$1 on linux-source-$2"
	RIO_VOQ_KERNEL=$2 bash "$0" "$1" > "$out"
	count_child "$1 on linux-source-$2" "$out"
}

# Print what a run of this script wrote to OUT but its last line, and
# count that line into this run's
count_child() {	# name, out
	local p f

	head -n -1 "$2"
	p=$(tail -n 1 "$2" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(tail -n 1 "$2" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	rm -f "$2"
	if [ -z "$p" ]; then
		log "$1 gave no count"
		p=0 f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	log "$1: $p passed, $f failed"
}

# The tree of a step, STEP-VERSION's or else this run's (the boot
# tests' and the demo's: the newest unless RIO_VOQ_KERNEL names one)
step_kernel() {	# step
	case "$1" in
	*-[0-9]*.[0-9]*) echo "${1##*-}" ;;
	uml|demo) echo "$RIO_VOQ_BOOT_KERNEL" ;;
	*) echo "$RIO_VOQ_KERNEL" ;;
	esac
}

# The steps, by their names without a version; step NAME-WITH-DASHES
# is the function step_NAME_WITH_DASHES
known_steps="kunit layers kunit-ppc64 kunit-x86_64 uml tools demo x86 ppc32 series fixes checkpatch kerneldoc"

# Every step known and every tree a real one before anything runs
trees=()
for s in "${steps[@]}"; do
	k=$(step_kernel "$s")
	case " $RIO_VOQ_KERNELS " in
	*" $k "*) ;;
	*) die "step '$s': $k is not one of $RIO_VOQ_KERNELS" ;;
	esac
	[[ " $known_steps " == *" ${s%-"$k"} "* ]] || die "unknown step '$s'"
	[[ " ${trees[*]} " == *" $k "* ]] || trees+=("$k")
done

# Every tree the steps use, prepared once before any step runs; the
# steps, and this script run again for a step of another tree, then
# leave them as they are (RIO_VOQ_TREES_READY): the boot tests run beside
# the other steps, and a tree must not change under a build or a boot
bash "$RIO_VOQ_TOP/scripts/deps.sh" || die "installing dependencies failed"
for k in "${trees[@]}"; do
	# tree.sh leaves a tree of RIO_VOQ_TREES_READY as it is
	RIO_VOQ_KERNEL=$k bash "$RIO_VOQ_TOP/scripts/tree.sh" ||
		die "preparing linux-source-$k failed"
	[[ " ${RIO_VOQ_TREES_READY:-} " == *" $k "* ]] ||
		RIO_VOQ_TREES_READY="${RIO_VOQ_TREES_READY:+$RIO_VOQ_TREES_READY }$k"
done
export RIO_VOQ_TREES_READY

start=$(date +%s)
# The UML boot tests spend most of their time waiting (each rmmod of the
# module boot waits for delayed kobject releases): with other steps to
# run, they run beside them, their output shown and counted at the end.
# In a session of their own, which an interrupted run stops whole (the
# UML guests too, each in a process group of its own under timeout(1)),
# so that the cache's lock is released; and which stops itself when this
# run is gone without doing it (killed with SIGKILL, say).
bg_pid='' bg_out='' bg_name=''
stop_background() {
	[ -z "$bg_pid" ] || pkill -TERM -s "$bg_pid" 2>/dev/null
	[ -z "$bg_out" ] || rm -f "$bg_out"
}
if [ -n "${RIO_VOQ_RUN_PID:-}" ]; then
	# The background run of the boot tests: its watchdog
	( exec 9>&-
	  while kill -0 "$RIO_VOQ_RUN_PID" 2>/dev/null && kill -0 $$ 2>/dev/null; do
		sleep 5
	  done
	  ! kill -0 $$ 2>/dev/null || pkill -TERM -s 0 ) &
fi
trap stop_background EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [ ${#steps[@]} -gt 1 ] && [[ " ${steps[*]} " == *" uml "* ]]; then
	bg_out=$(mktemp)
	bg_name="uml on linux-source-$RIO_VOQ_BOOT_KERNEL (beside the other steps)"
	log "$bg_name: started"
	RIO_VOQ_KERNEL=$RIO_VOQ_BOOT_KERNEL RIO_VOQ_RUN_PID=$$ \
		setsid bash "$0" uml > "$bg_out" 2>&1 &
	bg_pid=$!
fi
for s in "${steps[@]}"; do
	[ "$s" != uml ] || [ -z "$bg_pid" ] || continue
	k=$(step_kernel "$s")
	if [ "$k" = "$RIO_VOQ_KERNEL" ]; then
		s=${s%-"$k"}
		"step_${s//-/_}"
	else
		on_kernel "${s%-"$k"}" "$k"
	fi
done
if [ -n "$bg_pid" ]; then
	wait "$bg_pid"
	bg_pid=''
	count_child "$bg_name" "$bg_out" >&2
	bg_out=''
fi
log "checks took $(( $(date +%s) - start ))s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
