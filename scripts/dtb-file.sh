#!/bin/sh
# make check DTB=FILE: a compiled device tree (a vendor's), copied for
# scripts/dtb.sh; one line if it is missing or not a flattened device tree.
#
# usage: dtb-file.sh FILE OUT.dtb
set -eu
[ -r "$1" ] || { echo "DTB=$1: no such file" >&2; exit 2; }
[ "$(od -An -tx1 -N4 "$1" | tr -d ' ')" = d00dfeed ] ||
	{ echo "DTB=$1: not a flattened device tree (no d00dfeed magic at its start)" >&2; exit 2; }
mkdir -p "$(dirname "$2")"
cp "$1" "$2"
