#!/bin/sh
# Debian's busybox-static for the guest's architecture, fetched and checked
# by deb-fetch.sh; the binary only.
#
# usage: busybox.sh DEBARCH DLDIR OUT_BINARY
#   DEBARCH: Debian's name of the architecture, armhf or arm64
set -eu

debarch=$1 dl=$2 out=$3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/deb-fetch.sh" "$debarch" "$dl" busybox-static "$tmp"
[ -x "$tmp/bin/busybox" ] || {
	echo "busybox: busybox-static:$debarch holds no bin/busybox" >&2
	exit 1
}
mkdir -p "$(dirname "$out")"
cp "$tmp/bin/busybox" "$out"
