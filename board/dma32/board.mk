# dma32: arm64 with RAM above 4 GiB, a region there and engines of 32- and
# 40-bit reach: highmem's analogue on a 64-bit kernel
BOARD_RAM := 4G
BOARD_OVERLAYS := dts/dma32.dtso
BOARD_BOOTARGS := bootargs/dma32.args
BOARD_ARCHS := arm64
BOARD_ARCHS_WHY := 32-bit ARM without LPAE has no RAM above 4 GiB; there its analogue is BOARD=highmem
