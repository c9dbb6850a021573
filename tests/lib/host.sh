# Host-side helpers for cmalab tests (sourced by tests/*/*.test, POSIX sh).
# Tests print KTAP: the guest's own results for a boot, or host-side
# subtests through the same helpers the guest uses (tests/guest/ktap.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
# The test's own file: the script, or the board checks file tests/lib/board.sh runs.
test_file=${TEST_FILE:-$(cd "$(dirname "$0")" && pwd)/$(basename "$0")}
cd "$top" || exit 1
# shellcheck source=tests/guest/ktap.sh
. "$top/tests/guest/ktap.sh"

# The target the test runs on and what make says of it and its machine
# (ARCH, KERNEL, ARCH_*, MACHINE_*: make target-env; tests/run.sh gives
# them; a test run alone asks make, for ARCH and KERNEL or make's
# defaults), and where that target's build lives.
if [ -z "${MACHINE:-}" ]; then
	eval "$(make -s --no-print-directory target-env)" || exit 1
fi
target=$ARCH-$KERNEL
# Every target, the default first (make -s targets; tests/run.sh gives it).
CMALAB_ALL_TARGETS=${CMALAB_ALL_TARGETS:-$(make -s --no-print-directory targets)}
# shellcheck disable=SC2034 # for the tests that source this
default_target=${CMALAB_ALL_TARGETS%% *}
# The kernel flavour the test's header names, for every make it runs.
# shellcheck source=tests/lib/header.sh
. "$top/tests/lib/header.sh"
FLAVOUR=$(test_flavour "$test_file" "$target")
export FLAVOUR

# stock_half N WHAT: whether this run has the stock kernel for the test's
# stock half (its header's flavour-targets: make test builds it on some
# targets only); if not, N results skipped, naming WHAT and why.
stock_half() {
	[ "$FLAVOUR" = stock ] && return 0
	_i=0
	while [ "$_i" -lt "$1" ]; do
		skip "$2" "make test builds the stock kernel on $(header "$test_file" flavour-targets) only; make soak (SOAK=1) on $target too"
		_i=$((_i + 1))
	done
	return 1
}

# soak SHORT LONG: a stress test's length (rounds, operations, seeds):
# SHORT in make test, LONG with SOAK=1 (make soak), which runs the same
# tests longer. A short length is one a fault the test was written for
# still fails (the test's own header says what it showed).
soak() {
	case ${SOAK:-0} in
	1) echo "$2" ;;
	*) echo "$1" ;;
	esac
}

# explain_switches: the explain kernel's run-time switches for this
# kernel (patches/linux-KERNEL/experiments/switches), one "NAME PATH STOCK
# CHANGED BOOT" per line; comments and blank lines left out.
explain_switches() {
	grep -v '^[[:space:]]*\(#\|$\)' "patches/linux-$KERNEL/experiments/switches" 2>/dev/null
}

# lend_area: the CMA area the explain kernel's lend switch lends (its
# CHANGED value in explain_switches).
lend_area() {
	explain_switches | awk '$1 == "lend" { print $4 }'
}

# guest_ktap_2cpus VAR=VALUE...: guest_ktap on the debug kernel's two CPUs
# (CPUS=2, with the second CPU's node, tests/dts/cpu1.dtso, on the board's
# tree); the RUN command fails first if the guest does not see both.
guest_ktap_2cpus() {
	_n=$#
	while [ "$_n" -gt 0 ]; do
		_a=$1
		shift
		case $_a in
		RUN=*) _a="RUN=[ \"\$(grep -c ^processor /proc/cpuinfo)\" = 2 ] || { echo '# not 2 CPUs'; exit 1; }
${_a#RUN=}" ;;
		esac
		set -- "$@" "$_a"
		_n=$((_n - 1))
	done
	guest_ktap CPUS=2 OVERLAYS=tests/dts/cpu1.dtso "$@"
}

# Debian's LAVA dispatcher as make lava-dispatcher unpacks it (make test
# does before any test runs): the file to source for its environment.
# shellcheck disable=SC2034 # for the tests that source this
LAVA_ENV_FILE=$top/build/lava/dispatcher/env

# first_target PATTERN: the first target in TARGETS (tests/run.sh's; this
# one for a test run alone) that PATTERN matches, e.g. "arm-*" or "*-6.1".
# What depends on half a target only is checked there.
first_target() {
	for _t in ${TARGETS:-$target}; do
		# shellcheck disable=SC2254 # the pattern is the point
		case $_t in $1) echo "$_t"; return ;; esac
	done
	echo "$target"
}
# shellcheck disable=SC2034 # for the tests that source this
TB=build/$target

# cmacheck_model: cmacheck's sources but its front end (main.c, report.c),
# for the unit and fuzz tests that link the model into their own main().
cmacheck_model() {
	for _f in tools/cmacheck/*.c; do
		case $_f in */main.c|*/report.c) ;; *) echo "$_f" ;; esac
	done
}

