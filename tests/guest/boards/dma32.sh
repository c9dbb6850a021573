# dma32: the board's checks (board/dma32/readme.txt), run in its guest by
# tests/boards/dma32.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh high-pool@120000000 $pool fixed:0x120000000 $((pool + def)) &&
	sh $T/cma-area.sh reserved $def window:0x40000000-0x100000000 $((pool + def)) &&
	sh $T/vfimc-bound.sh fimc0 high-pool@120000000 cma fimc1 high-pool@120000000 cma &&
	sh $T/vfimc-frame.sh fimc1 &&
	sh $T/reach-direct.sh fimc0 32 &&
	sh $T/v4l2-compliance.sh fimc0:fimc0 fimc1:fimc0
