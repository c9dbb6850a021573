#!/bin/sh
# Build a board's DTB: the base DTS plus overlays (.dtso, compiled with
# dtc -@ and applied with fdtoverlay, in order), with /memory set as QEMU's
# loader sets it (hw/arm/boot.c: arm_load_dtb() deletes every /memory node
# and writes one bank of the RAM it is given at the machine's RAM base),
# so that the DT cmacheck reads and the machine agree.
#
# An overlay may be written in any form dtc and fdtoverlay take: &{/path}
# or &label targets, &{/} with a reserved-memory node restated (with or
# without its cells and ranges), or fragment@N { target-path | target;
# __overlay__ }. Compiled alone, a fragment cannot see the node it extends,
# so dtc's checks that need the parent's cell counts are off there
# (CONTEXT_CHECKS); every other dtc warning is an error. After each overlay
# is applied, the merged tree gets dtc's full set of checks, warnings as
# errors, and a finding names that overlay: the first tree that fails is
# the one it made. With DTC_STRICT=0 (make's CHECK=0: boot anyway) dtc's
# warnings are printed and the build goes on; its errors, and an overlay
# fdtoverlay cannot apply, still stop it.
#
# A compiled base (BASE.dtb: a mainline board's, make check DTS=, or a real
# board's model's base) is taken as it is: dtc's findings on it are the
# vendor's (the kernel's rule logged them), only what overlays add counts;
# with RAM "-" its own /memory is kept.
#
# usage: [DTC_STRICT=0] dtb.sh OUT.dtb RAM|- BASE.dts|BASE.dtb [OVERLAY.dtso...]
# environment: MACHINE_RAM_BASE, MACHINE_RAM_FIRMWARE (board/machine/MACHINE.mk; the Makefile
# exports it)
set -eu
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

out=$1 ram=$2 base=$3
shift 3

die() { echo "dtb: $*" >&2; exit 1; }
# finding WHAT LOG: dtc warned (LOG): an error unless DTC_STRICT=0.
finding() {
	cp "$2" "$out.dtc.log"
	[ "${DTC_STRICT:-1}" = 0 ] ||
		die "$1 (dtc's warnings are errors; CHECK=0 boots anyway): $(first_line "$2")"
	echo "dtb: warning: $1: $(first_line "$2")" >&2
}

[ "$ram" = - ] || bytes=$(size_bytes "$ram") || die "RAM=$ram: not a size (e.g. 512M, 1G)"
# What the machine's model keeps at the top of RAM for the board's other
# side, outside /memory (QEMU's raspi: the VideoCore's vcram-size).
if [ "$ram" != - ] && [ -n "${MACHINE_RAM_FIRMWARE:-}" ]; then
	bytes=$((bytes - $(size_bytes "$MACHINE_RAM_FIRMWARE")))
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# -Wno-interrupt_provider as the kernel's own DT build does: the check wants
# #address-cells in every interrupt controller, which the bindings (pl061
# among them) do not allow.
DTC_FLAGS="-Wno-interrupt_provider"
# Checks that read the cell counts of a node's parent (the lengths of reg,
# ranges and dma-ranges; defaults relied on; cells restated without a child
# reg): on a fragment the parent is __overlay__, not the node it extends.
# unit_address_vs_reg too: the node a fragment extends has a unit name the
# fragment's __overlay__ lacks.
CONTEXT_CHECKS="reg_format ranges_format dma_ranges_format avoid_default_addr_size
	avoid_unnecessary_addr_size unit_address_vs_reg"
CONTEXT_FLAGS=$(for c in $CONTEXT_CHECKS; do printf -- '-Wno-%s ' "$c"; done)

# first_line FILE: the first non-empty line, without dtc's "FILE: " prefix
# when dtc names the (temporary) output instead of a source.
first_line() { grep -v '^$' "$1" | head -n 1 | sed "s|^$tmp/[^:]*: ||"; }

