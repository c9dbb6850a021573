#!/bin/sh
# docs/cmacheck.md's list of rules, from the rules' table itself
# (tools/cmacheck/rules.h, as `cmacheck --list-rules --json` prints it):
# one Markdown table row per rule, with the kernel function it models,
# what that kernel prints and what it catches.
#
# usage: cmacheck-rules.sh CMACHECK             print the table
#        cmacheck-rules.sh CMACHECK --update DOC  rewrite DOC's table in place,
#                                                 between its two markers
set -eu

cmacheck=$1
begin='<!-- rules: made by scripts/cmacheck-rules.sh from cmacheck --list-rules; do not edit -->'
end='<!-- end of rules -->'

table() {
	echo
	echo '| rule | models | the kernel prints | catches |'
	echo '| --- | --- | --- | --- |'
	"$cmacheck" --list-rules --json | jq -r '.[] |
		def cell: gsub("\\|"; "\\\\|");
		"| `\(.rule)` | `\(.models | cell)` | \(if (.prints | startswith("nothing"))
			then .prints else "`\(.prints | cell)`" end) | \(.catches | cell) |"'
	echo
}

if [ "${2:-}" != --update ]; then
	table
	exit 0
fi
doc=$3
if ! grep -qxF "$begin" "$doc" || ! grep -qxF "$end" "$doc"; then
	echo "cmacheck-rules.sh: $doc has no rules markers ($begin ... $end)" >&2
	exit 1
fi
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.t"' EXIT
table >"$tmp.t"
awk -v b="$begin" -v e="$end" -v t="$tmp.t" '
	$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
	$0 == e { skip = 0 }
	!skip' "$doc" >"$tmp"
cat "$tmp" >"$doc"
