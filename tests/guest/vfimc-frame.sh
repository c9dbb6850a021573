# vfimc-frame DEV...: every device holds one 1920x1080 RGB24 frame
# (6,220,800 bytes, page-rounded) at the same time, each wholly inside the
# area it is bound to and within the device's DMA reach (cmalab,dma-bits),
# none overlapping another, each verified through the device and through a
# user mapping.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

frame=$((1920 * 1080 * 3))
bytes=$(((frame + 4095) / 4096 * 4096))
plan $(($# * 4 + 1))
pids=""
for dev in "$@"; do
	# Held while the next device allocates.
	hold_frame "$dev" "a 1080p RGB24 frame allocates and verifies"
	pids="$pids $held_pid" out=$held
	is "$(echo "$out" | sed -n 's/.* size=\([0-9]*\) .*/\1/p')" "$bytes" \
		"$dev: the buffer is $bytes bytes"
	area=$(cat "/sys/class/misc/vfimc-$dev/area")
	# area= names the CMA area the buffer falls in: none for a no-map pool.
	cma=$area
	[ "$(cat "/sys/class/misc/vfimc-$dev/area_kind")" = pool ] && cma=none
	case $out in *" area=$cma inside=yes "*) r=0 ;; *) r=1 ;; esac
	_result $r "$dev: the frame lies in its area $area" "$out"
	bits=32
	prop=/proc/device-tree/$dev/cmalab,dma-bits
	[ -r "$prop" ] && bits=$(od -An -tu1 "$prop" | awk '{ print $4 }')
	dma=$(($(echo "$out" | sed -n 's/.* dma=\(0x[0-9a-f]*\) .*/\1/p')))
	[ $((dma + bytes)) -le $((1 << bits)) ]
	_result $? "$dev: the frame ends within its $bits-bit DMA reach" "dma $(printf 0x%x "$dma")"
	echo "$dma" >> /tmp/frame-addrs
done
# Held at once, the frames must not overlap: sorted, each starts past the
# previous one's end.
overlap=0 prev_end=0
while read -r a; do
	[ $((a)) -ge "$prev_end" ] || overlap=1
	prev_end=$((a + bytes))
done <<EOF2
$(sort -n /tmp/frame-addrs)
EOF2
_result $overlap "the $# frames held at once do not overlap" "$(tr '\n' ' ' < /tmp/frame-addrs)"
# shellcheck disable=SC2086 # the list of pids
kill $pids
done_testing
