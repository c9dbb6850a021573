# nocma: no CMA area at all, the buddy allocator baseline
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/nocma.dtso
BOARD_BOOTARGS := bootargs/nocma.args
