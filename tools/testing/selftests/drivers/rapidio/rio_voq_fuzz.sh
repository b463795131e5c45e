#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What a fuzzer writes first, to every writable file rio-voq and rio-sim
# create: rio-voq's voq/ directories in sysfs, rio-sim's configfs items
# and debugfs files.  Each write is one write(2) (dd from a corpus file)
# of: a lone NUL, a NUL and a newline, nothing but a newline, no newline,
# 4095 and 4096 bytes, bytes 0x80-0xff, values that files take followed
# by a NUL, by junk or by a second newline, and a seeded random corpus
# (fuzz_seed=N on the kernel command line, else the shell's pid; printed)
# in which every entry holds a byte no value has.
#
# Every entry is invalid for every file, so every write must be refused
# with EINVAL (a file that can be busy: EBUSY), and nothing in the fabric
# may change: rio-sim's per-device ground truth (dev<i>/ports) and its
# access counters are compared before and after rio-voq's files are
# written.  Then no new KASAN, lockdep, UBSAN or WARNING report.  Files
# that the kernel's own helpers parse (debugfs_create_bool() and
# DEFINE_DEBUGFS_ATTRIBUTE(): fail_nth, latency_us) take a valid prefix
# by design and are left out, as is pw_flush (it takes any write); so
# are module parameters, whose set() is handed no length by the core
# (param_attr_store()): "cs64\0junk" is cs64 to any of them.  configfs
# takes at most 4095 bytes a write: dd's 4096-byte entries reach it as
# two writes, both refused.
#
# Needs rio-sim and rio-voq, configfs, debugfs and no RapidIO mport; the
# repository's UML boot test runs it on a KASAN kernel (kasan_multi_shot).
cd "$(dirname "$0")" || exit 1
. ./ktap_lib.sh
ktap_require_root

C=/sys/kernel/config/rio-sim
D=/sys/kernel/debug/rio-sim
ktap_mount configfs /sys/kernel/config
ktap_mount debugfs /sys/kernel/debug
[ -z "$(ls /sys/class/rapidio_port 2>/dev/null)" ] ||
	ktap_skip_all "the system has a RapidIO mport already"
