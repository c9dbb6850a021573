#!/bin/sh
# make bench's phase profile: where one allocation from a full CMA area
# spends its time. Boots the explain kernel (it has ftrace's function
# profiler) on BOARD, fills fimc0's area with each filler as cmabench alloc
# does, and profiles one allocation at a time (cmabench profile):
#
#   coarse  the allocation's steps, each called once or once per batch of
#           pages (mm/page_alloc.c: alloc_contig_range(),
#           __alloc_contig_migrate_range(); mm/cma.c: cma_alloc()), so
#           tracing them costs little;
#   fine    migrate_pages() and the calls it makes for every page (the
#           destination page, unmap with its TLB flush, the copy, the
#           remap), each one's time as traced - the tracer's own cost per
#           call is measured and shown, and lands mostly outside them, in
#           migrate_pages() - and migrate_pages()'s rest is what the coarse
#           profile's time for it leaves;
# and before each profiled allocation the same one unprofiled, on the same
# kernel from the same state: what profiling costs.
#
# Each step's own time is its time less its traced callees' (the profiler's
# graph-time includes them): the phases add up to dma_alloc_attrs(), the
# whole allocation as vfimc sees it. Writes OUTDIR/phases.json, phases.md
# and phases.png.
#
# usage: bench-phases.sh OUTDIR QUICK BOARD
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init phases "$@"

die() { echo "bench-phases: $*" >&2; exit 1; }

if [ "$quick" = 1 ]; then
	states="anon" sizes="8" runs=3 fine_runs=2
else
	states="anon tmpfs pagecache" sizes="8 32" runs=5 fine_runs=3
fi
# Both kernels' names where they differ (6.12: _noprof, folio_mc_copy);
# cmabench reports the ones this kernel cannot trace as hits=-1.
coarse=dma_alloc_attrs,cma_alloc,alloc_contig_range,alloc_contig_range_noprof
coarse=$coarse,start_isolate_page_range,drain_all_pages,__drain_all_pages,lru_cache_disable
coarse=$coarse,isolate_migratepages_range,reclaim_clean_pages_from_list,migrate_pages
coarse=$coarse,test_pages_isolated,isolate_freepages_range,undo_isolate_page_range
fine=migrate_pages,alloc_migration_target,try_to_migrate,try_to_unmap_flush
fine=$fine,move_to_new_folio,folio_copy,folio_mc_copy,remove_migration_ptes

rm -rf "$raw"
mkdir -p "$raw"
echo "  BENCH   phases: the explain kernel (function profiler)"
make -s --no-print-directory -C "$top" FLAVOUR=explain images >"$raw/build.log" 2>&1 ||
	{ tail -n 20 "$raw/build.log" >&2; die "the explain kernel failed to build (log: $raw/build.log)"; }

run=$bench_scratch
for s in $states; do
	dir=$(bench_dir "$s")
	for z in $sizes; do
		run="$run && cmabench profile fimc0 $s $z $runs $coarse $dir | sed 's/^/coarse /'"
		run="$run && cmabench profile fimc0 $s $z $fine_runs $fine $dir | sed 's/^/fine /'"
	done
done
echo "  BENCH   phases: $states at $(echo "$sizes" | tr ' ' ,) MiB, $runs runs ($fine_runs fine)"
start=$(date +%s)
make -s --no-print-directory -C "$top" run BOARD="$board" FLAVOUR=explain RUNDIR="$raw/run" \
	TIMEOUT=1500 IDLE=400 RUN="$run" >"$raw/guest.txt" 2>"$raw/guest.err" ||
	die "the boot failed; see $raw/guest.err and $raw/run/console.log"
cp "$raw/guest.txt" "$out/guest-phases.txt"
echo "  BENCH   phases: $(($(date +%s) - start)) s"
grep -q '^coarse profile .* hits=[0-9]' "$raw/guest.txt" || die "no profile in $raw/guest.txt"

awk -f "$top/scripts/bench-phases.awk" "$raw/guest.txt" >"$raw/phases.tsv"
[ -s "$raw/phases.tsv" ] || die "no phases computed from $raw/guest.txt"

