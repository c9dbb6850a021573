# Video nodes for guest-side tests (sourced).
#   video_node DEV   /dev/videoN of vfimc engine DEV (its name "vfimc-DEV")

video_node() {
	for _v in /sys/class/video4linux/video*; do
		[ "$(cat "$_v/name")" = "vfimc-$1" ] && { echo "/dev/${_v##*/}"; return; }
	done
}
