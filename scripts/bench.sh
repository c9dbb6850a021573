#!/bin/sh
# make bench: boot the CMA board, the carveout board and the nocma board,
# run cmabench in each (tools/cmabench), and write OUTDIR/bench.json, a
# markdown table (bench.md) and plots (latency.png, tax.png). Latencies are
# vfimc's in-kernel ones; each figure is over RUNS runs in the same boot,
# and the ratios are taken within one boot, where QEMU's speed cancels out.
#
# usage: bench.sh OUTDIR QUICK BOARD
set -eu

out=$1 quick=$2 board=$3
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
# The boots' directories (DTBs, console logs, scratch disks) stay in build/;
# OUTDIR gets the results and each boot's output (guest-NAME.txt).
raw=$top/build/bench/$(echo "$out" | cksum | cut -d' ' -f1)

die() { echo "bench: $*" >&2; exit 1; }

if [ "$quick" = 1 ]; then
	sizes=8,32 runs=5 states="idle anon"
else
	sizes=1,4,8,16,32 runs=7 states="idle anon pagecache tmpfs"
fi
rm -rf "$raw"
mkdir -p "$raw"

# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
boottime='dmesg | sed -n "s/^\[ *\([0-9.]*\)\] Run \/init.*/boot_s \1/p"'

# run NAME DESCRIPTION VAR=VALUE...: one boot; its output in raw/NAME.txt.
run() {
	name=$1 desc=$2
	shift 2
	echo "  BENCH   $desc"
	start=$(date +%s)
	make -s --no-print-directory -C "$top" run RUNDIR="$raw/$name" TIMEOUT=1500 IDLE=400 \
		"$@" >"$raw/$name.txt" 2>"$raw/$name.err" ||
		die "$desc: the boot failed; see $raw/$name.err and $raw/$name/console.log"
	cp "$raw/$name.txt" "$out/guest-$name.txt"
	echo "  BENCH   $desc: $(($(date +%s) - start)) s"
}

cma_run="$bench_scratch && cmabench memcpy"
for s in $states; do
	cma_run="$cma_run && cmabench alloc fimc0 $s $sizes $runs $(bench_dir "$s")"
done
cma_run="$cma_run && cmabench reuse && cmabench frag fimc0 6 4 && $boottime"
run cma "CMA ($board, fimc0 on its CMA area): $states at $sizes MiB, $runs runs each" \
	BOARD="$board" RUN="$cma_run"
run carveout "carveout (no-map pool): idle at 1,4,8,16 MiB" BOARD=carveout \
	RUN="cmabench alloc fimc0 idle 1,4,8,16 $runs && cmabench frag fimc0 6 4 && grep MemTotal /proc/meminfo && $boottime"
run buddy "buddy (nocma: the page allocator): idle at 1,4,8 MiB" BOARD=nocma \
	RUN="cmabench alloc fimc0 idle 1,4,8 $runs && cmabench frag fimc0 6 4 && grep MemTotal /proc/meminfo && $boottime"

# allocator state size runs p50_us p99_us min_us max_us success attempts fill
for a in cma carveout buddy; do
	grep '^alloc ' "$raw/$a.txt" | sed "s/^alloc /$a /"
done | awk '
{
	for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	k = $1 " " f["state"] " " f["size_mib"]
	if (!(k in n)) order[++nk] = k
	n[k]++
	if (f["ok"] == 1) { ok[k]++; lat[k, ok[k]] = f["latency_ns"] / 1000 }
	fill[k] += f["cma_fill_pct"]
}
END {
	for (j = 1; j <= nk; j++) {
		k = order[j]; m = ok[k] + 0
		for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
			if (lat[k, b] < lat[k, a]) { t = lat[k, a]; lat[k, a] = lat[k, b]; lat[k, b] = t }
		if (m) {
			p50 = lat[k, int((m + 1) / 2)]
			r = int(0.99 * m); if (r < 0.99 * m) r++
			printf "%s %d %.1f %.1f %.1f %.1f %d %d %d\n", k, n[k], p50, lat[k, r],
				lat[k, 1], lat[k, m], m, n[k], fill[k] / n[k]
		} else
			printf "%s %d null null null null 0 %d %d\n", k, n[k], n[k], fill[k] / n[k]
	}
}' >"$raw/alloc.tsv"

