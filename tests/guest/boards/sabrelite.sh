# sabrelite: the SABRE Lite's own mainline tree on QEMU's model of the
# board (board/machine/sabrelite.mk). imx6q-sabrelite.dts declares no CMA
# pool: i.MX boards take theirs from cma= or CONFIG_CMA_SIZE_MBYTES, and
# cmalab's kernels set neither, so there is no area at all.
# The checks of board/sabrelite/ (its readme.txt), run in its guest as
# test boards/sabrelite (tests/lib/board.sh).
# targets: arm-*
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
sh $T/cma-none.sh
