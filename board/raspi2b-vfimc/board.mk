# raspi2b-vfimc: the Raspberry Pi 2 model B's own tree with a vfimc engine
# on the SoC's bus, on the default area, where the VideoCore-side
# consumers sit
BOARD_MACHINE := raspi2b
BOARD_OVERLAYS := dts/raspi2b-vfimc.dtso
