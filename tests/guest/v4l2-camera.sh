# v4l2-camera DEV N: the camera-start case through V4L2. A hog of
# anonymous memory, tmpfs and page cache fills the CMA areas (hog.sh);
# then DEV's video node is asked for N 1920x1080 RGB24 CAPTURE buffers at
# once (REQBUFS, tests/guest/v4l2-reqbufs.c), as a camera application
# asks when it starts. All N are granted, from DEV's area (its used count
# grows by exactly N frames' pages); the hog's pages that were in the way
# moved out of CMA and none is lost; closed, the area is back.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/meminfo.sh
. /usr/lib/cmalab/tests/meminfo.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh

dev=$1 n=$2
area=$(cat "/sys/class/misc/vfimc-$dev/area")
used=/sys/kernel/debug/cma/$area/used
# A 1920x1080 RGB24 frame: 6220800 bytes, 1519 pages.
frame_pages=$(((1920 * 1080 * 3 + 4095) / 4096))

plan 5
used0=$(cat "$used")
avail=$(($(meminfo MemAvailable) / 1024))
# Half as much page cache as pressure.sh asks: enough to fill the areas,
# and the reserves stay for the atomic allocations that reading it back
# needs (with pressure.sh's sizes, 6.12 on ARM once failed one in
# virtio-blk while the hog verified its file).
hog_start $((avail / 4)) $((avail / 4)) $((avail / 2))
echo "# hog: $hog_ready; CmaFree $(meminfo CmaFree) of $(meminfo CmaTotal) kB"
before=$(hog where)
echo "# before: $before"

rm -f /tmp/reqbufs.in /tmp/reqbufs.out
mkfifo /tmp/reqbufs.in /tmp/reqbufs.out
/usr/lib/cmalab/tests/v4l2-reqbufs "$dev" "$n" 1920 1080 < /tmp/reqbufs.in > /tmp/reqbufs.out &
reqbufs_pid=$!
exec 5>/tmp/reqbufs.in 6</tmp/reqbufs.out
# The answer line arrives once REQBUFS has returned; the buffers are held
# until fd 5 closes.
read -r _ granted _ pages _ ms <&6
echo "# $dev: REQBUFS $n 1920x1080 RGB24: $granted granted, $pages pages from $area, $ms ms"
is "$granted" "$n" "$dev: REQBUFS of $n full-HD buffers with the areas full grants $n"
is "$pages" $((n * frame_pages)) "$dev: they take exactly $((n * frame_pages)) pages of $area"

hog_moved "$before"
exec 5>&- 6<&-
wait "$reqbufs_pid"
hog_stop
is "$(cat "$used")" "$used0" "$dev: closed, $area is back to $used0 used pages"
done_testing
