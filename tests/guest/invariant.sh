# invariant: the MIGRATE_CMA rule (seeds 006-007) under pressure. With the
# hog keeping memory full (CMA areas included), hundreds of processes and
# thousands of tmpfs files make the kernel allocate unmovable and
# reclaimable memory: page tables, kernel stacks, slab. Not one slab or
# page-table page may lie in a CMA area, while the rest of RAM has plenty
# (the control, showing the count sees such pages), and /proc/pagetypeinfo
# counts the same CMA pageblocks before and after.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/meminfo.sh
. /usr/lib/cmalab/tests/meminfo.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh

# Sum of the CMA column of "Number of blocks type" in /proc/pagetypeinfo.
cma_blocks() {
	awk '/^Number of blocks type/ { for (i = 1; i <= NF; i++) if ($i == "CMA") c = i - 3; next }
	     c && /^Node/ { n += $(c + 3) } END { print n + 0 }' /proc/pagetypeinfo
}
areas=$(find /sys/kernel/debug/cma -mindepth 1 -maxdepth 1 | wc -l)

plan $((areas * 2 + 3))
blocks0=$(cma_blocks)
avail=$(($(meminfo MemAvailable) / 1024))
hog_start $((avail / 4)) $((avail / 4)) "$avail"
echo "# hog: $hog_ready; CmaFree $(meminfo CmaFree) kB"
i=0
while [ $i -lt 300 ]; do
	sleep 600 &
	i=$((i + 1))
done
mkdir -p /tmp/many
i=0
while [ $i -lt 3000 ]; do
	: > "/tmp/many/f$i"
	i=$((i + 1))
done
echo "# 300 processes and 3000 files later: CmaFree $(meminfo CmaFree) kB, MemFree $(meminfo MemFree) kB"
hog unmovable $((areas + 1)) > /tmp/unmovable
while read -r _ name slab pgtable; do
	slab=${slab#slab=} pgtable=${pgtable#pgtable=}
	if [ "$name" = outside ]; then
		echo "# outside the CMA areas: $slab slab pages, $pgtable page-table pages"
		[ "$slab" -gt 0 ] && [ "$pgtable" -gt 0 ]
		_result $? "control: the count finds slab and page-table pages outside CMA" \
			"slab $slab, pgtable $pgtable"
		continue
	fi
	is "$slab" 0 "area $name holds no slab page"
	is "$pgtable" 0 "area $name holds no page-table page"
done < /tmp/unmovable
# shellcheck disable=SC2046 # the sleepers' pids
kill $(jobs -p | grep -v "^$hog_pid\$") 2>/dev/null
hog_stop
ok test "$blocks0" -gt 0 -- "there are CMA pageblocks ($blocks0)"
is "$(cma_blocks)" "$blocks0" "/proc/pagetypeinfo counts the same CMA pageblocks after"
done_testing
