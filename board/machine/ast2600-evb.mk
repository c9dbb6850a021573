# QEMU's ast2600-evb (hw/arm/aspeed.c): Aspeed's AST2600 evaluation board,
# a BMC SoC with two Cortex-A7s and 1 GiB of RAM at 0x80000000, booted
# with the board's own mainline device tree. Its keys and what each means:
# board/machine/keys (the Makefile checks this file against it, and
# exports each key to the scripts as MACHINE_<KEY>).
MACHINES += ast2600-evb
ast2600-evb.arch := arm
ast2600-evb.qemu := ast2600-evb
# The SoC's own Cortex-A7s (QEMU builds them whatever -cpu says; it
# takes their name).
ast2600-evb.cpu := cortex-a7
ast2600-evb.smp := 2
# The console: UART5 (ttyS4), an 8250 with 32-bit registers.
ast2600-evb.bootargs := console=ttyS4,115200 earlycon=uart8250,mmio32,0x1e784000
# RAM: 1 GiB at 0x80000000 (QEMU's default for the board).
ast2600-evb.ram-base := 0x80000000
ast2600-evb.ram-min := 1G
ast2600-evb.ram-max := 1G
ast2600-evb.ram-why := QEMU ast2600-evb: 1 GiB
# The base device tree: the board's own (scripts/board-dtb.sh).
ast2600-evb.mainline := aspeed/aspeed-ast2600-evb
# No virtio-mmio: the run channel is the console (guest/init).
ast2600-evb.virtio := no
# What every boot here reports: two /cpus nodes for the uniprocessor kernel.
ast2600-evb.dmesg := $(arm.dmesg-cpus)
# No LAVA device type for the physical board: lava-server ships none for
# an Aspeed BMC, so make lava writes the QEMU job alone.
ast2600-evb.lava :=
