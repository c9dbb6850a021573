#!/bin/sh
# Start a kernel build directory as a copy of another one of the same
# source tree, so that kbuild builds it incrementally: a flavour that
# differs from the default kernel in a few options (the modular one: vfimc
# as a module) then recompiles only the objects those options reach -
# fixdep records which options each object reads - and links, instead of
# compiling every object again. ccache cannot serve such a build: in
# depend mode its key holds every header an object includes, the
# configuration's autoconf.h among them, which differs.
# Does nothing when OUT is a build directory already (it builds
# incrementally from itself) or FROM holds no finished build (OUT is then
# built from scratch).
#
# usage: linux-seed.sh FROM OUT
set -eu

from=$1 out=$2
[ ! -f "$out/.config" ] || exit 0
[ -f "$from/vmlinux" ] && [ -f "$from/build.rc" ] && [ "$(cat "$from/build.rc")" = 0 ] || exit 0
echo "  SEED    $out from $from"
rm -rf "$out.tmp"
cp -a "$from" "$out.tmp"
rm -rf "$out"
mv "$out.tmp" "$out"
