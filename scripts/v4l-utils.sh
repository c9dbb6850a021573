#!/bin/sh
# Debian's v4l-utils for the guest: v4l2-compliance and v4l2-ctl, real V4L2
# clients no one in cmalab wrote, with the shared libraries they load and
# the dynamic loader, as a tree for the initramfs. Each package is fetched
# and checked by deb-fetch.sh; the libraries are the ones the programs'
# DT_NEEDED entries name, followed recursively, nothing more.
#
# usage: v4l-utils.sh DEBARCH DLDIR OUT_DIR
#   DEBARCH: Debian's name of the architecture
# environment: ARCH_CROSS and ARCH_LOADER, the architecture's triplet (its
# cross compiler prefix) and dynamic loader (board/arch/ARCH.mk; the
# Makefile exports them)
set -eu

debarch=$1 dl=$2 out=$3
programs="v4l2-compliance v4l2-ctl"
packages="v4l-utils libv4l-0 libv4lconvert0 libjpeg62-turbo libstdc++6 libgcc-s1 libc6"

die() { echo "v4l-utils: $*" >&2; exit 1; }

triplet=${ARCH_CROSS:?run from make (board/arch/ARCH.mk)}
triplet=${triplet%-}
loader=${ARCH_LOADER:?run from make (board/arch/ARCH.mk)}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/deb-fetch.sh" "$debarch" "$dl" "$packages" "$tmp/root"

rm -rf "$out.tmp"
mkdir -p "$out.tmp/usr/bin" "$out.tmp/lib/$triplet"
libdirs="$tmp/root/lib/$triplet $tmp/root/usr/lib/$triplet"

# The file a soname resolves to, symlinks followed.
find_lib() {
	for d in $libdirs; do
		[ -e "$d/$1" ] && { readlink -f "$d/$1"; return; }
	done
	die "no $1 in $packages"
}

needed() {
	readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
}

# The programs, then each library they need once, under its soname, in
# /lib/<triplet>; what a library needs joins the list.
set --
for prog in $programs; do
	[ -x "$tmp/root/usr/bin/$prog" ] || die "v4l-utils:$debarch holds no usr/bin/$prog"
	cp "$tmp/root/usr/bin/$prog" "$out.tmp/usr/bin/"
	# shellcheck disable=SC2046 # a list of sonames
	set -- "$@" $(needed "$tmp/root/usr/bin/$prog")
done
while [ $# -gt 0 ]; do
	lib=$1
	shift
	[ -e "$out.tmp/lib/$triplet/$lib" ] && continue
	file=$(find_lib "$lib")
	cp "$file" "$out.tmp/lib/$triplet/$lib"
	# shellcheck disable=SC2046 # a list of sonames
	set -- "$@" $(needed "$file")
done
[ -e "$out.tmp/lib/$triplet/$loader" ] || die "$loader not among the libraries"
ln -s "$triplet/$loader" "$out.tmp/lib/$loader"
rm -rf "$out"
mv "$out.tmp" "$out"
