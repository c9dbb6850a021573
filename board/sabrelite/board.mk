# sabrelite: the board's own mainline tree on QEMU's model of it, its CMA
# exactly as the vendor wrote it
BOARD_MACHINE := sabrelite
BOARD_RAM := 1G
BOARD_OVERLAYS :=
BOARD_BOOTARGS :=
BOARD_ARCHS := arm
BOARD_ARCHS_WHY := QEMU's sabrelite is a 32-bit ARM board
