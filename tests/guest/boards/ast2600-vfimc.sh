# ast2600-vfimc: the AST2600 evaluation board's own mainline tree on QEMU's
# model of it, with a vfimc engine on each of the vendor's two pools, on
# the bus of the engine the vendor bound it to (dts/ast2600-vfimc.dtso):
# the pools are the board's, exactly as on ast2600-evb, each engine is
# bound to its pool and holds a 1080p frame inside it.
# The checks of board/ast2600-vfimc/ (its readme.txt), run in its guest as
# test boards/ast2600-vfimc (tests/lib/board.sh) and by its LAVA job.
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
sh $T/boards/ast2600-evb.sh &&
	sh $T/vfimc-bound.sh fimc-video video cma fimc-gfx framebuffer cma &&
	sh $T/vfimc-frame.sh fimc-video fimc-gfx
