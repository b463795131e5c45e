#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run make demo's script and check its transcript (default voqmix
# fabric): no error line anywhere (shell errors, "can't open", empty
# values, warnings), every section there with the content it is meant
# to show.  Then check the checker: copies of the transcript with an
# error line, a blank value or a section left out must each fail.
# Ends with "N passed, N failed".
#
#   demo-check.sh                 run the demo, check it, check the checker
#   demo-check.sh TRANSCRIPT      only check a saved transcript
set -uo pipefail
. "$(dirname "$0")/common.sh"
on_boot_kernel "$0" "$@"

# Lines that are errors wherever they appear: shell and busybox errors,
# kernel reports, riovoq failing, Graphviz warnings
errors() {	# transcript
	grep -nE "can't |cannot (open|access|stat|create)|No such file|Not a directory|Permission denied|not found|syntax error|unexpected|Segmentation fault|Illegal instruction|Aborted|[Uu]sage:|Kernel panic|Oops|BUG:|WARNING:|Call Trace|Invalid argument|Input/output error|Warning:|Error:|failed \(exit status|\(riovoq -h for help\)" "$1"
	# "failed" other than a count ("0 failed", "failed 0")
	grep -n 'failed' "$1" | grep -vE '[0-9]+ failed|failed [0-9]+'
}

# Lines with an empty value: trailing blanks, a label with nothing after
# it, empty parentheses or list items (headers "== ...:" excepted)
blanks() {	# transcript
	grep -nE '[[:blank:]]$|[:=]$|\(\)|, ,|: ,|\( ' "$1" | grep -vE '^[0-9]+:== '
}

# The lines of a section: after its "== " header, up to the next one
section() {	# transcript, header regex
	awk -v h="$2" '/^== / { on = ($0 ~ h) ; next } on' "$1"
}

