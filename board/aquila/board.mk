# aquila: the seed's layout (default board)
BOARD_RAM := 512M
BOARD_OVERLAYS := dts/aquila.dtso
BOARD_BOOTARGS := bootargs/aquila.args
