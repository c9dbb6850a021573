#!/bin/sh
# fio for the guest, an outside judge of the page cache: Debian's own fio
# source (scripts/deb-source.sh: the version bookworm's fio package is
# built from, with Debian's patches), cross-compiled static with none of
# the optional libraries Debian's binary links (ceph, glusterfs, RDMA,
# NBD, NUMA: about 50 MiB of shared libraries a guest has no use for),
# and without SysV shared memory, which cmalab's kernels leave out (fio
# then runs its jobs as threads), as a tree for the guest's root: usr/bin/fio. Its --verify= checks every
# block it reads back against a checksum and a header naming the block's
# offset and the seed that wrote it, so stale data fails it.
#
# usage: fio.sh DLDIR OUT_DIR
# environment: ARCH_CROSS, the architecture's cross compiler prefix
# (board/arch/ARCH.mk; the Makefile exports it)
set -eu

dl=$1 out=$2
case $out in /*) ;; *) out=$PWD/$out ;; esac
cross=${ARCH_CROSS:?run from make (board/arch/ARCH.mk)}
top=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "fio: $*" >&2; exit 1; }

src=$out.src
"$top/scripts/deb-source.sh" "$dl" fio "$src"
echo "  FIO     $out ($cross)"
cd "$src"
# ccache through the kernels' settings (scripts/kcc.sh): a fresh clone's
# fio costs what a kernel's object does.
./configure --cc="$top/scripts/kcc.sh ${cross}gcc" --build-static --disable-native \
	--disable-numa --disable-rdma --disable-rados --disable-rbd --disable-http \
	--disable-gfapi --disable-libnfs --disable-lex --disable-pmem --disable-xnvme \
	--disable-libzbc --disable-tcmalloc --disable-dfs --disable-shm > configure.log 2>&1 ||
	die "configure failed: $(tail -n 3 configure.log | tr '\n' ' ')"
make -j"$(nproc)" fio > make.log 2>&1 || die "make failed: $(tail -n 3 make.log | tr '\n' ' ')"
"${cross}strip" fio
rm -rf "$out"
mkdir -p "$out/usr/bin"
cp fio "$out/usr/bin/fio"
cd /
rm -rf "$src"
