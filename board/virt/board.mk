# virt: plain QEMU virt, the default area from cma= only
BOARD_RAM := 512M
BOARD_OVERLAYS :=
BOARD_BOOTARGS := bootargs/virt.args
