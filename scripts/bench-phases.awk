# The phase table from cmabench's lines (scripts/bench-phases.sh): for each
# filler and size, "STATE SIZE PHASE CALLS MS SHARE" rows, and "STATE SIZE
# meta KEY VALUE" rows (plain_ms, total_ms, inflation, runs,
# tracer_us_per_call, in_way_pages: the filler's pages in the range the
# first fine run's allocation took, the run whose calls the per-page
# phases show). A phase is a traced function's own time: its time
# less its traced callees', in the run whose allocation took the median
# time; the split of migrate_pages() is the median shares over the fine
# runs.
#
#   coarse|fine alloc state=S size_mib=N run=R ok=1 latency_ns=L in_way_pages=W
#   coarse|fine profile state=S size_mib=N run=R ok=1 latency_ns=L in_way_pages=W fn=F hits=H time_ns=T

function kv(field,    i) { i = index(field, "="); return substr(field, i + 1) }

function abs(x) { return x < 0 ? -x : x }

# p50 of the space-separated numbers in list.
function median(list,    v, n, i, j, t) {
	n = split(list, v, " ")
	if (n == 0)
		return 0
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
	return v[int((n + 1) / 2)]
}

# The time of fn in one run, or of the first of two names the kernel traced.
function t(level, k, r, fn, alt) {
	if ((level, k, r, fn) in time)
		return time[level, k, r, fn]
	return (level, k, r, alt) in time ? time[level, k, r, alt] : 0
}

# Whether the kernel could trace fn (a profile line with hits >= 0).
function tr(k, fn) { return ("fine", k, fn) in hits }

function h(level, k, fn, alt) {
	return hits[level, k, fn] ? hits[level, k, fn] : hits[level, k, alt] + 0
}

function add(k, name, ms, calls) {
	nph[k]++
	ph[k, nph[k]] = name
	phms[k, name] = ms
	phcalls[k, name] = calls
}

{
	level = $1
	for (i = 3; i <= NF; i++)
		f[substr($i, 1, index($i, "=") - 1)] = kv($i)
	if (f["ok"] != 1)
		next
	k = f["state"] " " f["size_mib"]
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	if ($2 == "alloc") {
		if (level == "coarse")
			plain[k] = plain[k] " " f["latency_ns"] / 1e6
		next
	}
	# Not traceable (-1), or traced and never hit (0): inlined at the
	# allocation's call site, an unused copy traced. Its time stays in
	# its caller's own.
	if (f["hits"] <= 0)
		next
	r = f["run"]
	runs[level, k, r] = 1
	time[level, k, r, f["fn"]] = f["time_ns"] / 1e6
	if (!((level, k, f["fn"]) in hits))
		hits[level, k, f["fn"]] = f["hits"]
	if (!((level, k) in way))
		way[level, k] = f["in_way_pages"]
	lat[level, k, r] = f["latency_ns"] / 1e6
}

