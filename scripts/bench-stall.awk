# scripts/bench-stall.sh's table: the guest's "stall" lines, grouped by
# the "ram" and "batch" lines before them, as results/stall.md.
# usage: awk -v rounds=R -v runs=N -v board=B -f bench-lib.awk -f bench-stall.awk GUEST-OUTPUT
{ sub(/\r$/, "") }
$1 == "ram" { ram = $2; next }
$1 == "batch" { b = ram " " $2; if (!(b in n)) order[++nb] = b; next }
$1 == "stall" && b != "" {
	k = ++n[b]
	if (kv($0, "ok") == 1) lat[b, ++ok[b]] = kv($0, "latency_ns") / 1e6
	step[b, k] = kv($0, "max_step_us") / 1e3
	iso[b, k] = kv($0, "isolated_pct")
	f = kv($0, "inactive_file")
	if (f >= 0 && (!(b in inact) || f < inact[b])) inact[b] = f
	rec[b] += kv($0, "reclaims"); thr[b] += kv($0, "throttled"); thr_us[b] += kv($0, "throttled_us")
	athr[b] += kv($0, "alloc_throttled")
}
END {
	printf "contig_batch against a direct reclaimer (scripts/bench-stall.sh): explain kernel, %s, QEMU TCG, one boot per RAM size; %d rounds of %d allocations of 32 MiB per batch, interleaved, fimc0's area refilled with clean page cache before each while a second process reads a file larger than memory and touches anonymous memory. Alloc: successful allocations only. Reclaims, throttles: the reclaimer's direct reclaims and its isolation throttles (vmscan:mm_vmscan_direct_reclaim_begin, mm_vmscan_throttled reason VMSCAN_THROTTLE_ISOLATED) during the allocations; allocator: the allocating task's own. Step: the reclaimer's longest step (1 MiB read, 1 MiB touched) during an allocation. Isolated: the most file pages isolated the reclaimer saw at a step, in percent of what throttles it; inactive file / 8: that threshold at its lowest during an allocation, to hold against the batch, the most file pages an allocation keeps isolated.\n\n", board, rounds, runs
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
}
