# virt: no per-device region, the default area from cma=64M, which is
# also the dma-buf heap /dev/dma_heap/reserved.
# The checks of board/virt/ (its readme.txt), run in its guest as test
# boards/virt (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
size=$((64 << 20))
sh $T/cma-area.sh reserved $size lowmem $size &&
	$T/dmaheap reserved reserved
