#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The rio-voq demo: build a small UML kernel (cached), boot it with a
# static busybox root on hostfs, let rio-sim build a canned fabric and
# the core enumerate it, and show what was found, how VoQ was negotiated
# on each link (riovoq show), a group-size change reaching both
# partners, refusals explained, the staging queues, congestion stopping
# a staging queue of the upstream partner; then render the fabric with
# Graphviz into build/demo/ and print the paths.
#
#   RIO_VOQ_DEMO_TOPOLOGY   the rio-sim topology (default voqmix)
#   RIO_VOQ_KERNEL          the tree it boots (default: the newest, 6.12)
set -euo pipefail
. "$(dirname "$0")/common.sh"
on_boot_kernel "$0" "$@"
. "$(dirname "$0")/uml.sh"

topology=${RIO_VOQ_DEMO_TOPOLOGY:-voqmix}
uml_prepare
log "booting UML: rapidio.hdid=0 rio_sim.topology=$topology"
rm -f "$UML_ROOT/tmp/fabric.dot"
uml_boot init.sh rapidio.hdid=0 rio_sim.topology="$topology"

out=$RIO_VOQ_TOP/build/demo
mkdir -p "$out"
[ -s "$UML_ROOT/tmp/fabric.dot" ] || die "the demo wrote no fabric graph"
cp "$UML_ROOT/tmp/fabric.dot" "$out/fabric.dot"
dot -Tsvg "$out/fabric.dot" -o "$out/fabric.svg"
dot -Tpng "$out/fabric.dot" -o "$out/fabric.png"
echo "== the fabric, each link labelled with its VoQ state:"
echo "   $out/fabric.png"
echo "   $out/fabric.svg"
