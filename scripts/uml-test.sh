#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# UML boot test of rio-sim's userspace interfaces (configfs, sysfs scan,
# teardown, kmemleak).  Prints the test lines and exits non-zero unless
# every check passed.
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

uml_prepare
out=$(uml_boot simtest-init.sh rapidio.hdid=0)
printf '%s\n' "$out" | grep -E '^(ok|not ok) |passed, .* failed|rio|sim_' || true
printf '%s\n' "$out" | grep -qE '^[0-9]+ passed, 0 failed$'
