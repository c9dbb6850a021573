#!/bin/sh
# make bench's reclaimer stall: does alloc_contig_range()'s batch
# (compaction.contig_batch: 6.1's series, 6.12's explain kernel) throttle
# a direct reclaimer? A reclaimer that sees more file pages isolated than
# an eighth of the inactive file list (mm/vmscan.c: too_many_isolated())
# sleeps; an allocation taking back a CMA area full of clean page cache
# holds up to contig_batch of them isolated at once. One boot of the
# explain kernel (it has the vmscan trace events) on BOARD for each RAM
# size (256M and 128M: small boards, where the list is short; the guest's
# page cache is what the file can keep cached), fimc0's area refilled
# with page cache before each allocation while a second process reads a
# file larger than memory and touches anonymous memory (cmabench stall).
# Three rounds, each five allocations of 32 MiB at each batch value.
#
# Writes OUTDIR/stall.md and OUTDIR/guest-stall.txt.
#
# make bench QUICK=1 leaves it out: two boots of a minute and a half
# each, which the suite's quick bench (tests/bench/quick.test) cannot pay.
#
# usage: bench-stall.sh OUTDIR QUICK BOARD
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init stall "$@"
rams="256M 128M"
param=/sys/module/compaction/parameters/contig_batch
batches="32 512 1024"

die() { echo "bench-stall: $*" >&2; exit 1; }

if [ "$quick" = 1 ]; then
	echo "  BENCH   stall: left out with QUICK=1 (two boots; make bench measures it)"
	exit 0
fi
rounds=3 runs=5
# 6.1's series has the switch; 6.12 has it in its explain kernel.
grep -q "^contig_batch $param " "$top/patches/linux-${KERNEL:-6.1}/experiments/switches" 2>/dev/null ||
	{ echo "  BENCH   stall: no contig_batch switch for ${KERNEL:-6.1}"; exit 0; }

rm -rf "$raw"
mkdir -p "$raw"
make -s --no-print-directory -C "$top" FLAVOUR=explain images >"$raw/build.log" 2>&1 ||
	{ tail -n 20 "$raw/build.log" >&2; die "the explain kernel failed to build (log: $raw/build.log)"; }

run="$bench_scratch"
i=0
while [ "$i" -lt "$rounds" ]; do
	for b in $batches; do
		run="$run && echo $b > $param && echo \"batch \$(cat $param)\" && cmabench stall fimc0 32 $runs /mnt/scratch"
	done
	i=$((i + 1))
done
: >"$out/guest-stall.txt"
for ram in $rams; do
	echo "  BENCH   stall: RAM $ram, $rounds rounds of $runs allocations of 32 MiB at contig_batch $batches"
	start=$(date +%s)
	make -s --no-print-directory -C "$top" run FLAVOUR=explain BOARD="$board" RAM="$ram" \
		RUNDIR="$raw/run-$ram" TIMEOUT=3000 IDLE=400 RUN="$run" >"$raw/guest-$ram.txt" 2>"$raw/guest-$ram.err" ||
		die "RAM $ram: the boot failed; see $raw/guest-$ram.err and $raw/run-$ram/console.log"
	echo "  BENCH   stall: RAM $ram: $(($(date +%s) - start)) s"
	[ "$(grep -c '^stall ' "$raw/guest-$ram.txt")" -eq $((rounds * runs * 3)) ] ||
		die "RAM $ram: want $((rounds * runs * 3)) stall lines in $raw/guest-$ram.txt"
	{ echo "ram $ram"; cat "$raw/guest-$ram.txt"; } >>"$out/guest-stall.txt"
done

awk -v rounds="$rounds" -v runs="$runs" -v board="$board" -f "$top/scripts/bench-lib.awk" \
	-f "$top/scripts/bench-stall.awk" "$out/guest-stall.txt" >"$out/stall.md"
echo "  BENCH   $out/stall.md"
