# why-fragment DEV DEV DEV: three engines sharing one area fragment it
# with long-lived buffers, and cmawhy says so. Each 4 MiB of the area is
# held by one engine in turn, each buffer by its own process (hold.sh);
# then every other holder goes: half the area is free, in 4 MiB holes. An
# 8 MiB request fails with ENOMEM although half the area is free; cmawhy
# calls it fragmented, gives the largest free run (4 MiB) against the
# 8 MiB asked, and names each remaining buffer's holder: the process and
# the engine it holds open. The area must be empty at the start and a
# whole number of 8 MiB.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/why.sh
. /usr/lib/cmalab/tests/why.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

area=$(cat "/sys/class/misc/vfimc-$1/area")
count=$(cat "/sys/kernel/debug/cma/$area/count")
n=$((count / 1024))
dev='' pid=''

plan $((5 + n / 2))
ok cmawhy --enable -- "cmawhy --enable"
i=0
while [ $i -lt "$n" ]; do
	eval "dev=\$$((i % 3 + 1))"
	hold 1 "$dev" 4M
	i=$((i + 1))
	eval "pid$i=$held_pid dev$i=$dev"
done
i=1
while [ $i -le "$n" ]; do
	eval "kill \$pid$i; wait \$pid$i 2>/dev/null"
	i=$((i + 2))
done
used=$(cat "/sys/kernel/debug/cma/$area/used")
is "$used" $((count / 2)) "every other 4 MiB holder gone: half of $area is free"

out=$(vfimc alloc "$1" 8M 2>&1)
rc=$?
echo "# vfimc alloc $1 8M: $out"
[ "$rc" -ne 0 ]
_result $? "an 8 MiB request fails with $((count / 2)) pages of $area free" "$out"

why "$area"
rc=$why_rc
is "$rc" 2 "cmawhy $area: the request cannot be served (status 2)"
has "^verdict: fragmented: largest free run 1024 pages \\(4\\.0 MiB\\) at pfn 0x[0-9a-f]+ < 2048 pages \\(8\\.0 MiB\\) asked" "$why"
_result $? "cmawhy: fragmented, the largest free run 4 MiB < 8 MiB asked"
i=2
while [ $i -le "$n" ]; do
	eval "pid=\$pid$i dev=\$dev$i"
	has "^    pfn 0x[0-9a-f]+\\+1024 \\(4\\.0 MiB\\): a device's buffer, allocated by pid $pid \\(vfimc\\) in vfimc_[a-z_]+, which holds /dev/vfimc-$dev open" "$why"
	_result $? "cmawhy names the 4 MiB buffer pid $pid holds through /dev/vfimc-$dev"
	kill "$pid"
	wait "$pid" 2>/dev/null
	i=$((i + 2))
done
done_testing
