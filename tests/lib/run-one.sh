#!/bin/sh
# Run one test on one target for tests/run.sh: its output to
# build/tests/<target>/<group>-<name>.log, its status and seconds to .rc;
# one progress line when it ends. The test's boots and builds get the
# target through ARCH and KERNEL. A test that exits 0 but whose log has
# a KTAP document with fewer or more results than its plan fails.
# usage: run-one.sh TARGET tests/<group>/<name>.test
set -u
target=$1 t=$2
name=${t#tests/}
name=${name%.test}
base=build/tests/$target/$(echo "$name" | tr / -)
ARCH=${target%%-*} KERNEL=${target#*-}
export ARCH KERNEL
t0=$(date +%s)
rc=0
sh "$t" >"$base.log" 2>&1 || rc=$?
# A passing test gave every result its plans promised (a loop that stops
# early must not pass by saying less).
if [ "$rc" -eq 0 ] && ! why=$(awk -f tests/lib/ktap-plan.awk "$base.log"); then
	echo "$why" >>"$base.log"
	rc=1
fi
echo "$rc $(($(date +%s) - t0))" > "$base.rc"
echo "# finished $target/$name (status $rc, $(($(date +%s) - t0))s)"
