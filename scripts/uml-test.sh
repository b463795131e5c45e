#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# UML boot tests.  Three boots:
#  - simtest-init.sh, debug kernel (KASAN, lockdep, kmemleak): rio-sim's
#    configfs, scan and teardown, and rio-voq's sysfs as root and as a
#    non-root user, with bad input, concurrent writers and removal, and
#    a soak of random events on a random fabric (soak.sh: seeded by
#    RIO_VOQ_SOAK_SEED, by default a new seed each run, printed);
#  - fmtest-init.sh, debug kernel, voqmix: a userspace fabric manager
#    (tools/riofm through rio_mport_cdev) deletes and adds devices of an
#    enumerated net and builds a net of its own; admin choices across a
#    refused rescan; every sysfs file read after each step;
#  - modtest-init.sh, modules kernel (lockdep, kmemleak, debug objects,
#    delayed kobject release; no KASAN, see uml-modules.config): rio_voq
#    and rio_sim loaded and unloaded in every order, with files open,
#    after a check that the modules link at all (modpost); it runs
#    beside the two debug boots.
# The debug boots have kasan_multi_shot, so that every report counts.
#
# Prints each boot's test lines and a last "N passed, N failed" over all
# of them; exits non-zero unless every check passed.  A boot that dies
# (panic, oops, timeout) counts what it printed and one more failure; its
# console is in $RIO_VOQ_CACHE/logs/uml-<boot>.console either way.
set -uo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

logdir=$RIO_VOQ_CACHE/logs
mkdir -p "$logdir"
passed=0
failed=0

# Boot INIT on the current flavor, its console in the log directory;
# prints the boot's duration
boot_run() {	# name, init, kernel arguments...
	local name=$1 init=$2 start

	shift 2
	start=$(date +%s)
	uml_boot "$init" log_buf_len=16M "$@" > "$logdir/uml-$name.console" 2>&1
	echo "$(( $(date +%s) - start ))"
}

# Count a finished boot's checks
boot_report() {	# name, init, seconds, kernel arguments...
	local name=$1 init=$2 secs=$3 out p f console=$logdir/uml-$1.console

	shift 3
	out=$(cat "$console")
	echo "# $name: $init on the $UML_FLAVOR kernel, $* (${secs}s)"
	# The test lines, the scripts' notes, a panic (KASAN's reports are in
	# the console; the scripts summarize them)
	grep -E '^(ok|not ok) |^# |Kernel panic|Kernel mode fault' <<<"$out"
	p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' <<<"$out" | tail -n 1)
	f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' <<<"$out" | tail -n 1)
	if [ -z "$p" ]; then
		p=$(grep -c '^ok ' <<<"$out")
		f=$(( $(grep -c '^not ok ' <<<"$out") + 1 ))
		echo "not ok - $name: the kernel died before the end of the test (panic, oops or ${UML_TIMEOUT:-900}s timeout)"
		# The panic and where, or the last words of a hung kernel
		if grep -q 'Kernel panic' <<<"$out"; then
			grep -B2 -A16 'Kernel panic' <<<"$out" | grep -v '__asan_\|+0x0/' | head -n 20
		else
			tail -n 20 <<<"$out"
		fi
	fi
	echo "# $name: $p passed, $f failed (console: $console)"
	log "boot $name took ${secs}s"
	passed=$((passed + p))
	failed=$((failed + f))
}

boot() {	# name, init, kernel arguments...
	local secs

	secs=$(boot_run "$@")
	boot_report "$1" "$2" "$secs" "${@:3}"
}

# Both kernels first.  Modules that do not link are not installed: the
# module boot then fails check by check, quickly.
uml_flavor modules
uml_prepare
modules_ok=$UML_MODULES_OK
uml_flavor debug
uml_prepare

# The module boot spends most of its time waiting for delayed kobject
# releases: each rmmod waits for the module's kobject, released 1 to 4 s
# after its children (holders/, drivers/, parameters/), themselves
# released 1 to 4 s late, about 7 s in all; it runs beside the debug
# boots, on its own root, rather than after them.  Its 50 rio_voq
# cycles take about 8 minutes of its uptime.
# Killed with this script, with all it started (timeout(1) puts UML in
# a process group of its own): an interrupted run leaves no UML behind
# on the modules root.
kill_tree() {	# pid
	local child

	for child in $(pgrep -P "$1"); do
		kill_tree "$child"
	done
	kill "$1" 2>/dev/null
}
# RIO_VOQ_MODTEST=0 leaves it out (it stalled once in UML's own TLB
# flush, with kernel stacks in vmalloc space: scripts/demo/uml.config).
modtest=${RIO_VOQ_MODTEST:-1}
modargs=(rapidio.hdid=0)
modtimeout=1500
if [ "$modtest" = 1 ]; then
	(uml_flavor modules
	 UML_TIMEOUT=$modtimeout boot_run modtest modtest-init.sh "${modargs[@]}" \
		> "$logdir/uml-modtest.secs") &
	modpid=$!
	trap 'kill_tree $modpid' EXIT
	trap 'exit 130' INT TERM
fi

# The soak's seed: RIO_VOQ_SOAK_SEED, or a new one each run (printed
# with the soak's result, so that a failure can be run again)
soak_seed=${RIO_VOQ_SOAK_SEED:-$(( $(date +%s) % 1000000 ))}
boot simtest simtest-init.sh rapidio.hdid=0 kasan_multi_shot soak_seed="$soak_seed"
boot fmtest fmtest-init.sh rapidio.hdid=0 rio_sim.topology=voqmix kasan_multi_shot

uml_flavor modules
if [ "$modules_ok" = 1 ]; then
	passed=$((passed + 1))
	echo "ok - UML modules build and link (modpost)"
else
	failed=$((failed + 1))
	echo "not ok - UML modules build and link (modpost): see $UML_O/modules.log"
	grep -E 'ERROR|error:' "$UML_O/modules.log" | head -n 10
fi
if [ "$modtest" = 1 ]; then
	wait "$modpid"
	UML_TIMEOUT=$modtimeout boot_report modtest modtest-init.sh \
		"$(cat "$logdir/uml-modtest.secs")" "${modargs[@]}"
else
	echo "# modtest: skipped (RIO_VOQ_MODTEST=0)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
