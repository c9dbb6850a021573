# QEMU's raspi3b (hw/arm/raspi.c): the Raspberry Pi 3 model B, a BCM2837
# with four Cortex-A53 cores and 1 GiB of RAM at 0x0, booted with the
# board's own mainline device tree by the arm64 kernel. Its keys and what
# each means: board/machine/keys (the Makefile checks this file against
# it, and exports each key to the scripts as MACHINE_<KEY>).
MACHINES += raspi3b
raspi3b.arch := arm64
raspi3b.qemu := raspi3b
# The SoC's own four Cortex-A53s (as raspi2b's: -cpu names them), which
# the kernel brings up through the tree's spin-table (QEMU's loader
# writes the stub).
raspi3b.cpu := cortex-a53
raspi3b.smp := 4
# The console: the PL011 (UART0), QEMU's first serial port. The tree's
# stdout-path names the mini UART (serial1), which the board's firmware
# routes to the header pins; uart0's Bluetooth child needs serdev, which
# the kernel does not have, so the PL011 is a plain tty here.
raspi3b.bootargs := console=ttyAMA0 earlycon=pl011,0x3f201000
# RAM: as raspi2b's (board/machine/raspi2b.mk), 1 GiB at 0x0 less the
# VideoCore's top 64 MiB.
raspi3b.ram-base := 0x0
raspi3b.ram-min := 1G
raspi3b.ram-max := 1G
raspi3b.ram-why := QEMU raspi3b: 1 GiB, as the board has
raspi3b.ram-firmware := 64M
# The base device tree: the board's own (arch/arm64's file includes the
# 32-bit ARM one), built from the target's linux-source.
raspi3b.mainline := broadcom/bcm2837-rpi-3-b
# No virtio-mmio: the run channel is the console (guest/init).
raspi3b.virtio := no
# LAVA's device type of the physical board (lava-server's device-types/):
# make lava writes a job for it beside the QEMU one (scripts/lava-job.sh).
raspi3b.lava := bcm2837-rpi-3-b