check() {	# transcript; prints ok / not ok, returns the failures
	local t=$1 pass=0 fail=0 e n s
	res() {
		if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok - $1"
		else fail=$((fail + 1)); echo "not ok - $1"; fi
	}
	has() {	# description, section regex, line regex[, count]
		n=$(section "$t" "$2" | grep -cE -- "$3")
		if [ -n "${4:-}" ]; then [ "$n" -eq "$4" ]; else [ "$n" -ge 1 ]; fi
		res "$1" $?
	}
	e=$(errors "$t")
	[ -z "$e" ]; res "no error line" $?
	[ -z "$e" ] || printf '%s\n' "$e" | head -n 5 | sed 's/^/#   /'
	e=$(blanks "$t")
	[ -z "$e" ]; res "no empty value" $?
	[ -z "$e" ] || printf '%s\n' "$e" | head -n 5 | sed 's/^/#   /'

	n=$(section "$t" '^== devices the core found' | grep -cE '^00:[es]:')
	[ "$n" -eq 9 ]; res "the core found the 9 devices ($n)" $?

	s='^== VoQ backpressure, link by link'
	has "show: mport <-> switch over CS64, both ways, per-VC" "$s" \
		'^rapidio0 0 +00:s:0002 0 +cs64 +on gs0 vc +on gs0 vc +none +lat: rapidio0 has no latency-optimization register$'
	has "show: switch <-> 48-port switch, group sizes 0 and 4, multiple acks negotiated" "$s" \
		'^00:s:0002 1 +00:s:0003 0 +cs48 +on gs0 +on gs4 +mack +pna off: partner_unsupported$'
	has "show: rev 2 <-> rev 3 link off, said once" "$s" \
		'^00:s:0002 2 +00:e:0007 0 +rev2 +off +off +none +both ways off: layout_mismatch; lat: 00:e:0007 has no latency-optimization register$'
	has "show: one way off toward an endpoint that cannot receive" "$s" \
		'^00:s:0002 3 +00:e:0008 0 +cs48 +off +on gs0 +none +A->B off: partner_cannot_receive; lat: 00:e:0008 has no latency-optimization register$'
	has "show: the endpoint without a VoQ block" "$s" \
		'^00:s:0002 4 +00:e:0009 +- +- +- +- +00:e:0009 has no VoQ block$'
	has "show: the 48-port switch's three endpoints, group size 4" "$s" \
		'^00:s:0003 [1-3] +00:e:000[4-6] 0 +cs48 +on gs4 +on gs0 +none +lat: 00:e:000[4-6] has no latency-optimization register$' 3
	has "show: the idle ports, in one line" "$s" \
		'^idle ports \(no link\): 00:s:0002 6-7, 00:s:0003 4-47 '
	has "show: the fabric's policy" "$s" '^fabric rapidio0: auto_config 1, poll_ms 0$'
	n=$(section "$t" "$s" | grep -c .)
	[ "$n" -le 15 ]; res "show fits a screen ($n lines)" $?
	grep -qE '^== the fabric.s policy: rio_voq.policy configure$' "$t"
	res "the policy parameter, configure by default" $?
	has "the fabric files of the mport" '^== the fabric.s policy' \
		'^   rapidio0: auto_config 1, poll_ms 0$'

	has "the links as negotiated" '^== each link as negotiated' '<->' 8
	has "a group-size change reaches both partners" '^== an admin gives' \
		'after: mport TX 2, 00:s:0002 port 0 RX 2, generation 1, tx_state on$'

	s='^== refusals name the rule'
	has "refusal: a reserved size" "$s" \
		'rapidio0 port 0: tx_group_size=7 refused: tx_group_size takes 0 1 2 3 4 5 6$'
	has "refusal: a size this end does not support" "$s" \
		'00:s:0003 port 0: tx_group_size=5 refused: 00:s:0003 port 0 supports group sizes 0 4$'
	has "refusal: a size the partner does not support" "$s" \
		'00:s:0002 port 1: tx_group_size=5 refused: partner 00:s:0003 port 0 supports group sizes 0 4$'
	has "refusal: no per-VC at this end" "$s" \
		'00:s:0003 port 1: per_vc=1 refused: 00:s:0003 port 1 does not support per-VC backpressure \(capabilities 0x[0-9a-f]{8}\)$'
	has "refusal: a partner that cannot receive" "$s" \
		'00:s:0002 port 3: generation=1 refused: partner 00:e:0008 port 0 cannot receive VoQ symbols \(capabilities 0x[0-9a-f]{8}\)$'
	has "refusal: rev 2 and rev 3 ends" "$s" \
		'00:s:0002 port 2: generation=1 refused: 00:e:0007 is rev 2.x and 00:s:0002 is rev 3\+: their symbols are incompatible$'
	has "refusal: no VoQ link" "$s" \
		'00:s:0002 port 4: generation=1 refused: 00:s:0002 port 4 has no VoQ link \(partner_device: none\)$'
	has "refusal: not root" "$s" \
		'00:s:0002 port 4: xoff=1 refused: permission denied: only root may change VoQ settings$'
	has "a refusal exits 1 and changes nothing" "$s" \
		'exit status of the last refusal as root: 1\); still TX 2$'

	s='^== latency optimization, link by link'
	has "latency optimization: multiple acks negotiated, ackID-in-PNA refused with the reason" "$s" \
		'^   00:s:0002 port 1 \(to 00:s:0003 0\): multiple acks on \(none\); ackID-in-PNA off \(partner_unsupported\); capabilities 0xe0000000$'
	has "latency optimization: an admin's request refused with the rule" "$s" \
		'pna_recovery=on refused: partner 00:s:0003 port 0 does not support ackID-in-PNA recovery'
	has "latency optimization: the partner's side of it" "$s" \
		'^   00:s:0003 port 0 \(to 00:s:0002 1\): multiple acks on \(none\); ackID-in-PNA off \(unsupported\); capabilities 0x80000000$'
	has "latency optimization: the ports toward map I devices, counted" "$s" \
		'^   and 7 ports toward devices without the register \(map I\): both features off there$'
	has "latency optimization: an admin's off turns it off at both ends" "$s" \
		'^   00:s:0003 port 0 \(to 00:s:0002 1\): multiple acks off \(admin\); '
	has "latency optimization: the admin's choice shown at its end" "$s" \
		'^   00:s:0002 port 1 \(to 00:s:0003 0\): multiple acks off \(admin\); '
	has "latency optimization: back to auto, on at both ends" "$s" \
		'^   00:s:0002 port 1 \(to 00:s:0003 0\): multiple acks on \(none\); ' 2

	has "staging map toward the 48-port switch: 4 queues of 12 ports" '^== staging queues' \
		'^   00:s:0002 port 1 \(to 00:s:0003 0\): 4 queues: q0 ports 0-11; q1 ports 12-23; q2 ports 24-35; q3 ports 36-47$'

	s='^== congestion'
	has "congestion: the symbols cross the link" "$s" \
		'00:s:0003 port 0 sent 1 VoQ symbol\(s\) \(cs48, group size 4\) to 00:s:0002 port 1; 00:s:0002 port 1 received 1$'
	has "congestion: the upstream port knows which downstream port" "$s" \
		'00:s:0002 port 1 knows: port 1 of 00:s:0003 congested$'
	has "congestion: which staging queue stops" "$s" \
		'00:s:0002 port 1 stops staging queue 0 \(ports 0-11 of 00:s:0003 share it\)$'
	has "congestion: which keep flowing" "$s" \
		'queues 1 \(ports 12-23\), 2 \(ports 24-35\), 3 \(ports 36-47\) keep flowing$'
	n=$(section "$t" "$s" | grep -nE 'stops staging queue|all 4 staging queues of 00:s:0002 port 1 flow$' |
	    cut -d: -f1 | tr '\n' ' ')
	[[ "$n" =~ ^[0-9]+\ [0-9]+\ $ ]] && [ "${n%% *}" -lt "$(echo "$n" | cut -d' ' -f2)" ]
	res "congestion: then the release, every queue flowing" $?

	grep -qE '^== maintenance transactions on rio-sim0: [0-9]+ reads, [0-9]+ writes, 0 failed$' "$t"
	res "maintenance transactions counted, none failed" $?
	s='^== port events: the link'
	has "link down: generation off toward it" "$s" \
		'^   00:s:0002 port 1: port down, generation 0, tx_state down \(link_down\)$'
	has "link down: debugfs shows the link down" "$s" \
		'rio-voq/links: 00:s:0002.1 <-> 00:s:0003.0 cs48 down$'
	has "link down: what congests meanwhile does not cross" "$s" \
		'no port of 00:s:0003 is congested: all 4 staging queues of 00:s:0002 port 1 flow$'
	has "link up: the near end planned and written again" "$s" \
		'^   00:s:0002 port 1: port up, generation 1, TX 0 = partner RX 0, tx_state on \(none\)$'
	has "link up: the far end planned and written again" "$s" \
		'^   00:s:0003 port 0: port up, generation 1, TX 4 = partner RX 4, tx_state on \(none\)$'
	has "link up: the status is resent (rule 4.2 g)" "$s" \
		'00:s:0002 port 1 knows: port 2 of 00:s:0003 congested$'
	s='^== port events: port 3'
	has "port unavailable: XOFF set" "$s" \
		'^   00:s:0003 port 3: port unavailable, xoff 1, participation 1, tx_state (off|down) \([a-z_]+\)$'
	has "port unavailable: the upstream switch is told" "$s" \
		'00:s:0002 port 1 knows: port 3 of 00:s:0003 congested$'
	has "port available: XOFF back, the link configured" "$s" \
		'^   00:s:0003 port 3: port up, xoff 0, participation 1, tx_state on \(none\)$'
	has "port available: the upstream switch lets it go" "$s" \
		'no port of 00:s:0003 is congested: all 4 staging queues of 00:s:0002 port 1 flow$'
	has "port-writes counted" "$s" \
		'port-writes: [1-9][0-9]* sent, [0-9]+ lost'
	s='^== port events: the endpoint on'
	has "board swap: no VoQ link before" "$s" \
		'^   00:s:0002 port 4: partner none, generation 0$'
	has "board swap: the new board's block planned and written" "$s" \
		'^   00:s:0002 port 4: port up, generation 1, TX [0-6] = partner RX [0-6], tx_state on \(none\)$'
	has "board swap: and back, no VoQ link" "$s" \
		'^   00:s:0002 port 4: partner none, generation 0$'
	return "$fail"
}

