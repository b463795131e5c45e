#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Races, bounded in time, on a rio-sim fabric the core enumerates:
#
#  1. RIO_DEV_DEL through /dev/rio_mportN (riofm), by name and by
#     component tag, against the port-writes of the same devices:
#     rio-sim's links flap and a port goes unavailable and back, in a
#     loop, while the devices are deleted (a switch while its port-writes
#     are in flight, the switch on the way to another whose port-writes
#     trace their route through it, the last device of the net, which
#     frees the net), added back and deleted again; and readers of every
#     file of rio-voq and rio-sim meanwhile.  Each cycle brings the
#     fabric up, enumerates it, races for a few seconds and takes it
#     down; for $races_secs seconds (default 40).
#  2. rio-sim's replace against replace: two writers of one switch's
#     debugfs replace file, with other boards, while its ports are read
#     and its port-writes flushed; for $replace_secs seconds (default 15).
#
# After each: every file of rio-voq and rio-sim reads, rio-sim counts no
# Part 12 violation and no write to a register a device does not have,
# and a link flap is planned again (both ends
# generate, as rio-voq's tx_state says).  At the end, no new KASAN,
# lockdep, UBSAN or WARNING report and no leak.  KTAP output
# (ktap_lib.sh).
#
# On a kernel with one CPU and no preemption (UML) the deletions and
# port-writes interleave only where a task sleeps; the test counts what
# ran concurrently (notes "# races: ...").
#
# At the end, a link flap with rio-voq's tracepoints enabled in tracefs:
# the port event of each change, and the link planned again.
#
# Needs rio-sim and rio-voq (built in, or modules it loads), configfs,
# debugfs, tracefs (FTRACE, EVENT_TRACING), rio_mport_cdev and riofm
# (tools/riofm) in PATH for part 1, and a system with no RapidIO mport.
# The repository's UML boot test runs it on a kernel with KASAN
# (kasan_multi_shot), lockdep and kmemleak (scripts/uml-test.sh).
cd "$(dirname "$0")" || exit 1
. ./ktap_lib.sh
ktap_require_root

B=/sys/bus/rapidio/devices
C=/sys/kernel/config/rio-sim
F=$C/race
ktap_mount configfs /sys/kernel/config
ktap_mount debugfs /sys/kernel/debug
[ -z "$(ls /sys/class/rapidio_port 2>/dev/null)" ] ||
	ktap_skip_all "the system has a RapidIO mport already:" \
		"the checks count the devices of the fabric they make"

T=$(mktemp -d)
cleanup() {
	touch "$T/stop"
	wait
	if [ -d $F ]; then
		echo 0 > $F/live
		rmdir $F/host $F/swa $F/swb $F/ep1 $F/ep2 $F/ep3 $F
	fi 2>/dev/null
	rm -rf "$T"
	rio_unload
}
trap cleanup EXIT
rio_load

splat0=$(splats)
kmemleak_baseline
now() { date +%s; }

# host - swa (8 ports) - swb (4 ports) - ep1, ep2; swa - ep3.  Both
# switches have an error management block: their port-writes tell of
# each link change.
mkdir $F $F/host $F/swa $F/swb $F/ep1 $F/ep2 $F/ep3
for d in swa swb; do
	echo 1 > $F/$d/switch
	echo 1 > $F/$d/em
done
echo 8 > $F/swa/ports
echo 4 > $F/swb/ports
printf 'host 0 swa 0 2\nswa 1 swb 0 2\nswa 2 ep3 0 2\nswb 1 ep1 0 2\nswb 2 ep2 0 2\n' > $F/links
echo 0 > $F/host_destid

