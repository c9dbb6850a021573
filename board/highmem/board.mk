# highmem: 1 GiB, a region above the lowmem boundary
BOARD_RAM := 1G
BOARD_OVERLAYS := dts/highmem.dtso
BOARD_BOOTARGS := bootargs/highmem.args
# Highmem exists only on 32-bit ARM; arm64 maps all RAM. Its analogue there,
# RAM above 4 GiB and an engine with 32-bit reach, is board dma32.
BOARD_ARCHS := arm
BOARD_ARCHS_WHY := highmem exists only on 32-bit ARM (arm64 maps all of RAM); on arm64 its analogue is BOARD=dma32
