# cubieboard: the Cubieboard's own mainline tree on QEMU's model of the
# board (board/machine/cubieboard.mk). Its default CMA area is the A10's
# default-pool exactly as sun4i-a10.dtsi declares it: the size is read from
# the node the kernel booted with, and the area lies inside the node's
# alloc-ranges, the first 256 MiB of RAM ("must be kept in the lower
# 256 MiB of DRAM for VE").
# The checks of board/cubieboard/ (its readme.txt), run in its guest as
# test boards/cubieboard (tests/lib/board.sh).
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
size=$((0x$(od -An -v -tx1 /proc/device-tree/reserved-memory/default-pool/size | tr -d ' \n')))
sh $T/cma-area.sh default-pool $size alloc-ranges $size
