# mem-nomap BASE SIZE [BASE SIZE...]: each range was taken away from the
# kernel (no-map): no "System RAM" line of /proc/iomem touches it.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

ram=$(grep 'System RAM' /proc/iomem | sed 's/^ *\([0-9a-f]*\)-\([0-9a-f]*\) .*/\1 \2/')
plan $(($# / 2))
while [ $# -ge 2 ]; do
	lo=$(($1)) hi=$(($1 + $2))
	shift 2
	hit=""
	while read -r s e; do
		[ $((0x$s)) -lt "$hi" ] && [ $((0x$e + 1)) -gt "$lo" ] && hit="$hit $s-$e"
	done <<EOF2
$ram
EOF2
	[ -z "$hit" ]
	_result $? "$(printf '0x%x-0x%x' "$lo" "$hi") is not System RAM" "System RAM:$hit"
done
done_testing
