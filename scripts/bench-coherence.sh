#!/bin/sh
# make bench's coherence stage: lending judged by the coherence exerciser
# (tests/guest/coherence.c) at volume, and the judge shown able to see a
# fault (skipped for a kernel whose switches file has no "lend" line).
# Two boots, each of tests/guest/bench-coherence.sh on aquila's ext4
# scratch disk with the area lent:
# - "clean", the explain kernel: seeded runs of two owners and two
#   disturbing threads until COHERENCE_OPS operations (default 10,000,000,
#   100,000 with QUICK), COHERENCE_SEED_OPS per owner and seed (default
#   50,000; 10,000 with QUICK); none may read what was not written.
# - "planted", the planted kernel (FLAVOUR=planted: the explain kernel
#   whose truncation keeps its range's lent copies,
#   patches/linux-KERNEL/planted/): 10 seeds (3 with QUICK) of at most
#   COHERENCE_PLANT_OPS per owner (default 20,000), each of which must
#   see the fault, and the first seed again with lending off, which must
#   not.
# Writes OUTDIR/coherence.json (a row per seed and boot), coherence.md,
# and each boot's output, OUTDIR/guest-coherence-BOOT.txt.
#
# usage: bench-coherence.sh OUTDIR QUICK BOARD
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init coherence "$@"
switches=$top/patches/linux-${KERNEL:-6.1}/experiments/switches
target=${ARCH:-arm}-${KERNEL:-6.1}

die() { echo "bench-coherence: $*" >&2; exit 1; }
# number NAME VALUE: VALUE, a whole number above zero, or one line naming
# the setting and the rule.
number() {
	case $2 in
	'' | *[!0-9]* | 0) die "$1=$2: a whole number of operations above 0" ;;
	esac
	echo "$2"
}

area=$(awk '$1 == "lend" { print $4 }' "$switches" 2>/dev/null)
if [ -z "$area" ]; then
	echo "  BENCH   coherence: none for ${KERNEL:-6.1} ($switches has no lend switch)"
	exit 0
fi
if [ "$quick" = 1 ]; then
	total=${COHERENCE_OPS:-100000} per=${COHERENCE_SEED_OPS:-10000} plants=3
else
	total=${COHERENCE_OPS:-10000000} per=${COHERENCE_SEED_OPS:-50000} plants=10
fi
total=$(number COHERENCE_OPS "$total")
per=$(number COHERENCE_SEED_OPS "$per")
bound=$(number COHERENCE_PLANT_OPS "${COHERENCE_PLANT_OPS:-20000}")
# Seeds 1..N, two owners each: at least the total.
seeds=$(((total + 2 * per - 1) / (2 * per)))
rm -rf "$raw"
mkdir -p "$raw"

# boot NAME FLAVOUR WANT OPS SEEDS TIMEOUT: one boot of the guest script;
# its output in OUTDIR/guest-coherence-NAME.txt, its rows in rows.json.
boot() {
	echo "  BENCH   coherence, $1: the $2 kernel, $area lent, seeds $(echo "$5" | awk '{ print $1 "-" $NF }') of 2 x $4 operations"
	make -s --no-print-directory -C "$top" FLAVOUR="$2" images >"$raw/build-$2.log" 2>&1 ||
		{ tail -n 20 "$raw/build-$2.log" >&2; die "the $2 kernel failed to build (log: $raw/build-$2.log)"; }
	_start=$(date +%s)
	# The exit status is the guest's verdict; the rows say what it was.
	make -s --no-print-directory -C "$top" run FLAVOUR="$2" BOARD="$board" SCRATCH_FS=ext4 \
		RUNDIR="$raw/$1" TIMEOUT="$6" IDLE=1800 \
		RUN="sh /usr/lib/cmalab/tests/bench-coherence.sh $area $3 $4 $5" \
		>"$raw/$1.txt" 2>"$raw/$1.err" || true
	cp "$raw/$1.txt" "$out/guest-coherence-$1.txt"
	grep -q '^# coh seed ' "$raw/$1.txt" ||
		die "$1: no exerciser run finished; see $raw/$1.err and $raw/$1/console.log"
	echo "  BENCH   coherence, $1: $(($(date +%s) - _start)) s, $(grep -c '^ok ' "$raw/$1.txt") ok, $(grep -c '^not ok ' "$raw/$1.txt") not ok"
	awk -v boot="$1" '$1 == "#" && $2 == "coh" {
		printf "{\"boot\": \"%s\", \"seed\": %d, \"bytes\": %d, \"lend\": \"%s\", \"ops\": %d, \"secs\": %d, \"puts\": %d, \"hits\": %d, \"mismatch\": %d, \"at\": %s}\n",
			boot, $4, $6, $8, $10, $12, $14, $16, $18, ($20 == "-" ? "null" : $20) }' \
		"$raw/$1.txt" >>"$raw/rows.json"
}

# The clean boot's time: a second per 100 operations, and half an hour.
boot clean explain clean "$per" "$(seq 1 "$seeds" | tr '\n' ' ')" $((total / 100 + 1800))
boot planted planted planted "$bound" "$(seq 1 "$plants" | tr '\n' ' ')" $((plants * bound / 50 + 1800))

jq -s --arg kernel "$(cat "$top/build/explain/$target/linux-explain/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg target "$target" --arg board "$board" --arg area "$area" \
	--argjson total "$total" --argjson per "$per" --argjson bound "$bound" \
	'{kernel: $kernel, target: $target, board: $board, area: $area,
	  ops_wanted: $total, ops_per_owner: $per, plant_bound: $bound, runs: .}' \
	"$raw/rows.json" >"$out/coherence.json"

jq -r -f "$top/scripts/bench-coherence.jq" "$out/coherence.json" >"$out/coherence.md"
echo "  BENCH   coherence: $out/coherence.md"
# The stage fails when the judge failed: a clean run's mismatch, a planted
# fault not seen, or the control's mismatch.
jq -e '[.runs[] | select((.boot == "clean" and .mismatch == 1)
	or (.boot == "planted" and .lend == "on" and .mismatch == 0)
	or (.boot == "planted" and .lend == "off" and .mismatch == 1))] | length == 0' \
	"$out/coherence.json" >/dev/null ||
	die "the exerciser's verdict is not what it must be: $out/coherence.md"
ran=$(jq '[.runs[] | select(.boot == "clean") | .ops] | add // 0' "$out/coherence.json")
[ "$ran" -ge "$total" ] ||
	die "the clean boot ran $ran of $total operations: see $raw/clean.err and $raw/clean/console.log"
