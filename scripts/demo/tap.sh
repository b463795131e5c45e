# SPDX-License-Identifier: GPL-2.0
# Test lines for the UML boot tests, sourced by their init scripts
# (scripts/uml.sh installs it as /tap.sh): "ok N - ..." / "not ok N - ...",
# counted in $pass and $fail.
pass=0 fail=0 n=0
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