# The first line of a device's rio-sim ports file, as "SWITCH PORTS TAG"
simdev() {
	sed -n '1s/^dev=[0-9]* switch=\([01]\) ports=\([0-9]*\) tag=\([0-9]*\) .*/\1 \2 \3/p' \
		"$1/ports"
}
# The device of rio-sim debugfs directory $1, by its tag: its name
kname() {
	# shellcheck disable=SC2046
	set -- $(simdev "$1")
	if [ "$1" = 1 ]; then
		printf '%s:s:%04x' "$MPX" "$3"
	else
		printf '%s:e:%04x' "$MPX" "$3"
	fi
}
# riofm's address of a device: component tag, destination ID, hop count
# (0xff for an endpoint, as the enumerator records it)
kaddr() {
	hops=0xff
	[ -e $B/$1/hopcount ] && hops=$(cat $B/$1/hopcount)
	echo "-t $(printf '%d' "0x${1##*:}") -d $(cat $B/$1/destid) -c $hops"
}

# Bring the fabric up and enumerate it; SA, SB: rio-sim's directories of
# the switches, NA, NB, NE1, NE2, NE3: the kernel's names, AA, AB, AE3:
# riofm's addresses of swa, swb and ep3
race_up() {
	echo 1 > $F/live || return 1
	MP=$(sed 's/rio-sim//' $F/mport)
	MPX=$(printf '%02x' "$MP")
	D=/sys/kernel/debug/rio-sim/$(cat $F/mport)
	echo "$MP" > /sys/bus/rapidio/scan || return 1
	SA='' SB=''
	for d in $D/dev*; do
		case "$(simdev $d)" in
		"1 8 "*) SA=$d ;;
		"1 4 "*) SB=$d ;;
		esac
	done
	[ -n "$SA" ] && [ -n "$SB" ] || return 1
	NA=$(kname $SA) NB=$(kname $SB)
	NE1='' NE2='' NE3=''
	for d in $B/$MPX:e:*; do
		case "$(cat $d/lprev)" in
		"$NA") NE3=${d##*/} ;;
		"$NB") [ -z "$NE1" ] && NE1=${d##*/} || NE2=${d##*/} ;;
		esac
	done
	[ -n "$NE1" ] && [ -n "$NE2" ] && [ -n "$NE3" ] || return 1
	AA=$(kaddr $NA) AB=$(kaddr $NB)
	AE3=$(kaddr $NE3)
}

race_down() {
	echo 0 > $F/live && [ "$(ls $B | wc -l)" -eq 0 ]
}

# Every file of rio-voq's (voq/ of the devices and of the mport) and
# rio-sim's ports: prints the number that cannot be read
read_all() {
	bad=0
	for f in $B/*/voq/* $B/*/voq/*/* /sys/class/rapidio_port/*/voq/*/* $D/dev*/ports; do
		[ -f "$f" ] || continue
		cat "$f" > /dev/null 2>&1 && continue
		bad=$((bad + 1))
		echo "# cannot read $f" >&2
	done
	echo $bad
}
# Ports with a Part 12 violation, as rio-sim counted them
violations() { cat $D/dev*/ports | grep ' viol=' | grep -c -v ' viol=0 '; }

# A link between the two switches flapped and planned again: both ends
# generate (rio-sim's CSRs, bit 8: 0x00800000) and rio-voq says so
flap_planned() {
	echo "1 0" > $SA/link && echo 1 > $D/pw_flush &&
		echo "1 1" > $SA/link && echo 1 > $D/pw_flush || return 1
	a=$(sed -n 's/^dev=[0-9]* port=1 .* csr=\([0-9]*\) .*/\1/p' $SA/ports)
	b=$(sed -n 's/^dev=[0-9]* port=0 .* csr=\([0-9]*\) .*/\1/p' $SB/ports)
	[ $((a & 0x00800000)) -ne 0 ] && [ $((b & 0x00800000)) -ne 0 ] &&
		grep -qx on $B/$NA/voq/port1/tx_state &&
		grep -qx on $B/$NB/voq/port0/tx_state
}

