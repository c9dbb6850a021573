# ast2600-evb: the board's own mainline tree on QEMU's model of it, its CMA
# exactly as the vendor wrote it
BOARD_MACHINE := ast2600-evb
BOARD_RAM := 1G
BOARD_OVERLAYS :=
BOARD_BOOTARGS :=
BOARD_ARCHS := arm
BOARD_ARCHS_WHY := QEMU's ast2600-evb is a 32-bit ARM board
