# vfimc-unbound DEV MESSAGE [DEV MESSAGE...]
# Each device failed probe: no driver, no /dev node, and the kernel said
# "vfimc DEV: MESSAGE" exactly once.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

plan $(($# * 3 / 2))
while [ $# -ge 2 ]; do
	dev=$1 msg=$2
	shift 2
	ok test ! -e "/sys/bus/platform/devices/$dev/driver" -- "$dev: no driver bound"
	ok test ! -e "/dev/vfimc-$dev" -- "$dev: no /dev/vfimc-$dev"
	is "$(dmesg | grep -cF "vfimc $dev: $msg")" 1 "$dev: kernel says once: $msg"
done
done_testing