END {
	for (j = 1; j <= nk; j++) {
		k = order[j]
		total = mig = n = 0
		delete L
		for (r = 1; ("coarse", k, r) in runs; r++) {
			n++
			c = "coarse"
			dma = t(c, k, r, "dma_alloc_attrs")
			if (dma == 0)
				dma = lat[c, k, r]
			cma = t(c, k, r, "cma_alloc")
			acr = t(c, k, r, "alloc_contig_range", "alloc_contig_range_noprof")
			if (!((c, k, r, "drain_all_pages") in time))
				time[c, k, r, "drain_all_pages"] = t(c, k, r, "__drain_all_pages")
			split("start_isolate_page_range drain_all_pages lru_cache_disable " \
			      "isolate_migratepages_range reclaim_clean_pages_from_list migrate_pages " \
			      "test_pages_isolated isolate_freepages_range undo_isolate_page_range", fns, " ")
			inner = 0
			for (i = 1; i in fns; i++) {
				Q[fns[i], n] = t(c, k, r, fns[i])
				inner += t(c, k, r, fns[i])
			}
			Q["dma", n] = dma - cma
			Q["cma", n] = cma - acr
			Q["contig", n] = acr - inner
			Q["total", n] = dma
			L["total"] = L["total"] " " dma
		}
		if (n == 0)
			continue
		# The run whose allocation took the median time gives the
		# phases: they add up to it, each its own part.
		rm = 1
		for (r = 2; r <= n; r++)
			if (abs(Q["total", r] - median(L["total"])) < abs(Q["total", rm] - median(L["total"])))
				rm = r
		total = Q["total", rm]
		mig = Q["migrate_pages", rm]
		# The fine profile: each per-page callee's own time, as traced,
		# per run; the parts are split out of the coarse migrate_pages()
		# time by their shares of the fine one, once the tracer's own
		# cost (what tracing them added, mostly outside them) is taken
		# out of its rest.
		delete V
		delete S
		nf = 0
		F = ""
		mv = tr(k, "move_to_new_folio")
		split("migrate_newpage migrate_unmap_flush migrate_copy migrate_move migrate_remap", mp, " ")
		split("alloc_migration_target try_to_migrate folio_copy move_to_new_folio remove_migration_ptes", mf, " ")
		ncalls = h("fine", k, "try_to_unmap_flush")
		for (i = 1; i in mf; i++)
			ncalls += h("fine", k, mf[i], mf[i] == "folio_copy" ? "folio_mc_copy" : "")
		for (r = 1; ("fine", k, r) in runs; r++) {
			c = "fine"
			m = t(c, k, r, "migrate_pages")
			if (m <= 0)
				continue
			nf++
			copy = t(c, k, r, "folio_copy", "folio_mc_copy")
			V["migrate_newpage", nf] = t(c, k, r, "alloc_migration_target")
			V["migrate_unmap_flush", nf] = t(c, k, r, "try_to_migrate") + t(c, k, r, "try_to_unmap_flush")
			V["migrate_copy", nf] = copy
			V["migrate_move", nf] = mv ? t(c, k, r, "move_to_new_folio") - copy : 0
			V["migrate_remap", nf] = t(c, k, r, "remove_migration_ptes")
			V["m", nf] = m
			F = F " " m
		}
		tracer = (nf > 0 && ncalls > 0 && median(F) > mig) ? (median(F) - mig) / ncalls : 0
		for (r = 1; r <= nf; r++) {
			sum = 0
			for (i = 1; i in mp; i++)
				sum += V[mp[i], r]
			rest = V["m", r] - sum - ncalls * tracer
			if (rest < 0)
				rest = 0
			for (i = 1; i in mp; i++)
				S[mp[i]] = S[mp[i]] " " V[mp[i], r] / (sum + rest)
			S["migrate_rest"] = S["migrate_rest"] " " rest / (sum + rest)
		}
		add(k, "dma_layer", Q["dma", rm], h("coarse", k, "dma_alloc_attrs"))
		add(k, "cma_bitmap_retries", Q["cma", rm], h("coarse", k, "cma_alloc"))
		add(k, "isolate_pageblocks", Q["start_isolate_page_range", rm], h("coarse", k, "start_isolate_page_range"))
		add(k, "drain_pcp", Q["drain_all_pages", rm], h("coarse", k, "drain_all_pages", "__drain_all_pages"))
		add(k, "drain_lru", Q["lru_cache_disable", rm], h("coarse", k, "lru_cache_disable"))
		add(k, "isolate_pages", Q["isolate_migratepages_range", rm], h("coarse", k, "isolate_migratepages_range"))
		add(k, "reclaim_clean", Q["reclaim_clean_pages_from_list", rm], h("coarse", k, "reclaim_clean_pages_from_list"))
		if (nf > 0) {
			# The median shares, scaled to add up to one.
			norm = median(S["migrate_rest"])
			for (i = 1; i in mp; i++)
				norm += median(S[mp[i]])
			for (i = 1; i in mp; i++)
				if (mp[i] != "migrate_move" || mv)
					add(k, mp[i], median(S[mp[i]]) / norm * mig,
					    h("fine", k, mf[i], mf[i] == "folio_copy" ? "folio_mc_copy" : ""))
			add(k, "migrate_rest", median(S["migrate_rest"]) / norm * mig, h("coarse", k, "migrate_pages"))
		} else
			add(k, "migrate", mig, h("coarse", k, "migrate_pages"))
		add(k, "test_isolated", Q["test_pages_isolated", rm], h("coarse", k, "test_pages_isolated"))
		add(k, "take_free", Q["isolate_freepages_range", rm], h("coarse", k, "isolate_freepages_range"))
		add(k, "undo_isolation", Q["undo_isolate_page_range", rm], h("coarse", k, "undo_isolate_page_range"))
		add(k, "contig_rest", Q["contig", rm], h("coarse", k, "alloc_contig_range", "alloc_contig_range_noprof"))
		for (i = 1; i <= nph[k]; i++) {
			p = ph[k, i]
			printf "%s %s %d %.3f %.4f\n", k, p, phcalls[k, p], phms[k, p], (total > 0 ? phms[k, p] / total : 0)
		}
		printf "%s meta plain_ms %.3f\n", k, median(plain[k])
		printf "%s meta total_ms %.3f\n", k, total
		printf "%s meta inflation %.2f\n", k, ((nf > 0 && mig > 0) ? median(F) / mig : 0)
		printf "%s meta runs %d\n", k, n
		# What tracing costs a call: migrate_pages() traced with its
		# per-page callees, less traced alone, over those calls.
		printf "%s meta tracer_us_per_call %.2f\n", k, tracer * 1000
		printf "%s meta in_way_pages %d\n", k, way["fine", k]
	}
}
