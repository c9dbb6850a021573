# split: the board's checks (board/split/readme.txt), run in its guest by
# tests/boards/split.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
mb16=$((16 << 20)) total=$((64 << 20))
sh $T/cma-area.sh low-pool $mb16 window:0x40000000-0x50000000 $total &&
	sh $T/cma-area.sh fixed-pool@58000000 $mb16 fixed:0x58000000 $total &&
	sh $T/cma-area.sh placed-pool $mb16 lowmem $total &&
	sh $T/vfimc-bound.sh fimc0 low-pool cma fimc1 fixed-pool@58000000 cma \
		fimc2 placed-pool cma &&
	sh $T/vfimc-frame.sh fimc0 fimc1 fimc2 &&
	sh $T/v4l2-compliance.sh
