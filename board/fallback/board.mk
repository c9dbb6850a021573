# fallback: small per-engine areas that run out, and what the DMA API does then
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/fallback.dtso
# arm_cma_fallback=1 is patch 0007's, ARM dma-mapping's: on arm64,
# dma-direct falls back to the page allocator by itself.
BOARD_BOOTARGS := bootargs/fallback.args $(if $(filter arm,$(ARCH)),bootargs/arm/fallback.args)
