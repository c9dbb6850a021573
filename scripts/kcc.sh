#!/bin/sh
# The compiler kbuild runs for scripts/linux-build.sh: ccache in front of
# the cross gcc, except for a source that pulls a binary in with .incbin
# (the zImage's compressed kernel in piggy.S, the vDSO, /proc/config.gz).
# ccache's depend mode keys an object on its source, its flags and the
# headers kbuild's -MMD lists; an .incbin'd file is none of those, so a
# cached piggy.o would hand back a zImage around an older kernel.
# usage: kcc.sh GCC ARGS...
set -eu
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
