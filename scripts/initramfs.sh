#!/bin/sh
# Assemble the guest's initramfs (newc cpio, uncompressed: TCG boots it
# faster than it would decompress it): busybox, guest/ (init, profile),
# our static programs, the guest side of the tests, the kernel's modules,
# and Debian's v4l-utils with its libraries (scripts/v4l-utils.sh). The per-boot part (mode, RUN command, ROOTFS_OVERLAY) is a second
# archive that scripts/run.sh appends.
#
# usage: initramfs.sh OUT.cpio BUSYBOX BINDIR TESTBINDIR MODDIR V4L_UTILS_DIR
set -eu

out=$1 busybox=$2 bindir=$3 testbindir=$4 moddir=$5 v4l=$6
top=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "initramfs: $*" >&2; exit 1; }
[ -x "$busybox" ] || die "$busybox missing"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/sbin" "$stage/usr/bin" "$stage/etc/cmalab" \
	"$stage/proc" "$stage/sys" "$stage/dev" "$stage/tmp" "$stage/root" \
	"$stage/usr/lib/cmalab/tests"
cp "$busybox" "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
cp "$top/guest/init" "$stage/init"
cp "$top/guest/profile" "$stage/etc/profile"
if [ -d "$bindir" ]; then
	find "$bindir" -maxdepth 1 -type f -perm -u+x -exec cp {} "$stage/usr/bin/" \;
fi
cp "$top"/tests/guest/*.sh "$stage/usr/lib/cmalab/tests/"
mkdir -p "$stage/usr/lib/cmalab/tests/boards"
cp "$top"/tests/guest/boards/*.sh "$stage/usr/lib/cmalab/tests/boards/"
if [ -d "$testbindir" ]; then
	find "$testbindir" -maxdepth 1 -type f -perm -u+x \
		-exec cp {} "$stage/usr/lib/cmalab/tests/" \;
fi
[ -x "$v4l/usr/bin/v4l2-compliance" ] || die "$v4l holds no v4l2-compliance"
cp -a "$v4l/." "$stage/"
if [ -d "$moddir/lib/modules" ]; then
	cp -a "$moddir/lib" "$stage/"
fi
mkdir -p "$(dirname "$out")"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
