#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of the UML boot tests (scripts/uml-test.sh): runs the test named
# on the kernel command line, then powers off.  The kernel hands init
# its unknown "name=value" arguments as the environment:
#
#   rio_voq_selftest=COLLECTION:TEST  a kselftest installed in /kselftest
#                                     (drivers/rapidio:rio_voq_sysfs.sh),
#                                     run by kselftest's own runner
#   rio_voq_selftest=/PATH            a KTAP test of the root, run as is
#                                     (/tools/riofm/riofm_test.sh)
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
# /dev: the kernel's nodes (devtmpfs, or null and kmsg on a ramfs where
# the kernel has no devtmpfs), and the links kselftest's runner writes
# through (/dev/stdout)
mount -t devtmpfs devtmpfs /dev ||
	{ mount -t ramfs ramfs /dev && mknod /dev/null c 1 3 && mknod /dev/kmsg c 1 11; }
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr

case $rio_voq_selftest in
*:*)	cd /kselftest && ./run_kselftest.sh -t "$rio_voq_selftest" ;;
/*)	"$rio_voq_selftest" ;;
*)	echo "not ok 1 - no test named by rio_voq_selftest= ($rio_voq_selftest)" ;;
esac
poweroff -f