compile() { # SRC OUT [DTC-FLAG...]
	src=$1 dst=$2
	shift 2
	# shellcheck disable=SC2086 # flags, one word each
	if ! dtc -@ $DTC_FLAGS "$@" -I dts -O dtb -o "$dst" "$src" 2>"$tmp/dtc.err"; then
		cp "$tmp/dtc.err" "$out.dtc.log"
		hint=""
		grep -q '^/plugin/;' "$src" || [ "$src" = "$base" ] ||
			hint=" (an overlay starts with /dts-v1/; /plugin/;)"
		die "$src: rejected by dtc: $(first_line "$tmp/dtc.err")$hint"
	fi
	[ ! -s "$tmp/dtc.err" ] ||
		finding "$src: rejected by dtc" "$tmp/dtc.err"
}

# findings DTB WHAT: dtc's full set of checks on a tree, its findings in
# $tmp/dtc.all.
findings() {
	cp "$1" "$tmp/check.dtb"
	fdtget -l "$tmp/check.dtb" /__symbols__ >/dev/null 2>&1 &&
		fdtput -r "$tmp/check.dtb" /__symbols__
	# shellcheck disable=SC2086 # flags, one word each
	dtc $DTC_FLAGS -I dtb -O dtb -o "$tmp/checked.dtb" "$tmp/check.dtb" 2>"$tmp/dtc.all" ||
		die "$2 cannot be read back by dtc: $(first_line "$tmp/dtc.all")"
}

# check_tree DTB WHAT: dtc's full set of checks on a merged tree, as the
# kernel will get it. __symbols__ is overlay bookkeeping, not hardware: a
# label named like a property (gpio) would fail gpios_property.
check_tree() {
	findings "$1" "$2"
	# What a compiled base (a mainline board's) already has is its own.
	grep -vxF -f "$tmp/base.findings" "$tmp/dtc.all" >"$tmp/dtc.err" || true
	[ ! -s "$tmp/dtc.err" ] ||
		finding "$2 fails dtc's checks" "$tmp/dtc.err"
}

# node_path DTBO FRAGMENT NODE: where NODE, inside FRAGMENT's __overlay__,
# lands in the tree; relative to the fragment's target when that is a label.
node_path() {
	if t=$(fdtget -ts "$1" "/$2" target-path 2>/dev/null); then
		echo "${t%/}$3"
	else
		echo "$2's target$3"
	fi
}

# precheck OVERLAY DTBO TREE: what would make fdtoverlay fail, said in the
# overlay's terms: no fragment at all, a target path the tree lacks, a
# label that neither the base nor an earlier overlay defines.
precheck() {
	o=$1 dtbo=$2 tree=$3
	frags=0
	for f in $(fdtget -l "$dtbo" / 2>/dev/null); do
		fdtget -l "$dtbo" "/$f/__overlay__" >/dev/null 2>&1 || continue
		frags=$((frags + 1))
		p=$(fdtget -ts "$dtbo" "/$f" target-path 2>/dev/null) || continue
		fdtget -l "$tree" "$p" >/dev/null 2>&1 ||
			die "$o: it extends $p ($f), which is not in the tree (the base and the overlays before it)"
	done
	[ $frags -gt 0 ] ||
		die "$o: no fragment to apply: an overlay starts with /dts-v1/; /plugin/; and extends nodes (&{/path} { ... }; or &label { ... };)"
	for label in $(fdtget -p "$dtbo" /__fixups__ 2>/dev/null); do
		fdtget -ts "$tree" /__symbols__ "$label" >/dev/null 2>&1 && continue
		# Its first use: /fragment@N[/__overlay__/node]:property:offset
		use=$(fdtget -ts "$dtbo" /__fixups__ "$label" | cut -d' ' -f1)
		path=${use%%:*} rest=${use#*:}
		frag=$(echo "$path" | cut -d/ -f2)
		node=${path#/"$frag"/__overlay__}
		undefined="&$label, a label neither the base nor an earlier overlay defines"
		[ "$path" != "/$frag" ] || die "$o: it extends $undefined ($frag)"
		die "$o: $(node_path "$dtbo" "$frag" "$node"):${rest%%:*} refers to $undefined"
	done
}

# keep_target_phandles DTBO: drop the phandle a labelled __overlay__ gets
# (frag0: __overlay__, as the Raspberry Pi's overlays write for their
# __overrides__). Merged, it would replace the phandle of the node the
# fragment extends, and references to that node would dangle; fdtoverlay
# 1.6.1 then fails to find its own target (FDT_ERR_NOTFOUND). The kernel's
# overlay code ignores these properties (add_changeset_property() in
# drivers/of/overlay.c); so does this build.
keep_target_phandles() {
	for f in $(fdtget -l "$1" / 2>/dev/null); do
		for p in phandle linux,phandle; do
			fdtget "$1" "/$f/__overlay__" "$p" >/dev/null 2>&1 || continue
			fdtput -d "$1" "/$f/__overlay__" "$p"
		done
	done
}

[ -r "$base" ] || die "$base: no such file"
: >"$tmp/base.findings"
case $base in
*.dtb)
	# A mainline board's tree, as the kernel's rule built it (whose log has
	# dtc's findings on it): only what the overlays add is checked.
	cp "$base" "$tmp/tree.dtb"
	findings "$tmp/tree.dtb" "$base"
	cp "$tmp/dtc.all" "$tmp/base.findings" ;;
*)
	compile "$base" "$tmp/tree.dtb"
	check_tree "$tmp/tree.dtb" "$base" ;;
