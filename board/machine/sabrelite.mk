# QEMU's sabrelite (hw/arm/sabrelite.c): the Boundary Devices SABRE Lite,
# an NXP i.MX6 Quad with four Cortex-A9s and 1 GiB of RAM at 0x10000000,
# booted with the board's own mainline device tree. Its keys and what each
# means: board/machine/keys (the Makefile checks this file against it, and
# exports each key to the scripts as MACHINE_<KEY>).
MACHINES += sabrelite
sabrelite.arch := arm
sabrelite.qemu := sabrelite
# The SoC's own Cortex-A9s (QEMU builds them whatever -cpu says; it
# takes their name).
sabrelite.cpu := cortex-a9
sabrelite.smp := 4
# The console: UART2 (ttymxc1), QEMU's second serial port.
sabrelite.bootargs := console=ttymxc1,115200 earlycon=ec_imx6q,0x021e8000
sabrelite.console-uart := 2
# RAM: 1 GiB at 0x10000000, as the board has.
sabrelite.ram-base := 0x10000000
sabrelite.ram-min := 1G
sabrelite.ram-max := 1G
sabrelite.ram-why := QEMU sabrelite: 1 GiB, as the board has
# The base device tree: the board's own (scripts/board-dtb.sh).
sabrelite.mainline := nxp/imx/imx6q-sabrelite
# No virtio-mmio: the run channel is the console (guest/init).
sabrelite.virtio := no
# What every boot here reports: four /cpus nodes for the uniprocessor kernel.
sabrelite.dmesg := $(arm.dmesg-cpus)
# LAVA's device type of the physical board (lava-server's device-types/):
# make lava writes a job for it beside the QEMU one (scripts/lava-job.sh).
sabrelite.lava := imx6q-sabrelite
