# fallback DEV BITS: DEV's CMA area is full; ARM dma-mapping's fallback
# (patch 0007, arm_cma_fallback=1) serves buffers of up to 4 MiB from the page allocator,
# outside the area and within DEV's BITS-bit DMA reach, and vfimc counts
# them; a buffer above the page allocator's largest block (4 MiB) still
# fails with ENOMEM. Freed in two orders, each buffer goes back where it
# came from: the area's used pages, CmaFree, vfimc's fallback_buffers and
# MemFree return to their starting values.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/full.sh
. /usr/lib/cmalab/tests/full.sh

dev=$1 bits=$2
full_setup "$dev"
reach=$((1 << bits))
sizes="65536 1048576 4194304"

free_fallback() {
	kill "$fb_pid"
	wait "$fb_pid" 2>/dev/null
}

plan 18
full_start
for order in area-first fallback-first; do
	full_fill
	n0=$(attr fallbacks)
	hold 3 "$dev" 64K,1M,4M
	fb_pid=$held_pid
	echo "$held" | sed 's/^/# /'
	bad="" far="" n=0
	for want in $sizes; do
		n=$((n + 1))
		line=$(echo "$held" | sed -n "${n}p")
		a=$(($(field "$line" dma))) size=$(field "$line" size)
		[ "$(field "$line" from)" = fallback ] && [ "$size" = "$want" ] &&
			{ [ $a -ge $end ] || [ $((a + size)) -le $base ]; } || bad="$bad [$line]"
		[ $((a + size)) -le $reach ] || far="$far [$line]"
	done
	r=0; [ -z "$bad" ] || r=1
	_result $r "$order: with the area full, 64K, 1M and 4M come from the fallback, outside the area" "$bad"
	r=0; [ -z "$far" ] || r=1
	_result $r "$order: each lies within the $bits-bit DMA reach" "$far"
	is "$(attr fallback_buffers) $(($(attr fallbacks) - n0))" "3 3" \
		"$order: vfimc counts them: 3 live fallback buffers, 3 fallbacks"
	is "$(cat "$dbg/used")" "$count" "$order: the fallback took nothing from the area"
	if [ "$order" = area-first ]; then
		f0=$(attr failures) n0=$(attr fallbacks)
		out=$(vfimc alloc "$dev" $((4 * 1048576 + 4096)) 2>&1)
		case $out in *ENOMEM*) r=0 ;; *) r=1 ;; esac
		_result $r "4 MiB + 4 KiB, above the page allocator's largest block, fails with ENOMEM" "$out"
		is "$(($(attr failures) - f0)) $(($(attr fallbacks) - n0))" "1 0" \
			"it counts as a failure, not a fallback"
		full_free
		is "$(cat "$dbg/used") $(attr fallback_buffers)" "$used0 3" \
			"$order: the area's buffers freed to the area; 3 fallback buffers still live"
		free_fallback
	else
		free_fallback
		is "$(cat "$dbg/used") $(attr fallback_buffers)" "$count 0" \
			"$order: fallback buffers freed; the area is still full"
		full_free
	fi
	is "$(cat "$dbg/used") $(attr fallback_buffers)" "$used0 0" \
		"$order: all freed: the area and the fallback are empty"
done
full_end
done_testing
