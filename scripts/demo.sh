#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The rio-voq demo: build a small UML kernel (cached), boot it with a
# static busybox root on hostfs, let rio-sim build a canned fabric and
# the core enumerate it, and print what was found.
#
#   RIO_VOQ_DEMO_TOPOLOGY   the rio-sim topology (default voqmix)
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/uml.sh"

topology=${RIO_VOQ_DEMO_TOPOLOGY:-voqmix}
uml_prepare
log "booting UML: rapidio.hdid=0 rio_sim.topology=$topology"
uml_boot init.sh rapidio.hdid=0 rio_sim.topology="$topology"
