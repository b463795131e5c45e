#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make mutants: does every rule of "what must never happen" (voq.rst) have
# a test that fails when the code breaks it?
#
#   mutants.sh [--list | --applies | --ledger] [NAME...]
#
# --list prints the mutants; --applies only checks, without building,
# that each one still changes its file and that docs/testing.rst names
# it under its rule, one of voq.rst's "What must never happen"; --ledger
# checks, without building, that each one was killed by a run of its
# file and sed script as they are now (make check runs both).
#
# Each mutants/NN-name.sed is a sed script that breaks one rule in one
# file of the overlay; its header says which:
#
#   # rule: tx-size                           (a rule of voq.rst)
#   # file: drivers/rapidio/voq/voq_policy.c  (the file it changes)
#   # what: one line: what the mutant does
#   # survives: why no test can catch it yet  (optional, known survivor)
#
# For each mutant (NAMEs are prefixes of mutant names; default: all),
# sed makes a mutated copy of the file in a scratch directory, which is
# installed over the file in the pinned tree; the KUnit suites of rio-voq
# are built and run in UML with the configuration of `make kunit`, then the
# file is put back (also on error or interrupt).  The repository is never
# changed.  A mutant is:
#
#   killed    a KUnit case failed or crashed, a sanitizer reported, or the
#             kernel crashed (a panic or an oops with no test summary)
#   survived  every case passed: no test saw the rule broken
#   invalid   the mutated tree does not build
#   unapplied the sed script changes nothing in its file ("did not apply":
#             the code moved on and the mutant must follow it)
#   error     its header is incomplete, or the run ended with no failed
#             case and no crash (a timeout on a loaded machine): rerun
#
# Only "killed" passes; a known survivor still fails.  The unmutated
# suites run first and must pass, or nothing could be killed.  The last
# line is "N passed, N failed".
#
# The ledger, mutants/LEDGER (committed), keeps one line per mutant
# killed: its name, the SHA-256 (first 16 digits) of the file it changes
# and of its sed script when it was killed, and the first cases that
# failed.  A run rewrites the line of each mutant it ran: killed, the line
# is written; anything else, the line is dropped.  --ledger fails for a
# mutant with no line, or whose file or script changed since.  The key
# covers only those two files: a change to the tests, to rio-sim or to
# another file a kill depends on leaves the line as it is, so such a
# change is followed by a whole run.  One run at a time per checkout: two
# would rewrite the ledger over each other.
#
# Each mutant takes the cache lock (scripts/common.sh) for its own build
# and run, so that other checkouts sharing the cache take turns between
# mutants.  Logs: $RIO_VOQ_KCACHE/logs/mutants/.
#
# RIO_VOQ_MUTANTS_GLOB     suites to run (default 'rio_[lv][ao][tq]_*':
#                          every rio-voq suite, rio_voq_* and rio_lat_*,
#                          not rio-sim's own)
# RIO_VOQ_MUTANTS_TIMEOUT  seconds for one run of the suites (default 300)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
mdir=$top/mutants
ledger=$mdir/LEDGER
glob=${RIO_VOQ_MUTANTS_GLOB:-rio_[lv][ao][tq]_*}
timeout=${RIO_VOQ_MUTANTS_TIMEOUT:-300}

# A header field of a mutant, empty if missing
field() {	# mutant, name
	sed -n "s/^# $2: *//p" "$1" | head -n 1
}

# The numbers of the mutants docs/testing.rst names under a rule of
# voq.rst's "What must never happen" (its paragraph says "Mutants 01,
# 02."), none if voq.rst has no such rule (its name, then the rule's
# paragraph, indented)
doc_mutants() {	# rule
	python3 - "$top/Documentation/driver-api/rapidio/voq.rst" \
		"$top/docs/testing.rst" "$1" <<-'PY'
	import re, sys

	def paragraph(path, rule):
	    m = re.search(r'(?m)^``%s``\n((?:\t.*\n)+)' % re.escape(rule), open(path).read())
	    return ' '.join(m.group(1).split()) if m else ''

	if paragraph(sys.argv[1], sys.argv[3]):
	    for names in re.findall(r'Mutants? ([0-9, ]+)', paragraph(sys.argv[2], sys.argv[3])):
	        print('\n'.join(re.findall(r'[0-9]+', names)))
	PY
}

