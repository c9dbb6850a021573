#!/bin/sh
# The boot.scr U-Boot's distro boot runs from the boot disk: set the kernel
# command line (cma= included), load the FIT from the same partition and
# boot the board's configuration. FROM=tftp: the script a LAVA lab's
# U-Boot fetches over TFTP (make lava), which fetches the FIT named by
# ${cmalab_fit} from ${serverip} to ${cmalab_fit_addr} (128 MiB into RAM
# when unset) instead.
#
# usage: uboot-script.sh ARCH OUT.scr BOARD BOOTARGS [disk|tftp]
# environment: MACHINE_RAM_BASE (board/machine/MACHINE.mk; the Makefile
# exports it)
set -eu

arch=$1 out=$2 board=$3 bootargs=$4 from=${5:-disk}
case $bootargs in *'"'*) echo "uboot-script: bootargs with a double quote cannot go into a U-Boot script" >&2; exit 1 ;; esac
case $from in
disk) load='load ${devtype} ${devnum}:${distro_bootpart} ${cmalab_fit_addr} cmalab.itb' ;;
tftp) load='tftp ${cmalab_fit_addr} ${cmalab_fit}' ;;
*) echo "uboot-script: FROM=$from: disk or tftp" >&2; exit 1 ;;
esac
# U-Boot leaves the initrd and the DTB inside the FIT unless told to copy
# them (qemu_arm sets *_high to 0xffffffff); in the first 512 MiB of RAM
# (bootm_size) they are in lowmem on every board.
fit_addr=$(printf '0x%x' $((${MACHINE_RAM_BASE:?run from make (board/machine/)} + 0x8000000)))
cat > "${out%.scr}.cmd" <<EOF2
echo "cmalab: booting conf-$board"
setenv bootm_size 0x20000000
setenv fdt_high
setenv initrd_high
setenv bootargs "$bootargs"
test -n "\${cmalab_fit_addr}" || setenv cmalab_fit_addr $fit_addr
$load
bootm \${cmalab_fit_addr}#conf-$board
EOF2
mkimage -A "$arch" -O linux -T script -C none -n "cmalab $board" -d "${out%.scr}.cmd" "$out" \
	>/dev/null || { echo "uboot-script: mkimage failed" >&2; exit 1; }
