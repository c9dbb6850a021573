# highmem: the board's checks (board/highmem/readme.txt), run in its guest by
# tests/boards/highmem.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
pool=$((32 << 20)) def=$((16 << 20))
sh $T/cma-area.sh high-pool@78000000 $pool fixed:0x78000000 $((pool + def)) &&
	sh $T/highmem-area.sh high-pool@78000000 &&
	sh $T/highmem-area.sh reserved &&
	sh $T/vfimc-frame.sh fimc0 &&
	sh $T/v4l2-compliance.sh
