# sabrelite: the board's own mainline tree on QEMU's model of it, its CMA
# exactly as the vendor wrote it
BOARD_MACHINE := sabrelite
