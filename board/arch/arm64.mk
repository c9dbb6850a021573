# arm64: what building and booting for it takes, whatever the machine.
# Read by the Makefile, which exports the target's values to the scripts
# (ARCH_CROSS, ARCH_DEBARCH, ...; Makefile: "The target").
ARCHS += arm64
# The cross compiler's prefix, and its Debian packages.
arm64.cross := aarch64-linux-gnu-
arm64.packages := gcc-aarch64-linux-gnu libc6-dev-arm64-cross
# Debian's name of the architecture (the guest's busybox and v4l-utils)
# and its dynamic loader.
arm64.debarch := arm64
arm64.loader := ld-linux-aarch64.so.1
# The kernel image, and where U-Boot loads it from a FIT, above the RAM
# base: an Image runs where it is loaded, 2 MiB aligned.
arm64.kimage := Image
arm64.kload := 0x200000
arm64.qemu := qemu-system-aarch64
# The machine a board boots unless its board.mk names one (BOARD_MACHINE).
arm64.machine := virt-arm64
