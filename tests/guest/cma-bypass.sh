# cma-bypass NODE: with cma= on the command line the kernel bypasses the
# linux,cma-default reserved-memory node NODE: it says so, and creates no
# area for it.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

node=$1
plan 2
dmesg | grep -qF "Reserved memory: bypass $node node, using cmdline CMA params instead"
_result $? "boot log says the $node node is bypassed" "no bypass line in dmesg"
ok test ! -e "/sys/kernel/debug/cma/$node" -- "no area for the $node node"
done_testing
