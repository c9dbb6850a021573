# vfimc-bound DEV AREA KIND [DEV AREA KIND...]
# Each vfimc device probed, has /dev/vfimc-DEV, and sysfs says it is bound
# to AREA of KIND (cma, default-cma, pool, none).
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

plan $(($# / 3 * 3))
while [ $# -ge 3 ]; do
	dev=$1 area=$2 kind=$3
	shift 3
	sys=/sys/class/misc/vfimc-$dev
	ok test -c "/dev/vfimc-$dev" -- "$dev: /dev/vfimc-$dev exists"
	is "$(cat "$sys/area" 2>/dev/null)" "$area" "$dev: bound to area $area"
	is "$(cat "$sys/area_kind" 2>/dev/null)" "$kind" "$dev: area kind is $kind"
done
done_testing
