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

[ $# -eq 3 ] || { echo "usage: bench-stall.sh OUTDIR QUICK BOARD" >&2; exit 2; }
out=$1 quick=$2 board=$3
rams="256M 128M"
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
raw=$top/build/bench/stall-$(echo "$out" | cksum | cut -d' ' -f1)
param=/sys/module/compaction/parameters/contig_batch
batches="32 512 1024"

die() { echo "bench-stall: $*" >&2; exit 1; }

if [ "$quick" = 1 ]; then
	echo "  BENCH   stall: left out with QUICK=1 (two boots; make bench measures it)"
	exit 0
fi
rounds=3 runs=5
# 6.1's series has the switch; 6.12 has it in its explain kernel.
grep -q "^contig_batch $param " "$top/patches/linux-${KERNEL:-6.1}/explain/switches" 2>/dev/null ||
	{ echo "  BENCH   stall: no contig_batch switch for ${KERNEL:-6.1}"; exit 0; }

rm -rf "$raw"
mkdir -p "$raw"
make -s --no-print-directory -C "$top" FLAVOUR=explain images >"$raw/build.log" 2>&1 ||
	{ tail -n 20 "$raw/build.log" >&2; die "the explain kernel failed to build (log: $raw/build.log)"; }

# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
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

awk -v rounds="$rounds" -v runs="$runs" -v board="$board" '
function sort(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
}
function pick(a, n, q,   r) { r = int(q * n); if (r < q * n) r++; if (r < 1) r = 1; return a[r] }
function kv(key,   i) {
	for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) return substr($i, length(key) + 2)
	return ""
}
{ sub(/\r$/, "") }
$1 == "ram" { ram = $2; next }
$1 == "batch" { b = ram " " $2; if (!(b in n)) order[++nb] = b; next }
$1 == "stall" && b != "" {
	k = ++n[b]
	if (kv("ok") == 1) lat[b, ++ok[b]] = kv("latency_ns") / 1e6
	step[b, k] = kv("max_step_us") / 1e3
	iso[b, k] = kv("isolated_pct")
	f = kv("inactive_file")
	if (f >= 0 && (!(b in inact) || f < inact[b])) inact[b] = f
	rec[b] += kv("reclaims"); thr[b] += kv("throttled"); thr_us[b] += kv("throttled_us")
	athr[b] += kv("alloc_throttled")
}
END {
	printf "contig_batch against a direct reclaimer (scripts/bench-stall.sh): explain kernel, %s, QEMU TCG, one boot per RAM size; %d rounds of %d allocations of 32 MiB per batch, interleaved, fimc0'"'"'s area refilled with clean page cache before each while a second process reads a file larger than memory and touches anonymous memory. Alloc: successful allocations only. Reclaims, throttles: the reclaimer'"'"'s direct reclaims and its isolation throttles (vmscan:mm_vmscan_direct_reclaim_begin, mm_vmscan_throttled reason VMSCAN_THROTTLE_ISOLATED) during the allocations; allocator: the allocating task'"'"'s own. Step: the reclaimer'"'"'s longest step (1 MiB read, 1 MiB touched) during an allocation. Isolated: the most file pages isolated the reclaimer saw at a step, in percent of what throttles it; inactive file / 8: that threshold at its lowest during an allocation, to hold against the batch, the most file pages an allocation keeps isolated.\n\n", board, rounds, runs
	print "| RAM | contig_batch | ok | alloc p50 | alloc p90 | reclaims | throttles (time) | allocator throttled | step, p50 of max | step max | isolated max | inactive file / 8, min |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	for (j = 1; j <= nb; j++) {
		b = order[j]; m = n[b]; o = ok[b]; split(b, rb, " ")
		for (k = 1; k <= o; k++) l[k] = lat[b, k]
		for (k = 1; k <= m; k++) { s[k] = step[b, k]; q[k] = iso[b, k] }
		sort(l, o); sort(s, m); sort(q, m)
		printf "| %s | %s | %d/%d | %s | %s | %d | %d (%.1f ms) | %d | %.1f ms | %.1f ms | %d%% | %s |\n", rb[1], rb[2], o, m,
			o ? sprintf("%.1f ms", pick(l, o, 0.5)) : "-", o ? sprintf("%.1f ms", pick(l, o, 0.9)) : "-",
			rec[b], thr[b], thr_us[b] / 1000, athr[b], pick(s, m, 0.5), s[m], q[m],
			(b in inact) ? sprintf("%d pages", inact[b] / 8) : "-"
	}
}' "$out/guest-stall.txt" >"$out/stall.md"
echo "  BENCH   $out/stall.md"
