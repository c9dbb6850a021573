# One change's boot (scripts/bench-changes.sh) into one JSON object per
# arm (stock, changed): every "alloc" line after an "arm ARM VALUE" line
# belongs to that arm; the rounds are pooled. p50 and p99 in ms per state
# and size, the tax (a state's p50 over idle's at that size), the migration
# efficiency (32 MiB moved over the full allocation's time beyond idle's,
# against the arm's median memcpy bandwidth; null unless the filler held at
# least 80% of CMA), the reuse fraction (CMA used over total, summed over
# rounds; filler_fraction: the reuse filler's own pages in CMA over total),
# the fragmented allocation's successes, and how full each
# state's areas were (p50 of cma_fill_pct, the filler's own pages: a change
# may keep a filler out of CMA, and then its "full" state is not full; and
# p50 of cma_used_pct, in use by any page, which the allocation must move).
# usage: awk -v change=NAME -v rounds=R -v runs=N -f bench-lib.awk -f bench-changes.awk GUEST-OUTPUT
{ sub(/\r$/, "") }
$1 == "arm" { a = $2; if (!(a in val)) { arms[++na] = a; val[a] = $3 }; next }
a == "" { next }
$1 == "memcpy_mbps" { nm[a]++; mc[a, nm[a]] = $2 + 0; next }
$1 == "alloc" {
	k = a SUBSEP kv($0, "state") "_" kv($0, "size_mib") "m"
	if (!(k in nl)) keys[++nk] = k
	tries[k]++
	if (kv($0, "ok") == 1) { nl[k]++; lat[k, nl[k]] = kv($0, "latency_ns") / 1e6 }
	else nl[k] += 0
	if (kv($0, "state") != "idle" && kv($0, "cma_fill_pct") != "") { nf[k]++; fp[k, nf[k]] = kv($0, "cma_fill_pct") + 0 }
	if (kv($0, "state") != "idle" && kv($0, "cma_used_pct") != "") { nu[k]++; up[k, nu[k]] = kv($0, "cma_used_pct") + 0 }
	next
}
$1 == "reuse" { used[a] += kv($0, "cma_used_kb"); total[a] += kv($0, "cma_total_kb"); mine[a] += kv($0, "filler_in_cma_kb"); next }
$1 == "frag" { fs[a] += kv($0, "success"); fa[a] += kv($0, "attempts"); next }
END {
	for (i = 1; i <= nk; i++) {
		k = keys[i]; m = nl[k]
		for (j = 1; j <= m; j++) l[j] = lat[k, j]
		sort(l, m)
		p50[k] = m ? pick(l, m, 0.5) : ""
		p99[k] = m ? pick(l, m, 0.99) : ""
		for (j = 1; j <= nf[k]; j++) l[j] = fp[k, j]
		sort(l, nf[k])
		fill[k] = nf[k] ? pick(l, nf[k], 0.5) : ""
		for (j = 1; j <= nu[k]; j++) l[j] = up[k, j]
		sort(l, nu[k])
		usedp[k] = nu[k] ? pick(l, nu[k], 0.5) : ""
	}
	for (x = 1; x <= na; x++) {
		a = arms[x]
		printf "{\"change\": \"%s\", \"arm\": \"%s\", \"value\": \"%s\"", change, a, val[a]
		printf ", \"rounds\": %d, \"runs\": %d", rounds, runs
		printf ", \"p50_ms\": {"; sep = ""
		for (i = 1; i <= nk; i++) { split(keys[i], kk, SUBSEP); if (kk[1] != a || p50[keys[i]] == "") continue
			printf "%s\"%s\": %.3f", sep, kk[2], p50[keys[i]]; sep = ", " }
		printf "}, \"p99_ms\": {"; sep = ""
		for (i = 1; i <= nk; i++) { split(keys[i], kk, SUBSEP); if (kk[1] != a || p99[keys[i]] == "") continue
			printf "%s\"%s\": %.3f", sep, kk[2], p99[keys[i]]; sep = ", " }
		printf "}, \"success\": {"; sep = ""
		for (i = 1; i <= nk; i++) { split(keys[i], kk, SUBSEP); if (kk[1] != a) continue
			printf "%s\"%s\": [%d, %d]", sep, kk[2], nl[keys[i]], tries[keys[i]]; sep = ", " }
		printf "}, \"fill_pct\": {"; sep = ""
		for (i = 1; i <= nk; i++) { split(keys[i], kk, SUBSEP); if (kk[1] != a || fill[keys[i]] == "") continue
			printf "%s\"%s\": %d", sep, kk[2], fill[keys[i]]; sep = ", " }
		printf "}, \"used_pct\": {"; sep = ""
		for (i = 1; i <= nk; i++) { split(keys[i], kk, SUBSEP); if (kk[1] != a || usedp[keys[i]] == "") continue
			printf "%s\"%s\": %d", sep, kk[2], usedp[keys[i]]; sep = ", " }
		printf "}, \"tax\": {"; sep = ""
		for (i = 1; i <= nk; i++) {
			split(keys[i], kk, SUBSEP); if (kk[1] != a || kk[2] ~ /^idle_/) continue
			idle = a SUBSEP "idle_" substr(kk[2], index(kk[2], "_") + 1)
			if (p50[keys[i]] == "" || p50[idle] == "" || p50[idle] <= 0) continue
			printf "%s\"%s\": %.2f", sep, kk[2], p50[keys[i]] / p50[idle]; sep = ", "
		}
		printf "}"
		for (j = 1; j <= nm[a]; j++) l[j] = mc[a, j]
		sort(l, nm[a]); mbps = nm[a] ? pick(l, nm[a], 0.5) : 0
		# Only a full area has 32 MiB to move; one a change kept the
		# filler out of has no efficiency to speak of.
		f = p50[a SUBSEP "anon_32m"]; z = p50[a SUBSEP "idle_32m"]; full = fill[a SUBSEP "anon_32m"]
		if (f != "" && z != "" && f > z && mbps > 0 && full != "" && full >= 80)
			printf ", \"efficiency\": %.3f", (32 / ((f - z) / 1000)) / mbps
		else
			printf ", \"efficiency\": null"
		printf ", \"memcpy_mbps\": %d", mbps
		if (total[a] > 0) printf ", \"reuse_fraction\": %.3f, \"filler_fraction\": %.3f", used[a] / total[a], mine[a] / total[a]
		else printf ", \"reuse_fraction\": null, \"filler_fraction\": null"
		printf ", \"frag_success\": %d, \"frag_attempts\": %d}\n", fs[a], fa[a]
	}
}
