# ast2600-evb: Aspeed's AST2600 evaluation board's own mainline tree on
# QEMU's model of it (board/machine/ast2600-evb.mk). Its CMA is the two
# reusable pools aspeed-ast2600-evb.dts declares for the video engine and
# the display controller, exactly as written: each size read from the node
# the kernel booted with, each area placed in RAM by the kernel, aligned as
# the node asks (16 MiB: checked against its alignment property).
# The checks of board/ast2600-evb/ (its readme.txt), run in its guest as
# test boards/ast2600-evb (tests/lib/board.sh).
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
rm=/proc/device-tree/reserved-memory
num() { echo $((0x$(od -An -v -tx1 "$1" | tr -d ' \n'))); }
video=$(num $rm/video/size) fb=$(num $rm/framebuffer/size)
total=$((video + fb))
sh $T/cma-area.sh video "$video" ram $total &&
	sh $T/cma-area.sh framebuffer "$fb" ram $total || exit 1
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
plan 2
for a in video framebuffer; do
	align=$(num $rm/$a/alignment)
	base=$(($(cat /sys/kernel/debug/cma/$a/base_pfn) * page))
	is $((base % align)) 0 "area '$a' is aligned as its node asks ($((align >> 20)) MiB)"
done
done_testing
