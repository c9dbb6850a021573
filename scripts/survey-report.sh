#!/bin/sh
# make survey's results: every target's boards.jsonl (survey-target.sh)
# into RESULTS/survey.json (every board: areas, bindings, problems; totals
# by target, rule and vendor) and RESULTS/survey.md (the same, to read).
#
# usage: survey-report.sh SURVEYDIR RESULTS SECONDS TARGET...
# SECONDS: the survey's wall time. Each target's kernel is named by
# SURVEYDIR/TARGET/kernel (Debian's linux-source package version).
set -eu

dir=$1 res=$2 secs=$3
shift 3
mkdir -p "$res"

# The targets' summaries, as JSON objects.
for t in "$@"; do
	read -r _ cand _ dtbs _ pools <"$dir/$t/summary"
	printf '{"target":"%s","kernel":"%s","candidates":%d,"dtbs":%d,"pools":%d}\n' \
		"$t" "$(cat "$dir/$t/kernel")" "$cand" "$dtbs" "$pools"
done | jq -s . >"$dir/targets.json"

for t in "$@"; do cat "$dir/$t/boards.jsonl"; done | jq -s --slurpfile targets "$dir/targets.json" \
	--argjson secs "$secs" '
	# One board, slimmed: bindings to the default area of devices that
	# only inherit it are counted, not listed.
	def slim: {target, board, vendor, memory, ms, status, error} + (
		if .report == null then {ram: null, areas: [], bindings: [], default_users: 0, problems: [],
			boot: null}
		else {ram: .report.ram.banks,
		      areas: [.report.areas[] | {name, base, predicted_base, size, default, window, from}],
		      bindings: [.report.bindings[] | select(.kind != "default-cma" and .kind != "none")],
		      default_users: ([.report.bindings[] | select(.kind == "default-cma")] | length),
		      problems: [.report.problems[] | {severity, rule, where, message, fatal}],
		      boot: .report.boot} end);
	def verdict: if .error != null then "not checked"
		elif .boot == "fails" then "boot fails"
		elif any(.problems[]; .severity == "error") then "errors"
		elif (.problems | length) > 0 then "warnings" else "clean" end;
	def p50: sort | .[(length / 2 | floor)];
	# 6.1'"'"'s 32-bit ARM trees have no vendor directories: a flat name takes
	# the vendor of the same file name in a tree that has them.
	([.[] | select(.board | contains("/")) | {key: (.board | split("/") | last), value: .vendor}] |
		from_entries) as $vendor |
	[.[] | (if (.board | contains("/")) then . else .vendor = ($vendor[.board] // .vendor) end) |
		slim | . + {verdict: verdict}] as $b |
	{
		seconds: $secs,
		targets: [$targets[0][] | .target as $t | . + {
			checked: [$b[] | select(.target == $t and .error == null)] | length,
			not_checked: [$b[] | select(.target == $t and .error != null)] | length,
			sanitizer_reports: [$b[] | select(.target == $t and .status == 5)] | length,
			memory_assumed: [$b[] | select(.target == $t and (.memory | startswith("assumed")))] | length,
			verdicts: ([$b[] | select(.target == $t) | .verdict] | group_by(.) |
				map({(.[0]): length}) | add // {}),
			ms_p50: ([$b[] | select(.target == $t) | .ms] | if length > 0 then p50 else 0 end),
			ms_max: ([$b[] | select(.target == $t) | .ms] | max // 0)}],
		by_rule: ([$b[] | .target as $t | .board as $n | .problems[] |
				{rule, severity, target: $t, board: $n}] | unique_by([.rule, .severity, .target, .board]) |
			group_by([.rule, .severity]) | map({rule: .[0].rule, severity: .[0].severity,
				boards: (group_by(.target) | map({(.[0].target): length}) | add),
				example: (.[0].target + " " + .[0].board)})),
		by_vendor: ($b | group_by(.vendor) | map({vendor: .[0].vendor,
			boards: (group_by(.target) | map({(.[0].target): length}) | add),
			with_errors: [.[] | select(.verdict == "errors" or .verdict == "boot fails")] | length})),
		boards: $b
	}' >"$res/survey.json"

jq -r '
	def cell(o; t): (o[t] // 0) | tostring;
	def mib: (. / 1048576 | floor | tostring) + " MiB";
	def hex: [. as $v | range(28; -1; -4) | ($v / pow(2; .) | floor) % 16] |
		map("0123456789abcdef"[.:.+1]) | "0x" + join("");
	[.targets[].target] as $ts |
	"# The mainline survey: CMA in every board tree with a pool",
	"",
	"`make survey` built every device tree of Debian'"'"'s linux-source (" +
	([.targets[] | .kernel] | unique | join(", ")) + ") that declares a CMA pool (a reusable",
	"`/reserved-memory` region or `linux,cma-default`), arm and arm64, with each kernel'"'"'s own dtbs",
	"rule, and ran cmacheck on it (built with ASan and UBSan) against that target'"'"'s kernel",
	"configuration, as a board'"'"'s bootloader loads it (only 32-bit ARM'"'"'s kernel placed, at the start",
	"of RAM; an LPAE kernel for 32-bit trees with memory above 4 GiB). RAM is the tree'"'"'s `/memory`;",
	"one of size 0 is taken as 1 GiB at its base, and a tree without one (its bootloader adds it)",
	"as one bank over every address its regions name, in whole GiBs: such boards say \"assumed\",",
	"and their verdicts hold for that RAM only. Whole survey: \(.seconds) s. Every board'"'"'s full",
	"result: `survey.json`.",
	"",
	"| target | kernel | candidates | trees built | with a pool | clean | warnings | errors | boot fails | not checked | RAM assumed | sanitizer reports | cmacheck p50 / max ms |",
	"|---|---|---|---|---|---|---|---|---|---|---|---|---|",
	(.targets[] | "| \(.target) | \(.kernel) | \(.candidates) | \(.dtbs) | \(.pools) | \(cell(.verdicts; "clean")) | \(cell(.verdicts; "warnings")) | \(cell(.verdicts; "errors")) | \(cell(.verdicts; "boot fails")) | \(.not_checked) | \(.memory_assumed) | \(.sanitizer_reports) | \(.ms_p50) / \(.ms_max) |"),
	"",
	"## By rule: boards on which it fires",
	"",
	"| rule | severity | " + ($ts | join(" | ")) + " | e.g. |",
	"|---|---|" + ($ts | map("---|") | join("")) + "---|",
	(.by_rule | sort_by(-([.boards[]] | add)) | .[] | . as $r |
		"| \(.rule) | \(.severity) | " + ($ts | map(cell($r.boards; .)) | join(" | ")) + " | \(.example) |"),
	"",
	"## By vendor: boards with a pool",
	"",
	"| vendor | " + ($ts | join(" | ")) + " | with errors |",
	"|---|" + ($ts | map("---|") | join("")) + "---|",
	(.by_vendor | sort_by(-([.boards[]] | add)) | .[] | . as $v |
		"| \(.vendor) | " + ($ts | map(cell($v.boards; .)) | join(" | ")) + " | \(.with_errors) |"),
	"",
	"## Errors, and the trees that could not be checked",
	"",
	(.boards[] | select(.verdict == "errors" or .verdict == "boot fails" or .verdict == "not checked") |
		"- **\(.target) \(.board)** (\(.verdict); RAM: \(.memory)): " +
		(if .error then .error else ([.problems[] | select(.severity == "error") |
			"`\(.where)` [\(.rule)] \(.message)"] | join("; ")) end)),
	"",
	"## Every board",
	"",
	"| target | board | RAM | CMA areas | devices bound | problems |",
	"|---|---|---|---|---|---|",
	(.boards[] | "| \(.target) | \(.board) | \(if .memory == "tree" then "tree" else "assumed" end) | " +
		([.areas[] | "\(.name) \(.size | mib)" + (if .base then " @\(.base | hex)" else " ~\(.predicted_base | hex)" end) +
			(if .default then " (default)" else "" end)] | join(", ")) + " | " +
		"\(.bindings | length) + \(.default_users) on the default area | " +
		([.problems[] | "\(.severity) \(.rule)"] | unique | join(", ")) + " |")
' "$res/survey.json" >"$res/survey.md"
echo "  SURVEY  $res/survey.md, $res/survey.json" >&2
