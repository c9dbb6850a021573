#!/bin/sh
# Before a long run fills the disk halfway through (tar and the compiler
# then fail on "No space left on device", file by file): check that DIR's
# filesystem has room for what WHAT will put there. What DIR already holds
# counts as room (a warm re-run rewrites it in place); a DIR that does not
# exist yet is measured at its nearest existing parent.
#
# usage: space.sh DIR GIB WHAT
set -eu

dir=$1 gib=$2 what=$3
case $gib in '' | *[!0-9]*) echo "space: GIB=$gib: a whole number of GiB" >&2; exit 2 ;; esac
at=$dir
while [ ! -d "$at" ]; do at=$(dirname "$at"); done
# POSIX df: 1 KiB blocks, the fourth column is what is available.
free=$(df -Pk "$at" | awk 'NR == 2 { print $4 }')
held=0
[ ! -d "$dir" ] || held=$(du -sk "$dir" 2>/dev/null | awk '{ print $1 }')
have=$(((free + held) / 1048576))
if [ "$have" -lt "$gib" ]; then
	echo "$what: $dir has $have GiB (free on its filesystem, with what it holds); a whole run needs about $gib GiB (kernel trees and builds of every target and flavour): free some space first" >&2
	exit 1
fi
