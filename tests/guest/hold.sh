# hold LINES DEV SIZE [OPTION...] (sourced): run "vfimc alloc DEV SIZE
# OPTION... --hold 600" in the background and wait for its first LINES
# lines of output: vfimc prints every buffer's line once all are allocated
# (and verified), so reading them is the synchronisation. Sets held (the
# lines) and held_pid; the buffers stay allocated until held_pid is killed.
# shellcheck disable=SC2034 # held and held_pid are for the caller
hold() {
	_lines=$1
	shift
	rm -f /tmp/hold.fifo
	mkfifo /tmp/hold.fifo
	vfimc alloc "$@" --hold 600 > /tmp/hold.fifo 2>&1 &
	held_pid=$!
	held=$(head -n "$_lines" /tmp/hold.fifo)
	rm -f /tmp/hold.fifo
}

# hold_frame DEV DESCRIPTION: hold a 1920x1080 RGB24 frame on DEV, verified
# through the device and a user mapping; one KTAP result "DEV: DESCRIPTION"
# (needs ktap.sh). Sets held and held_pid like hold.
hold_frame() {
	hold 1 "$1" $((1920 * 1080 * 3)) --verify
	echo "# $1: $held"
	case $held in *verify=ok*) _r=0 ;; *) _r=1 ;; esac
	_result $_r "$1: $2" "$held"
}
