# fallback: small per-engine areas that run out, and what the DMA API does then
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/fallback.dtso
BOARD_BOOTARGS := bootargs/fallback.args
