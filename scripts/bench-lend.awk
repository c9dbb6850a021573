# bench-lend.awk: one boot of tests/guest/bench-lend.sh (its output) to a
# JSON object: the idle allocations' p50, and per arm (idle, migrate,
# lend) the read throughput of every pass but each round's first (the
# steady state: p50, min, max), what a pass read from the disk and got
# from the lent area (p50), what the area held after the passes (reuse:
# pages on an LRU list, and for lend its copies too - the pageblocks it
# gave back hold page cache; p50 over rounds),
# the allocations' p50 and their tax (over the idle p50) and how many
# found page cache in the area, the bytes found corrupt, and what lending
# gave back when squeezed and lent again (lend_stats, summed over the
# rounds). Variables: disk (the read bandwidth, bytes/s, 0: none).
# Loaded after scripts/bench-lib.awk (its kv()).
# p50 NAME: the median of list NAME (count in cnt[NAME]), "null" if empty.
function sortlist(name,    m, i, j, t) {
	m = cnt[name]
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
		if (v[name, j] < v[name, i]) { t = v[name, i]; v[name, i] = v[name, j]; v[name, j] = t }
	return m
}
function p50(name,    m) {
	m = sortlist(name)
	return m ? v[name, int((m + 1) / 2)] : "null"
}
function lo(name) { return sortlist(name) ? v[name, 1] : "null" }
function hi(name,    m) { m = sortlist(name); return m ? v[name, m] : "null" }
function add(name, x) { v[name, ++cnt[name]] = x + 0 }
function ratio(x, y) { return (x == "null" || y == "null" || y == 0) ? "null" : sprintf("%.3f", x / y) }

/^alloc state=idle / && kv($0, "ok") == 1 { add("base " kv($0, "size_mib"), kv($0, "latency_ns") / 1e6) }
/^bench-lend / { area = kv($0, "area_mib"); room = kv($0, "room_mib"); corpus = kv($0, "corpus_mib") }
/^arm / { arm = $2; round = kv($0, "round"); if (!(arm in seen)) { seen[arm] = 1; arms[++narms] = arm } }
/^files pass=/ {
	corrupt += kv($0, "corrupt_bytes")
	if (kv($0, "pass") == 1) next
	add(arm " mbps", kv($0, "mbps"))
	add(arm " disk", kv($0, "sectors") / 2048)
	if (kv($0, "lend_hits") >= 0) add(arm " hits", kv($0, "lend_hits"))
}
/^files reuse / {
	c = kv($0, "lend_cached"); l = kv($0, "lru")
	add(arm " reuse", (arm == "lend" ? c + l : l) / kv($0, "pages"))
}
/^files alloc / && kv($0, "ok") == 1 { add(arm " " kv($0, "size_mib"), kv($0, "latency_ns") / 1e6) }
# Allocations that found page cache in the area: stock CMA's always; a
# lent area's only in pageblocks lending gave back when squeezed.
/^files alloc / { allocs[arm]++; if (kv($0, "lru") > 0) met[arm]++ }
# The lent area's own account, one line a round (lending starts anew
# in each).
/^lend_stats / {
	for (i = 2; i < NF; i += 2) {
		if ($i == "returned") given += $(i + 1)
		if ($i == "relent") relent += $(i + 1)
	}
}
/^files alloc / && kv($0, "ok") != 1 { failed++ }

END {
	printf "{\"disk_read_bps\": %d, \"area_mib\": %d, \"room_mib\": %d, \"corpus_mib\": %d,\n", disk, area, room, corpus
	printf " \"idle_alloc_ms\": {\"8\": %s, \"32\": %s}, \"corrupt_bytes\": %d, \"failed_allocs\": %d,\n",
		p50("base 8"), p50("base 32"), corrupt, failed
	printf " \"lend_given_back_pages\": %d, \"lend_relent_pages\": %d,\n", given, relent
	printf " \"arms\": ["
	for (i = 1; i <= narms; i++) {
		a = arms[i]
		printf "%s\n  {\"arm\": \"%s\", \"mbps_p50\": %s, \"mbps_spread\": [%s, %s], \"disk_mib_per_pass\": %s, \"lend_hits_per_pass\": %s,",
			(i > 1 ? "," : ""), a, p50(a " mbps"), lo(a " mbps"), hi(a " mbps"), p50(a " disk"), p50(a " hits")
		printf " \"reuse\": %s, \"alloc_ms\": {\"8\": %s, \"32\": %s}, \"tax\": {\"8\": %s, \"32\": %s},",
			p50(a " reuse") == "null" ? "null" : sprintf("%.3f", p50(a " reuse")), p50(a " 8"), p50(a " 32"),
			ratio(p50(a " 8"), p50("base 8")), ratio(p50(a " 32"), p50("base 32"))
		printf " \"allocs\": %d, \"allocs_meeting_page_cache\": %d}", allocs[a], met[a]
	}
	printf "\n ]}\n"
}
