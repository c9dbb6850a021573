#!/bin/sh
# Run cmalab's test suite: every tests/<group>/*.test, in name order
# (TESTS=PATTERN selects by a grep pattern on the name). Each test prints
# KTAP (indented here) and exits 0 (pass), 1 (fail) or 4 (skip, with the
# reason on its last line). Closes with "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

list=$(find tests -mindepth 2 -maxdepth 2 -name '*.test' | LC_ALL=C sort)
[ -z "${TESTS:-}" ] || list=$(printf '%s\n' "$list" | grep -e "$TESTS")
n=$(printf '%s\n' "$list" | grep -c . || true)
pass=0 fail=0 skipped=0 i=0
start=$(date +%s)
mkdir -p build/tests

echo "KTAP version 1"
echo "1..$n"
for t in $list; do
	i=$((i + 1))
	name=${t#tests/}
	name=${name%.test}
	log=build/tests/$(echo "$name" | tr / -).log
	t0=$(date +%s)
	rc=0
	sh "$t" >"$log" 2>&1 || rc=$?
	sed 's/^/    /' "$log"
	secs=$(($(date +%s) - t0))
	case $rc in
	0) pass=$((pass + 1)); echo "ok $i $name # ${secs}s" ;;
	4) skipped=$((skipped + 1)); echo "ok $i $name # SKIP $(tail -n 1 "$log")" ;;
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