if [ $# -eq 1 ]; then
	check "$1"
	exit
fi

mkdir -p "$RIO_VOQ_KCACHE/logs"
t=$RIO_VOQ_KCACHE/logs/demo.log
RIO_VOQ_DEMO_TOPOLOGY=voqmix bash "$RIO_VOQ_TOP/scripts/demo.sh" > "$t" 2>&1
out=$(check "$t")
printf '%s\n' "$out"
pass=$(grep -c '^ok' <<<"$out")
fail=$(grep -c '^not ok' <<<"$out")

d=$RIO_VOQ_TOP/build/demo
res() {
	if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok - $1"
	else fail=$((fail + 1)); echo "not ok - $1"; fi
}
[ "$(head -c 8 "$d/fabric.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
res "the fabric picture: a PNG" $?
grep -q 'VoQ both ways' "$d/fabric.svg" && grep -q 'no VoQ block' "$d/fabric.svg" &&
	grep -q 'legend' "$d/fabric.svg"
res "the fabric picture: links, the device without a VoQ block, a legend (SVG)" $?
e=$(dot -Tsvg "$d/fabric.dot" -o /dev/null 2>&1) && [ -z "$e" ]
res "the fabric graph: Graphviz takes it without a word" $?
n=$(grep -c -- '" -> "' "$d/fabric.dot")
[ "$n" -eq $((9 + 5)) ]
res "the fabric graph: 9 links and the legend's 5 edges ($n)" $?

# The checker catches what it is meant to: each broken copy must fail
m=$(mktemp)
mutant() {	# description, sed script
	sed "$2" "$t" > "$m"
	check "$m" >/dev/null
	[ $? -gt 0 ]
	res "the check catches $1" $?
}
mutant "a shell error" '/^== staging queues/a cat: can'"'"'t open '"'"'/sys/bus/rapidio/devices/00:s:0002/voq/ports/staging_queues'"'"': Not a directory'
mutant "a value left empty" '/^== staging queues/a \   00:s:0002 ports:  queues, map '
mutant "an empty value at the end of a line" 's/received 1$/received /'
mutant "a riovoq error" '/^== VoQ backpressure/a riovoq: 00:s:0002/voq/port1/capabilities: Input/output error'
mutant "a kernel warning" '1a WARNING: CPU: 0 PID: 1 at drivers/rapidio/voq/voq_main.c:1'
mutant "the congestion section left out" '/^== congestion/,/^$/d'
mutant "the refusals left out" '/^== refusals/,/^$/d'
mutant "a link missing from show" '/^00:s:0002 4 .*no VoQ block/d'
mutant "the port events left out" '/^== port events/,/^$/d'
mutant "a link left down after recovery" 's/port up, generation 1, TX 0/port down, generation 0, TX 0/'
mutant "the latency optimization left out" '/^== latency optimization/,/^$/d'
mutant "multiple acks on at one end only" '/^   00:s:0003 port 0 (to 00:s:0002 1): multiple acks on/s/multiple acks on (none)/multiple acks off (unsupported)/'
mutant "the fabric's policy left out" '/^== the fabric.s policy/,/^$/d'
rm -f "$m"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
