# raspi2b-vfimc: the Raspberry Pi 2 model B's own mainline tree on QEMU's
# model of it, with a vfimc engine on the SoC's bus (dts/raspi2b-vfimc.dtso)
# and no memory-region: the area is raspi2b's (its checks), the engine is
# bound to it as the default area, it addresses RAM through the bus's
# dma-ranges (bus 0xc0000000 is physical 0, bcm283x.dtsi), and a 1080p
# frame lies in the area as the engine sees it.
# The checks of board/raspi2b-vfimc/ (its readme.txt), run in its guest as
# test boards/raspi2b-vfimc (tests/lib/board.sh) and by its LAVA job.
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
dev=fimc0@7ee00000
sys=/sys/class/misc/vfimc-$dev
sh $T/boards/raspi2b.sh &&
	sh $T/vfimc-bound.sh $dev linux,cma default-cma || exit 1
# shellcheck source=tests/guest/ktap.sh
. $T/ktap.sh
# The bus's offset, from the tree the kernel booted with: dma-ranges'
# first cell is the bus address of the physical address in the second.
offset=$((0x$(od -An -v -tx1 -N4 /proc/device-tree/soc/dma-ranges | tr -d ' \n')))
plan 1
is "$(printf 0x%x $(($(cat $sys/area_dma))))" "$(printf 0x%x $(($(cat $sys/area_base) + offset)))" \
	"$dev: the engine sees its area at its physical base plus the bus's offset ($(printf 0x%x $offset))"
done_testing
sh $T/vfimc-frame.sh $dev
