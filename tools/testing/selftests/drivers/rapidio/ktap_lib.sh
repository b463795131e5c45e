# SPDX-License-Identifier: GPL-2.0
# KTAP output and the kernel-health checks of the RapidIO selftests
# (and of tools/riofm's), sourced by each test.
#
# Output (Documentation/dev-tools/ktap.rst): "TAP version 13", one
# "ok N - ..." / "not ok N - ..." line per check, "ok N - ... # SKIP why"
# for a check this system cannot make; ktap_finished prints the plan
# last, which TAP 13 allows (how many checks run depends on the fabric
# found), and kselftest's "# Totals:" line, and exits with kselftest's
# codes: 0 all passed, 1 a check failed, 4 nothing could run.

KSFT_PASS=0
KSFT_FAIL=1
KSFT_SKIP=4
pass=0 fail=0 skip=0 n=0
echo "TAP version 13"

check() {	# description, then a command that must succeed
	desc=$1
	shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then
		pass=$((pass + 1)); echo "ok $n - $desc"
	else
		fail=$((fail + 1)); echo "not ok $n - $desc"
	fi
}
refused() { ! "$@"; }

ktap_skip() {	# description, why: a check this system cannot make
	n=$((n + 1))
	skip=$((skip + 1))
	echo "ok $n - $1 # SKIP $2"
}

ktap_skip_all() {	# why: no check can run on this system
	echo "1..0 # SKIP $*"
	exit $KSFT_SKIP
}

ktap_finished() {
	echo "1..$n"
	echo "# Totals: pass:$pass fail:$fail xfail:0 xpass:0 skip:$skip error:0"
	[ "$fail" -eq 0 ] || exit $KSFT_FAIL
	exit $KSFT_PASS
}

ktap_require_root() {
	[ "$(id -u)" -eq 0 ] || ktap_skip_all "must run as root"
}

# Mount a file system the tests use unless it is there already
# rio_sim and rio_voq, loaded here unless built in or loaded already
# (each one loaded here is named in $loaded_here, for rio_unload); the
# whole test is skipped without them.  $C is rio-sim's configfs.
rio_load() {
	loaded_here=
	for m in rio_sim rio_voq; do
		[ -d /sys/module/$m ] && continue
		modprobe $m 2>/dev/null && loaded_here="$m $loaded_here"
	done
	[ -d $C ] || ktap_skip_all "no $C: CONFIG_RAPIDIO_SIM"
	[ -d /sys/module/rio_voq ] || ktap_skip_all "rio_voq is not loaded: CONFIG_RAPIDIO_VOQ"
}

# The modules rio_load() loaded, unloaded (for a test's cleanup)
rio_unload() {
	for m in $loaded_here; do
		modprobe -r "$m"
	done
}

ktap_mount() {	# type, mount point
	grep -q "^[^ ]* $2 $1 " /proc/mounts || mount -t "$1" "$1" "$2"
}

# Reports of the kernel: every headline of KASAN, lockdep ("WARNING:
# possible circular locking dependency detected", "INFO: ..."), UBSAN,
# debug objects and WARN().  A test takes the count before it starts:
# reports from before (UML 6.1 itself warns of suspicious RCU usage in
# lib/maple_tree.c at boot) are not its own.
SPLAT='BUG: |WARNING: |INFO: |UBSAN:|ODEBUG:|Kernel mode fault|kernel BUG'
splats() { dmesg | grep -c -E "$SPLAT"; }

show_splats() {	# the headlines of the reports after the first $1, and the first in full
	dmesg | grep -E "$SPLAT" | tail -n +$(($1 + 1)) |
		sed 's/^\[[ 0-9.]*\] //; s/+0x[0-9a-fx/]*//' | sort | uniq -c | sort -rn |
		sed 's/^ */# /' | head -12
	dmesg | awk -v skip="$1" -v re="$SPLAT" '$0 ~ re && ++seen > skip { p = 40 } p-- > 0' |
		sed 's/^/# /' | head -40
}

check_no_splat() {	# description, count of reports before
	check "$1" test "$(splats)" -eq "$2"
	show_splats "$2"
}

# Leaks: kmemleak's suspects of the moment are marked known at the
# baseline; at the check, what it finds new.  It does not report objects
# younger than 5 s and recommends two scans.  A test checks leaks before
# reports: a report made while the leak check waits still counts.
KL=/sys/kernel/debug/kmemleak

kmemleak_mark_known() {
	{ echo scan > $KL && echo clear > $KL; } 2>/dev/null
}

kmemleak_baseline() {
	if [ ! -e $KL ]; then
		ktap_skip "kmemleak is active" "no $KL: CONFIG_DEBUG_KMEMLEAK and debugfs"
	elif ! kmemleak_mark_known; then
		ktap_skip "kmemleak is active" "kmemleak is off"
	else
		pass=$((pass + 1)) n=$((n + 1))
		echo "ok $n - kmemleak is active"
	fi
}

# Two scans, then no unreferenced object: grep finds none (status 1),
# not "grep could not read the file" (status 2)
kmemleak_clean() {
	echo scan > $KL && echo scan > $KL || return 1
	grep -q '^unreferenced object' $KL
	[ $? -eq 1 ]
}

check_no_leak() {	# description
	if ! { echo scan > $KL; } 2>/dev/null; then
		ktap_skip "$1" "no kmemleak"
		return
	fi
	sleep 6
	check "$1" kmemleak_clean
	grep -A12 '^unreferenced object' $KL | sed 's/^/# /' | head -n 26
}