esac
n=0
for o in "$@"; do
	[ -r "$o" ] || die "overlay $o: no such file"
	n=$((n + 1))
	# shellcheck disable=SC2086 # one -Wno- flag per check
	compile "$o" "$tmp/$n.dtbo" $CONTEXT_FLAGS
	precheck "$o" "$tmp/$n.dtbo" "$tmp/tree.dtb"
	keep_target_phandles "$tmp/$n.dtbo"
	fdtoverlay -i "$tmp/tree.dtb" -o "$tmp/next.dtb" "$tmp/$n.dtbo" 2>"$tmp/ov.err" ||
		die "$o: fdtoverlay cannot apply it: $(first_line "$tmp/ov.err")"
	mv "$tmp/next.dtb" "$tmp/tree.dtb"
	check_tree "$tmp/tree.dtb" "$o: applied, the tree"
done
if [ "$ram" != - ]; then
	# /memory as QEMU's loader writes it: every memory node gone, one bank at
	# the machine's RAM base in the root's cells.
	rbase=$((${MACHINE_RAM_BASE:?run from make: the RAM base (board/machine/MACHINE.mk)}))
	for n in $(fdtget -l "$tmp/tree.dtb" /); do
		case $n in memory|memory@*) fdtput -r "$tmp/tree.dtb" "/$n" ;; esac
	done
	cells() { # VALUE CELLS: VALUE as CELLS 32-bit cells, in hex
		[ "$2" -eq 1 ] || printf '%x ' $(($1 >> 32))
		printf '%x' $(($1 & 0xffffffff))
	}
	ac=$(fdtget -t u "$tmp/tree.dtb" / '#address-cells' 2>/dev/null || echo 2)
	sc=$(fdtget -t u "$tmp/tree.dtb" / '#size-cells' 2>/dev/null || echo 1)
	mem=/memory@$(printf %x "$rbase")
	# shellcheck disable=SC2046 # one word per cell
	if ! fdtput -c "$tmp/tree.dtb" "$mem" ||
		! fdtput -t s "$tmp/tree.dtb" "$mem" device_type memory ||
		! fdtput -t x "$tmp/tree.dtb" "$mem" reg $(cells "$rbase" "$ac") $(cells "$bytes" "$sc"); then
		die "could not write $mem into $base"
	fi
fi
mkdir -p "$(dirname "$out")"
mv "$tmp/tree.dtb" "$out"
