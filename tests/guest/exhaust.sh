# exhaust DEV: exhaustion and accounting on DEV's CMA area (empty at start).
# A request larger than the area fails with ENOMEM and leaves nothing used;
# 6.1 counts it in the area's alloc_pages_fail (in pages), 6.12 does not
# (mm/cma.c: __cma_alloc() returns before its accounting when the request
# exceeds the area's bitmap); a buffer of a size
# that is no power of two uses exactly its pages, not the next power of
# two; the area still serves while it is held; freeing returns the area's
# used pages exactly, and CmaFree to where it was within full.sh's slack.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/full.sh
. /usr/lib/cmalab/tests/full.sh

full_setup "$1"
d=$dbg
s=/sys/kernel/mm/cma/$area
cmafree() {
	# shellcheck disable=SC2046 # two numbers
	set -- $(full_probe)
	echo "$2"
}

plan 9
free0=$(cmafree)
used0=$(cat "$d/used") fail0=$(cat "$s/alloc_pages_fail") succ0=$(cat "$s/alloc_pages_success")
echo "# $area: $count pages, $used0 used, CmaFree $free0 kB"

case $(uname -r) in
6.1.*) counted=$((count + 1)) ;;
*) counted=0 ;;
esac
out=$(vfimc alloc "$dev" $(((count + 1) * 4096)) 2>&1)
case $out in *ENOMEM*) r=0 ;; *) r=1 ;; esac
_result $r "one page more than the area fails with ENOMEM" "$out"
is $(($(cat "$s/alloc_pages_fail") - fail0)) $counted "alloc_pages_fail counts $counted pages for it ($(uname -r))"
is "$(cat "$d/used")" "$used0" "the failed request left nothing used"

# 5 MiB + 12 KiB: 1283 pages, which a power-of-two allocator would round
# up to 2048.
pages=1283
hold 1 "$dev" $((pages * 4096))
pid=$held_pid
echo "# $held"
is $(($(cat "$d/used") - used0)) "$pages" "a $pages-page buffer uses exactly $pages pages"
is $(($(cat "$s/alloc_pages_success") - succ0)) "$pages" "alloc_pages_success counts its $pages pages"
rest=$(((count - pages) / 256 * 256 - 256))
out=$(vfimc alloc "$dev" $((rest * 4096)) 2>&1)
case $out in *"buffer 1 "*) r=0 ;; *) r=1 ;; esac
_result $r "the area still serves $rest more pages while it is held" "$out"
kill "$pid"
wait "$pid" 2>/dev/null
is "$(cat "$d/used")" "$used0" "freed: the area is back to $used0 used pages"
# Within full.sh's slack: movable allocations may take freed CMA pages off
# the per-cpu lists before the probe drains them; "used" above is exact.
free1=$(cmafree)
delta=$((free1 - free0))
[ "${delta#-}" -le $FULL_CMAFREE_SLACK_KB ]
_result $? "freed: CmaFree is back to $free0 kB (within $FULL_CMAFREE_SLACK_KB kB)" "CmaFree $free1 kB"
is "$(cat "$s/alloc_pages_fail")" $((fail0 + counted)) "no other failure was counted"
done_testing
