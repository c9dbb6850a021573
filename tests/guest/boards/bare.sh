# bare: the board's checks (board/bare/readme.txt), run in its guest by
# tests/boards/bare.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/cmdline-cma.sh