cleanup() {
	for f in $C/fz $C/fzd; do
		[ -d "$f" ] || continue
		echo 0 > "$f/live"
		rmdir "$f"/* "$f"
	done 2>/dev/null
	rm -rf "${T:-/nonexistent}"
	rio_unload
}
trap cleanup EXIT
rio_load

splat0=$(splats)
seed=${fuzz_seed:-$$}
echo "# fuzz seed $seed (fuzz_seed=$seed on the kernel command line repeats it)"

# The corpus: one file per entry, written with printf (NULs included)
T=$(mktemp -d)
mkdir "$T/full" "$T/short"
i=0
entry() {	# dir, printf format
	i=$((i + 1))
	printf "$2" > "$T/$1/$(printf %04d $i)"
}
entry short '\000'
entry short '1\000junk'
entry short '\377\376\200\n'
entry full '\000\n'
entry full '\n'
entry full ' '
entry full '\n\n'
entry full '\200'
entry full '\237\n'
head -c 4095 /dev/zero | tr '\0' 1 > "$T/full/long4095"
head -c 4096 /dev/zero | tr '\0' 9 > "$T/full/long4096"
{ head -c 4094 /dev/zero | tr '\0' 2; printf '\n\000'; } > "$T/full/long4096nul"
# Values that some file takes, each followed by what makes it invalid
for v in 0 1 2 7 '1 0' '1 1' '0 0' '1 rev3' '4 none' auto cs48 cs64 on off \
	 rev2 rev3 none '3 3 3 3 0 1 2 2' 'star:2' 'host 0 sw 0 2' 0x1; do
	for junk in '\000' '\000junk\n' ' junk' 'junk\n' '\n\n' '\377' '\n\000'; do
		entry full "$v$junk"
	done
done
# Random entries: 1 to 48 bytes, one of them 0x80-0xff or a NUL
awk -v seed="$seed" -v dir="$T/full" 'BEGIN {
	srand(seed)
	for (e = 0; e < 48; e++) {
		n = 1 + int(rand() * 48); bad = int(rand() * n); s = ""
		for (b = 0; b < n; b++) {
			if (b == bad)
				c = rand() < 0.25 ? 0 : 128 + int(rand() * 128)
			else
				c = 32 + int(rand() * 95)
			s = s sprintf("\\%03o", c)
		}
		printf "%s\n", s > (dir "/rand.list")
	}
}'
r=0
while read -r fmt; do
	r=$((r + 1))
	printf "$fmt" > "$T/full/rand$(printf %02d $r)"
done < "$T/full/rand.list"
rm "$T/full/rand.list"
cp "$T"/short/* "$T/full/"
check "the corpus: 3 short entries, over 150 in the full one" \
	test "$(ls $T/short | wc -l)" -eq 3 -a "$(ls $T/full | wc -l)" -gt 150
check "the corpus holds NULs and bytes 0x80-0xff" \
	sh -c "cat $T/full/* | tr -d '\000' | wc -c | grep -qvx $(cat $T/full/* | wc -c) &&
	       cat $T/full/* | tr -d '\200-\377' | wc -c | grep -qvx $(cat $T/full/* | wc -c)"

writes=0 taken=0 wrong=0
# fuzz_file FILE CORPUS ERRNOS: every entry refused with one of ERRNOS
fuzz_file() {
	for e in "$3"/*; do
		writes=$((writes + 1))
		if dd if="$e" of="$1" bs=8192 conv=notrunc 2> "$T/err" >/dev/null; then
			taken=$((taken + 1))
			echo "# $1 took $(od -An -c "$e" | head -n 1 | tr -s ' ')"
		elif ! grep -qE "$2" "$T/err"; then
			wrong=$((wrong + 1))
			errno=$(sed -n 's/.*error writing.*: //p' $T/err)
			echo "# $1: $errno for $(od -An -c "$e" | head -n 1 | tr -s ' ')"
		fi
	done
}

# A fabric with every kind of port rio-voq shows (voqmix: rev 2 and 3,
# CS48 and CS64, map II latency registers, staging queues), scanned
mkdir $C/fz
echo voqmix > $C/fz/topology
echo 0 > $C/fz/host_destid
check "voqmix goes live" sh -c "echo 1 > $C/fz/live"
M=$(cat $C/fz/mport)
MP=/sys/class/rapidio_port/$(echo "$M" | sed 's/rio-sim/rapidio/')
echo "${MP##*rapidio}" > /sys/bus/rapidio/scan
check "the core enumerated it" test "$(ls /sys/bus/rapidio/devices | wc -l)" -gt 3

ground() {	# rio-sim's ground truth of every device, and its counters
	cat $D/$M/dev*/ports $D/$M/writes $D/$M/own_voq_writes $D/$M/stray_writes
}
# rio-voq's files: the full corpus on a port of the mport, of a switch
# and of an endpoint, the short one on all the others
vfiles=$(find $MP/voq /sys/bus/rapidio/devices/*/voq -type f -perm -u+w 2>/dev/null)
check "rio-voq has writable files" test -n "$vfiles"
first_sw=$(ls -d /sys/bus/rapidio/devices/*:s:*/voq | head -n 1)
first_ep=$(ls -d /sys/bus/rapidio/devices/*:e:*/voq | head -n 1)
before=$(ground)
w0=$writes nf=0
for f in $vfiles; do
	nf=$((nf + 1))
	case $f in
	$MP/voq/port0/*|$first_sw/port1/*|$first_ep/port0/*)
		fuzz_file "$f" 'Invalid argument' "$T/full" ;;
	*) fuzz_file "$f" 'Invalid argument' "$T/short" ;;
	esac
done
echo "# rio-voq: $nf files, $((writes - w0)) writes," \
	"$taken taken, $wrong with another errno"
check "rio-voq refused every write with EINVAL" test $taken -eq 0 -a $wrong -eq 0
check "rio-voq's refusals changed nothing in the fabric" test "$(ground)" = "$before"

# rio-sim's debugfs files of the live fabric (the kernel's helpers and
# pw_flush left out, see above): the full corpus on the host's device
# and on the first switch, the short one on the others
taken=0 wrong=0 w0=$writes nf=0
sim_sw=$(grep -l 'switch=1' $D/$M/dev*/ports | head -n 1)
sim_sw=${sim_sw%/ports}
for f in $(find $D/$M -type f -perm -u+w); do
	case ${f##*/} in
	fail_all|all_ones|no_port_writes|fail_nth|latency_us|pw_flush) continue ;;
	esac
	nf=$((nf + 1))
	case $f in
	$D/$M/dev0/*|$sim_sw/*) fuzz_file "$f" 'Invalid argument' "$T/full" ;;
	*) fuzz_file "$f" 'Invalid argument' "$T/short" ;;
	esac
done
echo "# rio-sim debugfs: $nf files, $((writes - w0)) writes," \
	"$taken taken, $wrong with another errno"
check "rio-sim's debugfs refused every write with EINVAL" test $taken -eq 0 -a $wrong -eq 0

# rio-sim's configfs items: a fabric being described (refused: EINVAL;
# the full corpus on the fabric's and a device's files) and the live one
# (EINVAL, or EBUSY: frozen while live)
mkdir $C/fzd $C/fzd/sw $C/fzd/ep
taken=0 wrong=0 w0=$writes nf=0
for f in $(find $C/fzd $C/fz -type f -perm -u+w); do
	nf=$((nf + 1))
	case $f in
	$C/fz/*) fuzz_file "$f" 'Invalid argument|Device or resource busy' "$T/short" ;;
	# Nothing is a valid links text (no link) and topology (the devices
	# below), so these two get only what no value may hold
	$C/fzd/ep/*|*/links|*/topology) fuzz_file "$f" 'Invalid argument' "$T/short" ;;
	*) fuzz_file "$f" 'Invalid argument' "$T/full" ;;
	esac
done
echo "# rio-sim configfs: $nf files, $((writes - w0)) writes," \
	"$taken taken, $wrong with another errno"
check "rio-sim's configfs refused every write" test $taken -eq 0 -a $wrong -eq 0

echo "# $writes writes in all, seed $seed"
check "the live fabric goes down" sh -c "echo 0 > $C/fz/live"
check_no_splat "no KASAN, lockdep, UBSAN or WARNING report" "$splat0"
ktap_finished
