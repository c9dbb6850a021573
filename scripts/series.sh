#!/bin/sh
# The patches of one or more series, in order, one path per line: each
# DIR's "series" file lists patch files relative to DIR; a line naming a
# file called "series" (../common/series) stands for that series' patches,
# in its place. Comments (#) and blank lines are skipped.
#
# usage: series.sh DIR...
set -eu

expand() { # SERIES-FILE
	_dir=$(cd "$(dirname "$1")" && pwd)
	grep -v '^[[:space:]]*\(#\|$\)' "$1" | while read -r _p; do
		case $_p in
		series|*/series) (expand "$_dir/$_p") ;;
		*) echo "$_dir/$_p" ;;
		esac
	done
}

for d in "$@"; do
	[ -r "$d/series" ] || { echo "series: $d/series missing" >&2; exit 1; }
	expand "$d/series"
done | sed 's|/[^/]*/\.\./|/|g'
