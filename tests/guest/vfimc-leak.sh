# vfimc-leak DEV: a process killed while holding buffers leaks nothing:
# the device's counters and its CMA area's used pages (debugfs cma/<area>/
# used, exact) return to where they were.
# (CmaFree is no exact measure here: freed CMA pages go to the per-cpu
# MOVABLE lists, where any movable allocation may take them.)
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

dev=$1
sys=/sys/class/misc/vfimc-$dev
used=/sys/kernel/debug/cma/$(cat "$sys/area")/used

plan 5
used0=$(cat "$used")
hold 3 "$dev" 1M --count 3
pid=$held_pid
is "$(cat "$sys/buffers")" 3 "$dev: three buffers held by pid $pid"
is "$(cat "$used")" $((used0 + 768)) "area uses 768 more pages"
kill -9 "$pid"
wait "$pid" 2>/dev/null
! kill -0 "$pid" 2>/dev/null
_result $? "pid $pid was killed" "still running"
is "$(cat "$sys/buffers")" 0 "$dev: no buffer left after SIGKILL"
is "$(cat "$used")" "$used0" "area back to $used0 used pages"
done_testing
