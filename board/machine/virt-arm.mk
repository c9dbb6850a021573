# QEMU's virt machine with a Cortex-A15 (hw/arm/virt.c), the 32-bit
# target's machine. Its keys and what each means: board/machine/keys (the
# Makefile checks this file against it, and exports each key to the
# scripts as MACHINE_<KEY>).
MACHINES += virt-arm
virt-arm.arch := arm
# qemu-system-<arch> -M ... -cpu ...
virt-arm.qemu := virt
virt-arm.cpu := cortex-a15
# The console: the PL011, with earlycon at its address (some DT mistakes
# hang the kernel before the console driver comes up).
virt-arm.bootargs := console=ttyAMA0 earlycon=pl011,0x9000000
# RAM: one bank from here, of -m (QEMU's arm_load_dtb() rewrites /memory
# to say so; scripts/dtb.sh does the same). Without LPAE 32-bit ARM
# addresses 4 GiB: 3 GiB above the base.
virt-arm.ram-base := 0x40000000
virt-arm.ram-min := 128M
virt-arm.ram-max := 3G
virt-arm.ram-why := QEMU virt, 32-bit ARM without LPAE
# The base device tree (QEMU's own, dumped and cleaned) and the firmware.
virt-arm.dts := dts/qemu-virt-arm.dts
virt-arm.uboot := /usr/lib/u-boot/qemu_arm/u-boot.bin
