#!/bin/sh
# make bench's measurement of lending without migration (the explain
# kernel's cma.lend, patches/linux-KERNEL/experiments/; skipped for a
# kernel whose switches file has no "lend" line). One boot per disk of
# tests/guest/bench-lend.sh: three arms in each round - the area left idle
# (a device holds it), stock CMA migrating the page cache out of it, and
# the area lent to the page cache's evicted copies - each reading a
# checked corpus as large as the memory left to the page cache and the
# area together, at random places, then allocating 8 and 32 MiB from the
# area as the workload left it. (A corpus read in order is all or
# nothing: it fits, or every page is evicted before it is read again.) Disks:
# "sd", reads throttled to LEND_SD_BPS (default 20 MiB/s, an SD card on a
# board of the Raspberry Pi 2's class, where the GCMA figures come from),
# and, unless QUICK, "tcg", QEMU's unthrottled disk, which TCG reads about
# as fast as memory.
#
# Writes OUTDIR/lend.json (per disk: tests/guest/bench-lend.sh's figures
# through scripts/bench-lend.awk), lend.md and lend.png, and each boot's
# output, OUTDIR/guest-lend-DISK.txt; lend.md also goes at the end of
# OUTDIR/changes.md, if bench-changes.sh wrote one.
#
# usage: bench-lend.sh OUTDIR QUICK BOARD
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init lend "$@"
sd=${LEND_SD_BPS:-20971520}

die() { echo "bench-lend: $*" >&2; exit 1; }

# The area make bench lends (bench-common.sh).
bench_lend_area lend
# fimc0 allocates; fimc1 holds the area while it must lend nothing; the
# page cache gets 64 MiB beside the hog.
dev=fimc0 holder=fimc1 room=64
if [ "$quick" = 1 ]; then
	rounds=1 passes=4 runs=2 disks=sd
else
	rounds=3 passes=4 runs=5 disks="sd tcg"
fi
rm -rf "$raw"
mkdir -p "$raw"
echo "  BENCH   lend: the explain kernel, $area lent or not, $rounds round(s) of $passes passes"
make -s --no-print-directory -C "$top" FLAVOUR=explain images >"$raw/build.log" 2>&1 ||
	{ tail -n 20 "$raw/build.log" >&2; die "the explain kernel failed to build (log: $raw/build.log)"; }

for disk in $disks; do
	bps=0
	[ "$disk" = tcg ] || bps=$sd
	start=$(date +%s)
	make -s --no-print-directory -C "$top" run FLAVOUR=explain BOARD="$board" \
		RUNDIR="$raw/$disk" TIMEOUT=3000 IDLE=400 \
		DISK_READ_BPS="$([ "$bps" = 0 ] || echo "$bps")" \
		RUN="sh /usr/lib/cmalab/tests/bench-lend.sh $area $dev $holder $room $rounds $passes $runs" \
		>"$raw/$disk.txt" 2>"$raw/$disk.err" ||
		die "disk $disk: the boot failed; see $raw/$disk.err and $raw/$disk/console.log"
	cp "$raw/$disk.txt" "$out/guest-lend-$disk.txt"
	echo "  BENCH   lend, disk $disk: $(($(date +%s) - start)) s"
	awk -v disk="$bps" -f "$top/scripts/bench-lib.awk" -f "$top/scripts/bench-lend.awk" "$raw/$disk.txt" |
		jq --arg d "$disk" '{disk: $d} + .' >>"$raw/rows.json"
done

jq -s --arg kernel "$(cat "$top/build/explain/${ARCH:-arm}-${KERNEL:-6.1}/linux-explain/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg target "${ARCH:-arm}-${KERNEL:-6.1}" --arg board "$board" --arg area "$area" \
	--argjson rounds "$rounds" --argjson passes "$passes" --argjson runs "$runs" \
	'{kernel: $kernel, target: $target, board: $board, area: $area, rounds: $rounds,
	  passes: $passes, runs: $runs, disks: .}' "$raw/rows.json" >"$out/lend.json"

