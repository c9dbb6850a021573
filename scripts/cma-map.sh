#!/bin/sh
# Draw each CMA area the guest mapped (cmawhy --map, on the guest's data
# channel) as a picture: one cell a page, one colour per class (free,
# lent to anon / tmpfs / page cache, under writeback, pinned, a device's
# buffer, unmovable, other), rows of 128 pages from the area's base. Each
# area's matrix goes to map-<area>.dat, its picture to map-<area>.png;
# one line a picture names it with its counts. The device cells are
# checked against debugfs used, which the guest put in the header: a
# picture that disagrees with the kernel's own count is an error.
#
# usage: cma-map.sh DATA DIR
set -eu

data=$1 dir=$2
die() { echo "cma-map: $*" >&2; exit 1; }
[ -r "$data" ] || die "$data: no map data (the guest writes it to its data channel)"

# Split the data into one matrix per area: "# cmawhy map NAME ..." starts one.
rm -f "$dir"/map-*.dat "$dir"/map-*.png
# The channel is a tty: drop the carriage returns it adds.
tr -d '\r' < "$data" | awk -v dir="$dir" '
/^# cmawhy map / { name = $4; file = dir "/map-" name ".dat"; print > file; next }
file != "" { print > file }
'


# A colour per class, as cmawhy numbers them (tools/cmawhy/cmawhy.h, enum
# cls); -1 pads the last row.
colours="#e8e8e8 #d62728 #1f77b4 #17becf #2ca02c #ff7f0e #9467bd #000000 #8c564b"
palette="-1 '#ffffff'"
k=0
for c in $colours; do
	palette="$palette, $k '$c'"
	k=$((k + 1))
done

n=0
for f in "$dir"/map-*.dat; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .dat)
	name=${name#map-}
	# "# cmawhy map NAME base_pfn PFN pages N used U row R"
	# shellcheck disable=SC2046 # the header's words
	set -- $(head -n 1 "$f")
	base=$6 pages=$8 used=${10} row=${12}
	cells=$(awk '!/^#/ { for (i = 1; i <= NF; i++) n += ($i == 1) } END { print n + 0 }' "$f")
	[ "$cells" = "$used" ] ||
		die "area $name: $cells device cells in the map, debugfs used says $used"
	rows=$(((pages + row - 1) / row))
	# "# classes 0=free:N 1=device:N ...": a key entry per class present.
	key="" legend=""
	# shellcheck disable=SC2013 # one line of words
	for c in $(sed -n 's/^# classes //p' "$f"); do
		k=${c%%=*} cls=${c#*=}
		[ "${cls#*:}" != 0 ] || continue
		colour=$(echo "$colours" | cut -d' ' -f$((k + 1)))
		key="$key, NaN with boxes fill solid lc rgb '$colour' title '${cls%:*} ${cls#*:}'"
		legend="$legend ${cls%:*} ${cls#*:}"
	done
	h=$((rows * 6 + 120))
	[ "$h" -le 4000 ] || h=4000
	gnuplot <<-EOF || die "gnuplot failed on $f"
	set terminal pngcairo size 900,$h noenhanced font ',9'
	set output '$dir/map-$name.png'
	set title "CMA area $name: $pages pages from pfn $base, one cell a page, $row a row"
	set key outside right top
	set palette defined ($palette)
	set cbrange [-1:8]
	unset colorbox
	set yrange [$rows - 0.5:-0.5]
	set xrange [-0.5:$row - 0.5]
	set xlabel 'page within the row'
	set ylabel 'row ($row pages)'
	set ytics $(((rows + 7) / 8))
	plot '$f' matrix with image notitle$key
	EOF
	echo "  MAP     $dir/map-$name.png:$legend"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || die "$data: no area in the map data"
