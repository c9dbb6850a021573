# nocma: the board's checks (board/nocma/readme.txt), run in its guest by
# tests/boards/nocma.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/vfimc-bound.sh fimc0 none none &&
	sh $T/vfimc-limit.sh fimc0 4M 4100K &&
	sh $T/v4l2-compliance.sh
