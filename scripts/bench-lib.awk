# make bench's awk helpers, loaded before a script that uses them
# (awk -f scripts/bench-lib.awk -f SCRIPT): sorting, the nearest-rank
# quantile, and a KEY=VALUE field of a guest line.
function sort(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
}
function pick(a, n, q,   r) { # the q-quantile (nearest rank) of sorted a[1..n]
	r = int(q * n); if (r < q * n) r++
	if (r < 1) r = 1
	return a[r]
}
# kv(LINE, KEY): the value of LINE's KEY=VALUE field, empty if none.
function kv(line, key,   i, f, n) {
	n = split(line, f, " ")
	for (i = 1; i <= n; i++) if (index(f[i], key "=") == 1) return substr(f[i], length(key) + 2)
	return ""
}
