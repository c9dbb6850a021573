# vfimc-cli: the guest CLI lists the aquila devices and fails clearly on
# bad input: a bad SIZE (usage error, status 2), an unknown device and an
# allocation larger than the area (status 1, the errno's name).
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

plan 7
out=$(vfimc list)
is "$(echo "$out" | grep -c 'area=fimc-pool base=0x[0-9a-f]\{8\} size=33554432$')" 3 \
	"vfimc list: three devices on the 32 MiB fimc-pool"
out=$(vfimc alloc fimc0 12Q 2>&1)
is $? 2 "bad SIZE exits 2"
case $out in *"SIZE '12Q'"*) r=0 ;; *) r=1 ;; esac
_result $r "bad SIZE is named" "$out"
out=$(vfimc alloc nosuch 1M 2>&1)
is $? 1 "unknown device exits 1"
case $out in *"/dev/vfimc-nosuch: ENOENT"*) r=0 ;; *) r=1 ;; esac
_result $r "unknown device: the node and ENOENT are named" "$out"
out=$(vfimc alloc fimc0 40M 2>&1)
is $? 1 "40 MiB from a 32 MiB area exits 1"
case $out in *"alloc 41943040 bytes"*"ENOMEM"*) r=0 ;; *) r=1 ;; esac
_result $r "the failed allocation and ENOMEM are named" "$out"
done_testing
