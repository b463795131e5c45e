#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# UML boot test, on a kernel with KASAN, lockdep and kmemleak: rio-sim's
# configfs, scan and teardown, and rio-voq's sysfs as root and as a
# non-root user, with bad input, concurrent writers and removal.  Prints the test lines and exits non-zero unless
# every check passed.
set -euo pipefail
. "$(dirname "$0")/common.sh"
UML_FLAVOR=debug
. "$(dirname "$0")/uml.sh"

uml_prepare
out=$(uml_boot simtest-init.sh rapidio.hdid=0)
printf '%s\n' "$out" | grep -E '^(ok|not ok) |passed, .* failed|rio|sim_' || true
printf '%s\n' "$out" | grep -qE '^[0-9]+ passed, 0 failed$'
