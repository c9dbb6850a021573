#!/bin/sh
# The compiler kbuild runs for scripts/linux-build.sh: ccache in front of
# the cross gcc, except for a source that pulls a binary in with .incbin
# (the zImage's compressed kernel in piggy.S, the vDSO, /proc/config.gz).
# ccache's depend mode keys an object on its source, its flags and the
# headers kbuild's -MMD lists; an .incbin'd file is none of those, so a
# cached piggy.o would hand back a zImage around an older kernel.
# ccache's settings live here, so that every kbuild run given this
# compiler (scripts/linux-build.sh, tests/static/patches.test) shares one
# cache: ~/.cache/cmalab/ccache unless CCACHE_DIR says otherwise, paths
# relative to the checkout (another clone hits the same cache), and depend
# mode: the key is the source, the flags and the headers kbuild's -MMD
# lists, and a miss runs the compiler once instead of preprocessing first
# (a cold arm-6.1 kernel measured 135 s this way, 178 s in ccache's
# default mode and 139 s without ccache; warm, 26 s). No process of its
# own: this runs once per object.
# usage: CHECKOUT/scripts/kcc.sh GCC ARGS...
set -eu
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/cmalab/ccache}"
export CCACHE_BASEDIR="${0%/scripts/kcc.sh}"
export CCACHE_DEPEND=1
gcc=$1
shift
for a in "$@"; do
	case $a in
	*.S | *.c)
		if [ -f "$a" ] && grep -q '\.incbin' "$a"; then
			exec "$gcc" "$@"
		fi
		;;
	esac
done
exec ccache "$gcc" "$@"
