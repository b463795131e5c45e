#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# UML boot tests: five KTAP tests, each booted as init's job
# (scripts/demo/selftest-init.sh):
#  - the selftest drivers/rapidio:rio_voq_sysfs.sh (tools/testing/
#    selftests/drivers/rapidio), run by kselftest's runner on the debug
#    kernel (KASAN, lockdep, kmemleak): rio-sim's configfs, scan and
#    teardown, and rio-voq's sysfs as root and as a non-root user, with
#    bad input, concurrent writers and removal, and a soak of random
#    events on a random fabric, seeded by RIO_VOQ_SOAK_SEED (by default
#    a seed from the commit: the same for a commit, new with each one;
#    printed with the result);
#  - the selftest drivers/rapidio:rio_voq_fuzz.sh, debug kernel: what a
#    fuzzer writes first (NULs, no newline, 4095 and 4096 bytes, bytes
#    0x80-0xff, valid values with junk after them, a random corpus of
#    the same seed) to every writable file of rio-voq and rio-sim, each
#    refused, the fabric unchanged, no report;
#  - tools/riofm/riofm_test.sh, debug kernel, voqmix: a userspace fabric
#    manager (tools/riofm through rio_mport_cdev) deletes and adds
#    devices of an enumerated net and builds a net of its own; admin
#    choices across a refused rescan; every sysfs file read after each
#    step;
#  - the selftest drivers/rapidio:rio_voq_races.sh, debug kernel:
#    RIO_DEV_DEL through /dev/rio_mport0 (riofm), by name and by
#    component tag, against port-writes of the same devices in flight,
#    and rio-sim's replace against replace, bounded in time; then the
#    fabric still reads and plans a link flap, and no report;
#  - the selftest drivers/rapidio:rio_voq_modules.sh on the modules
#    kernel (lockdep, kmemleak, debug objects, delayed kobject release;
#    no KASAN, see uml-modules.config): rio_voq and rio_sim loaded and
#    unloaded in every order, with files open, after a check that the
#    modules link at all (modpost) and that the kernel has every option
#    of the selftests' config; it runs beside the two debug boots.
# The debug boots have kasan_multi_shot, so that every report counts.
#
# Prints each boot's test lines and a last "N passed, N failed" over all
# of them; exits non-zero unless every check passed.  The harness's
# kernels have everything the tests need, so a skipped check, or a test
# that skips as a whole, is a failure here.  A boot that dies (panic,
# oops, timeout) counts what it printed and one more failure; its
# console is in $RIO_VOQ_KCACHE/logs/uml-<boot>.console either way.
set -uo pipefail
. "$(dirname "$0")/common.sh"
on_boot_kernel "$0" "$@"
. "$(dirname "$0")/uml.sh"

logdir=$RIO_VOQ_KCACHE/logs
mkdir -p "$logdir"
passed=0
failed=0

# Boot INIT on the current flavor, its console in the log directory;
# prints the boot's duration
boot_run() {	# name, test, kernel arguments...
	local name=$1 test=$2 start

	shift 2
	start=$(date +%s)
	uml_boot selftest-init.sh rio_voq_selftest="$test" log_buf_len=16M "$@" > "$logdir/uml-$name.console" 2>&1
	echo "$(( $(date +%s) - start ))"
}

