# raspi3b: the Raspberry Pi 3 model B's own mainline tree on QEMU's model
# of the board (board/machine/raspi3b.mk). Its default CMA area is
# bcm283x.dtsi's linux,cma node, as on the Pi 2: raspi2b's checks.
# The checks of board/raspi3b/ (its readme.txt), run in its guest as test
# boards/raspi3b (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: arm64-*
# flavour: default
# timeout: 600
sh /usr/lib/cmalab/tests/boards/raspi2b.sh
