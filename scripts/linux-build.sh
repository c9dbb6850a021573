#!/bin/sh
# Build the kernel (zImage and modules) with ccache, showing progress, and
# install the modules where the initramfs picks them up. The full log is
# kept beside the build; on failure its last lines are shown.
#
# usage: linux-build.sh SRCDIR OUTDIR MODDIR
set -eu

src=$1 out=$2
mkdir -p "$3"
mod=$(cd "$3" && pwd)
jobs=${JOBS:-$(nproc)}
log=$out/build.log
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/cmalab/ccache}"
# Paths relative to the checkout, so another clone hits the same cache.
CCACHE_BASEDIR=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR
mkdir -p "$CCACHE_DIR"

# Our own make's flags (-s, its jobserver) are not kbuild's: progress and
# the log need kbuild's normal output.
unset MAKEFLAGS MFLAGS MAKELEVEL
kmake() {
	make -C "$src" O="$out" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
		CC="ccache arm-linux-gnueabihf-gcc" -j"$jobs" "$@"
}

echo "  KERNEL  building zImage and modules in $out (log: $log)"
rcfile=$out/build.rc
{ kmake zImage modules 2>&1; echo $? > "$rcfile"; } | tee "$log" |
	awk '/^  (CC|AS|LD|AR)/ { n++; if (n % 250 == 0) { printf "  KERNEL  %d objects\n", n; fflush() } }'
rc=$(cat "$rcfile")
if [ "$rc" -ne 0 ]; then
	tail -n 30 "$log" | sed 's/^/  | /' >&2
	echo "linux-build: kernel build failed (status $rc), full log: $log" >&2
	exit 1
fi
rm -rf "$mod"
kmake -s modules_install INSTALL_MOD_PATH="$mod" INSTALL_MOD_STRIP=1 >/dev/null
echo "  KERNEL  $(cat "$out/include/config/kernel.release") ready"
