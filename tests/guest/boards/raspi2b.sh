# raspi2b: the Raspberry Pi 2 model B's own mainline tree on QEMU's model
# of the board (board/machine/raspi2b.mk). Its default CMA area is
# bcm283x.dtsi's linux,cma node, exactly as the vendor wrote it: the size
# is read from the node the kernel booted with, and the area, placed by
# the kernel, lies in RAM (highmem first: no alloc-ranges).
# The checks of board/raspi2b/ (its readme.txt), run in its guest as test
# boards/raspi2b (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
size=$((0x$(od -An -v -tx1 /proc/device-tree/reserved-memory/linux,cma/size | tr -d ' \n')))
sh $T/cma-area.sh linux,cma $size ram $size
