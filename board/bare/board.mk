# bare: QEMU virt as it is, for your own overlays: nothing added.
BOARD_RAM := 512M
BOARD_OVERLAYS :=
BOARD_BOOTARGS := bootargs/bare.args
