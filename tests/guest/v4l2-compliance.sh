# v4l2-compliance [DEV[:EXPORTER]...]: Debian's v4l2-compliance -s
# (streaming, MMAP and DMABUF) on the video node of each vfimc engine DEV
# (default: every one), EXPORTER's node as the DMABUF exporter (-e;
# default: the next DEV, or DEV itself when it is alone). An engine that
# cannot reach another's memory is paired with one it can, or itself;
# EXPORTER "-" leaves DMABUF untested (the board's test says why). One
# KTAP result per engine: no failure and no warning.
#
# The v4l2-compliance of Debian 12 (v4l-utils 1.22.1) predates 6.12's
# videobuf2: since 6.8 CREATE_BUFS reports max_num_buffers in what used to
# be reserved, for every driver, and 1.22.1 fails the reserved-is-zero
# check. On 6.12 that one failure, named, is expected; any other fails.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

# shellcheck source=tests/guest/video.sh
. /usr/lib/cmalab/tests/video.sh

if [ $# -eq 0 ]; then
	for m in /sys/class/misc/vfimc-*; do
		[ -e "$m" ] && set -- "$@" "${m##*/vfimc-}"
	done
fi
case $(uname -r) in
6.1.*) known="" ;;
*) known='v4l2-test-buffers.cpp([0-9]*): check_0(crbufs.reserved, sizeof(crbufs.reserved))' ;;
esac
plan $#
first=${1%%:*}
while [ $# -gt 0 ]; do
	case $1 in
	*:*) dev=${1%%:*} exporter=${1#*:} ;;
	*) dev=$1 exporter=${2:-$first} exporter=${exporter%%:*} ;;
	esac
	shift
	node=$(video_node "$dev")
	args="-d $node -s"
	[ "$exporter" = - ] || args="$args -e $(video_node "$exporter")"
	# shellcheck disable=SC2086 # device nodes: no spaces
	out=$(v4l2-compliance $args 2>&1 | tr '\r' '\n' |
		grep -v -e '^	*Video Output: Frame' -e 'Video Capture: Captured')
	total=$(echo "$out" | grep "^Total for")
	fails=$(echo "$out" | grep "fail: " | sed 's/^[[:space:]]*fail: //')
	unexpected=$(echo "$fails" | grep -v -x -e "${known:-^$}" | grep . || true)
	nfail=$(echo "$total" | sed -n 's/.*Failed: \([0-9]*\),.*/\1/p')
	nwarn=$(echo "$total" | sed -n 's/.*Warnings: \([0-9]*\)$/\1/p')
	want=0
	[ -n "$known" ] && echo "$fails" | grep -q -x -e "$known" && want=1
	dmabuf=$(echo "$out" | grep -c "test DMABUF (select): OK")
	[ "$exporter" = - ] && dmabuf=$(echo "$out" | grep -c "test DMABUF: Cannot test")
	[ -n "$node" ] && [ "$nfail" = "$want" ] && [ "$nwarn" = 0 ] &&
		[ -z "$unexpected" ] && [ "$dmabuf" = 1 ]
	_result $? "$dev: v4l2-compliance -s -e $exporter on $node: ${total#*: }${known:+ (1.22.1 predates max_num_buffers)}" \
		"$(echo "$out" | grep -e "fail: " -e "warn: " -e "^Total" | head -n 20)"
done
done_testing
