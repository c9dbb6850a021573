#!/bin/sh
# Debian's libfdt-dev for the guest's architecture, fetched and checked by
# deb-fetch.sh (not installed: it cannot sit beside the host's): the
# static library and its headers, for cmacheck built to run on a board.
#
# usage: libfdt.sh DEBARCH DLDIR OUT
#   OUT gets lib/libfdt.a and include/{libfdt,fdt,libfdt_env}.h
set -eu

debarch=$1 dl=$2 out=$3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/deb-fetch.sh" "$debarch" "$dl" libfdt-dev "$tmp"
lib=$(find "$tmp/usr/lib" -name libfdt.a | head -n 1)
if [ -z "$lib" ] || [ ! -f "$tmp/usr/include/libfdt.h" ]; then
	echo "libfdt: libfdt-dev:$debarch holds no libfdt.a and libfdt.h" >&2
	exit 1
fi
mkdir -p "$out/lib" "$out/include"
cp "$lib" "$out/lib/"
cp "$tmp"/usr/include/libfdt.h "$tmp"/usr/include/fdt.h "$tmp"/usr/include/libfdt_env.h \
	"$out/include/"
