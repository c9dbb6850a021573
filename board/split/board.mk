# split: one CMA area per engine, placed three ways
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/split.dtso
BOARD_BOOTARGS := bootargs/split.args
