# raspi2b: the Raspberry Pi 2 model B's own mainline tree on QEMU's model
# of the board, its CMA exactly as bcm283x.dtsi declares it
BOARD_MACHINE := raspi2b
BOARD_RAM := 1G
BOARD_OVERLAYS :=
BOARD_BOOTARGS :=
BOARD_ARCHS := arm
BOARD_ARCHS_WHY := QEMU's raspi2b is a 32-bit ARM board (its arm64 sibling is raspi3b)
