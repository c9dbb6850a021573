# QEMU's virt machine with a Cortex-A57 (hw/arm/virt.c), the arm64
# target's machine. Its keys and what each means: board/machine/keys (the
# Makefile checks this file against it, and exports each key to the
# scripts as MACHINE_<KEY>).
MACHINES += virt-arm64
virt-arm64.arch := arm64
# qemu-system-<arch> -M ... -cpu ...: with firmware (U-Boot) arm64 would
# get ACPI's GED in place of the PL061 GPIO the device tree describes.
virt-arm64.qemu := virt,acpi=off
virt-arm64.cpu := cortex-a57
# The console: the PL011, with earlycon at its address.
virt-arm64.bootargs := console=ttyAMA0 earlycon=pl011,0x9000000
# RAM: one bank from here, of -m (QEMU's arm_load_dtb() rewrites /memory
# to say so; scripts/dtb.sh does the same).
virt-arm64.ram-base := 0x40000000
virt-arm64.ram-min := 128M
virt-arm64.ram-max := 8G
virt-arm64.ram-why := QEMU virt, arm64, as much as cmalab boots
# The base device tree (QEMU's own, dumped and cleaned) and the firmware.
virt-arm64.dts := dts/qemu-virt-arm64.dts
virt-arm64.uboot := /usr/lib/u-boot/qemu_arm64/u-boot.bin
