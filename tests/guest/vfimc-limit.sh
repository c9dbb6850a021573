# vfimc-limit DEV OK_SIZE FAIL_SIZE: DEV allocates and verifies OK_SIZE
# bytes, and FAIL_SIZE bytes fails with ENOMEM.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

dev=$1 good=$2 bad=$3
plan 2
out=$(vfimc alloc "$dev" "$good" --verify 2>&1)
case $out in *verify=ok*) r=0 ;; *) r=1 ;; esac
_result $r "$dev: $good bytes allocate and verify" "$out"
out=$(vfimc alloc "$dev" "$bad" 2>&1)
case $out in *ENOMEM*) r=0 ;; *) r=1 ;; esac
_result $r "$dev: $bad bytes fail with ENOMEM" "$out"
done_testing
