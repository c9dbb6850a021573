#!/bin/sh
# The boards for an architecture: every board/<name>/board.mk, less those
# whose BOARD_ARCHS names only other architectures (a board that means
# something on one architecture alone, as highmem does on 32-bit ARM).
#
# usage: boards.sh ARCH
set -eu

arch=$1
top=$(cd "$(dirname "$0")/.." && pwd)
for mk in "$top"/board/*/board.mk; do
	archs=$(sed -n 's/^BOARD_ARCHS := //p' "$mk")
	case " ${archs:-$arch} " in
	*" $arch "*) b=${mk%/board.mk}; echo "${b##*/}" ;;
	esac
done
