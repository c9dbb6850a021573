# v4l2-fallback DEV: the fallback through V4L2. DEV's CMA area is filled
# (full.sh); a REQBUFS of two 640x480 RGB24 buffers on DEV's video node
# is still granted, from the page allocator (the area gives not a page:
# 32-bit ARM's fallback with arm_cma_fallback=1, dma-direct's own on
# arm64), v4l2-ctl's frames through such buffers are right, and with
# everything closed and freed the area is back where it started.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/video.sh
. /usr/lib/cmalab/tests/video.sh
# shellcheck source=tests/guest/full.sh
. /usr/lib/cmalab/tests/full.sh

T=/usr/lib/cmalab/tests
full_setup "$1"
node=$(video_node "$dev")

plan 4
full_start
full_fill
out=$("$T/v4l2-reqbufs" "$dev" 2 640 480 < /dev/null)
echo "# $dev: REQBUFS 2 640x480 RGB24 with $area full: $out"
# shellcheck disable=SC2086 # "granted G pages P ms T"
set -- $out
is "$2 $4" "2 0" "$dev: with $area full, both buffers are granted, none from $area"
"$T/frames" pattern 160 120 4 > /tmp/pattern.rgb
v4l2-ctl -d "$node" --set-fmt-video-out=width=160,height=120,pixelformat=RGB3 \
	--set-fmt-video=width=80,height=60,pixelformat=RGB3 \
	--stream-out-mmap --stream-mmap --stream-from=/tmp/pattern.rgb \
	--stream-to=/tmp/half.rgb --stream-count=4 >/tmp/v4l2-ctl.log 2>&1
diag=$("$T/frames" scaled 80 60 160 120 4 < /tmp/half.rgb)
_result $? "$dev: frames scaled through buffers outside $area are right" "$diag"
full_free
is "$(cat "$dbg/used")" "$used0" "$dev: all freed, $area is back to $used0 used pages"
done_testing