# A link flap between the two switches with rio-voq's events enabled in
# tracefs (Documentation/driver-api/rapidio/voq.rst, "Tracing"): the
# port-write of each change, then the trace in $T/trace
TR=/sys/kernel/tracing
flap_trace() {
	[ -d $TR/events/rio_voq ] || return 1
	echo 0 > $TR/tracing_on && echo > $TR/trace &&
		echo 1 > $TR/events/rio_voq/rio_voq_port_event/enable &&
		echo 1 > $TR/events/rio_voq/rio_voq_link_plan/enable &&
		echo 1 > $TR/tracing_on || return 1
	echo "1 0" > $SA/link && echo 1 > $D/pw_flush &&
		echo "1 1" > $SA/link && echo 1 > $D/pw_flush
	ret=$?
	echo 0 > $TR/tracing_on
	cat $TR/trace > $T/trace
	echo 0 > $TR/events/rio_voq/enable
	return $ret
}
# The port event of swa's port 1 going DIR ("up -> down", "down -> up"),
# told by its port-write, that planned the link again
flap_traced_event() {
	ev="rio_voq_port_event: $NA port 1: port-write"
	grep -q "$ev err_sts 0x[0-9a-f]* $1 replanned yes\$" $T/trace
}
# After the link went down, a plan of it with generation on both ways,
# written
flap_traced_plan() {
	awk -v a="$NA port 1" -v b="$NB port 0" \
	    -v down="rio_voq_port_event: $NA port 1: .* up -> down " '
		$0 ~ down { d = 1; next }
		d && /rio_voq_link_plan: / && index($0, a) && index($0, b) &&
			/ gen on\/on / && !/report only/ { found = 1 }
		END { exit !found }' $T/trace
}

# An admin's choices with rio-voq's admin and CSR events enabled: xoff
# set and cleared at swb port 0 (taken, each written and read back at
# the port) and a group size the spec reserves (refused), in $T/atrace
admin_trace() {
	v=$B/$NB/voq/port0
	echo 0 > $TR/tracing_on && echo > $TR/trace &&
		echo 1 > $TR/events/rio_voq/rio_voq_admin/enable &&
		echo 1 > $TR/events/rio_voq/rio_voq_csr_write/enable &&
		echo 1 > $TR/events/rio_voq/rio_voq_csr_readback/enable &&
		echo 1 > $TR/tracing_on || return 1
	echo 1 > $v/xoff && echo 0 > $v/xoff
	ret=$?
	echo 7 > $v/tx_group_size 2> /dev/null
	echo 0 > $TR/tracing_on
	cat $TR/trace > $T/atrace
	echo 0 > $TR/events/rio_voq/enable
	return $ret
}
# The formatted events of admin_trace(), as voq.rst's "Tracing" shows them
admin_traced() {
	at='\[0x[0-9a-f]*\]'
	rb='wrote 0x\([0-9a-f]*\) read 0x\1'
	grep -q "rio_voq_admin: $NB port 0: xoff=1 taken 0\$" $T/atrace &&
		grep -q "rio_voq_admin: $NB port 0: xoff=0 taken 0\$" $T/atrace &&
		grep -q "rio_voq_admin: $NB port 0: tx_group_size=7 refused -22\$" $T/atrace &&
		grep -q "rio_voq_csr_write: $NB port 0: $at <- 0x[0-9a-f]* err 0\$" $T/atrace &&
		grep -q "rio_voq_csr_readback: $NB port 0: $at $rb err 0\$" $T/atrace
}

# Background loops, each until $T/stop exists; each writes its count
flapper() {
	i=0
	while [ ! -e $T/stop ]; do
		for l in "$SA 1" "$SB 1" "$SB 2" "$SA 2"; do
			echo "${l#* } 0" > "${l% *}/link"
			echo "${l#* } 1" > "${l% *}/link"
		done
		echo "1 1" > $SB/unavailable
		echo "1 0" > $SB/unavailable
		i=$((i + 1))
	done 2>/dev/null
	echo $i > $T/flaps
}
reader() {
	i=0
	while [ ! -e $T/stop ]; do
		cat $B/$MPX:*/voq/port*/* $D/dev*/ports > /dev/null 2>&1
		i=$((i + 1))
	done
	echo $i > $T/reads.$1
}
replacer() {	# board, then another: written in turn to swb's replace
	i=0
	while [ ! -e $T/stop ]; do
		echo "$1" > $SB/replace && echo "$2" > $SB/replace && i=$((i + 1))
	done 2>/dev/null
	echo $i > $T/replaced.$3
}

