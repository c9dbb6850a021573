# vfimc-align DEV: buffers are aligned as the seeds define it, to
# min(get_order(size), CONFIG_CMA_ALIGNMENT) pages: 1 MiB at most at the
# default of 8. DEV's area must be fixed at a base that is 4 MiB but not
# 8 MiB aligned, hold at least 32 MiB and be empty.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

dev=$1
base=$(($(cat "/sys/class/misc/vfimc-$dev/area_base")))
dbase=$(($(cat "/sys/class/misc/vfimc-$dev/area_dma")))
# 8 MiB first: capped at 1 MiB alignment it starts at the area's base,
# which an 8 MiB alignment would have to skip. Then a page, so each next
# size must skip forward to its own alignment.
sizes="8388608 4096 16384 65536 524288 6221824"

want_align() {
	order=0
	while [ $((4096 << order)) -lt "$1" ]; do order=$((order + 1)); done
	[ $order -gt 8 ] && order=8
	echo $((4096 << order))
}

plan 8
is $((base % (8 << 20))) $((4 << 20)) \
	"area base $(printf 0x%x "$base") is 4 MiB but not 8 MiB aligned"
out=$(vfimc alloc "$dev" "$(echo "$sizes" | tr ' ' ,)" 2>&1)
echo "$out" | sed 's/^/# /'
is "$(echo "$out" | grep -c '^buffer ')" 6 "six buffers allocated in one file"
i=0
for size in $sizes; do
	i=$((i + 1))
	dma=$(($(echo "$out" | sed -n "${i}s/.* dma=\\(0x[0-9a-f]*\\) .*/\\1/p")))
	want=$(want_align "$size")
	if [ "$i" -eq 1 ]; then
		is "$(printf 0x%x "$dma")" "$(printf 0x%x "$dbase")" \
			"8 MiB buffer at the area base: alignment capped at 1 MiB"
	else
		is $((dma % want)) 0 "$size-byte buffer at $(printf 0x%x "$dma") is aligned to $want"
	fi
done
done_testing
