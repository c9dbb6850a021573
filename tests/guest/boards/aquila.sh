# aquila (default board): fimc-pool, 32 MiB placed in lowmem by the kernel,
# the default area from cma=16M, and the three FIMC engines on fimc-pool.
# Each engine passes v4l2-compliance -s, the next one its DMABUF exporter.
# The checks of board/aquila/ (its readme.txt), run in its guest as test
# boards/aquila (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh fimc-pool $pool lowmem $((pool + def)) &&
	sh $T/cma-area.sh reserved $def lowmem $((pool + def)) &&
	sh $T/vfimc-bound.sh fimc0 fimc-pool cma fimc1 fimc-pool cma fimc2 fimc-pool cma &&
	sh $T/v4l2-compliance.sh
