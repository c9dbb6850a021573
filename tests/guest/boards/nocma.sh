# nocma: no CMA area at all; the engine is served by the buddy allocator,
# whose largest block is 4 MiB (MAX_ORDER 11, 4 KiB pages): 4 MiB
# allocates, one page more does not.
# fimc0 passes v4l2-compliance -s with buffers from the page allocator.
# The checks of board/nocma/ (its readme.txt), run in its guest as test
# boards/nocma (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/vfimc-bound.sh fimc0 none none &&
	sh $T/vfimc-limit.sh fimc0 4M 4100K &&
	sh $T/v4l2-compliance.sh