# riofm, counted by what it did: $T/ok.WHAT, $T/no.WHAT
fm() {	# what, riofm arguments...
	w=$1
	shift
	if riofm "$@" > /dev/null 2>&1; then
		echo >> $T/ok.$w
	else
		echo >> $T/no.$w
	fi
}
count() { [ -f "$T/$1" ] && wc -l < "$T/$1" || echo 0; }

check "the fabric comes up and is enumerated: 5 devices" \
	sh -c "echo 1 > $F/live && echo \$(sed 's/rio-sim//' $F/mport) > /sys/bus/rapidio/scan && \
		test \$(ls $B | wc -l) -eq 5"
check "and goes down" race_down

# ---- 1. RIO_DEV_DEL against port-writes --------------------------------
secs=${races_secs:-40}
cycle=8
if ! command -v riofm >/dev/null; then
	ktap_skip "RIO_DEV_DEL against port-writes" "no riofm in PATH: make -C tools/riofm"
elif ! race_up || [ ! -c /dev/rio_mport$MP ]; then
	ktap_skip "RIO_DEV_DEL against port-writes" \
		"no /dev/rio_mport$MP: CONFIG_RAPIDIO_MPORT_CDEV"
	race_down
else
	race_down
	s=$(splats)
	end=$(($(now) + secs))
	cycles=0 bad_up=0 bad_read=0 bad_viol=0 bad_down=0 pw=0 stray=0
	while [ "$(now)" -lt $end ]; do
		cycles=$((cycles + 1))
		race_up || { bad_up=$((bad_up + 1)); race_down; continue; }
		pw0=$(cat $D/pw_sent) stray0=$(cat $D/stray_writes)
		rm -f $T/stop
		flapper &
		reader 1 &
		stop=$(($(now) + cycle))
		# Leaves first, then swa with swb behind it (whose
		# port-writes trace their route through swa), then swb,
		# the last device: its net goes with it
		fm name del -n $NE1
		fm tag del $AE3
		fm name del -n $NE2
		if [ $((cycles % 2)) = 1 ]; then
			fm name del -n $NA
			fm tag del $AB
		else
			fm tag del $AA
			fm name del -n $NB
		fi
		# Then both switches added back and deleted, the last each
		# time, until the cycle ends
		k=0
		while [ "$(now)" -lt $stop ]; do
			k=$((k + 1))
			fm added add $AA
			fm added add $AB
			if [ $((k % 2)) = 1 ]; then
				fm tag del $AB
				fm name del -n $NA
			else
				fm name del -n $NB
				fm tag del $AA
			fi
		done
		touch $T/stop
		wait
		pw=$((pw + $(cat $D/pw_sent) - pw0))
		stray=$((stray + $(cat $D/stray_writes) - stray0))
		echo 1 > $D/pw_flush
		[ "$(read_all)" -eq 0 ] || bad_read=$((bad_read + 1))
		[ "$(violations)" -eq 0 ] || bad_viol=$((bad_viol + 1))
		race_down || bad_down=$((bad_down + 1))
	done
	echo "# races: $cycles cycles of ${cycle}s: RIO_DEV_DEL by name $(count ok.name)" \
		"(refused $(count no.name)), by tag $(count ok.tag) (refused $(count no.tag))," \
		"RIO_DEV_ADD $(count ok.added) (refused $(count no.added));" \
		"$pw port-writes sent," \
		"$(cat $T/flaps) flap rounds, $(cat $T/reads.1) read rounds"
	check "each cycle: the fabric up and enumerated" test $bad_up -eq 0
	check "devices deleted by name and by tag, and added back" \
		test "$(count ok.name)" -gt 0 -a "$(count ok.tag)" -gt 0 \
			-a "$(count ok.added)" -gt 0
	check "port-writes sent while they were deleted" test $pw -gt 0
	check "after each cycle every file of rio-voq and rio-sim reads" test $bad_read -eq 0
	check "after each cycle no Part 12 violation" test $bad_viol -eq 0
	check "no write where the devices have no register" test $stray -eq 0
	check "after each cycle the fabric goes down with every device" test $bad_down -eq 0
	check_no_splat \
		"no KASAN, lockdep, UBSAN or WARNING report from RIO_DEV_DEL against port-writes" \
		"$s"
