# virt: the board's checks (board/virt/readme.txt), run in its guest by
# tests/boards/virt.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
size=$((64 << 20))
sh $T/cma-area.sh reserved $size lowmem $size &&
	$T/dmaheap reserved reserved
