#!/bin/sh
# A surveyed board's CMA configuration onto this target's virt machine
# (tools/transplant): its /reserved-memory, moved so that its RAM starts at
# the machine's RAM base, and a vfimc engine for each device that names a
# region. The board's RAM is the survey's (one bank: the tree's /memory, or
# what the survey assumed); it must be within what the machine boots.
#
# Prints "RAM=<size>" for make run (with BOARD=bare OVERLAYS=OUT), or
# exits 1 with one line saying why the board does not fit.
#
# usage: transplant.sh TRANSPLANT SURVEYDIR SURVEY.json TARGET BOARD OUT.dtso
# environment: ARCH, MACHINE_RAM_BASE, MACHINE_RAM_MIN, MACHINE_RAM_MAX
set -eu
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

tool=$1 dir=$2 json=$3 target=$4 board=$5 out=$6
dtb=$dir/$target/kbuild/arch/$ARCH/boot/dts/$board.dtb

no() { echo "$target $board: $*" >&2; exit 1; }

banks=$(jq -r --arg t "$target" --arg b "$board" '.boards[] | select(.target == $t and .board == $b) |
	if .ram == null then "none" else (.ram | map("\(.base) \(.size)") | join(",")) end' \
	"$json")
[ -n "$banks" ] || no "not in the survey"
[ "$banks" != none ] || no "the survey could not check it"
case $banks in *,*) no "RAM in several banks; virt has one" ;; esac
[ -f "$dtb" ] || no "$dtb missing (make survey builds it)"
base=${banks% *} size=${banks#* }
min=$(size_bytes "$MACHINE_RAM_MIN") max=$(size_bytes "$MACHINE_RAM_MAX")
if [ "$size" -lt "$min" ] || [ "$size" -gt "$max" ]; then
	no "$((size >> 20)) MiB of RAM; the machine boots $MACHINE_RAM_MIN to $MACHINE_RAM_MAX"
fi
[ $((size % 1048576)) -eq 0 ] || no "RAM of $size bytes is no whole number of MiB"
"$tool" --dtb "$dtb" --ram "$base:$size" --onto "$MACHINE_RAM_BASE" --out "$out" >/dev/null ||
	no "tools/transplant refused it (above)"
echo "RAM=$((size >> 20))M"
