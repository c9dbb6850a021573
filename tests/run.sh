#!/bin/sh
# Run cmalab's test suite on each target in TARGETS (ARCH-KERNEL; default
# all four): every tests/<group>/*.test on the default target (arm-6.1),
# and on the others each test whose header names them in a line
# "# targets: PATTERN..." (shell patterns on ARCH-KERNEL, e.g. "*" or
# "arm-*"); a test with such a line runs on exactly the targets it names.
# TESTS=PATTERN selects by a grep pattern on the name, TARGET/GROUP/NAME.
# JOBS at a time (default: one per CPU; each QEMU guest keeps one busy).
# Each test prints KTAP and exits 0 (pass), 1 (fail) or 4 (skip, with the
# reason on its last line). While they run, a comment line marks each one
# that ends; then every test's KTAP follows, indented, in name order, with
# its ok/not ok line. Closes with "N passed, N failed".
#
# tests/run.sh --kernels prints, for each target, the kernel flavours the
# selected tests boot ("TARGET default FLAVOUR..."; a test boots a flavour
# it names as FLAVOUR=name), which is what make test builds.
set -u
# Noglob: "targets" patterns are matched with case, never expanded as files.
set -f
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

default_target=arm-6.1
targets=${TARGETS:-arm-6.1 arm-6.12 arm64-6.1 arm64-6.12}

# The (target, test) pairs, one "TARGET TEST" per line.
jobs_list=$(
	for target in $targets; do
		for t in $(find tests -mindepth 2 -maxdepth 2 -name '*.test' | LC_ALL=C sort); do
			want=$(sed -n 's/^# targets: //p' "$t" | head -n 1)
			if [ -z "$want" ]; then
				[ "$target" = "$default_target" ] && echo "$target $t"
				continue
			fi
			for p in $want; do
				# shellcheck disable=SC2254 # the pattern is the point
				case $target in $p) echo "$target $t"; break ;; esac
			done
		done
	done
)
if [ -n "${TESTS:-}" ]; then
	jobs_list=$(printf '%s\n' "$jobs_list" | while read -r target t; do
		n=${t#tests/}
		echo "$target/${n%.test}" | grep -q -e "$TESTS" && echo "$target $t"
	done)
fi
if [ "${1:-}" = --kernels ]; then
	for target in $targets; do
		flavours=$(printf '%s\n' "$jobs_list" | while read -r tt t; do
			[ "$tt" = "$target" ] && sed -n 's/.*FLAVOUR=\([a-z0-9]*\).*/\1/p' "$t"
		done | grep -vx default | sort -u | tr '\n' ' ')
		echo "$target default $flavours"
	done
	exit 0
fi
n=$(printf '%s\n' "$jobs_list" | grep -c . || true)
jobs=${JOBS:-$(nproc)}
pass=0 fail=0 skipped=0 i=0
start=$(date +%s)
for target in $targets; do
	mkdir -p "build/tests/$target"
done

export TARGETS="$targets"
echo "KTAP version 1"
echo "1..$n"
echo "# $n tests on $(echo "$targets" | wc -w) target(s) ($targets), $jobs at a time"
[ "$n" -eq 0 ] || printf '%s\n' "$jobs_list" | xargs -P "$jobs" -n 2 tests/lib/run-one.sh
while read -r target t; do
	[ -n "$t" ] || continue
	i=$((i + 1))
	name=${t#tests/}
	name=${name%.test}
	base=build/tests/$target/$(echo "$name" | tr / -)
	read -r rc secs < "$base.rc" || { rc=1 secs=0; }
	sed 's/^/    /' "$base.log"
	case $rc in
	0) pass=$((pass + 1)); echo "ok $i $target/$name # ${secs}s" ;;
	4) skipped=$((skipped + 1)); echo "ok $i $target/$name # SKIP $(tail -n 1 "$base.log")" ;;
	*) fail=$((fail + 1)); echo "not ok $i $target/$name # ${secs}s" ;;
	esac
done <<LIST
$jobs_list
LIST
echo "# $((pass + fail + skipped)) tests in $(($(date +%s) - start))s"
if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skipped skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
