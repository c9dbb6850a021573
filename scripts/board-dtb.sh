#!/bin/sh
# A mainline board's DTB (make check DTS=<vendor>/<board>), built from the
# target's extracted linux-source the way the kernel builds it: kbuild's
# own rule for that .dtb in the target's configured build tree (the
# board's includes through the C preprocessor, dtc with the kernel's
# default warning set, scripts/Makefile.lib; what only W=1 enables is not
# asked for). dtc's warnings stop nothing; they are in OUT.dtb.log, which
# cmacheck reports from (--dtc-log). Symbols (-@) are kept, for OVERLAYS=.
# DTS names the file under arch/ARCH/boot/dts/, without .dts; 6.1's 32-bit
# ARM trees have no vendor directories, and there the board's name alone
# is taken too. A DTS that is not there is one line naming the closest.
#
# usage: board-dtb.sh SRCDIR OUTDIR DTS OUT.dtb
# environment: ARCH, KERNEL, ARCH_CROSS (the Makefile exports them)
set -eu

src=$1 out=$2 want=$3 dst=$4
dts=${want%.dts}
dir=$src/arch/$ARCH/boot/dts

die() { echo "$*" >&2; exit 2; }

[ -f "$dir/$dts.dts" ] || [ ! -f "$dir/${dts##*/}.dts" ] || dts=${dts##*/}
if [ ! -f "$dir/$dts.dts" ]; then
	# The closest: the longest common start of the file name, then of the path.
	near=$(cd "$dir" && find . -name '*.dts' | sed 's|^\./||; s|\.dts$||' |
		awk -v w="$dts" '
		function common(a, b,   i) {
			for (i = 1; i <= length(a) && substr(a, i, 1) == substr(b, i, 1); i++) ;
			return i - 1
		}
		{ n = $0; sub(/.*\//, "", n); wn = w; sub(/.*\//, "", wn)
		  print common(n, wn) * 1000 + common($0, w), $0 }' |
		sort -k1,1nr -k2 | head -n 5 | cut -d' ' -f2 | tr '\n' ' ')
	die "DTS=$want: no arch/$ARCH/boot/dts/$dts.dts in linux-source-$KERNEL (closest: ${near% })"
fi
mkdir -p "$(dirname "$dst")"
echo "  DTB     arch/$ARCH/boot/dts/$dts.dtb (linux-source-$KERNEL, the kernel's dtbs rule)" >&2
# One kbuild run in the build tree at a time (make test runs tests side by side).
if ! DTC_FLAGS=-@ flock "$out" env -u MAKEFLAGS -u MAKELEVEL make -s -C "$src" O="$out" ARCH="$ARCH" \
	CROSS_COMPILE="$ARCH_CROSS" "$dts.dtb" >"$dst.log" 2>&1; then
	sed 's/^/  | /' "$dst.log" >&2
	die "DTS=$want: the kernel's rule for $dts.dtb failed (above)"
fi
cp "$out/arch/$ARCH/boot/dts/$dts.dtb" "$dst"
