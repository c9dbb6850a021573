# cma-none: no CMA area at all (e.g. cma=0): debugfs cma/ is empty,
# CmaTotal is 0 and the kernel printed no reservation line.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

plan 3
is "$(find /sys/kernel/debug/cma -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)" 0 "no area in debugfs cma/"
is "$(awk '/^CmaTotal:/ { print $2 }' /proc/meminfo)" 0 "CmaTotal is 0 kB"
! dmesg | grep -q "cma: Reserved"
_result $? "no 'cma: Reserved' line in the boot log" "$(dmesg | grep 'cma: Reserved')"
done_testing
