# vfimc-module ROUNDS AREA DEV...: load the vfimc module, hold buffers on
# every DEV, check the module cannot be unloaded under them, kill the
# holders, unload; ROUNDS times. Nothing may be left behind: no device, no
# used page in AREA after each round, and at the end every CMA area's used
# count where it started (debugfs, exact: what CMA itself handed out).
# CmaFree is only shown: movable allocations borrow free CMA pages, and
# 6.12 lets them take megabytes of them here (modprobe's page cache).
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

rounds=$1 area=$2
shift 2
used=/sys/kernel/debug/cma/$area/used
cmafree() { awk '/^CmaFree:/ { print $2 }' /proc/meminfo; }

plan $((rounds * 5 + 1))
used0=$(cat "$used")
free0=$(cmafree)
all_used() { for _a in /sys/kernel/debug/cma/*; do printf '%s=%s ' "${_a##*/}" "$(cat "$_a/used")"; done; }
all0=$(all_used)
echo "# start: $area used $used0 pages, CmaFree $free0 kB"
i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	modprobe vfimc
	n=0
	for dev in "$@"; do [ -c "/dev/vfimc-$dev" ] && n=$((n + 1)); done
	is "$n" $# "round $i: modprobe vfimc: $# devices" || {
		echo "# Bail out! the module did not load"
		exit 1
	}
	pids=""
	for dev in "$@"; do
		hold 2 "$dev" 2M --count 2
		pids="$pids $held_pid"
	done
	is "$(cat "$used")" $((used0 + $# * 1024)) "round $i: buffers held: $(($# * 4)) MiB used in $area"
	! rmmod vfimc 2>/dev/null
	_result $? "round $i: rmmod refused while buffers are held" "rmmod succeeded"
	# shellcheck disable=SC2086 # the list of pids
	kill -9 $pids
	# shellcheck disable=SC2086
	wait $pids 2>/dev/null
	rmmod vfimc
	_result $? "round $i: rmmod once the holders are gone" "rmmod failed"
	is "$(cat "$used")" "$used0" "round $i: $area back to $used0 used pages"
done
echo "# end: CmaFree $(cmafree) kB (started at $free0 kB)"
is "$(all_used)" "$all0" "every area's used pages back where they started after $rounds rounds"
done_testing
