# split: three engines, three areas placed three ways: low-pool inside its
# alloc-ranges (the first 256 MiB) for the 31-bit fimc0, fixed-pool at its
# reg, placed-pool wherever the kernel puts it; each engine holds a 1080p
# frame from its own area, within its DMA reach.
# Each engine passes v4l2-compliance -s, the next one its DMABUF exporter.
# The checks of board/split/ (its readme.txt), run in its guest as test
# boards/split (tests/lib/board.sh) and by its LAVA job (make lava).
# targets: *
# flavour: default
# timeout: 600
T=/usr/lib/cmalab/tests
mb16=$((16 << 20)) total=$((64 << 20))
sh $T/cma-area.sh low-pool $mb16 alloc-ranges $total &&
	sh $T/cma-area.sh fixed-pool@58000000 $mb16 fixed:0x58000000 $total &&
	sh $T/cma-area.sh placed-pool $mb16 lowmem $total &&
	sh $T/vfimc-bound.sh fimc0 low-pool cma fimc1 fixed-pool@58000000 cma \
		fimc2 placed-pool cma &&
	sh $T/vfimc-frame.sh fimc0 fimc1 fimc2 &&
	sh $T/v4l2-compliance.sh
