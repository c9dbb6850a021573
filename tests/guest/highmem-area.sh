# highmem-area AREA: the CMA area lies wholly in ZONE_HIGHMEM, which
# starts where /proc/zoneinfo says.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

area=$1
d=/sys/kernel/debug/cma/$area
start_pfn=$(awk '/^Node 0, zone +HighMem/ { z = 1 } z && /start_pfn:/ { print $2; exit }' /proc/zoneinfo)
plan 2
ok test -n "$start_pfn" -- "the kernel has a HighMem zone (from pfn ${start_pfn:-none})"
base=$(cat "$d/base_pfn")
[ -n "$start_pfn" ] && [ "$base" -ge "$start_pfn" ]
_result $? "area $area (pfn $base) lies in highmem" "HighMem starts at pfn $start_pfn"
echo "# HighMem starts at $(printf 0x%x $((start_pfn * 4096)))"
done_testing
