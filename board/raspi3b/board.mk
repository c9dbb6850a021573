# raspi3b: the Raspberry Pi 3 model B's own mainline tree on QEMU's model
# of the board, its CMA exactly as bcm283x.dtsi declares it
BOARD_MACHINE := raspi3b
