#!/bin/sh
# make bench's per-change rows: each change the explain kernel carries on
# top of the series (patches/linux-KERNEL/experiments/) has a run-time switch,
# listed with its stock and changed values in that directory's "switches"
# file (a change that paid and went into the default series stays listed
# there, its boot value the changed one). One boot per change; in it, ROUNDS rounds each measure the stock
# setting and then the changed one (cmabench alloc from an idle and from a
# full area, reuse, the fragmented allocation), so that both arms see the
# same host and the same boot: between boots the same allocation drifts by
# more than a change is worth (docs/bench.md: the noise band).
#
# Writes OUTDIR/changes.json and changes.md: per change and arm, p50/p99
# per state and size, the migration tax (full / idle within the arm), the
# migration efficiency, the reuse fraction, the fragmented success and how
# full the filler got CMA.
#
# CHANGES="NAME..." measures only those changes; their rows replace the
# same changes' rows of OUTDIR/changes.json and the others stay (measured
# as QUICK was then: the table says the rounds and runs of its first row).
#
# usage: bench-changes.sh OUTDIR QUICK BOARD
#        bench-changes.sh --table OUTDIR   (only rewrite changes.md)
set -eu

table_only=
if [ "${1:-}" = --table ] && [ $# -eq 2 ]; then
	set -- "$2" 0 none
	table_only=1
fi
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-common.sh
. "$top/scripts/bench-common.sh"
bench_init changes "$@"
switches=$top/patches/linux-${KERNEL:-6.1}/experiments/switches

die() { echo "bench-changes: $*" >&2; exit 1; }

# table: OUTDIR/changes.md from OUTDIR/changes.json.
table() {
	{
		echo "Each change against the same kernel with the change switched off, in the same boot ($(jq -r '.[0].rounds' "$out/changes.json") rounds of both, $(jq -r '.[0].runs' "$out/changes.json") runs each; explain kernel, QEMU TCG). Tax: full / idle within the arm, p50; fill: how much of CMA the filler held before each allocation, p50 (a change may keep it out)."
		echo
		echo "| change | arm | anon fill 8/32 | anon tax 8 MiB | anon tax 32 MiB | anon p50 8 MiB | p99 | anon p50 32 MiB | p99 | other fillers' tax 8/32 | efficiency | reuse | fragmented 6 MiB |"
		echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
		jq -r '.[] | "| \(.change) | \(.arm) (\(.value)) | \(.fill_pct.anon_8m)/\(.fill_pct.anon_32m)% | \(.tax.anon_8m)x | \(.tax.anon_32m)x | \(.p50_ms.anon_8m) ms | \(.p99_ms.anon_8m) ms | \(.p50_ms.anon_32m) ms | \(.p99_ms.anon_32m) ms | " +
			([("pagecache", "tmpfs") as $s | select(.tax[$s + "_8m"] != null) | "\($s) \(.tax[$s + "_8m"])/\(.tax[$s + "_32m"])"] | join(", ") | if . == "" then "-" else . end) +
			" | \(.efficiency) | \(.reuse_fraction) | \(.frag_success)/\(.frag_attempts) |"' "$out/changes.json"
		echo
		# An idle area has nothing to migrate: no change here can move its
		# figures, so their ratio is the noise band of this comparison.
		jq -r 'group_by(.change)[] | (map(select(.arm == "stock"))[0]) as $s | (map(select(.arm == "changed"))[0]) as $c |
			def r($k): ($c.p50_ms[$k] / $s.p50_ms[$k]) * 100 | round / 100;
			"\($s.change): changed / stock, p50: " + ([$s.p50_ms | keys[] | select(startswith("idle") | not) as $k |
			"\($k) \(r($k))"] | join(", ")) + "; idle, which no change can touch (the noise band): " +
			([$s.p50_ms | keys[] | select(startswith("idle")) as $k | "\($k) \(r($k))"] | join(", "))' "$out/changes.json"
	} >"$out/changes.md"
}

if [ "$quick" = 1 ]; then
	states="idle anon" sizes=8,32 runs=3 rounds=1
else
	states="idle anon pagecache tmpfs" sizes=8,32 runs=5 rounds=3
fi

if [ -n "$table_only" ]; then
	table
	exit 0
fi
rm -rf "$raw"
mkdir -p "$raw"
if [ ! -r "$switches" ]; then
	echo "  BENCH   changes: none for ${KERNEL:-6.1} ($switches)"
	printf '[]\n' >"$out/changes.json"
	echo "No changes on top of the series for this kernel." >"$out/changes.md"
	exit 0
fi
echo "  BENCH   changes: the explain kernel (the series and the changes in patches/linux-${KERNEL:-6.1}/experiments/)"
make -s --no-print-directory -C "$top" FLAVOUR=explain images >"$raw/build.log" 2>&1 ||
	{ tail -n 20 "$raw/build.log" >&2; die "the explain kernel failed to build (log: $raw/build.log)"; }

# arm ARM PATH VALUE: one arm's measurements, each line tagged by the
# "arm" line before it, which has the value as the kernel reads it back.
arm() {
	printf ' && echo %s > %s && echo "arm %s $(cat %s)" && cmabench memcpy' "$3" "$2" "$1" "$2"
	for s in $states; do
		printf ' && cmabench alloc fimc0 %s %s %s %s' "$s" "$sizes" "$runs" "$(bench_dir "$s")"
	done
	printf ' && cmabench reuse && cmabench frag fimc0 6 4'
}

grep -v '^[[:space:]]*\(#\|$\)' "$switches" | while read -r name rest; do
	case " ${CHANGES:-$name} " in *" $name "*) echo "$name $rest" ;; esac
