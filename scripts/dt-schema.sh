#!/bin/sh
# Check cmalab's DT bindings with the kernel's dt_binding_check (the
# binding's own schema and its example) and produce the processed schema
# (every binding, ours included) that dt-validate checks DTBs against.
# Any warning is an error.
#
# usage: dt-schema.sh SRCDIR OUTDIR
set -eu

src=$1 out=$2
bindings="misc/cmalab,vfimc.yaml"

mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/dt_binding_check.log
unset MAKEFLAGS MFLAGS MAKELEVEL
status=0
for b in $bindings; do
	echo "  DTSCHEMA $b"
	make -C "$src" O="$out" ARCH=arm dt_binding_check \
		DT_SCHEMA_FILES="Documentation/devicetree/bindings/$b" >"$log" 2>&1 || status=$?
	# Everything that is not kbuild's own progress is a finding.
	if [ $status -ne 0 ] || grep -Ev '^(  [A-Z_]+ |make(\[[0-9]+\])?: )' "$log" | grep -q .; then
		grep -Ev '^(  [A-Z_]+ |make(\[[0-9]+\])?: )' "$log" | head -n 20 >&2
		echo "dt-schema: dt_binding_check fails for $b (log: $log)" >&2
		exit 1
	fi
done
