#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install what rio-voq needs with apt: the pinned kernel trees (every
# version of RIO_VOQ_KERNELS; linux-source-6.12 comes from
# bookworm-security) and the tools to build, check and run them.
# Idempotent: installs only what is missing, and runs nothing when
# everything is there.
set -euo pipefail
. "$(dirname "$0")/common.sh"

pkgs=(build-essential flex bison bc libelf-dev libssl-dev sparse python3
      python3-docutils python3-ply python3-git busybox-static
      graphviz procps uml-utilities gdb
      # kselftest installs the selftests with rsync
      rsync
      # KUnit under QEMU (ppc64 big-endian pseries, x86_64) and the
      # PowerPC builds; qemu-system-data has pseries' SLOF and qboot
      gcc-powerpc64-linux-gnu gcc-powerpc-linux-gnu
      qemu-system-ppc qemu-system-x86 qemu-system-data)
for k in $RIO_VOQ_KERNELS; do
	pkgs+=("linux-source-$k")
done

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

log "installing: ${missing[*]}"
sudo=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || die "not root and no sudo: install ${missing[*]}"
	sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt (another checkout's make deps, say) rather than fail
$sudo apt-get update -q -o DPkg::Lock::Timeout=900
$sudo apt-get install -y -q --no-install-recommends \
	-o DPkg::Lock::Timeout=900 "${missing[@]}"
