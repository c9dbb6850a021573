# lend_stat NAME (sourced): one counter of the area the explain kernel
# lends to clean page cache copies (cma.lend_stats: pages, lent, cached,
# puts, hits, misses, evicted, invalidated, dropped, migrated, returned).
lend_stat() {
	awk -v k="$1" '{ for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1) }' \
		/sys/module/cma/parameters/lend_stats
}

# shellcheck disable=SC2034 # allocs_pid is for the caller
# allocs DEV SIZE N: N allocations of SIZE from DEV one after another, in
# the background; a line "fail" in /tmp/allocs for each one refused. Sets
# allocs_pid.
allocs() {
	(
		_i=0
		while [ $_i -lt "$3" ]; do
			vfimc alloc "$1" "$2" > /dev/null 2>&1 || echo fail
			_i=$((_i + 1))
		done
	) > /tmp/allocs &
	allocs_pid=$!
}