{
	echo "Lending $area without migration (cma.lend) against the same area left idle and stock CMA, in one boot per disk ($(jq -r .target "$out/lend.json"), explain kernel, $board, QEMU TCG; $rounds round(s), each read of the corpus after a round's first counted, $runs allocations of each size). Read: the corpus, as large as the memory left to the page cache and the area together, read in 64 KiB pieces at random places (the same in every arm), every byte checked: MB/s, p50 [min, max]; disk: MiB a pass read from the disk; reuse: the share of the area holding the workload's pages (lent copies, or page cache on the LRU); tax: the allocation's p50 from the area as the workload left it, over the idle area's."
	echo
	echo "| disk | arm | read MB/s | disk MiB/pass | lent hits/pass | reuse | 8 MiB | tax | 32 MiB | tax |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	jq -r '.disks[] | . as $d | .arms[] |
		"| \($d.disk)\(if $d.disk_read_bps > 0 then " (\($d.disk_read_bps / 1048576) MiB/s)" else "" end) | \(.arm) | \(.mbps_p50) [\(.mbps_spread[0]), \(.mbps_spread[1])] | \(.disk_mib_per_pass | if . == null then "-" else (. * 10 | round / 10) end) | \(.lend_hits_per_pass) | \(.reuse) | " +
		"\(.alloc_ms["8"] | if . == null then "-" else "\(. * 100 | round / 100) ms" end) | \(.tax["8"] // "-") | \(.alloc_ms["32"] | if . == null then "-" else "\(. * 100 | round / 100) ms" end) | \(.tax["32"] // "-") |"' "$out/lend.json"
	echo
	jq -r '.disks[] | "\(.disk): corpus \(.corpus_mib) MiB, \(.room_mib) MiB left to the page cache, area \(.area_mib) MiB; idle allocation p50 8 MiB \(.idle_alloc_ms["8"] * 100 | round / 100) ms, 32 MiB \(.idle_alloc_ms["32"] * 100 | round / 100) ms; corrupt bytes \(.corrupt_bytes), failed allocations \(.failed_allocs); lending gave back \(.lend_given_back_pages // 0) pages when squeezed and lent \(.lend_relent_pages // 0) again, and \(.arms | map(select(.arm == "lend"))[0] | "\(.allocs_meeting_page_cache // 0) of \(.allocs // 0)") of its allocations found page cache in the area; lend / idle read throughput \((.arms | map(select(.arm == "lend"))[0].mbps_p50) / (.arms | map(select(.arm == "idle"))[0].mbps_p50) * 100 | round / 100)x, lend / stock CMA (migrate) \((.arms | map(select(.arm == "lend"))[0].mbps_p50) / (.arms | map(select(.arm == "migrate"))[0].mbps_p50) * 100 | round / 100)x"' "$out/lend.json"
	echo
	# Which design, against the targets (docs/bench.md says why neither
	# meets both): on the first disk, the SD card.
	jq -r '.disks[0] | (.arms | map({key: .arm, value: .}) | from_entries) as $a |
		"Which design: both, as switches. On the \(.disk) disk the copy design (cma.lend, the lend arm: evicted clean pages copied into the area, dropped when a device asks) reads at \($a.lend.mbps_p50 / $a.migrate.mbps_p50 * 100 | round / 100)x of the zero-copy design (stock CMA, the migrate arm: the page cache in the area, dropped or migrated when a device asks), where the target is 0.95x, with a tax of \($a.lend.tax["8"])x / \($a.lend.tax["32"])x at 8 / 32 MiB against the zero-copy design'"'"'s \($a.migrate.tax["8"])x / \($a.migrate.tax["32"])x, where the target is 1.2x. Why no design meets both in this workload (the copy design pays a copy each way on every hit; the zero-copy design must take each page-cache page off the LRU and out of its mapping before a device may have it, which alone costs more than 1.2x leaves), and the comparison with GCMA'"'"'s 2025 postings point by point: docs/bench.md, \"The zero-copy alternative, and why the copy design stays\" and \"Coherent, and how it differs from GCMA'"'"'s 2025 postings\"."' "$out/lend.json"
} >"$out/lend.md"

# Beside the other changes' rows (bench-changes.sh's changes.md, when it
# is there): this section, in place of the last run's.
if [ -f "$out/changes.md" ]; then
	sed -i '/^## Lending without migration/,$d' "$out/changes.md"
	{
		echo "## Lending without migration"
		echo
		echo "The lend rows above are the fillers', which a lent area does not take (its reuse there counts the lent area as in use, as CmaFree does; the filler's own share is filler_fraction in changes.json); what lending is for, a file workload ([lend.md](lend.md), [lend.png](lend.png)):"
		echo
		cat "$out/lend.md"
	} >>"$out/changes.md"
fi

# The picture: read throughput and 32 MiB tax per arm, per disk.
jq -r '.disks[] | . as $d | .arms[] | "\($d.disk)-\(.arm) \(.mbps_p50) \(.tax["32"] // 0)"' "$out/lend.json" >"$raw/plot.dat"
{
	echo "set terminal pngcairo size 900,520 noenhanced; set output '$out/lend.png'"
	echo "set multiplot layout 1,2 title 'Lending $area without migration ($board, $(jq -r .target "$out/lend.json"))'"
	echo "set style data histograms; set style fill solid 0.7; set boxwidth 0.8; set grid ytics; set xtics rotate by -30; set yrange [0:*]"
	echo "set title 'corpus read, MB/s (p50)'; plot '$raw/plot.dat' using 2:xtic(1) notitle"
	echo "set title 'allocating 32 MiB: x idle (p50)'; plot '$raw/plot.dat' using 3:xtic(1) notitle"
	echo "unset multiplot"
} >"$raw/lend.gp"
gnuplot "$raw/lend.gp" || die "gnuplot failed on $raw/lend.gp"
echo "  BENCH   $out/lend.json, $out/lend.md, $out/lend.png"