fi

# ---- 2. replace against replace ----------------------------------------
secs=${replace_secs:-15}
check "the fabric comes up again, enumerated" race_up
check "a link flap is planned again" flap_planned
s=$(splats)
rm -f $T/stop
replacer "4 rev2" "4 rev3" 1 &
replacer "4 rev3 e00fe000" "4 none" 2 &
reader 2 &
end=$(($(now) + secs))
while [ "$(now)" -lt $end ]; do
	echo 1 > $D/pw_flush
done
touch $T/stop
wait
echo "# races: swb replaced $(cat $T/replaced.1) + $(cat $T/replaced.2) times (pairs)" \
	"by two writers in ${secs}s, $(cat $T/reads.2) read rounds"
check "both writers replaced the board" \
	test "$(cat $T/replaced.1)" -gt 0 -a "$(cat $T/replaced.2)" -gt 0
check "the board in place again: a rev 3 switch" sh -c "echo '4 rev3' > $SB/replace"
echo 1 > $D/pw_flush
# Writes in flight while a board is swapped may land where the new one
# has no register (as on hardware); from the board in place, none
stray0=$(cat $D/stray_writes)
ndev=$(ls -d $D/dev* | wc -l)
check "rio-sim's ports read: every device, every port" \
	test "$(cat $D/dev*/ports | grep -c '^dev=')" -eq "$((ndev + 1 + 8 + 4 + 3))"
check "and swb's voq/ follows it: rev 3" test "$(cat $B/$NB/voq/layout)" = rev3
check "after the replacements every file of rio-voq and rio-sim reads" test "$(read_all)" -eq 0
check "after the replacements a link flap is planned again" flap_planned
check "after the replacements no Part 12 violation" test "$(violations)" -eq 0
ktap_mount tracefs $TR
check "a link flap with rio-voq's events enabled in tracefs" flap_trace
check "tracefs: the port event of the link going down, planned again" \
	flap_traced_event "up -> down"
check "tracefs: the port event of the link coming back, planned again" \
	flap_traced_event "down -> up"
check "tracefs: the link planned again, generation on both ways, written" flap_traced_plan
check "an admin's choices with rio-voq's admin and CSR events enabled" admin_trace
check "tracefs: xoff taken twice, each written and read back; a reserved size refused" \
	admin_traced
echo "# trace: $(grep -c ': rio_voq_' $T/trace) events of rio-voq during the flap, the last:"
grep ': rio_voq_' $T/trace | tail -n 8 | sed 's/^ */#   /'
check "after the replacements no write where the board in place has no register" \
	test "$(cat $D/stray_writes)" -eq "$stray0"
check_no_splat "no KASAN, lockdep, UBSAN or WARNING report from replace against replace" "$s"
check "the fabric goes down with every device" race_down
rmdir $F/host $F/swa $F/swb $F/ep1 $F/ep2 $F/ep3 $F

check_no_leak "kmemleak: no new unreferenced object"
check_no_splat "no new KASAN, lockdep, UBSAN or WARNING report" "$splat0"
ktap_finished
