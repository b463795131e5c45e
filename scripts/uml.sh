# SPDX-License-Identifier: GPL-2.0
# Build and boot the small UML kernels of the demo, the benchmarks and
# the boot tests; sourced after common.sh.
#
#   uml_flavor NAME      pick the kernel (and its build directory)
#   uml_prepare          install, prepare the tree, build the kernel (cached)
#   uml_boot INIT ARGS   boot with INIT (a script of scripts/demo/) as init
#                        and ARGS on the kernel command line
#
# Flavors, each in its own build directory:
#   demo     uml.config: the lean kernel of the demo and the benchmarks
#            (the default)
#   debug    uml.config + uml-debug.config: KASAN, lockdep, kmemleak and
#            rio_mport_cdev, for the boot tests
#   modules  uml.config + uml-modules.config: rio-voq and rio-sim as
#            modules, installed into the root's /lib/modules; lockdep,
#            kmemleak, debug objects, delayed kobject release, no KASAN
# UML_FLAVOR set before sourcing picks the first one.
#
# After uml_prepare of the modules flavor, UML_MODULES_OK is 1 if the
# modules built and linked (modpost found every symbol), else 0 with
# the build's errors in $UML_O/modules.log; the root then has no modules
# (never stale ones), so that the boot test fails check by check.
#
# UML_TIMEOUT (default 900) bounds a boot, in seconds: a hung kernel is
# killed and its test reported as failed, not waited for.

uml_flavor() {
	UML_FLAVOR=$1
	UML_O=$RIO_VOQ_KCACHE/build-uml-$UML_FLAVOR
	# A root per flavor: boots of two flavors may run at once
	UML_ROOT=$RIO_VOQ_KCACHE/uml-root-$UML_FLAVOR
	case $UML_FLAVOR in
	demo|debug|modules) ;;
	*) die "unknown UML flavor '$UML_FLAVOR'" ;;
	esac
}
uml_flavor "${UML_FLAVOR:-demo}"

uml_mk() { make -s -C "$KSRC" O="$UML_O" ARCH=um -j"$RIO_VOQ_JOBS" "$@"; }

# The tristate symbols of our directories in the tree, KUnit's aside
uml_our_tristates() {
	awk '/^config / { sym = $2 } /^[ \t]+tristate/ && sym !~ /KUNIT/ { print sym }' \
		"$KSRC"/drivers/rapidio/spec/Kconfig "$KSRC"/drivers/rapidio/voq/Kconfig \
		"$KSRC"/drivers/rapidio/sim/Kconfig 2>/dev/null |
		LC_ALL=C sort -u
}

# The flavor's configuration fragment; a later line for a symbol wins
uml_fragment() {
	local sym

	{
		cat "$RIO_VOQ_TOP/scripts/demo/uml.config"
		case $UML_FLAVOR in
		debug) cat "$RIO_VOQ_TOP/scripts/demo/uml-debug.config" ;;
		modules)
			cat "$RIO_VOQ_TOP/scripts/demo/uml-modules.config"
			for sym in $(uml_our_tristates); do
				echo "CONFIG_$sym=m"
			done
			;;
		esac
	} | awk '/^CONFIG_[A-Za-z0-9_]+=/ { s = substr($0, 1, index($0, "=") - 1)
			if (s in at) line[at[s]] = ""; at[s] = NR }
		 { line[NR] = $0 } END { for (i = 1; i <= NR; i++) if (line[i] != "") print line[i] }'
}

uml_install_modules() {
	local kver

	UML_MODULES_OK=0
	rm -rf "$UML_ROOT/lib/modules"
	log "building the UML modules (incremental)"
	if ! uml_mk modules >"$UML_O/modules.log" 2>&1; then
		grep -E 'ERROR|error:|undefined' "$UML_O/modules.log" | head -n 20 >&2
		log "UML modules did not build or link (log: $UML_O/modules.log)"
		return 0
	fi
	# The host may have no depmod (kmod): busybox's, on the root
	uml_mk modules_install INSTALL_MOD_PATH="$UML_ROOT" DEPMOD=/bin/true \
		>>"$UML_O/modules.log" 2>&1 || die "installing the UML modules failed"
	kver=$(cat "$UML_O/include/config/kernel.release")
	/bin/busybox depmod -b "$UML_ROOT" "$kver" ||
		die "depmod of the UML modules failed"
	UML_MODULES_OK=1
}

