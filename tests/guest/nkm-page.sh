# nkm-page DEV: DEV uses the default area (no memory-region). A one-page
# buffer without a kernel mapping comes from the page allocator - dma-direct
# never asks the default area for a single page (dma_alloc_contiguous()) -
# and that is its rule, not a fallback: vfimc does not count it as one.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

dev=$1
d=/sys/class/misc/vfimc-$dev
plan 2
n0=$(cat "$d/fallbacks")
out=$(vfimc alloc "$dev" 4K --no-kernel-mapping 2>&1)
echo "# $out"
case $out in *" inside=no from=pages "*) r=0 ;; *) r=1 ;; esac
_result $r "$dev: a one-page no-kernel-mapping buffer comes from the page allocator" "$out"
is "$(($(cat "$d/fallbacks") - n0))" 0 "$dev: it is not counted as a fallback"
done_testing
