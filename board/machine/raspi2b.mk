# QEMU's raspi2b (hw/arm/raspi.c): the Raspberry Pi 2 model B, a BCM2836
# with four Cortex-A7 cores and 1 GiB of RAM at 0x0, booted with the
# board's own mainline device tree. Its keys and what each means:
# board/machine/keys (the Makefile checks this file against it, and
# exports each key to the scripts as MACHINE_<KEY>).
MACHINES += raspi2b
raspi2b.arch := arm
raspi2b.qemu := raspi2b
# The SoC's own four Cortex-A7s (QEMU builds them whatever -cpu says; it
# takes their name), all of them: the uniprocessor kernel runs on the first.
raspi2b.cpu := cortex-a7
raspi2b.smp := 4
# The console: the PL011 (UART0) at its bus address' ARM alias.
raspi2b.bootargs := console=ttyAMA0 earlycon=pl011,0x3f201000
# RAM: 1 GiB at 0x0, fixed by the machine, of which QEMU keeps the top
# 64 MiB for the VideoCore (hw/arm/raspi.c: vcram-size) and writes /memory
# for the rest, [0, 960 MiB) (scripts/dtb.sh does the same).
raspi2b.ram-base := 0x0
raspi2b.ram-min := 1G
raspi2b.ram-max := 1G
raspi2b.ram-why := QEMU raspi2b: 1 GiB, as the board has
raspi2b.ram-firmware := 64M
# The base device tree: the board's own, built from the target's
# linux-source by the kernel's rule (scripts/board-dtb.sh).
raspi2b.mainline := broadcom/bcm2836-rpi-2-b
# No virtio-mmio: the run channel is the console (guest/init).
raspi2b.virtio := no
# What every boot here reports: four /cpus nodes for the uniprocessor kernel.
raspi2b.dmesg := $(arm.dmesg-cpus)
# LAVA's device type of the physical board (lava-server's device-types/):
# make lava writes a job for it beside the QEMU one (scripts/lava-job.sh).
raspi2b.lava := bcm2836-rpi-2-b
