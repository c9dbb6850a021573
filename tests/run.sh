#!/bin/sh
# Run cmalab's test suite: every tests/<group>/*.test (TESTS=PATTERN selects
# by a grep pattern on the name), JOBS at a time (default: one per CPU;
# each QEMU guest keeps one busy). Each test prints KTAP and exits 0 (pass),
# 1 (fail) or 4 (skip, with the reason on its last line). While they run,
# a comment line marks each one that ends; then every test's KTAP follows,
# indented, in name order, with its ok/not ok line. Closes with
# "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

list=$(find tests -mindepth 2 -maxdepth 2 -name '*.test' | LC_ALL=C sort)
[ -z "${TESTS:-}" ] || list=$(printf '%s\n' "$list" | grep -e "$TESTS")
n=$(printf '%s\n' "$list" | grep -c . || true)
jobs=${JOBS:-$(nproc)}
pass=0 fail=0 skipped=0 i=0
start=$(date +%s)
mkdir -p build/tests

echo "KTAP version 1"
echo "1..$n"
echo "# $n tests, $jobs at a time"
[ "$n" -eq 0 ] || printf '%s\n' "$list" | xargs -P "$jobs" -n 1 tests/lib/run-one.sh
for t in $list; do
	i=$((i + 1))
	name=${t#tests/}
	name=${name%.test}
	base=build/tests/$(echo "$name" | tr / -)
	read -r rc secs < "$base.rc" || { rc=1 secs=0; }
	sed 's/^/    /' "$base.log"
	case $rc in
	0) pass=$((pass + 1)); echo "ok $i $name # ${secs}s" ;;
	4) skipped=$((skipped + 1)); echo "ok $i $name # SKIP $(tail -n 1 "$base.log")" ;;
	*) fail=$((fail + 1)); echo "not ok $i $name # ${secs}s" ;;
	esac
done
echo "# $((pass + fail + skipped)) tests in $(($(date +%s) - start))s"
if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skipped skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
