# dt-default: the default area from a linux,cma-default node
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/dt-default.dtso
BOARD_BOOTARGS := bootargs/dt-default.args