uml_prepare() {
	local frag=$UML_O/.rio-voq-fragment.new want applet sym

	bash "$RIO_VOQ_TOP/scripts/deps.sh"
	bash "$RIO_VOQ_TOP/scripts/tree.sh"

	mkdir -p "$UML_O"
	uml_fragment > "$frag"
	if ! cmp -s "$frag" "$UML_O/.rio-voq-fragment" 2>/dev/null; then
		log "configuring the UML kernel in $UML_O"
		mkdir -p "$UML_O"
		cp "$frag" "$UML_O/.config"
		uml_mk olddefconfig >/dev/null
		# Read in this shell, so that die aborts the build; "is not
		# set" also holds for a symbol the configuration lacks
		while read -r want; do
			grep -qx "$want" "$UML_O/.config" && continue
			case "$want" in
			'# CONFIG_'*)
				sym=${want#\# }
				sym=${sym%% *}
				! grep -q "^$sym=" "$UML_O/.config" && continue ;;
			esac
			die "$want did not stick"
		done < <(grep -E '^CONFIG_|^# CONFIG_[A-Za-z0-9_]+ is not set$' "$frag")
		cp "$frag" "$UML_O/.rio-voq-fragment"
	fi
	log "building the UML kernel ($UML_FLAVOR, incremental)"
	uml_mk linux >/dev/null 2>"$UML_O/build.log" ||
		{ tail -n 30 "$UML_O/build.log" >&2; die "UML build failed"; }

	# riovoq and riofm, static: the root has no libc
	make -s -C "$RIO_VOQ_TOP/tools/riovoq" riovoq-static ||
		die "building riovoq failed"
	make -s -C "$RIO_VOQ_TOP/tools/riofm" riofm-static ||
		die "building riofm failed"

	# Root: static busybox, its applets as links, the tools, a non-root user
	mkdir -p "$UML_ROOT"/{bin,proc,sys,dev,tmp,etc}
	printf 'root:x:0:0::/:/bin/sh\nnobody:x:65534:65534::/:/bin/sh\n' > "$UML_ROOT/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' > "$UML_ROOT/etc/group"
	install -m 0755 /bin/busybox "$UML_ROOT/bin/busybox"
	for applet in $(/bin/busybox --list); do
		[ "$applet" = busybox ] || ln -sf busybox "$UML_ROOT/bin/$applet"
	done
	install -m 0755 "$RIO_VOQ_TOP/tools/riovoq/riovoq-static" "$UML_ROOT/bin/riovoq"
	install -m 0755 "$RIO_VOQ_TOP/tools/riofm/riofm-static" "$UML_ROOT/bin/riofm"

	# The selftests, as kselftest installs them (run_kselftest.sh, the
	# runner, the collection), and riofm's test where it finds their
	# KTAP library
	rm -rf "$UML_ROOT/kselftest" "$UML_ROOT/tools"
	make -C "$KSRC/tools/testing/selftests" TARGETS=drivers/rapidio \
		INSTALL_PATH="$UML_ROOT/kselftest" install >"$UML_O/selftests.log" 2>&1 ||
		die "installing the selftests failed (log: $UML_O/selftests.log)"
	install -D -m 0755 "$RIO_VOQ_TOP/tools/riofm/riofm_test.sh" \
		"$UML_ROOT/tools/riofm/riofm_test.sh"
	install -D -m 0644 "$RIO_VOQ_TOP/tools/testing/selftests/drivers/rapidio/ktap_lib.sh" \
		"$UML_ROOT/tools/testing/selftests/drivers/rapidio/ktap_lib.sh"

	if [ "$UML_FLAVOR" = modules ]; then
		uml_install_modules
	else
		# Modules of another flavor's kernel must not be found by this one
		rm -rf "$UML_ROOT/lib/modules"
	fi
}

# A guest still running at its time limit says what it is doing before it
# is killed: through its management console (uml_mconsole, umid), the
# console log level up, then the blocked tasks, the locks held and every
# task's stack, on its own console.  A guest too stuck to answer (its
# kernel looping in a signal handler, say) gets gdb on its kernel
# thread instead: where the host sees it.
uml_watch() {	# pid of the guest's timeout, umid, seconds
	local pid=$1 umid=$2 end=$((SECONDS + $3)) k kpid

	while kill -0 "$pid" 2>/dev/null; do
		if [ $SECONDS -ge "$end" ]; then
			echo "[rio-voq] the guest ran for $3 s: its tasks and locks, then it is killed"
			for k in 9 w d t; do
				timeout 5 uml_mconsole "$umid" sysrq "$k" >/dev/null 2>&1 || break
				sleep 2
			done
			[ "$k" = t ] && return 0
			kpid=$(pgrep -P "$pid" | head -n 1)
			echo "[rio-voq] the guest does not answer its console; its kernel thread ($kpid):"
			[ -z "$kpid" ] || timeout 20 gdb -q -batch -p "$kpid" -ex 'bt 30' \
				"$UML_O/linux" 2>&1 | grep -E '^#[0-9]'
			return 0
		fi
		sleep 1
	done
}

uml_boot() {
	local init=$1 limit=${UML_TIMEOUT:-900} umid

	shift
	install -m 0755 "$RIO_VOQ_TOP/scripts/demo/$init" "$UML_ROOT/init"
	umid=rio-voq-$UML_FLAVOR-$$-$RANDOM
	# A panicking UML aborts: no core file in the caller's directory.
	# The watch has 30 s to dump the guest's state before the kill.
	(ulimit -c 0
	 timeout -k 10 $((limit + 30)) "$UML_O/linux" umid="$umid" mem=1G \
		rootfstype=hostfs rootflags="$UML_ROOT" rw init=/init quiet \
		con=null con0=null,fd:1 "$@" </dev/null &
	 uml_watch $! "$umid" "$limit"
	 wait) | stdbuf -oL tr -d '\r'
	rm -rf "${HOME:-/root}/.uml/$umid"
}
