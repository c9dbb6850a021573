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

# make survey BOOT=1's boots (tests/cmacheck/transplant.test's records):
# per board, whether the kernel did what cmacheck said of its transplant,
# and the rules that fired on the transplant.
for t in "$@"; do
	[ ! -f "$dir/boots/$t.tsv" ] ||
		awk -F'\t' -v t="$t" '{ printf "{\"target\":\"%s\",\"board\":\"%s\",\"agree\":%s,\"rules\":\"%s\"}\n",
			t, $1, $2 ? "true" : "false", $3 }' "$dir/boots/$t.tsv"
done | jq -s . >"$dir/boots.json"

for t in "$@"; do cat "$dir/$t/boards.jsonl"; done | jq -s --slurpfile targets "$dir/targets.json" \
	--slurpfile boots "$dir/boots.json" --argjson secs "$secs" '
	# One board, slimmed: bindings to the default area of devices that
	# only inherit it are counted, not listed; RAM assumed is the memory
	# field, not a problem.
	def slim: {target, board, vendor, memory, ms, status, error} + (
		if .report == null then {ram: null, areas: [], bindings: [], default_users: 0, problems: [],
			boot: null}
		else {ram: .report.ram.banks,
		      areas: [.report.areas[] | {name, base, predicted_base, size, default, window, from}],
		      bindings: [.report.bindings[] | select(.kind != "default-cma" and .kind != "none") | del(.vfimc)],
		      default_users: ([.report.bindings[] | select(.kind == "default-cma")] | length),
		      problems: [.report.problems[] | select(.rule != "ram-assumed") |
				{severity, rule, where, message, fatal}],
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
	($boots[0] | map({key: (.target + " " + .board), value: {agree, rules: (.rules | split(",") |
		map(select(. != "")))}}) | from_entries) as $booted |
	[.[] | (if (.board | contains("/")) then . else .vendor = ($vendor[.board] // .vendor) end) |
		slim | . + {verdict: verdict, transplant: $booted[.target + " " + .board]}] as $b |
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
			ms_max: ([$b[] | select(.target == $t) | .ms] | max // 0),
			booted: [$b[] | select(.target == $t and .transplant != null)] | length,
			agree: [$b[] | select(.target == $t and .transplant.agree == true)] | length}],
		by_rule: ([$b[] | .target as $t | .board as $n | .transplant as $x | .problems[] |
				{rule, severity, target: $t, board: $n,
				 proven: ($x != null and $x.agree and (.rule as $r | $x.rules | index($r)) != null)}] |
			unique_by([.rule, .severity, .target, .board]) |
			group_by([.rule, .severity]) | map({rule: .[0].rule, severity: .[0].severity,
				boards: (group_by(.target) | map({(.[0].target): length}) | add),
				proven_by: [.[] | select(.proven) | .target + " " + .board],
				example: (.[0].target + " " + .[0].board)})),
		by_vendor: ($b | group_by(.vendor) | map({vendor: .[0].vendor,
			boards: (group_by(.target) | map({(.[0].target): length}) | add),
			with_errors: [.[] | select(.verdict == "errors" or .verdict == "boot fails")] | length})),
		boards: $b
	}' >"$res/survey.json"

jq -r '
	([.targets[].booted] | add) as $booted |
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
	"of RAM; an LPAE kernel for 32-bit trees with memory above 4 GiB). RAM is the tree'"'"'s `/memory`,",
	"or what cmacheck assumes where the tree leaves it to the bootloader: 1 GiB at the base of a",
	"`/memory` of size 0, or one bank over every address the regions name, in whole GiBs; such",
	"boards say \"assumed\", and their verdicts hold for that RAM only. Whole survey: \(.seconds) s.",
	"Every board'"'"'s full result: `survey.json`.",
	"",
	"| target | kernel | candidates | trees built | with a pool | clean | warnings | errors | boot fails | not checked | RAM assumed | sanitizer reports | cmacheck p50 / max ms |",
	"|---|---|---|---|---|---|---|---|---|---|---|---|---|",
	(.targets[] | "| \(.target) | \(.kernel) | \(.candidates) | \(.dtbs) | \(.pools) | \(cell(.verdicts; "clean")) | \(cell(.verdicts; "warnings")) | \(cell(.verdicts; "errors")) | \(cell(.verdicts; "boot fails")) | \(.not_checked) | \(.memory_assumed) | \(.sanitizer_reports) | \(.ms_p50) / \(.ms_max) |"),
	"",
	(if $booted > 0 then
		"**Proven by boots** (`make survey BOOT=1`): each board that fits virt (one bank of RAM the machine boots, every address at or above its RAM'"'"'s base; not the LPAE ones) transplanted onto it - its `/reserved-memory`, numbers verbatim, moved to virt'"'"'s RAM base, a vfimc engine for each device that names a region - and booted: the kernel did what cmacheck said of the transplant on \([.targets[].agree] | add) of \($booted) (" +
		([.targets[] | "\(.target) \(.agree)/\(.booted)"] | join(", ")) + ")."
	 else "Boots: `make survey BOOT=1` transplants every board that fits onto virt and boots it." end),
	"",
	"## By rule: boards on which it fires",
	"",
	"| rule | severity | " + ($ts | join(" | ")) + " | e.g. | proven by a boot |",
	"|---|---|" + ($ts | map("---|") | join("")) + "---|---|",
	(.by_rule | sort_by(-([.boards[]] | add)) | .[] | . as $r |
		"| \(.rule) | \(.severity) | " + ($ts | map(cell($r.boards; .)) | join(" | ")) + " | \(.example) | " +
		(if $booted == 0 then "(make survey BOOT=1)"
		 elif (.proven_by | length) > 0 then "\(.proven_by | length) board(s), e.g. \(.proven_by[0])"
		 else "none: no transplant onto virt reproduces it" end) + " |"),
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
