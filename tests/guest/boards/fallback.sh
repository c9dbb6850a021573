# fallback: the board's checks (board/fallback/readme.txt), run in its guest by
# tests/boards/fallback.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
mb=$((1 << 20))
sh $T/cma-area.sh small-pool $((8 * mb)) lowmem $((28 * mb)) &&
	sh $T/cma-area.sh window-pool@44000000 $((4 * mb)) fixed:0x44000000 $((28 * mb)) &&
	sh $T/cma-area.sh reserved $((16 * mb)) lowmem $((28 * mb)) &&
	sh $T/vfimc-bound.sh fimc0 small-pool cma fimc1@0 window-pool@44000000 cma \
		fimc2 reserved default-cma &&
	sh $T/vfimc-frame.sh fimc0 fimc2 &&
	sh $T/v4l2-compliance.sh fimc0:fimc2 fimc1@0:- fimc2:fimc0
