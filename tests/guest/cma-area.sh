# cma-area NAME SIZE WHERE TOTAL
# Check one CMA area against what was asked for:
#   NAME   debugfs name ("reserved" for cma=, the node name for DT regions)
#   SIZE   bytes
#   WHERE  fixed:BASE | window:START-END (the area lies inside) | lowmem
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

plan 6
ok test -d "$d" -- "area '$name' exists (debugfs cma/$name)"
base=$(($(cat "$d/base_pfn" 2>/dev/null || echo 0) * page))
got=$(($(cat "$d/count" 2>/dev/null || echo 0) * page))
is "$got" "$size" "area '$name' is $((size >> 20)) MiB"
case $where in
fixed:*)
	is "$(printf 0x%x "$base")" "$(printf 0x%x "${where#fixed:}")" "area '$name' is at the asked base" ;;
window:*)
	w=${where#window:}
	lo=$((${w%-*})) hi=$((${w#*-}))
	[ "$base" -ge "$lo" ] && [ $((base + got)) -le "$hi" ]
	_result $? "area '$name' lies inside $(printf '0x%x-0x%x' "$lo" "$hi")" \
		"base $(printf 0x%x "$base"), end $(printf 0x%x $((base + got)))" ;;
lowmem)
	# RAM as the DT's /memory says (QEMU writes it from -m).
	reg=$(od -An -v -tx1 /proc/device-tree/memory@40000000/reg | tr -d ' \n')
	ram_end=$((0x${reg%????????????????} + 0x${reg#????????????????}))
	lowmem_end=$ram_end
	# ARM32: lowmem ends 768 MiB above the RAM base (0x40000000).
	[ "$(uname -m)" = aarch64 ] || [ "$lowmem_end" -le $((0x70000000)) ] || lowmem_end=$((0x70000000))
	[ "$base" -ge $((0x40000000)) ] && [ $((base + got)) -le "$lowmem_end" ]
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
