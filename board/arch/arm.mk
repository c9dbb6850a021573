# 32-bit ARM: what building and booting for it takes, whatever the machine.
# Read by the Makefile, which exports the target's values to the scripts
# (ARCH_CROSS, ARCH_DEBARCH, ...; Makefile: "The target").
ARCHS += arm
# The cross compiler's prefix, and its Debian packages.
arm.cross := arm-linux-gnueabihf-
# (lz4: the zImage's compression, board/common/linux/arm/boot.config)
arm.packages := gcc-arm-linux-gnueabihf libc6-dev-armhf-cross lz4
# Debian's name of the architecture (the guest's busybox and v4l-utils)
# and its dynamic loader.
arm.debarch := armhf
arm.loader := ld-linux-armhf.so.3
# The kernel image, and where U-Boot loads it from a FIT, above the RAM
# base: a zImage runs from anywhere; 32 MiB in keeps it off the FIT.
arm.kimage := zImage
arm.kload := 0x2000000
arm.qemu := qemu-system-arm
# The machine a board boots unless its board.mk names one (BOARD_MACHINE).
arm.machine := virt-arm
# What the uniprocessor kernel reports on a board whose tree lists more
# CPUs (arch/arm/kernel/devtree.c WARNs "DT /cpu N nodes greater than max
# cores 1, capping them"): a real board's machine (board/machine/) names
# it as what every boot there reports, for the tests' dmesg gate (another
# report has its own WARNING or BUG line, which still fails the gate).
arm.dmesg-cpus := cut here|Call trace:|WARNING: CPU: 0 PID: 0 at arch/arm/kernel/devtree.c:[0-9]+ arm_dt_init_cpu_maps