# phases.tsv: state size phase calls ms share; "meta" rows: plain_ms,
# total_ms, inflation (fine / coarse migrate_pages), runs.
jq -R -s --arg kernel "$(cat "$top/build/explain/${ARCH:-arm}-${KERNEL:-6.1}/linux-explain/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg target "${ARCH:-arm}-${KERNEL:-6.1}" --arg board "$board" '
	split("\n") | map(select(length > 0) | split(" ")) |
	group_by(.[0] + " " + .[1]) | map({
		state: .[0][0], size_mib: (.[0][1] | tonumber),
		meta: (map(select(.[2] == "meta")) | map({key: .[3], value: (.[4] | tonumber)}) | from_entries),
		phases: (map(select(.[2] != "meta")) | map({phase: .[2], calls: (.[3] | tonumber),
			ms: (.[4] | tonumber), share: (.[5] | tonumber)}))}) |
	{kernel: $kernel, target: $target, board: $board, profiles: .}' "$raw/phases.tsv" >"$out/phases.json"

{
	echo "Where one allocation from a full area spends its time (the allocation that took the median time; $(jq -r .target "$out/phases.json"), explain kernel, QEMU TCG)."
	jq -r '.profiles[] |
		"\n**\(.state), \(.size_mib) MiB**: \(.meta.total_ms) ms profiled, \(.meta.plain_ms) ms unprofiled (p50 of \(.meta.runs) runs); the first fine run'"'"'s allocation had \(.meta.in_way_pages) of the filler'"'"'s pages in its way. The migrate_* rows but the rest are as traced in a second profile, where tracing the per-page calls cost \(.meta.tracer_us_per_call) us a call (migrate_pages \(.meta.inflation)x); migrate_rest is what the first profile'"'"'s migrate_pages time leaves.\n",
		"| phase | calls | ms | share |", "| --- | --- | --- | --- |",
		(.phases[] | "| \(.phase) | \(.calls) | \(.ms) | \(.share * 1000 | round / 10)% |")' "$out/phases.json"
} >"$out/phases.md"

# The picture: one stacked bar per filler and size; the steps done once
# per allocation are one colour, the per-page and per-batch ones each
# their own.
groups="dma_layer fixed isolate_pages reclaim_clean migrate_newpage migrate_unmap_flush migrate_copy migrate_move migrate_remap migrate_rest migrate"
colours="#7f7f7f #bcbd22 #17becf #2ca02c #9467bd #d62728 #1f77b4 #8c564b #ff7f0e #e377c2 #e377c2"
jq -r --arg groups "$groups" '($groups | split(" ")) as $g | .profiles[] |
	(.phases | map({key: (if (.phase | IN($g[])) then .phase else "fixed" end), value: .ms}) |
		group_by(.key) | map({key: .[0].key, value: (map(.value) | add)}) | from_entries) as $m |
	"\(.state)-\(.size_mib)MiB " + ($g | map(($m[.] // 0) | tostring) | join(" "))' \
	"$out/phases.json" >"$raw/phases.dat"
{
	echo "set terminal pngcairo size 1000,600 noenhanced; set output '$out/phases.png'"
	echo "set title 'One allocation from a full CMA area, by phase (p50 ms; QEMU TCG)'"
	echo "set style data histograms; set style histogram rowstacked; set style fill solid 0.9 border -1"
	echo "set boxwidth 0.6; set ylabel 'ms'; set yrange [0:*]; set key outside right top; set grid y; set xtics rotate by -25"
	printf 'plot '
	i=2
	for g in $groups; do
		c=$(echo "$colours" | cut -d' ' -f$((i - 1)))
		# A group no profile has (migrate_move where it is inlined) is left out.
		if awk -v c="$i" '$c > 0 { found = 1 } END { exit !found }' "$raw/phases.dat"; then
			[ "$i" -eq 2 ] || [ -z "${first:-}" ] || printf ', '
			first=1
			printf "'%s' using %d:xtic(1) title '%s' lc rgb '%s'" "$raw/phases.dat" "$i" "$g" "$c"
		fi
		i=$((i + 1))
	done
	echo
} >"$raw/phases.gp"
[ -n "${first:-}" ] || die "no phases in $out/phases.json"
gnuplot "$raw/phases.gp" || die "gnuplot failed on $raw/phases.gp"
echo "  BENCH   $out/phases.json, $out/phases.md, $out/phases.png"
