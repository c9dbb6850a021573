#!/bin/sh
# Run cmalab's test suite on each target in TARGETS (ARCH-KERNEL; default
# every target, as make -s targets lists them): each tests/<group>/*.test on the targets its header names
# ("# targets: PATTERN...", shell patterns on ARCH-KERNEL, e.g. "*" or
# "arm-*"; tests/lib/header.sh). A test without its whole header (targets,
# flavour, timeout) stops the run before anything runs, named.
# TESTS=PATTERN selects by a grep pattern on the name, TARGET/GROUP/NAME.
# JOBS at a time (default: one per CPU; each QEMU guest keeps one busy).
# Each test prints KTAP and exits 0 (pass), 1 (fail) or 4 (skip, with the
# reason on its last line). While they run, a comment line marks each one
# that ends; then every test's KTAP follows as one nested document
# (tests/lib/ktap-nest.awk), in name order, with its ok/not ok line. The
# run's document is also written to build/tests/run.ktap and judged by
# the kernel's own KTAP parser, kunit_parser.py from an extracted
# linux-source (tests/lib/ktap-check.py): it must parse without an error
# and count what the runner counts, or the run fails. Closes with "N
# passed, N failed".
#
# tests/run.sh --kernels prints, for each target, the kernel flavours the
# selected tests boot ("TARGET default FLAVOUR...", from their "# flavour:"
# lines), which is what make test builds.
set -u
# Noglob: "targets" patterns are matched with case, never expanded as files.
set -f
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

# Every target, the default first (Makefile: board/arch/*.mk x patches/linux-*/).
CMALAB_ALL_TARGETS=$(make -s --no-print-directory targets) || exit 2
export CMALAB_ALL_TARGETS
targets=${TARGETS:-$CMALAB_ALL_TARGETS}
# shellcheck source=tests/lib/header.sh
. tests/lib/header.sh

# Every test, in name order (a board's checks file is boards/BOARD).
all_tests=$(test_files | while read -r f; do echo "$(test_name "$f") $f"; done |
	LC_ALL=C sort | cut -d' ' -f2)
# shellcheck disable=SC2086 # test paths have no spaces
problems=$(header_problems $all_tests)
if [ -n "$problems" ]; then
	printf '%s\n' "$problems" >&2
	exit 2
fi

# The (target, test) pairs, one "TARGET TEST" per line.
# Each test with the targets its header names, read once.
# With SOAK=1 (make soak), each test's soak-targets too.
test_targets=$(for t in $all_tests; do
	echo "$t $(header "$t" targets) $([ "${SOAK:-0}" != 1 ] || header "$t" soak-targets)"
done)
jobs_list=$(
	for target in $targets; do
		boards=" $(make -s --no-print-directory ARCH="${target%%-*}" KERNEL="${target#*-}" boards) "
		printf '%s\n' "$test_targets" | while read -r t want; do
			case $t in
			tests/guest/boards/*.sh)
				_b=${t##*/}
				case $boards in *" ${_b%.sh} "*) ;; *) continue ;; esac
				;;
			esac
			# shellcheck disable=SC2086 # the patterns, one word each
			! target_in "$target" $want || echo "$target $t"
		done
	done
)
if [ -n "${TESTS:-}" ]; then
	jobs_list=$(printf '%s\n' "$jobs_list" | while read -r target t; do
		echo "$target/$(test_name "$t")" | grep -q -e "$TESTS" && echo "$target $t"
	done)
fi
if [ "${1:-}" = --kernels ]; then
	for target in $targets; do
		flavours=$(printf '%s\n' "$jobs_list" | while read -r tt t; do
			[ "$tt" = "$target" ] && test_flavour "$t" "$target"
		done | grep -vx default | sort -u | tr '\n' ' ')
		echo "$target default $flavours"
	done
	exit 0
fi
n=$(printf '%s\n' "$jobs_list" | grep -c . || true)
jobs=${JOBS:-$(nproc)}
pass=0 fail=0 skipped=0 i=0
start=$(date +%s)
# What make exports about each target and its machine, once, for the
# tests (tests/lib/run-one.sh reads it).
for target in $targets; do
	mkdir -p "build/tests/$target"
	make -s --no-print-directory ARCH="${target%%-*}" KERNEL="${target#*-}" target-env \
		>"build/tests/$target/env" || exit 2
done

export TARGETS="$targets"
ktap=build/tests/run.ktap
: >"$ktap"
# free_build: the space left on build/'s file system, in MiB.
free_build() { df -Pk build | awk 'NR == 2 { printf "%d MiB", $4 / 1024 }'; }
# emit LINE...: to standard output and to the run's KTAP document.
emit() { printf '%s\n' "$@" | tee -a "$ktap"; }
emit "KTAP version 1" "1..$n" \
	"# $n tests on $(echo "$targets" | wc -w) target(s) ($targets), $jobs at a time" \
	"# $(free_build) free in build/"
[ "$n" -eq 0 ] || printf '%s\n' "$jobs_list" | xargs -P "$jobs" -n 2 tests/lib/run-one.sh
while read -r target t; do
	[ -n "$t" ] || continue
	i=$((i + 1))
	name=$(test_name "$t")
	base=build/tests/$target/$(echo "$name" | tr / -)
	awk -v name="$target/$name" -f tests/lib/ktap-nest.awk "$base.log" | tee -a "$ktap"
	if ! read -r rc secs < "$base.rc"; then
		rc=1 secs=0
		# Its runner could not write the status: say what is left on
		# the disk, the usual reason (a full disk truncates logs too).
		emit "# $target/$name: no status in $base.rc; $(free_build) free in build/ now"
	fi
	case $rc in
	0) pass=$((pass + 1)); emit "ok $i $target/$name # ${secs}s" ;;
	4) skipped=$((skipped + 1)); emit "ok $i $target/$name # SKIP $(tail -n 1 "$base.log")" ;;
	*) fail=$((fail + 1)); emit "not ok $i $target/$name # ${secs}s" ;;
	esac
done <<LIST
$jobs_list
LIST
emit "# $((pass + fail + skipped)) tests in $(($(date +%s) - start))s"
judged=0
kunit=
for k in 6.12 6.1; do
	if [ -r "build/src/linux-$k/tools/testing/kunit/kunit_parser.py" ]; then
		kunit=build/src/linux-$k/tools/testing/kunit
		break
	fi
done
if [ -z "$kunit" ]; then
	echo "# kunit_parser.py: not run: no linux-source extracted (build/src/linux-*)"
elif ! python3 tests/lib/ktap-check.py "$kunit" "$ktap" "$pass" "$fail" "$skipped"; then
	judged=1
fi
if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skipped skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ] && [ "$judged" -eq 0 ]
