# dt-default: the default area comes from the linux,cma-default node,
# 64 MiB inside its alloc-ranges (the first 256 MiB of RAM).
# The checks of board/dt-default/ (its readme.txt), run in its guest as test
# boards/dt-default (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
size=$((64 << 20))
sh $T/cma-area.sh linux,cma $size alloc-ranges $size