val() { sed -n "s/^$1 //p" "$raw/$2.txt" | head -n 1; }
kv() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
memcpy=$(val memcpy_mbps cma)
reuse=$(val reuse cma)
frag() { r=$(val frag "$1"); echo "$(kv "$r" success) $(kv "$r" attempts)"; }
p50() { awk -v a="$1" -v s="$2" -v z="$3" '$1 == a && $2 == s && $3 == z { print $5 }' "$raw/alloc.tsv"; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (x == "" || y == "" || x == "null" || y == "null" || y == 0) print "null"; else printf "%.3f", x / y }'; }

tax() { ratio "$(p50 cma "$1" "$2")" "$(p50 cma idle "$2")"; }
# Migration efficiency: the 32 MiB that moved, over the time the full
# allocation took beyond the idle one, against memcpy in the same boot.
eff=$(awk -v f="$(p50 cma anon 32)" -v i="$(p50 cma idle 32)" -v m="$memcpy" 'BEGIN {
	if (f == "" || i == "" || f == "null" || f <= i || m <= 0) { print "null"; exit }
	printf "%.3f", (32 / ((f - i) / 1e6)) / m }')
r=$(frag cma) fc=${r% *} fca=${r#* }
r=$(frag carveout) fv=${r% *} fva=${r#* }
r=$(frag buddy) fb=${r% *} fba=${r#* }
memtotal() { sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' "$raw/$1.txt"; }

jq -n \
	--arg kernel "$(cat "$top/build/${ARCH:-arm}-${KERNEL:-6.1}/linux-default/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg target "${ARCH:-arm}-${KERNEL:-6.1}" \
	--arg qemu "$(qemu-system-"$([ "${ARCH:-arm}" = arm ] && echo arm || echo aarch64)" --version | head -n 1)" \
	--arg board "$board" \
	--argjson ram "$(( $(sed -n 's/^BOARD_RAM := \([0-9]*\)M$/\1/p' "$top/board/$board/board.mk") + 0 ))" \
	--argjson memcpy "${memcpy:-0}" \
	--argjson quick "$([ "$quick" = 1 ] && echo true || echo false)" \
	--rawfile alloc "$raw/alloc.tsv" \
	--argjson tax8 "$(tax anon 8)" --argjson tax32 "$(tax anon 32)" \
	--argjson eff "$eff" \
	--argjson reuse "$(ratio "$(kv "$reuse" cma_used_kb)" "$(kv "$reuse" cma_total_kb)")" \
	--argjson sc "$(ratio "$fc" "$fca")" --argjson sv "$(ratio "$fv" "$fva")" \
	--argjson sb "$(ratio "$fb" "$fba")" \
	--argjson taxes "$(for s in anon pagecache tmpfs; do for z in 1 4 8 16 32; do
		echo "$s $z $(tax "$s" "$z")"; done; done | jq -R -s 'split("\n") | map(select(length > 0) | split(" "))
		| map({key: (.[0] + "_" + .[1] + "m"), value: (.[2] | fromjson)}) | map(select(.value != null)) | from_entries')" \
	--argjson boot "$(jq -n --argjson c "$(val boot_s cma)" --argjson n "$(val boot_s buddy)" --argjson v "$(val boot_s carveout)" \
		'{cma_s: $c, nocma_s: $n, carveout_s: $v}')" \
	--argjson idle "$(jq -n --argjson n "$(memtotal buddy)" --argjson v "$(memtotal carveout)" \
		--argjson r "$(ratio "$(kv "$reuse" cma_used_kb)" "$(kv "$reuse" cma_total_kb)")" \
		--argjson t "$(kv "$reuse" cma_total_kb)" \
		'{carveout_mib: (($n - $v) / 1024), cma_mib: ((1 - $r) * $t / 1024)}')" \
	'{kernel: $kernel, target: $target, qemu: $qemu, board: $board, ram_mib: $ram, quick: $quick,
	  memcpy_mbps: $memcpy,
	  alloc: ($alloc | split("\n") | map(select(length > 0) | split(" ")) | map({
		allocator: .[0], state: .[1], size_mib: (.[2] | tonumber), runs: (.[3] | tonumber),
		p50_us: (.[4] | fromjson), p99_us: (.[5] | fromjson),
		spread_us: [(.[6] | fromjson), (.[7] | fromjson)],
		success: (.[8] | tonumber), attempts: (.[9] | tonumber),
		cma_fill_pct: (.[10] | tonumber)})),
	  ratios: {migration_tax_8m: $tax8, migration_tax_32m: $tax32,
		migration_efficiency: $eff, reuse_fraction: $reuse,
		success_fragmented_cma: $sc, success_fragmented_buddy: $sb,
		success_fragmented_carveout: $sv},
	  migration_tax: $taxes, boot_time: $boot, idle_unusable: $idle}' >"$out/bench.json"

# The table.
{
	echo "| allocator | state | size | runs | p50 | p99 | min-max | success | CMA filled |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	jq -r '.alloc[] | "| \(.allocator) | \(.state) | \(.size_mib) MiB | \(.runs) | " +
		(if .p50_us then "\(.p50_us / 1000 | . * 100 | round / 100) ms | \(.p99_us / 1000 | . * 100 | round / 100) ms | \(.spread_us[0] / 1000 | . * 100 | round / 100)-\(.spread_us[1] / 1000 | . * 100 | round / 100) ms"
		 else "- | - | -" end) + " | \(.success)/\(.attempts) | " +
		(if .state == "idle" then "-" else "\(.cma_fill_pct)%" end) + " |"' "$out/bench.json"
	echo
	jq -r '"memcpy \(.memcpy_mbps) MB/s; " + (.ratios | to_entries | map("\(.key) \(.value)") | join("; "))' "$out/bench.json"
	jq -r '"migration tax (full / idle, p50): " + (.migration_tax | to_entries | map("\(.key) \(.value)") | join(", "))' "$out/bench.json"
	jq -r '"memory the system cannot use while idle: carveout \(.idle_unusable.carveout_mib) MiB, CMA \(.idle_unusable.cma_mib | . * 10 | round / 10) MiB; boot to /init: CMA \(.boot_time.cma_s) s, nocma \(.boot_time.nocma_s) s, carveout \(.boot_time.carveout_s) s"' "$out/bench.json"
} >"$out/bench.md"

# The plots.
jq -r '.alloc[] | select(.p50_us) | "\(.allocator)-\(.state) \(.size_mib) \(.p50_us / 1000) \(.spread_us[0] / 1000) \(.spread_us[1] / 1000)"' \
	"$out/bench.json" >"$raw/plot.dat"
series=$(cut -d' ' -f1 "$raw/plot.dat" | sort -u)
{
	echo "set terminal pngcairo size 900,560 noenhanced; set output '$out/latency.png'"
	echo "set title 'Allocation latency, p50 with min-max (vfimc, in kernel; QEMU TCG)'"
	echo "set logscale xy 2; set xlabel 'buffer (MiB)'; set ylabel 'ms'; set key left top; set grid"
	printf 'plot '
	sep=""
	for s in $series; do
		printf "%s'< grep \"^%s \" %s' using 2:3:4:5 with yerrorlines title '%s'" "$sep" "$s" "$raw/plot.dat" "$s"
		sep=", "
	done
	echo
} >"$raw/latency.gp"
gnuplot "$raw/latency.gp" || die "gnuplot failed on $raw/latency.gp"
jq -r '.migration_tax | to_entries[] | "\(.key | split("_")[0]) \(.key | split("_")[1] | rtrimstr("m")) \(.value)"' \
	"$out/bench.json" >"$raw/tax.dat"
{
	echo "set terminal pngcairo size 900,560 noenhanced; set output '$out/tax.png'"
	echo "set title 'Migration tax: full area / idle area, p50 latency'"
	echo "set logscale x 2; set xlabel 'buffer (MiB)'; set ylabel 'x idle'; set key left top; set grid"
	printf 'plot '
	sep=""
	for s in $(cut -d' ' -f1 "$raw/tax.dat" | sort -u | tr '\n' ' '); do
		printf "%s'< grep \"^%s \" %s' using 2:3 with linespoints title '%s'" "$sep" "$s" "$raw/tax.dat" "$s"
		sep=", "
	done
	echo
} >"$raw/tax.gp"
[ ! -s "$raw/tax.dat" ] || gnuplot "$raw/tax.gp" || die "gnuplot failed on $raw/tax.gp"
echo "  BENCH   $out/bench.json, $out/bench.md, $out/latency.png$([ -s "$raw/tax.dat" ] && echo ", $out/tax.png")"
