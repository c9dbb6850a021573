# cma-area NAME SIZE WHERE TOTAL
# Check one CMA area against what was asked for:
#   NAME   debugfs name ("reserved" for cma=, the node name for DT regions)
#   SIZE   bytes
#   WHERE  fixed:BASE | window:START-END (the area lies inside; START may
#          be "ram", the RAM base) | alloc-ranges (inside the first range
#          its reserved-memory node's alloc-ranges declares) | ram (inside
#          the DT's /memory: a pool placed anywhere) | lowmem
#          (32-bit ARM: the first 768 MiB of RAM; arm64 maps all RAM, so
#          there it is RAM)
#   TOTAL  expected CmaTotal in bytes (all areas)
# Bases and sizes come from debugfs; the kernel's boot line must agree.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

name=$1 size=$2 where=$3 total=$4
d=/sys/kernel/debug/cma/$name
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
# The kernel's own pageblock order (4 MiB on every cmalab target).
pageblock=$((page << $(sed -n 's/^Page block order: //p' /proc/pagetypeinfo)))

# hexprop FILE: a /proc/device-tree property as hex digits; ncells FILE: a
# one-cell property as a number.
hexprop() { od -An -v -tx1 "$1" | tr -d ' \n'; }
ncells() { echo $((0x$(hexprop "$1"))); }
cells_at() { # HEX FIRST-CELL COUNT: the number in cells [FIRST, FIRST+COUNT)
	_h=$1 _i=0
	while [ "$_i" -lt "$2" ]; do _h=${_h#????????}; _i=$((_i + 1)); done
	_v=0 _i=0
	while [ "$_i" -lt "$3" ]; do
		_v=$(((_v << 32) + 0x$(echo "$_h" | cut -c1-8)))
		_h=${_h#????????}; _i=$((_i + 1))
	done
	echo "$_v"
}
# RAM as the DT's /memory says (QEMU writes one bank from -m at the
# machine's RAM base): its first bank, in the root's cells.
dt=/proc/device-tree
ac=$(ncells $dt/#address-cells) sc=$(ncells $dt/#size-cells)
for m in "$dt"/memory*/reg; do reg=$(hexprop "$m"); break; done
ram_base=$(cells_at "$reg" 0 "$ac")
ram_end=$((ram_base + $(cells_at "$reg" "$ac" "$sc")))

plan 6
ok test -d "$d" -- "area '$name' exists (debugfs cma/$name)"
base=$(($(cat "$d/base_pfn" 2>/dev/null || echo 0) * page))
got=$(($(cat "$d/count" 2>/dev/null || echo 0) * page))
is "$got" "$size" "area '$name' is $((size >> 20)) MiB"
case $where in
fixed:*)
	is "$(printf 0x%x "$base")" "$(printf 0x%x "${where#fixed:}")" "area '$name' is at the asked base" ;;
window:*|alloc-ranges|ram)
	if [ "$where" = ram ]; then
		lo=$ram_base hi=$ram_end
	elif [ "$where" = alloc-ranges ]; then
		rm_dt=$dt/reserved-memory
		ar=$(hexprop "$rm_dt/$name/alloc-ranges")
		rac=$(ncells "$rm_dt/#address-cells") rsc=$(ncells "$rm_dt/#size-cells")
		lo=$(cells_at "$ar" 0 "$rac")
		hi=$((lo + $(cells_at "$ar" "$rac" "$rsc")))
	else
		w=${where#window:}
		lo=${w%-*} hi=$((${w#*-}))
		[ "$lo" != ram ] || lo=$ram_base
		lo=$((lo))
	fi
	[ "$base" -ge "$lo" ] && [ $((base + got)) -le "$hi" ]
	_result $? "area '$name' lies inside $(printf '0x%x-0x%x' "$lo" "$hi")" \
		"base $(printf 0x%x "$base"), end $(printf 0x%x $((base + got)))" ;;
lowmem)
	lowmem_end=$ram_end
	# ARM32: lowmem ends 768 MiB above the RAM base.
	[ "$(uname -m)" = aarch64 ] || [ "$lowmem_end" -le $((ram_base + (768 << 20))) ] ||
		lowmem_end=$((ram_base + (768 << 20)))
	[ "$base" -ge "$ram_base" ] && [ $((base + got)) -le "$lowmem_end" ]
	_result $? "area '$name' lies in lowmem (below $(printf 0x%x "$lowmem_end"))" \
		"base $(printf 0x%x "$base"), RAM ends at $(printf 0x%x "$ram_end")" ;;
esac
is $((base % pageblock)) 0 "area '$name' base is pageblock ($((pageblock >> 20)) MiB) aligned"
# %pa prints phys_addr_t's width: 32 bits on ARM (no LPAE), 64 on arm64.
pa=$(printf 0x%08x "$base")
[ "$(uname -m)" = aarch64 ] && pa=$(printf 0x%016x "$base")
if [ "$name" = reserved ]; then
	line="cma: Reserved $((size >> 20)) MiB at $pa"
else
	line="Reserved memory: created CMA memory pool at $pa, size $((size >> 20)) MiB"
fi
dmesg | grep -qF "$line"
_result $? "boot log says: $line" "not in dmesg"
kb=$(awk '/^CmaTotal:/ { print $2 }' /proc/meminfo)
is "$kb" $((total / 1024)) "CmaTotal is $((total >> 20)) MiB"
done_testing
