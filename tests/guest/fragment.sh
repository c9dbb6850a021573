# fragment DEV: interleaved allocation and freeing leaves holes, and the
# area's debugfs maxchunk predicts which next allocation succeeds.
# DEV's area must be empty at the start and a whole number of MiB.
# Every MiB of the area is held by its own process; killing every other
# one leaves half the area free in 1 MiB holes.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

dev=$1
area=$(cat "/sys/class/misc/vfimc-$dev/area")
d=/sys/kernel/debug/cma/$area
n=$(($(cat "$d/count") / 256))

plan 6
i=0
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	hold 1 "$dev" 1M
	eval "pid$i=$held_pid"
done
is "$(cat "$d/maxchunk")" 0 "$n holders of 1 MiB fill the area: maxchunk 0"
i=1
while [ $i -le "$n" ]; do
	eval "kill \$pid$i; wait \$pid$i 2>/dev/null"
	i=$((i + 2))
done
used=$(cat "$d/used") mc=$(cat "$d/maxchunk")
echo "# after freeing every other MiB: used $used pages, maxchunk $mc pages"
is "$used" $((n * 128)) "half the area is free again"
is "$mc" 256 "maxchunk says the largest hole is 1 MiB"
# The area cannot serve maxchunk + 1 pages; dma-mapping's fallback (32-bit
# ARM: patch 0007, with arm_cma_fallback=1; arm64: dma-direct's own) then
# serves them from the page allocator, outside the area.
out=$(vfimc alloc "$dev" $(((mc + 1) * 4096)) 2>&1)
echo "# $out"
case $out in *" from=fallback "*) r=0 ;; *) r=1 ;; esac
_result $r "as predicted, the area cannot serve maxchunk + 1 pages (with $((n / 2)) MiB free): the fallback does" "$out"
out=$(vfimc alloc "$dev" $((mc * 4096)) 2>&1)
echo "# $out"
case $out in *" from=area "*) r=0 ;; *) r=1 ;; esac
_result $r "as predicted, the area serves maxchunk pages" "$out"
i=2
while [ $i -le "$n" ]; do
	eval "kill \$pid$i; wait \$pid$i 2>/dev/null"
	i=$((i + 2))
done
is "$(cat "$d/maxchunk")" $((n * 256)) "all freed: maxchunk is the whole area again"
done_testing
