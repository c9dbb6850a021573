# carveout: no-map pools, the pre-CMA baseline
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/carveout.dtso
BOARD_BOOTARGS := bootargs/carveout.args
