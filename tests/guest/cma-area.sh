# cma-area NAME SIZE WHERE TOTAL
# Check one CMA area against what was asked for:
#   NAME   debugfs name ("reserved" for cma=, the node name for DT regions)
#   SIZE   bytes
#   WHERE  fixed:BASE | window:START-END (the area lies inside) | lowmem
#   TOTAL  expected CmaTotal in bytes (all areas)
# Bases and sizes come from debugfs; the kernel's boot line must agree.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

name=$1 size=$2 where=$3 total=$4
d=/sys/kernel/debug/cma/$name
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
pageblock=$((4 << 20))

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
	# ARM32: lowmem ends 768 MiB above the RAM base (0x40000000).
	ram=$(awk '/^MemTotal/ { print $2 * 1024 }' /proc/meminfo)
	[ "$base" -ge $((0x40000000)) ] && [ $((base + got)) -le $((0x40000000 + 0x30000000)) ]
	_result $? "area '$name' lies in lowmem" "base $(printf 0x%x "$base"), RAM $ram" ;;
esac
is $((base % pageblock)) 0 "area '$name' base is pageblock (4 MiB) aligned"
if [ "$name" = reserved ]; then
	line="cma: Reserved $((size >> 20)) MiB at $(printf 0x%08x "$base")"
else
	line="Reserved memory: created CMA memory pool at $(printf 0x%08x "$base"), size $((size >> 20)) MiB"
fi
dmesg | grep -qF "$line"
_result $? "boot log says: $line" "not in dmesg"
kb=$(awk '/^CmaTotal:/ { print $2 }' /proc/meminfo)
is "$kb" $((total / 1024)) "CmaTotal is $((total >> 20)) MiB"
done_testing
