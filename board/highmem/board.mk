# highmem: 1 GiB, a region above the lowmem boundary
BOARD_RAM := 1G
BOARD_OVERLAYS := dts/highmem.dtso
BOARD_BOOTARGS := bootargs/highmem.args
