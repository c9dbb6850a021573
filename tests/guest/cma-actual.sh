# cma-actual: what the kernel made of the CMA configuration, one line each,
# for tests/cmacheck/agreement.test to hold against cmacheck's prediction:
#   area NAME BASE SIZE DEFAULT   every CMA area (debugfs), bytes, yes|no:
#                                 the default area is the one the CMA
#                                 dma-buf heap serves (cma_heap.c names
#                                 its heap after dev_get_cma_area(NULL));
#                                 a kernel without heaps: cma='s area, or
#                                 a node that says linux,cma-default
#   live STATUS VERDICT           cmacheck --live on this boot: its exit
#                                 status and its verdict line, then
#   live-diff TEXT                each difference it found
#   bind PATH AREA KIND           every vfimc node: its area (- for none)
#                                 and kind (cma, default-cma, pool, none,
#                                 unbound when no driver bound it,
#                                 disabled when its status says so)
dt=/sys/firmware/devicetree/base
for d in /sys/kernel/debug/cma/*; do
	[ -d "$d" ] || continue
	name=${d##*/}
	dflt=no
	if [ -d /sys/class/dma_heap ]; then
		[ -e "/sys/class/dma_heap/$name" ] && dflt=yes
	elif [ "$name" = reserved ] || [ -e "$dt/reserved-memory/$name/linux,cma-default" ]; then
		dflt=yes
	fi
	echo "area $name $(($(cat "$d/base_pfn") * 4096)) $(($(cat "$d/count") * 4096)) $dflt"
done
# Every node compatible with cmalab,vfimc, bound or not: one grep over
# every compatible file for the candidates (a real board's tree has
# hundreds, and a process per file costs seconds under TCG), then the
# exact string among each candidate's.
find "$dt" -name compatible -exec grep -l -F 'cmalab,vfimc' {} + | while read -r c; do
	tr '\0' '\n' < "$c" | grep -qx 'cmalab,vfimc' || continue
	node=${c%/compatible}
	path=${node#"$dt"}
	st=okay
	[ -e "$node/status" ] && st=$(tr -d '\0' < "$node/status")
	if [ "$st" != okay ] && [ "$st" != ok ]; then
		echo "bind $path - disabled"
		continue
	fi
	dev=""
	for m in /sys/class/misc/vfimc-*; do
		[ -e "$m/device/of_node" ] || continue
		[ "$(readlink -f "$m/device/of_node")" = "$(readlink -f "$node")" ] &&
			dev=$m
	done
	if [ -n "$dev" ]; then
		area=$(cat "$dev/area")
		[ "$area" = none ] && area=-
		echo "bind $path $area $(cat "$dev/area_kind")"
	else
		echo "bind $path - unbound"
	fi
done
# cmacheck on the board itself, from the running kernel's own inputs.
if command -v cmacheck >/dev/null; then
	rc=0
	cmacheck --live --brief >/tmp/live.txt 2>&1 || rc=$?
	echo "live $rc $(grep -m 1 -e '^live:' -e '^cmacheck:' /tmp/live.txt)"
	sed -n '/^live: the kernel disagrees/,$p' /tmp/live.txt | sed -n 's/^  /live-diff /p'
fi
