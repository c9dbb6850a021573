# dt-default: the board's checks (board/dt-default/readme.txt), run in its guest by
# tests/boards/dt-default.test and by its LAVA job (make lava).
T=/usr/lib/cmalab/tests
size=$((64 << 20))
sh $T/cma-area.sh linux,cma $size window:0x40000000-0x50000000 $size
