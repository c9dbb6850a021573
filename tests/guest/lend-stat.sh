# lend_stat NAME (sourced): one counter of the area the explain kernel
# lends to clean page cache copies (cma.lend_stats: pages, lent, cached,
# puts, hits, misses, evicted, invalidated, dropped).
lend_stat() {
	awk -v k="$1" '{ for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1) }' \
		/sys/module/cma/parameters/lend_stats
}
