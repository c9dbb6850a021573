# highmem: 1 GiB of RAM; high-pool is fixed above the lowmem boundary and
# the kernel accepts it as a CMA area in ZONE_HIGHMEM; fimc0 allocates and
# verifies a frame there (through a remapped kernel view). The default
# area from cma=16M is also placed in highmem: on 32-bit ARM the kernel
# tries highmem first when no limit is given.
# fimc0 passes v4l2-compliance -s with its buffers in highmem.
# The checks of board/highmem/ (its readme.txt), run in its guest as test
# boards/highmem (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh high-pool@78000000 $pool fixed:0x78000000 $((pool + def)) &&
	sh $T/highmem-area.sh high-pool@78000000 &&
	sh $T/highmem-area.sh reserved &&
	sh $T/vfimc-frame.sh fimc0 &&
	sh $T/v4l2-compliance.sh
