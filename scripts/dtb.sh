#!/bin/sh
# Build a board's DTB: the base DTS plus overlays (.dtso, compiled with
# dtc -@ and applied with fdtoverlay), with /memory set to the RAM QEMU is
# given so that the DT and the machine agree. dtc warnings are errors.
#
# usage: dtb.sh OUT.dtb RAM BASE.dts [OVERLAY.dtso...]
set -eu
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

out=$1 ram=$2 base=$3
shift 3

die() { echo "dtb: $*" >&2; exit 1; }

bytes=$(size_bytes "$ram") || die "RAM=$ram: not a size (e.g. 512M, 1G)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# -Wno-interrupt_provider as the kernel's own DT build does: the check wants
# #address-cells in every interrupt controller, which the bindings (pl061
# among them) do not allow.
# An overlay restates the cell counts of the node it extends (dtc does not
# see the base), which avoid_unnecessary_addr_size flags when no child has
# a reg; the kernel's DT build turns that check off too (W=0).
compile() { # SRC OUT [DTC-FLAG...]
	src=$1 dst=$2
	shift 2
	if ! dtc -@ -Wno-interrupt_provider "$@" -I dts -O dtb -o "$dst" "$src" 2>"$tmp/dtc.err" ||
		[ -s "$tmp/dtc.err" ]; then
		cp "$tmp/dtc.err" "$out.dtc.log"
		die "$src: rejected by dtc (warnings are errors): $(head -n 1 "$tmp/dtc.err")"
	fi
}

[ -r "$base" ] || die "$base: no such file"
compile "$base" "$tmp/base.dtb"
n=0
for o in "$@"; do
	[ -r "$o" ] || die "overlay $o: no such file"
	n=$((n + 1))
	compile "$o" "$tmp/$n.dtbo" -Wno-avoid_unnecessary_addr_size
done
if [ $n -gt 0 ]; then
	i=0 list=""
	while [ $i -lt $n ]; do i=$((i + 1)); list="$list $tmp/$i.dtbo"; done
	# shellcheck disable=SC2086 # the list of overlays
	fdtoverlay -i "$tmp/base.dtb" -o "$tmp/out.dtb" $list 2>"$tmp/ov.err" ||
		die "overlays $*: fdtoverlay cannot apply them to $base: $(grep -v '^$' "$tmp/ov.err" | head -n 1)"
else
	cp "$tmp/base.dtb" "$tmp/out.dtb"
fi
fdtput -t x "$tmp/out.dtb" /memory@40000000 reg 0 0x40000000 \
	"$(printf %x $((bytes >> 32)))" "$(printf %x $((bytes & 0xffffffff)))" ||
	die "could not set /memory@40000000 in $base"
mkdir -p "$(dirname "$out")"
mv "$tmp/out.dtb" "$out"
