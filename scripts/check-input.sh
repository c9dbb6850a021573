#!/bin/sh
# Check the user's make variables before anything is built or booted.
# Prints one line naming the input and the rule, and fails, on the first
# bad one.
#
# usage: check-input.sh ARCH BOARD CMA RAM|- OVERLAYS ROOTFS_OVERLAY
# environment (from the Makefile, which read them once): BOARD_ARCHS and
# BOARD_ARCHS_WHY (board/BOARD/board.mk), MACHINE and MACHINE_RAM_MIN,
# MACHINE_RAM_MAX, MACHINE_RAM_WHY (board/machine/MACHINE.mk)
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
archs=${BOARD_ARCHS:-}
case " ${archs:-$arch} " in
*" $arch "*) ;;
*) bad "BOARD=$board: a board for ARCH=$archs only: ${BOARD_ARCHS_WHY:-}" ;;
esac
if [ -n "$cma" ]; then
	why=$(cma_check "$cma" 2>&1) ||
		bad "CMA=$cma: $why; the form is size[@base[-limit]], e.g. 64M, 32M@0x50000000, 16M@0x44000000-0x4c000000"
fi
# RAM "-": make check on a board's own tree (DTS=, DTB=), whose RAM is
# its /memory, or a RAM= that cmacheck judges against the kernel.
if [ "$ram" != - ]; then
	bytes=$(size_bytes "$ram") || bad "RAM=$ram: not a size; use e.g. 512M or 1G"
	min=$(size_bytes "${MACHINE_RAM_MIN:?}") max=$(size_bytes "${MACHINE_RAM_MAX:?}")
	if [ "$bytes" -lt "$min" ] || [ "$bytes" -gt "$max" ] ||
		[ $((bytes % (1 << 20))) -ne 0 ]; then
		bad "RAM=$ram: must be a whole number of MiB from $MACHINE_RAM_MIN to $MACHINE_RAM_MAX (${MACHINE_RAM_WHY:-$MACHINE})"
	fi
fi
for o in $overlays; do
	[ -f "$o" ] || bad "OVERLAYS: $o: no such file"
	case $o in *.dtso|*.dts) ;; *) bad "OVERLAYS: $o: an overlay is a .dtso source" ;; esac
done
if [ -n "$rootfs_overlay" ] && [ ! -d "$rootfs_overlay" ]; then
	bad "ROOTFS_OVERLAY=$rootfs_overlay: not a directory"
fi
exit 0