# kernel_pa TARGET ADDRESS: ADDRESS as TARGET's kernel prints a
# phys_addr_t (%pa): 8 hex digits on 32-bit ARM (no LPAE), 16 on arm64.
kernel_pa() {
	case $1 in
	arm-*) printf '0x%08x' "$(($2))" ;;
	*) printf '0x%016x' "$(($2))" ;;
	esac
}

# Where this test's boots keep their logs.
test_id=$(test_name "$test_file" | tr / -)
work=$top/build/tests/$target/$test_id
rm -rf "$work"
mkdir -p "$work"

# boot VAR=VALUE...: make run with these variables; the output (stdout)
# goes to $work/out, make's stderr to $work/err, the status to $boot_rc.
# Tests boot to see what the kernel itself does, so make run's cmacheck
# step is off (CHECK=0) unless a test turns it on (CHECK=1). BOOT_TARGET
# picks another make target that boots (run-uboot).
boot() {
	boot_rc=0
	make -s --no-print-directory "${BOOT_TARGET:-run}" RUNDIR="$work/run" CHECK=0 "$@" \
		>"$work/out" 2>"$work/err" || boot_rc=$?
}

# The dmesg gate: kernel reports no test may cause unless it expects them.
# A test that does sets EXPECT_DMESG to an extended regex matching every
# such line it expects.
DMESG_GATE='WARNING:|BUG:|Oops|KASAN|UBSAN|possible (recursive|circular) locking|lockdep|DMA-API|kernel BUG|Call trace:|cut here'

# dmesg_gate: fail, showing them, on report lines in this boot's console
# log that EXPECT_DMESG does not cover.
dmesg_gate() {
	# dma-debug's two start-up lines, and RCU's on an SMP lockdep kernel,
	# are information, not reports.
	found=$(tr -d '\r' < "$work/run/console.log" 2>/dev/null | grep -aE "$DMESG_GATE" |
		grep -avE 'DMA-API: (preallocated [0-9]+ debug entries|debugging enabled by kernel config)$' |
		grep -avE 'rcu:[[:space:]]+RCU lockdep checking is enabled\.$')
	[ -n "${EXPECT_DMESG:-}" ] && found=$(echo "$found" | grep -Ev "$EXPECT_DMESG")
	# What every boot on the machine reports (board/machine/MACHINE.mk: dmesg).
	_m=$(cat "$work/run/machine.dmesg" 2>/dev/null)
	[ -n "$_m" ] && found=$(echo "$found" | grep -Ev "$_m")
	[ -z "$found" ] && return 0
	echo "# dmesg gate: the kernel reported what this test does not expect:"
	echo "$found" | head -n 20 | sed 's/^/#   /'
	return 1
}

# guest_ktap VAR=VALUE...: boot with RUN= set to a guest test; pass when
# the boot succeeded, every KTAP document it printed is complete and has
# no failure, and the dmesg gate passes. The guest's KTAP is this test's
# output.
guest_ktap() {
	boot "$@"
	cat "$work/out"
	dmesg_gate || return 1
	ktap_complete "$work/out" || {
		echo "# boot status $boot_rc; make said:"
		sed 's/^/#   /' "$work/err"
		return 1
	}
	[ "$boot_rc" -eq 0 ] || {
		echo "# boot status $boot_rc; make said:"
		sed 's/^/#   /' "$work/err"
		return 1
	}
}

# ktap_complete FILE: at least one KTAP document; each has its plan's
# number of results and none is "not ok".
ktap_complete() {
	awk -f "$top/tests/lib/ktap-plan.awk" "$1" >/dev/null &&
		! grep -q '^not ok ' "$1"
}

# guest_ktap_maps VAR=VALUE...: guest_ktap, with the RUN command followed,
# when it succeeds, by every area's map on the guest's data channel
# (cmawhy --map); make run draws each as map-<area>.png and fails if a
# map's device cells disagree with debugfs used. Then one KTAP document:
# a picture for every area the guest mapped.
guest_ktap_maps() {
	_n=$#
	while [ "$_n" -gt 0 ]; do
		_a=$1
		shift
		case $_a in
		RUN=*) _a="RUN=( ${_a#RUN=}
) && { [ ! -e /dev/hvc1 ] || cmawhy --map > /dev/hvc1; }" ;;
		esac
		set -- "$@" "$_a"
		_n=$((_n - 1))
	done
	guest_ktap "$@" || return 1
	echo "KTAP version 1"
	if [ ! -e "$work/run/data.txt" ]; then
		echo "1..1"
		skip "area maps" "no map data came back on the data channel (virtio console or, without one, the console's marked part)"
		return 0
	fi
	_maps=$(tr -d '\r' < "$work/run/data.txt" | sed -n 's/^# cmawhy map \([^ ]*\) .*/\1/p')
	if [ -z "$_maps" ]; then
		echo "1..1"
		skip "area maps" "the guest has no CMA area"
		return 0
	fi
	echo "1..$(echo "$_maps" | grep -c .)"
	for _m in $_maps; do
		[ -s "$work/run/map-$_m.png" ]
		_result $? "area $_m: $work/run/map-$_m.png drawn, its device cells equal to debugfs used"
	done
	[ "$_ktap_fail" -eq 0 ]
}
