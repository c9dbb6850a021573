# dma32 (arm64): 4 GiB of RAM, high-pool fixed at 4.5 GiB, the default area
# from cma=16M placed below 4 GiB (arm64_dma_phys_limit, the end of the
# DMA zone: arch/arm64/mm/init.c: zone_sizes_init()), though 1 GiB of RAM
# lies above it. fimc1 (40-bit reach) holds a 1080p frame in high-pool;
# fimc0 (32-bit) cannot reach its own area and is served by the page
# allocator within 32 bits (tests/guest/reach-direct.sh).
# Each engine passes v4l2-compliance -s, fimc0 (32-bit) exporting to
# itself and to fimc1: fimc1's buffers above 4 GiB are beyond its reach.
# The checks of board/dma32/ (its readme.txt), run in its guest as test
# boards/dma32 (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh high-pool@120000000 $pool fixed:0x120000000 $((pool + def)) &&
	sh $T/cma-area.sh reserved $def window:ram-0x100000000 $((pool + def)) &&
	sh $T/vfimc-bound.sh fimc0 high-pool@120000000 cma fimc1 high-pool@120000000 cma &&
	sh $T/vfimc-frame.sh fimc1 &&
	sh $T/reach-direct.sh fimc0 32 &&
	sh $T/v4l2-compliance.sh fimc0:fimc0 fimc1:fimc0
