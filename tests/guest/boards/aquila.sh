# aquila: the board's checks (board/aquila/readme.txt), run in its guest by
# tests/boards/aquila.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh fimc-pool $pool lowmem $((pool + def)) &&
	sh $T/cma-area.sh reserved $def lowmem $((pool + def)) &&
	sh $T/vfimc-bound.sh fimc0 fimc-pool cma fimc1 fimc-pool cma fimc2 fimc-pool cma &&
	sh $T/v4l2-compliance.sh
