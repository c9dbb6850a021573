#!/bin/sh
# Run one test on one target for tests/run.sh: its output to
# build/tests/<target>/<group>-<name>.log, its status and seconds to .rc;
# one progress line when it ends. The test's boots and builds get the
# target through ARCH and KERNEL, and what make says of it (ARCH_*,
# MACHINE_*: make target-env) in the environment. A test that exits 0 but whose log has
# a KTAP document with fewer or more results than its plan fails; one
# still running at its header's timeout is stopped, with every process it
# started (timeout(1) signals the process group), and fails.
# A board's checks file runs as its test through tests/lib/board.sh.
# usage: run-one.sh TARGET tests/<group>/<name>.test|tests/guest/boards/<board>.sh
set -u
target=$1 t=$2
# shellcheck source=tests/lib/header.sh
. tests/lib/header.sh
name=$(test_name "$t")
base=build/tests/$target/$(echo "$name" | tr / -)
# The target and its machine as make exports them (tests/run.sh wrote it).
# shellcheck disable=SC1090 # written by tests/run.sh
. "build/tests/$target/env"
limit=$(header "$t" timeout)
t0=$(date +%s)
rc=0
case $t in
*/guest/boards/*.sh) set -- tests/lib/board.sh "$t" ;;
*) set -- "$t" ;;
esac
timeout -k 10 "${limit:?$t has no timeout line}" sh "$@" >"$base.log" 2>&1 || rc=$?
# 124: timeout(1) stopped it; 137: it had to kill it, or the test was
# killed by something else - only at its limit is that the timeout.
if [ "$rc" -eq 124 ] || { [ "$rc" -eq 137 ] && [ $(($(date +%s) - t0)) -ge "$limit" ]; }; then
	echo "# stopped after ${limit}s, its '# timeout:' line; the last it printed is above" >>"$base.log"
	rc=1
fi
# A passing test gave every result its plans promised (a loop that stops
# early must not pass by saying less).
if [ "$rc" -eq 0 ] && ! why=$(awk -f tests/lib/ktap-plan.awk "$base.log"); then
	echo "$why" >>"$base.log"
	rc=1
fi
echo "$rc $(($(date +%s) - t0))" > "$base.rc"
echo "# finished $target/$name (status $rc, $(($(date +%s) - t0))s)"
