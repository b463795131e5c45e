#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The rio-voq demo: build a small UML kernel (cached), boot it with a
# static busybox root on hostfs, let rio-sim build a canned fabric and
# the core enumerate it, and print what was found.
#
#   RIO_VOQ_DEMO_TOPOLOGY   the rio-sim topology (default voqmix)
set -euo pipefail
. "$(dirname "$0")/common.sh"

topology=${RIO_VOQ_DEMO_TOPOLOGY:-voqmix}
O=$RIO_VOQ_CACHE/build-demo
frag=$RIO_VOQ_TOP/scripts/demo/uml.config
root=$RIO_VOQ_CACHE/demo-root

bash "$RIO_VOQ_TOP/scripts/deps.sh"
bash "$RIO_VOQ_TOP/scripts/tree.sh"

mk() { make -s -C "$KSRC" O="$O" ARCH=um -j"$RIO_VOQ_JOBS" "$@"; }

if ! cmp -s "$frag" "$O/.rio-voq-fragment" 2>/dev/null; then
	log "configuring the demo UML kernel in $O"
	mkdir -p "$O"
	cp "$frag" "$O/.config"
	mk olddefconfig >/dev/null
	grep -E '^CONFIG_' "$frag" | while read -r want; do
		grep -qx "$want" "$O/.config" || die "$want did not stick in $O/.config"
	done
	cp "$frag" "$O/.rio-voq-fragment"
fi
log "building the demo UML kernel (incremental)"
mk linux >/dev/null 2>"$O/build.log" || { tail -n 30 "$O/build.log" >&2; die "UML build failed"; }

# Root: static busybox, its applets as links, and our init
mkdir -p "$root"/{bin,proc,sys,dev,tmp}
install -m 0755 /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ "$applet" = busybox ] || ln -sf busybox "$root/bin/$applet"
done
install -m 0755 "$RIO_VOQ_TOP/scripts/demo/init.sh" "$root/init"

log "booting UML: rapidio.hdid=0 rio_sim.topology=$topology"
timeout 300 "$O/linux" mem=256M rootfstype=hostfs rootflags="$root" rw \
	init=/init quiet rapidio.hdid=0 rio_sim.topology="$topology" \
	con=null con0=null,fd:1 </dev/null | tr -d '\r'
