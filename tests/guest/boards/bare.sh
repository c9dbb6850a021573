# bare: nothing added to QEMU virt: no cma= on the command line, no CMA
# area, no vfimc device.
# The checks of board/bare/ (its readme.txt), run in its guest as test
# boards/bare (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh &&
	sh $T/cmdline-cma.sh
