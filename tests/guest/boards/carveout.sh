# carveout: the board's checks (board/carveout/readme.txt), run in its guest by
# tests/boards/carveout.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/mem-nomap.sh 0x5a000000 0x1000000 0x5b000000 0x1000000 &&
	sh $T/vfimc-bound.sh fimc0 fimc0-carveout@5a000000 pool fimc1 fimc1-carveout@5b000000 pool &&
	sh $T/vfimc-frame.sh fimc0 fimc1 &&
	sh $T/vfimc-limit.sh fimc0 16M 17M &&
	sh $T/v4l2-compliance.sh
