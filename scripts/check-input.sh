#!/bin/sh
# Check the user's make variables before anything is built or booted.
# Prints one line naming the input and the rule, and fails, on the first
# bad one.
#
# usage: check-input.sh ARCH BOARD CMA RAM OVERLAYS ROOTFS_OVERLAY
#   ARCH: arm or arm64
set -u
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

arch=$1 board=$2 cma=$3 ram=$4 overlays=$5 rootfs_overlay=$6
top=$(cd "$(dirname "$0")/.." && pwd)

bad() { echo "$*"; exit 2; }

if [ ! -f "$top/board/$board/board.mk" ]; then
	boards=$(cd "$top/board" && for b in */board.mk; do printf '%s ' "${b%/board.mk}"; done)
	bad "BOARD=$board: no such board (boards: ${boards% })"
fi
archs=$(sed -n 's/^BOARD_ARCHS := //p' "$top/board/$board/board.mk")
case " ${archs:-$arch} " in
*" $arch "*) ;;
*) bad "BOARD=$board: a board for ARCH=$archs only: $(sed -n 's/^BOARD_ARCHS_WHY := //p' "$top/board/$board/board.mk")" ;;
esac
if [ -n "$cma" ]; then
	why=$(cma_check "$cma" 2>&1) ||
		bad "CMA=$cma: $why; the form is size[@base[-limit]], e.g. 64M, 32M@0x50000000, 16M@0x44000000-0x4c000000"
fi
bytes=$(size_bytes "$ram") || bad "RAM=$ram: not a size; use e.g. 512M or 1G"
if [ "$arch" = arm ]; then
	max=$((3 << 30)) why="QEMU virt, 32-bit ARM without LPAE"
else
	max=$((8 << 30)) why="QEMU virt, arm64, as much as cmalab boots"
fi
if [ "$bytes" -lt $((128 << 20)) ] || [ "$bytes" -gt "$max" ] ||
	[ $((bytes % (1 << 20))) -ne 0 ]; then
	bad "RAM=$ram: must be a whole number of MiB from 128M to $((max >> 30))G ($why)"
fi
for o in $overlays; do
	[ -f "$o" ] || bad "OVERLAYS: $o: no such file"
	case $o in *.dtso|*.dts) ;; *) bad "OVERLAYS: $o: an overlay is a .dtso source" ;; esac
done
if [ -n "$rootfs_overlay" ] && [ ! -d "$rootfs_overlay" ]; then
	bad "ROOTFS_OVERLAY=$rootfs_overlay: not a directory"
fi
exit 0
