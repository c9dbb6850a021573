#!/bin/sh
# Run one test for tests/run.sh: its output to build/tests/<name>.log, its
# status and seconds to .rc; one progress line when it ends.
# usage: run-one.sh tests/<group>/<name>.test
set -u
t=$1
name=${t#tests/}
name=${name%.test}
base=build/tests/$(echo "$name" | tr / -)
t0=$(date +%s)
rc=0
sh "$t" >"$base.log" 2>&1 || rc=$?
echo "$rc $(($(date +%s) - t0))" > "$base.rc"
echo "# finished $name (status $rc, $(($(date +%s) - t0))s)"
