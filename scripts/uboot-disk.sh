#!/bin/sh
# A disk image for U-Boot's distro boot, built without root: an MBR with one
# Linux partition from 1 MiB, holding an ext2 file system made with
# mke2fs -d from the given files (boot.scr and the FIT).
#
# usage: uboot-disk.sh IMG FILE...
set -eu

img=$1
shift
die() { echo "uboot-disk: $*" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/root"
kib=1024
for f in "$@"; do
	[ -r "$f" ] || die "$f is missing"
	cp "$f" "$tmp/root/"
	kib=$((kib + $(du -k "$f" | cut -f1)))
done
kib=$((kib + kib / 4 + 2048))
mke2fs -q -t ext2 -d "$tmp/root" "$tmp/fs.img" "${kib}k" >/dev/null 2>&1 ||
	die "mke2fs could not make the file system"
sectors=$((kib * 2))

# le32 VALUE: four bytes, little endian.
le32() {
	for _s in 0 8 16 24; do
		printf '%b' "\\0$(printf %03o $((($1 >> _s) & 255)))"
	done
}
rm -f "$img"
truncate -s $((1024 * 1024 + kib * 1024)) "$img"
{
	# Partition 1: not bootable, CHS unused, type 0x83, LBA 2048.
	printf '\000\376\377\377\203\376\377\377'
	le32 2048
	le32 "$sectors"
} | dd of="$img" bs=1 seek=446 conv=notrunc 2>/dev/null
printf '\125\252' | dd of="$img" bs=1 seek=510 conv=notrunc 2>/dev/null
dd if="$tmp/fs.img" of="$img" bs=1M seek=1 conv=notrunc 2>/dev/null
