# carveout: no CMA at all (cma=0), two 16 MiB no-map pools the kernel
# never gets to use (absent from System RAM), each engine allocating from
# its pool and nothing larger than it.
# Each engine passes v4l2-compliance -s with buffers from its no-map pool.
# The checks of board/carveout/ (its readme.txt), run in its guest as test
# boards/carveout (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/mem-nomap.sh 0x5a000000 0x1000000 0x5b000000 0x1000000 &&
	sh $T/vfimc-bound.sh fimc0 fimc0-carveout@5a000000 pool fimc1 fimc1-carveout@5b000000 pool &&
	sh $T/vfimc-frame.sh fimc0 fimc1 &&
	sh $T/vfimc-limit.sh fimc0 16M 17M &&
	sh $T/v4l2-compliance.sh