# Why a mutant cannot run, or nothing: its header, its place in
# docs/testing.rst under a rule of voq.rst, and its sed script
mutant_problem() {	# mutant
	local m=$1 file num named

	file=$(field "$m" file)
	if [ -z "$file" ] || [ -z "$(field "$m" rule)" ] || [ -z "$(field "$m" what)" ]; then
		echo "header needs 'rule', 'file' and 'what'"
		return
	fi
	case "$file" in
	drivers/*|include/*) ;;
	*) echo "$file is not a source file of the overlay"; return ;;
	esac
	[ -f "$top/$file" ] || { echo "$file does not exist"; return; }
	num=$(basename "$m" | cut -d- -f1)
	named=$(doc_mutants "$(field "$m" rule)")
	if ! grep -qx "$num" <<<"$named"; then
		echo "docs/testing.rst does not name it under its rule \`\`$(field "$m" rule)\`\` of voq.rst"
		return
	fi
	sed -f "$m" "$top/$file" | cmp -s - "$top/$file" &&
		echo "did not apply: the sed script changes nothing in $file"
	return 0
}

# The ledger's key of a mutant as it is now: "<file digest> <sed digest>"
ledger_key() {	# mutant
	local file

	file=$(field "$1" file)
	printf '%s %s\n' "$(sha256sum < "$top/$file" | cut -c1-16)" \
		"$(sha256sum < "$1" | cut -c1-16)"
}

# Why a mutant's kill is not on record, or nothing
ledger_problem() {	# mutant
	local m=$1 name line key

	name=$(basename "$m" .sed)
	line=$(awk -v n="$name" '$1 == n { print; exit }' "$ledger" 2>/dev/null)
	[ -n "$line" ] || { echo "never killed (no line in mutants/LEDGER)"; return; }
	key=$(ledger_key "$m")
	[ "$(cut -d' ' -f2-3 <<<"$line")" = "$key" ] && return
	echo "$(field "$m" file) or the mutant changed since it was last killed"
}

# Write (killed) or drop (anything else) a mutant's line of the ledger
ledger_update() {	# mutant, its key when it was run, status, failed cases
	local m=$1 name tmp

	name=$(basename "$m" .sed)
	tmp=$(mktemp)
	{
		awk -v n="$name" '$1 != n' "$ledger" 2>/dev/null || true
		[ "$3" != killed ] || printf '%s %s %s\n' "$name" "$2" "$(shorten "$4")"
	} | LC_ALL=C sort > "$tmp"
	mv "$tmp" "$ledger"
	chmod 0644 "$ledger"
}

# ---------------------------------------------------------------------
# One run of the suites, with the mutant applied if one is given; prints
# "RESULT <status> <seconds> <failed cases>" as its last line.
# The cases that did not pass, as suite.case[.parameter] separated by "; "
# (parameter names have commas), from kunit.py's JSON
failed_cases() {	# json file
	[ -s "$1" ] || return 0
	python3 - "$1" <<-'PY'
	import json, sys

	def walk(group, path):
	    for case in group.get('test_cases', []):
	        if case['status'] not in ('PASS', 'SKIP'):
	            yield '.'.join(path + [case['name']])
	    for sub in group.get('sub_groups', []):
	        yield from walk(sub, path + [sub['name']])

	print('; '.join(walk(json.load(open(sys.argv[1])), [])))
	PY
}

mutated_file=
scratch=
# A source into the tree as tree.sh copies it: with a LINUX_VERSION_CODE
# test, as the tree's version gets it (scripts/kversion.py)
install_source() {	# file, its path in the tree
	local kv rc=0

	if grep -q LINUX_VERSION_CODE "$1"; then
		kv=$(mktemp)
		python3 "$top/scripts/kversion.py" "$KSRC" "$1" > "$kv" &&
			install -m 0644 "$kv" "$KSRC/$2" || rc=1
		rm -f "$kv"
		return $rc
	fi
	install -m 0644 "$1" "$KSRC/$2"
}
restore() {
	[ -z "$mutated_file" ] || install_source "$top/$mutated_file" "$mutated_file"
	[ -z "$scratch" ] || rm -rf "$scratch"
}

run_one() {	# mutant file, or "baseline"
	local m=$1 name problem logdir log bdir start rc=0
	local summary failures status
	local -a add ubsan

	# shellcheck source=SCRIPTDIR/common.sh
	. "$top/scripts/common.sh"	# takes the cache lock for this run
	start=$(date +%s)
	bash "$top/scripts/tree.sh"	# the tree is this checkout's overlay
	logdir=$RIO_VOQ_KCACHE/logs/mutants
	mkdir -p "$logdir"
	name=$(basename "$m" .sed)
	log=$logdir/$name.log
	: > "$log"

	if [ "$m" != baseline ]; then
		problem=$(mutant_problem "$m")
		case "$problem" in
		'') ;;
		"did not apply"*) echo "RESULT unapplied 0 $problem"; return ;;
		*) echo "RESULT error 0 $problem"; return ;;
		esac
		# Whatever happens from here on, the tree gets its file back
		trap restore EXIT
		trap 'exit 130' INT TERM HUP
		scratch=$(mktemp -d)
		mutated_file=$(field "$m" file)
		sed -f "$m" "$top/$mutated_file" > "$scratch/mutated"
		diff -u --label "a/$mutated_file" --label "b/$mutated_file" \
			"$top/$mutated_file" "$scratch/mutated" >> "$log" || true
		install_source "$scratch/mutated" "$mutated_file"
	fi

	# As check.sh's KUnit step builds it, so that the build dir stays warm
	bdir=$RIO_VOQ_KUNIT_BUILD
	mapfile -t add < <(kunit_config_add)
	mapfile -t ubsan < <(kunit_ubsan_options)
	if ! (cd "$KSRC" && python3 tools/testing/kunit/kunit.py build --arch um \
		--build_dir "$bdir" --kunitconfig "$RIO_VOQ_KUNITCONFIG" "${add[@]}" \
		--jobs "$RIO_VOQ_JOBS" "${ubsan[@]}") >> "$log" 2>&1; then
		echo "RESULT invalid $(( $(date +%s) - start )) build failed (log: $log)"
		return
	fi
	(cd "$KSRC" && python3 tools/testing/kunit/kunit.py exec --arch um \
		--build_dir "$bdir" --timeout "$timeout" --raw_output=all \
		"$glob") > "$log.raw" 2>&1 || rc=$?
	rm -f "$log.json"
	python3 "$KSRC"/tools/testing/kunit/kunit.py parse --json="$log.json" "$log.raw" \
		>> "$log" 2>&1 || true

	summary=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log" | tail -n 1 || true)
	failures=$(failed_cases "$log.json")
	if grep -qE 'UBSAN:|BUG: KASAN|WARNING: possible|BUG: sleeping|WARNING: CPU|suspicious RCU' \
		"$log.raw"; then
		status=killed
		failures="${failures:+$failures; }a sanitizer or lockdep report"
	elif [ -z "$summary" ] && grep -qE 'Kernel panic|Oops|BUG: |Kernel mode fault' "$log.raw"; then
		status=killed
		failures="the kernel crashed (no test summary)"
	elif [ -z "$summary" ]; then
		# A timeout on a loaded machine says nothing about the rule
		status=error
		failures="no test summary and no crash (exit $rc; timed out?): run it again"
	elif grep -qE 'failed: [1-9]|crashed: [1-9]|errors: [1-9]' <<<"$summary"; then
		status=killed
		failures=${failures:-$summary}
	elif [ "$rc" -ne 0 ]; then
		status=error
		failures="kunit.py exec failed (exit $rc) with no failed case: run it again"
	else
		status=survived
		failures=$summary
	fi
	echo "RESULT $status $(( $(date +%s) - start )) $failures"
}

if [ "${1:-}" = --one ]; then
	run_one "$2"
	exit 0
fi

# ---------------------------------------------------------------------
# The table

list=0
applies=0
check_ledger=0
if [ "${1:-}" = --list ]; then
	list=1
	shift
elif [ "${1:-}" = --applies ]; then
	applies=1
	shift
elif [ "${1:-}" = --ledger ]; then
	check_ledger=1
	shift
fi
mutants=()
for m in "$mdir"/*.sed; do
	[ -e "$m" ] || continue
	if [ $# -gt 0 ]; then
		want=0
		for p in "$@"; do
			case "$(basename "$m")" in "$p"*) want=1 ;; esac
		done
		[ "$want" -eq 1 ] || continue
	fi
	mutants+=("$m")
done
[ ${#mutants[@]} -gt 0 ] || { echo "no mutant matches: $*" >&2; exit 1; }

if [ "$list" -eq 1 ]; then
	for m in "${mutants[@]}"; do
		printf '%-30s %-10s %s\n' "$(basename "$m" .sed)" "$(field "$m" rule)" \
			"$(field "$m" what)"
	done
	exit 0
fi

# Without building anything: does every mutant still apply to its file?
if [ "$applies" -eq 1 ]; then
	bad=0
	for m in "${mutants[@]}"; do
		problem=$(mutant_problem "$m")
		[ -z "$problem" ] && continue
		echo "$(basename "$m" .sed): $problem" >&2
		bad=$((bad + 1))
	done
	echo "$(( ${#mutants[@]} - bad )) passed, $bad failed"
	[ "$bad" -eq 0 ]
	exit
fi

# Without building anything: is every mutant's kill on record as it is?
if [ "$check_ledger" -eq 1 ]; then
	bad=0
	for m in "${mutants[@]}"; do
		problem=$(ledger_problem "$m")
		[ -z "$problem" ] && continue
		echo "$(basename "$m" .sed): $problem: make mutants MUTANTS=$(basename "$m" .sed | cut -d- -f1)" >&2
		bad=$((bad + 1))
	done
	echo "$(( ${#mutants[@]} - bad )) passed, $bad failed"
	[ "$bad" -eq 0 ]
	exit
fi

say() { printf '[rio-voq] %s\n' "$*" >&2; }

# At most three of a list of failed cases
shorten() {	# "a; b; c; d..."
	awk -F'; ' '{ if (NF <= 3) print; else printf "%s; %s; %s (+%d more)\n", $1, $2, $3, NF - 3 }' <<<"$1"
}

# The result line of a child run, or an error if it died before giving one
run_child() {	# mutant, or "baseline"
	local res

	res=$(bash "$0" --one "$1" | tail -n 1) || true
	case "$res" in
	RESULT\ *) echo "$res" ;;
	*) echo "RESULT error 0 the run died (see above): ${res:-no output}" ;;
	esac
}

bash "$top/scripts/deps.sh"

passed=0
failed=0
busy=0
rows=()
start=$(date +%s)

# A mutant that cannot be applied is reported before anything is built
for m in "${mutants[@]}"; do
	problem=$(mutant_problem "$m")
	[ -z "$problem" ] || say "$(basename "$m" .sed): $problem"
done

say "unmutated suites ($glob)"
res=$(bash "$0" --one baseline | tail -n 1)
read -r _ status secs rest <<<"$res"
if [ "$status" != survived ]; then
	say "the unmutated suites do not pass ($status: $rest): nothing can be killed"
	echo "0 passed, 1 failed"
	exit 1
fi
say "unmutated: $rest (${secs}s)"
busy=$secs

for m in "${mutants[@]}"; do
	name=$(basename "$m" .sed)
	rule=$(field "$m" rule)
	known=$(field "$m" survives)
	say "mutant $name ($rule): $(field "$m" what)"
	key=$(ledger_key "$m")
	res=$(run_child "$m")
	read -r _ status secs rest <<<"$res"
	case "$status" in
	killed)
		passed=$((passed + 1))
		[ -z "$known" ] ||
			say "$name is marked as a known survivor but was killed: drop the mark"
		;;
	survived)
		failed=$((failed + 1))
		rest="every case passed${known:+ (known survivor: $known)}"
		;;
	*)
		failed=$((failed + 1))
		;;
	esac
	say "$name: $status (${secs}s) $rest"
	ledger_update "$m" "$key" "$status" "$rest"
	busy=$((busy + secs))
	rows+=("$(printf '%-30s %-10s %-9s %s' "$name" "$rule" "$status" "$(shorten "$rest")")")
done

echo
printf '%-30s %-10s %-9s %s\n' mutant rule result "killed by (failed cases) / why"
printf '%s\n' "${rows[@]}"
echo
say "mutants took $(( $(date +%s) - start ))s, ${busy}s of it building and running (the rest waiting for other runs and checking mutants)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
