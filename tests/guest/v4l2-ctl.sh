# v4l2-ctl DEV: Debian's v4l2-ctl streams frames through vfimc engine DEV's
# video node - --stream-out-mmap feeds OUTPUT from a file, --stream-mmap
# writes CAPTURE to one - and what comes back is checked by frames (the
# expected values from the pattern's definition and from BT.601):
# copied, halved and doubled (nearest neighbour), and solid colours
# converted to YUYV, YUV420 and RGB565 and back.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/video.sh
. /usr/lib/cmalab/tests/video.sh

dev=$1
T=/usr/lib/cmalab/tests
n=4
node=$(video_node "$dev")

# stream IN_FOURCC W H OUT_FOURCC W H INFILE OUTFILE
stream() {
	rm -f "$8"
	v4l2-ctl -d "$node" \
		--set-fmt-video-out="width=$2,height=$3,pixelformat=$1" \
		--set-fmt-video="width=$5,height=$6,pixelformat=$4" \
		--stream-out-mmap --stream-mmap --stream-from="$7" --stream-to="$8" \
		--stream-count=$n >/tmp/v4l2-ctl.log 2>&1
}

# check DESCRIPTION FRAMES_CHECK_ARGS... < FILE
check() {
	_desc=$1
	shift
	_diag=$("$T/frames" "$@")
	_result $? "$dev: $_desc" "$_diag$(tail -n 3 /tmp/v4l2-ctl.log)"
}

plan 8
echo "# $dev: $node"
"$T/frames" pattern 160 120 $n > /tmp/pattern.rgb
stream RGB3 160 120 RGB3 160 120 /tmp/pattern.rgb /tmp/copy.rgb
check "$n 160x120 RGB24 frames copied" scaled 160 120 160 120 $n < /tmp/copy.rgb
stream RGB3 160 120 RGB3 80 60 /tmp/pattern.rgb /tmp/half.rgb
check "$n frames halved to 80x60" scaled 80 60 160 120 $n < /tmp/half.rgb
stream RGB3 160 120 RGB3 320 240 /tmp/pattern.rgb /tmp/double.rgb
check "$n frames doubled to 320x240" scaled 320 240 160 120 $n < /tmp/double.rgb

# BT.601, limited range: red is Y 81.5 Cb 90.2 Cr 240, blue 40.9 240 109.8,
# green 144.5 53.8 34.2 (rounded: within 1 of the integer conversion).
"$T/frames" solid 255 0 0 64 48 $n > /tmp/red.rgb
"$T/frames" solid 0 0 255 64 48 $n > /tmp/blue.rgb
"$T/frames" solid 0 255 0 64 48 $n > /tmp/green.rgb
"$T/frames" solid 255 255 255 64 48 $n > /tmp/white.rgb
stream RGB3 64 48 YUYV 64 48 /tmp/red.rgb /tmp/red.yuyv
check "red to YUYV is Y'CbCr 82,90,240" colour YUYV 64 48 $n 82 90 240 < /tmp/red.yuyv
stream RGB3 64 48 YU12 64 48 /tmp/blue.rgb /tmp/blue.yu12
check "blue to YUV420 is Y'CbCr 41,240,110" colour YU12 64 48 $n 41 240 110 < /tmp/blue.yu12
stream RGB3 64 48 YUYV 32 24 /tmp/green.rgb /tmp/green.yuyv
check "green to YUYV, halved, is Y'CbCr 145,54,34" colour YUYV 32 24 $n 145 54 34 < /tmp/green.yuyv
stream YUYV 64 48 RGB3 64 48 /tmp/red.yuyv /tmp/red-back.rgb
check "red YUYV back to RGB24 is red" colour RGB3 64 48 $n 255 0 0 < /tmp/red-back.rgb
stream RGB3 64 48 RGBP 64 48 /tmp/white.rgb /tmp/white.rgbp
check "white to RGB565 is white" colour RGBP 64 48 $n 255 255 255 < /tmp/white.rgbp
done_testing
