# fallback: small-pool is placed by the kernel in lowmem, window-pool is
# fixed at 0x44000000, the default area comes from cma=16M; fimc0 and
# fimc1 (on a bus of its own) are bound to their pools, fimc2 to the
# default area, and each holds a 1080p frame from it.
# Each engine passes v4l2-compliance -s; fimc1@0's DMABUF test is left
# out: no other engine's memory is within its reach, and its 4 MiB window
# cannot hold an exporter's buffers and its own.
# The checks of board/fallback/ (its readme.txt), run in its guest as test
# boards/fallback (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
mb=$((1 << 20))
sh $T/cma-area.sh small-pool $((8 * mb)) lowmem $((28 * mb)) &&
	sh $T/cma-area.sh window-pool@44000000 $((4 * mb)) fixed:0x44000000 $((28 * mb)) &&
	sh $T/cma-area.sh reserved $((16 * mb)) lowmem $((28 * mb)) &&
	sh $T/vfimc-bound.sh fimc0 small-pool cma fimc1@0 window-pool@44000000 cma \
		fimc2 reserved default-cma &&
	sh $T/vfimc-frame.sh fimc0 fimc2 &&
	sh $T/v4l2-compliance.sh fimc0:fimc2 fimc1@0:- fimc2:fimc0