# Count a finished boot's checks, from the test's KTAP "# Totals:" line
# (kselftest's runner puts "# " before each line of the test's output)
boot_report() {	# name, test, seconds, kernel arguments...
	local name=$1 test=$2 secs=$3 out p f s console=$logdir/uml-$1.console
	local totals='^\(# \)\?# Totals: pass:\([0-9]*\) fail:\([0-9]*\) .*skip:\([0-9]*\) .*$'

	shift 3
	out=$(cat "$console")
	echo "# $name: $test on the $UML_FLAVOR kernel, $* (${secs}s)"
	# The test lines and notes, a panic (KASAN's reports are in the
	# console; the tests summarize them)
	grep -E '^(# )?(ok|not ok) |^# |Kernel panic|Kernel mode fault' <<<"$out"
	p=$(sed -n "s/$totals/\\2/p" <<<"$out" | tail -n 1)
	f=$(sed -n "s/$totals/\\3/p" <<<"$out" | tail -n 1)
	s=$(sed -n "s/$totals/\\4/p" <<<"$out" | tail -n 1)
	if [ -z "$p" ]; then
		p=$(grep -E '^(# )?ok [0-9]+ - ' <<<"$out" | grep -c -v '# SKIP')
		f=$(( $(grep -c -E '^(# )?not ok [0-9]+ - |^(# )?ok [0-9]+ - .*# SKIP' <<<"$out") + 1 ))
		echo "not ok - $name: the test did not finish (skipped as a whole, or the kernel died: panic, oops or ${UML_TIMEOUT:-900}s timeout)"
		# The panic and where, or the last words of a hung kernel
		if grep -q 'Kernel panic' <<<"$out"; then
			grep -B2 -A16 'Kernel panic' <<<"$out" | grep -v '__asan_\|+0x0/' | head -n 20
		else
			tail -n 20 <<<"$out"
		fi
	else
		if [ "$s" -gt 0 ]; then
			echo "not ok - $name: $s checks skipped, on a kernel that should have everything they need"
			f=$((f + s))
		fi
		# The test finished; the kernel must still be sane after it and
		# halt (6.1 says "System halted", 6.12 "Power down")
		if grep -q -E 'Kernel panic|Kernel mode fault' <<<"$out" ||
		   ! grep -q -E '^reboot: (System halted|Power down)' <<<"$out"; then
			echo "not ok - $name: the kernel died after the test's last line"
			tail -n 20 <<<"$out"
			f=$((f + 1))
		fi
	fi
	echo "# $name: $p passed, $f failed (console: $console)"
	log "boot $name took ${secs}s"
	passed=$((passed + p))
	failed=$((failed + f))
}

boot() {	# name, test, kernel arguments...
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
	 UML_TIMEOUT=$modtimeout boot_run modtest drivers/rapidio:rio_voq_modules.sh "${modargs[@]}" \
		> "$logdir/uml-modtest.secs") &
	modpid=$!
	trap 'kill_tree $modpid' EXIT
	trap 'exit 130' INT TERM
fi

soak_seed=${RIO_VOQ_SOAK_SEED:-$(( 16#$(git -C "$RIO_VOQ_TOP" rev-parse --short=5 HEAD 2>/dev/null || echo 1) ))}
boot sysfs drivers/rapidio:rio_voq_sysfs.sh rapidio.hdid=0 kasan_multi_shot soak_seed="$soak_seed"
boot fuzz drivers/rapidio:rio_voq_fuzz.sh rapidio.hdid=0 kasan_multi_shot fuzz_seed="$soak_seed"
boot riofm /tools/riofm/riofm_test.sh rapidio.hdid=0 rio_sim.topology=voqmix kasan_multi_shot
boot races drivers/rapidio:rio_voq_races.sh rapidio.hdid=0 kasan_multi_shot

uml_flavor modules
if [ "$modules_ok" = 1 ]; then
	passed=$((passed + 1))
	echo "ok - UML modules build and link (modpost)"
else
	failed=$((failed + 1))
	echo "not ok - UML modules build and link (modpost): see $UML_O/modules.log"
	grep -E 'ERROR|error:' "$UML_O/modules.log" | head -n 10
fi
# The selftests' config says what a kernel needs to run them all: the
# modules kernel has it
missing=$(grep '^CONFIG_' "$RIO_VOQ_TOP/tools/testing/selftests/drivers/rapidio/config" |
	grep -vxF -f "$UML_O/.config")
if [ -z "$missing" ]; then
	passed=$((passed + 1))
	echo "ok - the modules kernel has every option of the selftests' config"
else
	failed=$((failed + 1))
	echo "not ok - the modules kernel lacks options of the selftests' config:" $missing
fi
if [ "$modtest" = 1 ]; then
	wait "$modpid"
	UML_TIMEOUT=$modtimeout boot_report modtest drivers/rapidio:rio_voq_modules.sh \
		"$(cat "$logdir/uml-modtest.secs")" "${modargs[@]}"
else
	echo "# modtest: skipped (RIO_VOQ_MODTEST=0)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
