# reach-direct DEV BITS: DEV's CMA area lies beyond its BITS-bit DMA reach,
# on arm64, where dma-direct serves every request
# (kernel/dma/direct.c: __dma_direct_alloc_pages()): the CMA buffer fails
# dma_coherent_ok() and is given back, and the page allocator serves the
# request within reach (GFP_DMA32/GFP_DMA). So a 1 MiB and a 4 MiB buffer
# lie outside the area, within reach, counted as fallbacks; the area keeps
# none of its pages; 4 MiB + 4 KiB, above the largest buddy block, fails
# with ENOMEM. (32-bit ARM with cmalab's series: ENOMEM for all of them,
# tests/fallback/reach.test.)
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/full.sh
. /usr/lib/cmalab/tests/full.sh

full_setup "$1"
bits=$2
reach=$((1 << bits))

plan 4
used0=$(cat "$dbg/used")
n0=$(attr fallbacks)
hold 2 "$dev" 1M,4M
echo "$held" | sed 's/^/# /'
bad=""
for n in 1 2; do
	line=$(echo "$held" | sed -n "${n}p")
	a=$(($(field "$line" dma))) size=$(field "$line" size)
	[ "$(field "$line" from)" = fallback ] &&
		{ [ $a -ge $end ] || [ $((a + size)) -le $base ]; } &&
		[ $((a + size)) -le $reach ] || bad="$bad [$line]"
done
r=0; [ -z "$bad" ] || r=1
_result $r "$dev: 1 MiB and 4 MiB come from the page allocator, outside $area, within $bits-bit reach" "$bad"
is "$(($(attr fallbacks) - n0)) $(cat "$dbg/used")" "2 $used0" \
	"$dev: counted as 2 fallbacks; $area keeps none of its pages"
kill "$held_pid"
wait "$held_pid" 2>/dev/null
f0=$(attr failures)
out=$(vfimc alloc "$dev" $((4 * 1048576 + 4096)) 2>&1)
case $out in *ENOMEM*) r=0 ;; *) r=1 ;; esac
_result $r "$dev: 4 MiB + 4 KiB, above the largest buddy block, fails with ENOMEM" "$out"
is "$(($(attr failures) - f0)) $(cat "$dbg/used")" "1 $used0" \
	"$dev: counted as a failure; $area still keeps none of its pages"
done_testing
