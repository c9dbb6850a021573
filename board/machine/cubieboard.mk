# QEMU's cubieboard (hw/arm/cubieboard.c): the Cubietech Cubieboard, an
# Allwinner A10 with a Cortex-A8 and 1 GiB of RAM at 0x40000000, booted
# with the board's own mainline device tree. Its keys and what each means:
# board/machine/keys (the Makefile checks this file against it, and
# exports each key to the scripts as MACHINE_<KEY>).
MACHINES += cubieboard
cubieboard.arch := arm
cubieboard.qemu := cubieboard
# The SoC's own Cortex-A8 (QEMU builds it whatever -cpu says; it takes
# its name).
cubieboard.cpu := cortex-a8
# The console: UART0, a DesignWare 8250 with 32-bit registers.
cubieboard.bootargs := console=ttyS0,115200 earlycon=uart8250,mmio32,0x1c28000
# RAM: 1 GiB at 0x40000000, as the board has; /memory is all of it.
cubieboard.ram-base := 0x40000000
cubieboard.ram-min := 1G
cubieboard.ram-max := 1G
cubieboard.ram-why := QEMU cubieboard: 1 GiB, as the board has
# The base device tree: the board's own, built from the target's
# linux-source by the kernel's rule (scripts/board-dtb.sh).
cubieboard.mainline := allwinner/sun4i-a10-cubieboard
# No virtio-mmio: the run channel is the console (guest/init).
cubieboard.virtio := no
# LAVA's device type of a physical board (lava-server's device-types/):
# make lava writes a job for it beside the QEMU one (scripts/lava-job.sh).
# lava-server has no Cubieboard; its A10 board is Olimex's OLinuXino
# Lime, whose own tree the job carries: the same sun4i-a10.dtsi pool.
cubieboard.lava := sun4i-a10-olinuxino-lime
cubieboard.lava-dts := allwinner/sun4i-a10-olinuxino-lime