done >"$raw/switches"
[ -s "$raw/switches" ] || die "CHANGES=$CHANGES: $switches lists none of them"
while read -r name path stock changed boot; do
	[ -n "$boot" ] || die "$switches: '$name': want NAME PATH STOCK CHANGED BOOT"
	run="$bench_scratch && cat $path"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		run="$run$(arm stock "$path" "$stock")$(arm changed "$path" "$changed")"
		i=$((i + 1))
	done
	echo "  BENCH   change $name ($path: $stock -> $changed), $rounds rounds of both"
	start=$(date +%s)
	make -s --no-print-directory -C "$top" run FLAVOUR=explain BOARD="$board" \
		RUNDIR="$raw/$name" TIMEOUT=3000 IDLE=400 RUN="$run" \
		>"$raw/$name.txt" 2>"$raw/$name.err" ||
		die "change $name: the boot failed; see $raw/$name.err and $raw/$name/console.log"
	cp "$raw/$name.txt" "$out/guest-change-$name.txt"
	echo "  BENCH   change $name: $(($(date +%s) - start)) s"
	[ "$(sed -n 1p "$raw/$name.txt" | tr -d '\r')" = "$boot" ] ||
		die "change $name: $path read '$(sed -n 1p "$raw/$name.txt")' at boot, the switches file says $boot"
	awk -v change="$name" -v rounds="$rounds" -v runs="$runs" \
		-f "$top/scripts/bench-lib.awk" -f "$top/scripts/bench-changes.awk" "$raw/$name.txt" >>"$raw/rows.json"
done <"$raw/switches"

if [ -n "${CHANGES:-}" ] && [ -r "$out/changes.json" ]; then
	# The named changes' new rows where their old ones were, the others kept.
	jq -s --slurpfile old "$out/changes.json" '. as $new | ($new | map(.change) | unique) as $names |
		($old[0] | map(select(.change as $c | $names | index($c) | not))) + $new' \
		"$raw/rows.json" >"$raw/merged.json"
	mv "$raw/merged.json" "$out/changes.json"
else
	jq -s '.' "$raw/rows.json" >"$out/changes.json"
fi
table
echo "  BENCH   $out/changes.json, $out/changes.md"
