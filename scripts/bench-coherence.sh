#!/bin/sh
# make bench's coherence stage: lending judged by the coherence exerciser
# (tests/guest/coherence.c) at volume, and the judge shown able to see a
# fault (skipped for a kernel whose switches file has no "lend" line).
# Two boots, each of tests/guest/bench-coherence.sh on ext2 on aquila's
# scratch disk with the area lent:
# - "clean", the explain kernel: seeded runs of two owners and two
#   disturbing threads until COHERENCE_OPS operations (default 10,000,000,
#   100,000 with QUICK), COHERENCE_SEED_OPS per owner and seed (default
#   50,000; 10,000 with QUICK), from seed COHERENCE_FIRST_SEED (default 1:
#   a campaign longer than one sitting goes on from where the last
#   stopped), dealt to COHERENCE_JOBS boots at once (default: the host's
#   CPUs); none may read what was not written, and in each the area must
#   have taken pages and given some back.
# - "planted", the planted kernel (FLAVOUR=planted: the explain kernel
#   whose truncation keeps its range's lent copies,
#   patches/linux-KERNEL/planted/): 10 seeds (3 with QUICK) of at most
#   COHERENCE_PLANT_OPS per owner (default 20,000), each of which must
#   see the fault, and the first seed again with lending off, which must
#   not.
# Writes OUTDIR/coherence.json (a row per seed and boot), coherence.md,
# and each boot's output, OUTDIR/guest-coherence-BOOT.txt. A sitting that
# goes on from COHERENCE_FIRST_SEED keeps the clean rows of seeds 1 to
# the one before it from OUTDIR/coherence.json when they are all there
# and were judged the same way (the explain kernel's patch series, the
# exerciser and its guest script, the operations per owner, the board
# and the area): coherence.md then sums the campaign, and says which
# sitting ran what.
#
# usage: bench-coherence.sh OUTDIR QUICK BOARD
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init coherence "$@"
target=${ARCH:-arm}-${KERNEL:-6.1}

die() { echo "bench-coherence: $*" >&2; exit 1; }
# number NAME VALUE: VALUE, a whole number above zero, or one line naming
# the setting and the rule.
number() {
	case $2 in
	'' | *[!0-9]* | 0) die "$1=$2: a whole number above 0" ;;
	esac
	echo "$2"
}

bench_lend_area coherence
if [ "$quick" = 1 ]; then
	total=${COHERENCE_OPS:-100000} per=${COHERENCE_SEED_OPS:-10000} plants=3
else
	total=${COHERENCE_OPS:-10000000} per=${COHERENCE_SEED_OPS:-50000} plants=10
fi
total=$(number COHERENCE_OPS "$total")
per=$(number COHERENCE_SEED_OPS "$per")
bound=$(number COHERENCE_PLANT_OPS "${COHERENCE_PLANT_OPS:-20000}")
first=$(number COHERENCE_FIRST_SEED "${COHERENCE_FIRST_SEED:-1}")
jobs=$(number COHERENCE_JOBS "${COHERENCE_JOBS:-$(nproc)}")
# Seeds FIRST.., two owners each: at least the total.
seeds=$(((total + 2 * per - 1) / (2 * per)))
rm -rf "$raw"
mkdir -p "$raw"

# images FLAVOUR: the kernel and initramfs of FLAVOUR and the board's device
# tree, built before boots run at once, or one message.
images() {
	make -s --no-print-directory -C "$top" FLAVOUR="$1" BOARD="$board" images dtb >"$raw/build-$1.log" 2>&1 ||
		{ tail -n 20 "$raw/build-$1.log" >&2; die "the $1 kernel failed to build (log: $raw/build-$1.log)"; }
}
# boot NAME FLAVOUR WANT OPS TIMEOUT SEED...: one boot of the guest
# script; its output in OUTDIR/guest-coherence-NAME.txt, its rows in
# rows-NAME.json.
boot() {
	_name=$1 _flavour=$2 _want=$3 _ops=$4 _timeout=$5
	shift 5
	# The exit status is the guest's verdict; the rows say what it was.
	make -s --no-print-directory -C "$top" run FLAVOUR="$_flavour" BOARD="$board" \
		RUNDIR="$raw/$_name" TIMEOUT="$_timeout" IDLE=1800 \
		RUN="sh /usr/lib/cmalab/tests/bench-coherence.sh $area $_want $_ops $*" \
		>"$raw/$_name.txt" 2>"$raw/$_name.err" || true
	cp "$raw/$_name.txt" "$out/guest-coherence-$_name.txt"
	grep -q '^# coh seed ' "$raw/$_name.txt" ||
		die "$_name: no exerciser run finished; see $raw/$_name.err and $raw/$_name/console.log"
	echo "  BENCH   coherence, $_name: $(grep -c '^ok ' "$raw/$_name.txt") ok, $(grep -c '^not ok ' "$raw/$_name.txt") not ok"
	awk -v boot="${_name%%-*}" '$1 == "#" && $2 == "coh" {
		printf "{\"boot\": \"%s\", \"seed\": %d, \"bytes\": %d, \"lend\": \"%s\", \"ops\": %d, \"secs\": %d, \"puts\": %d, \"hits\": %d, \"mismatch\": %d, \"at\": %s}\n",
			boot, $4, $6, $8, $10, $12, $14, $16, $18, ($20 == "-" ? "null" : $20) }' \
		"$raw/$_name.txt" >"$raw/rows-$_name.json"
}

