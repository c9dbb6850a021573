#!/bin/sh
# Build the kernel (zImage on arm, Image on arm64, and modules) with
# ccache, showing progress, and install the modules where the initramfs
# picks them up. The full log is kept beside the build; on failure its last
# lines are shown.
#
# usage: linux-build.sh ARCH SRCDIR OUTDIR MODDIR
# environment: ARCH_CROSS and ARCH_KIMAGE, the architecture's cross
# compiler prefix and kernel image (board/arch/ARCH.mk; the Makefile
# exports them)
set -eu

arch=$1 src=$2 out=$3
cross=${ARCH_CROSS:?the cross compiler prefix: run from make (board/arch/$arch.mk)}
image=${ARCH_KIMAGE:?the kernel image: run from make (board/arch/$arch.mk)}
mkdir -p "$4"
mod=$(cd "$4" && pwd)
jobs=${JOBS:-$(nproc)}
log=$out/build.log
# ccache for every object but those built around a binary, with its
# settings (scripts/kcc.sh).
kcc=$(cd "$(dirname "$0")/.." && pwd)/scripts/kcc.sh

# 6.1's kbuild runs scripts/check-local-export (nm and awk, in a shell)
# after every object; from 6.2 on modpost checks the same once. It is a
# third of a warm 6.1 build's CPU time (mm/ with ccache's hits: 17.4 CPU
# seconds with it, 10.8 without), so the kernel builds leave it out;
# tests/static/patches.test's W=1 build of every object the patches
# change still runs it there.
no_export_check=
[ ! -e "$src/scripts/check-local-export" ] || no_export_check=cmd_check_local_export=:

# Our own make's flags (-s, its jobserver) are not kbuild's: progress and
# the log need kbuild's normal output.
unset MAKEFLAGS MFLAGS MAKELEVEL
kmake() {
	# shellcheck disable=SC2086 # no_export_check: one word or none
	make -C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" \
		CC="$kcc ${cross}gcc" -j"$jobs" $no_export_check "$@"
}

echo "  KERNEL  building $image and modules in $out (log: $log)"
rcfile=$out/build.rc
{ rc=0; kmake "$image" modules 2>&1 || rc=$?; echo "$rc" > "$rcfile"; } | tee "$log" |
	awk '/^  (CC|AS|LD|AR)/ { n++; if (n % 250 == 0) { printf "  KERNEL  %d objects\n", n; fflush() } }'
rc=$(cat "$rcfile")
if [ "$rc" -ne 0 ]; then
	tail -n 30 "$log" | sed 's/^/  | /' >&2
	echo "linux-build: kernel build failed (status $rc), full log: $log" >&2
	exit 1
fi
# The zImage must carry the kernel just built (see kcc.sh).
if [ "$arch" = arm ]; then
	c=$out/arch/arm/boot/compressed
	"${cross}objcopy" -O binary -j .piggydata "$c/piggy.o" "$c/piggy.check"
	cmp -s "$c/piggy.check" "$c/piggy_data" || {
		echo "linux-build: $c/piggy.o does not hold the kernel just built (piggy_data): a stale object" >&2
		exit 1
	}
	rm -f "$c/piggy.check"
fi
rm -rf "$mod"
kmake -s modules_install INSTALL_MOD_PATH="$mod" INSTALL_MOD_STRIP=1 >/dev/null
echo "  KERNEL  $(cat "$out/include/config/kernel.release") ready"