images explain
images planted
# What the clean rows were judged by: a sitting goes on from an earlier
# one's rows only when this is the same.
series=$(cat "$top/build/explain/src/linux-${KERNEL:-6.1}/.cmalab-series" 2>/dev/null || echo unknown)
judge=$(cat "$top/tests/guest/coherence.c" "$top/tests/guest/bench-coherence.sh" | sha256sum | cut -d' ' -f1)
ident=$(jq -nc --arg series "$series" --arg judge "$judge" --arg board "$board" \
	--arg area "$area" --argjson per "$per" \
	'{series: $series, judge: $judge, board: $board, area: $area, ops_per_owner: $per}')
# The earlier sittings' clean rows (seeds below FIRST), or none, and why.
echo '[]' >"$raw/carried.json"
echo '[]' >"$raw/sittings.json"
if [ "$first" -gt 1 ]; then
	why=
	if [ ! -f "$out/coherence.json" ]; then
		why="$out/coherence.json is not there"
	elif ! jq -e --argjson id "$ident" '.judged == $id' "$out/coherence.json" >/dev/null 2>&1; then
		why="$out/coherence.json was judged by another kernel series, exerciser, board, area or operations per owner"
	elif ! jq -e --argjson f "$first" '[.runs[] | select(.boot == "clean" and .seed < $f) | .seed] | unique == [range(1; $f)]' \
		"$out/coherence.json" >/dev/null; then
		why="$out/coherence.json does not hold clean seeds 1-$((first - 1))"
	fi
	if [ -z "$why" ]; then
		jq --argjson f "$first" '[.runs[] | select(.boot == "clean" and .seed < $f)]' "$out/coherence.json" >"$raw/carried.json"
		jq --argjson f "$first" '[.sittings[]? | select(.last < $f)]' "$out/coherence.json" >"$raw/sittings.json"
		echo "  BENCH   coherence: going on from seeds 1-$((first - 1)) of $out/coherence.json"
	else
		echo "  BENCH   coherence: seeds from $first alone, not a campaign from seed 1: $why"
	fi
fi
# Once more, alone: the boots below run make at once, and a make that
# finds the explain initramfs out of date (the planted build shares the
# target's guest files) rebuilds it, racing the others on its .tmp file
# (seen in bench/quick: "mv: cannot stat ...initramfs-explain.cpio.tmp").
images explain
# The clean seeds, dealt round-robin to COHERENCE_JOBS boots at once (one
# host CPU each: the guest is uniprocessor), each given a second per 100
# of its operations and half an hour.
echo "  BENCH   coherence, clean: the explain kernel, $area lent, seeds $first-$((first + seeds - 1)) of 2 x $per operations, $jobs boot(s) at once"
start=$(date +%s)
j=1
while [ "$j" -le "$jobs" ]; do
	mine=$(seq "$first" $((first + seeds - 1)) | awk -v j="$j" -v n="$jobs" 'NR % n == j % n' | tr '\n' ' ')
	# shellcheck disable=SC2086 # the seeds, a word each
	[ -z "$mine" ] || boot "clean-$j" explain clean "$per" $(($(echo $mine | wc -w) * 2 * per / 100 + 1800)) $mine &
	j=$((j + 1))
done
wait
wall=$(($(date +%s) - start))
echo "  BENCH   coherence, clean: $wall s"
echo "  BENCH   coherence, planted: the planted kernel, $area lent, seeds 1-$plants of at most 2 x $bound operations"
# shellcheck disable=SC2046 # the seeds, a word each
boot planted planted planted "$bound" $((plants * bound / 50 + 1800)) $(seq 1 "$plants")
cat "$raw"/rows-*.json >"$raw/rows.json"

jq -s --arg kernel "$(cat "$top/build/explain/$target/linux-explain/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg target "$target" --arg board "$board" --arg area "$area" \
	--argjson total "$total" --argjson per "$per" --argjson bound "$bound" \
	--argjson jobs "$jobs" --argjson wall "$wall" --argjson id "$ident" \
	--argjson first "$first" --argjson last "$((first + seeds - 1))" \
	--arg date "$(date -u +%Y-%m-%d)" \
	--slurpfile carried "$raw/carried.json" --slurpfile sittings "$raw/sittings.json" \
	'. as $rows | ($rows | map(select(.boot == "clean"))) as $clean |
	 {kernel: $kernel, target: $target, board: $board, area: $area, fs: "ext2",
	  judged: $id, ops_wanted: $total, ops_per_owner: $per, plant_bound: $bound,
	  clean_boots: $jobs, clean_wall_secs: $wall,
	  sittings: ($sittings[0] + [{date: $date, first: $first, last: $last,
		ops: ($clean | map(.ops) | add // 0), wall_secs: $wall, boots: $jobs}]),
	  runs: ($carried[0] + $rows)}' \
	"$raw/rows.json" >"$out/coherence.json"

jq -r -f "$top/scripts/bench-coherence.jq" "$out/coherence.json" >"$out/coherence.md"
echo "  BENCH   coherence: $out/coherence.md"
# The stage fails when the judge failed: a clean run's mismatch, a clean
# run in which the area took no page or gave none back (it judged the
# page cache, not lending), a planted fault not seen, or the control's
# mismatch.
bad=$(jq -r '.runs[] | select((.boot == "clean" and (.mismatch == 1 or .puts == 0 or .hits == 0))
	or (.boot == "planted" and .lend == "on" and .mismatch == 0)
	or (.boot == "planted" and .lend == "off" and .mismatch == 1))
	| "\(.boot) seed \(.seed), lending \(.lend): \(.puts) puts, \(.hits) hits, mismatch \(.mismatch)"' \
	"$out/coherence.json" | head -n 3 | paste -sd ';' -)
[ -z "$bad" ] ||
	die "the exerciser's verdict is not what it must be ($bad): $out/coherence.md"
ran=$(jq '.sittings[-1].ops' "$out/coherence.json")
[ "$ran" -ge "$total" ] ||
	die "the clean boots ran $ran of $total operations: see $raw/clean-*.err and $raw/clean-*/console.log"
