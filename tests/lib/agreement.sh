# agree: hold one configuration's boot against cmacheck's prediction
# (sourced after host.sh by tests/cmacheck/agreement.test and
# tests/overlays/*.test).
#   agree NAME VERDICT VAR=VALUE...
# Two KTAP results: cmacheck's verdict (make check FORMAT=json) is VERDICT
# (clean, warning or error); then the configuration boots (CHECK=0) and
# what the kernel did is what cmacheck said: the same CMA areas (names,
# sizes, default or not), a fixed area at its base, a region the tree
# sizes at the base cmacheck places it, the default area inside its
# window, an area cma_activate_area() refuses with no pages, and
# cmacheck --live in the guest agreeing with the kernel it runs on, the same binding for every vfimc device (the JSON's "vfimc":
# the bindings a guest can read back) - or, where cmacheck
# says the boot fails, a boot that fails. Leaves cmacheck's JSON in
# $work/NAME.json and the kernel's lines (tests/guest/cma-actual.sh) in
# $work/NAME.actual.
# shellcheck disable=SC2154 # work, boot_rc and target come from host.sh

# agreement_cases FILE: FILE's cases that apply to this target, as
# "name|make variables|verdict" lines. A case is
#   name | make variables | verdict [| targets]
# where verdict is one word, or PATTERN:VERDICT words for targets that
# differ (the first pattern matching the target wins), and targets are
# shell patterns (default: every target).
agreement_cases() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" |
	while IFS='|' read -r _name _vars _verdict _targets; do
		_v="" _in=""
		set -f
		for _p in ${_targets:-*}; do
			# shellcheck disable=SC2254 # the pattern is the point
			case $target in $_p) _in=1 ;; esac
		done
		for _w in $_verdict; do
			case $_w in
			*:*) # shellcheck disable=SC2254
				case $target in ${_w%%:*}) [ -n "$_v" ] || _v=${_w#*:} ;; esac ;;
			*) _v=$_w ;;
			esac
		done
		set +f
		if [ -z "$_in" ] || [ -z "$_v" ]; then
			continue
		fi
		echo "$(echo "$_name" | xargs)|$(echo "$_vars" | xargs)|$_v"
	done
}

# agreement_compare PREDICTION ACTUAL: print each disagreement.
#   PREDICTION lines: area NAME BASE|placed|placed:BASE SIZE DEFAULT WSTART
#   WEND; bind ... (placed:BASE: a region the tree sizes, which memblock
#   places where cmacheck says, exactly; placed: the default area, which
#   lands within its window after allocations cmacheck does not follow)
#   ACTUAL lines:     area NAME BASE SIZE DEFAULT; bind ...
agreement_compare() {
	awk '
	FNR == NR { if ($1 == "area") { p[$2] = $0; pn[$2] = 1 } else if ($1 == "bind") pb[$0] = 1; next }
	$1 == "area" {
		if (!($2 in p)) { print "the kernel made area " $2 ", cmacheck did not predict it"; next }
		split(p[$2], w, " "); delete pn[$2]
		if (w[4] != $4) print "area " $2 ": size " $4 ", predicted " w[4]
		if (w[5] != $5) print "area " $2 ": default " $5 ", predicted " w[5]
		placed = w[3] ~ /^placed/
		if (!placed && w[3] != $3) print "area " $2 ": base " $3 ", predicted " w[3]
		if (placed && ($3 < w[6] || $3 + $4 > w[7]))
			print "area " $2 ": base " $3 ", outside the predicted window " w[6] "-" w[7]
		if (w[3] ~ /^placed:/ && substr(w[3], 8) != $3)
			print "area " $2 ": placed at " $3 ", predicted " substr(w[3], 8)
		next }
	$1 == "bind" { if (!($0 in pb)) print "kernel: " $0 ", not as predicted"; else delete pb[$0] }
	END {
		for (n in pn) print "cmacheck predicted area " n ", the kernel did not make it"
		for (b in pb) print "predicted: " b ", not what the kernel did"
	}' "$1" "$2"
}

# agreement_predict NAME VAR=VALUE...: cmacheck's JSON for the
# configuration (make check FORMAT=json) in $work/NAME.json, make's
# stderr in $work/NAME.check-err. No result.
agreement_predict() {
	ag_name=$1
	shift
	make -s --no-print-directory check FORMAT=json RUNDIR="$work/$ag_name" "$@" \
		>"$work/$ag_name.json" 2>"$work/$ag_name.check-err"
}

# agreement_verdict NAME VERDICT VAR=VALUE...: the first result alone.
agreement_verdict() {
	ag_name=$1 ag_verdict=$2
	shift 2
	agreement_predict "$ag_name" "$@"
	agreement_judge_verdict "$ag_name" "$ag_verdict"
}

# agreement_judge_verdict NAME VERDICT: the first result, from
# $work/NAME.json.
agreement_judge_verdict() {
	ag_name=$1 ag_verdict=$2
	got=$(jq -r '[.problems[].severity] | if index("error") then "error"
		elif index("warning") then "warning" else "clean" end' "$work/$ag_name.json" 2>/dev/null)
	is "$got" "$ag_verdict" "$ag_name: cmacheck's verdict is $ag_verdict" ||
		sed 's/^/# /' "$work/$ag_name.check-err" | tail -n 3
	jq -r '.problems[] | "# \(.severity): \(.where): [\(.rule)] \(.message)"' \
		"$work/$ag_name.json" 2>/dev/null | cut -c1-200
}

# agreement_boot NAME VAR=VALUE...: the second result alone: the boot
# held against $work/NAME.json (agreement_predict's).
agreement_boot() {
	ag_name=$1
	shift
	actual_boot "$@"
	agreement_judge_boot "$ag_name"
}

# actual_boot VAR=VALUE...: the boot that prints what the kernel did
# (tests/guest/cma-actual.sh) to $work/out. (IDLE 30 s: its walk of a
# vendor tree on a real board's model can keep the console quiet for over
# 10 s under load.)
actual_boot() {
	boot IDLE=30 TIMEOUT=120 "$@" RUN='sh /usr/lib/cmalab/tests/cma-actual.sh'
}

# agreement_judge_boot NAME: the second result, this boot ($work/out,
# boot_rc) held against $work/NAME.json.
agreement_judge_boot() {
	ag_name=$1
	jq -r '(.areas[] | "area \(.name) \(.base // (if .from == "reserved-memory node" and .predicted_base
			then "placed:\(.predicted_base)" else "placed" end)) \(if .activated == false then 0 else .size end) \(if .default then "yes" else "no" end) \(.window[0]) \(.window[1])"),
		(.bindings[] | select(.vfimc) | "bind \(.device) \(.area // "-") \(.kind)")' \
		"$work/$ag_name.json" >"$work/$ag_name.predicted" 2>/dev/null
	boots=$(jq -r .boot "$work/$ag_name.json" 2>/dev/null)
	cp "$work/out" "$work/$ag_name.actual"
	if [ "$boots" = fails ]; then
		[ "$boot_rc" -ne 0 ]
		_result $? "$ag_name: the boot fails, as cmacheck said" "the boot succeeded: $(tail -n 1 "$work/err")"
		echo "# $(grep -E '^run: ' "$work/err" | head -n 1)"
		return
	fi
	diff=$(agreement_compare "$work/$ag_name.predicted" "$work/$ag_name.actual")
	# cmacheck --live in the same guest, from the running kernel's own
	# inputs, must agree too (the stock kernel's boots are judged by
	# tests/cmacheck/live.test: --live predicts the fixed one).
	live=$(sed -n 's/^live //p' "$work/$ag_name.actual" | head -n 1)
	if [ "$(jq -r .stock "$work/$ag_name.json" 2>/dev/null)" != true ]; then
		case $live in
		[0-2]" live: the kernel agrees"*) ;;
		*) diff="$diff${diff:+;}cmacheck --live in the guest: ${live:-no verdict}$(sed -n 's/^live-diff /; /p' "$work/$ag_name.actual" | tr -d '\n')" ;;
		esac
	fi
	[ "$boot_rc" -eq 0 ] && [ "$boots" = ok ] && [ -z "$diff" ]
	_result $? "$ag_name: the kernel did what cmacheck said ($(grep -c '^area' "$work/$ag_name.actual") areas, $(grep -c '^bind' "$work/$ag_name.actual") vfimc devices), and so did cmacheck --live in the guest" \
		"boot status $boot_rc, cmacheck boot=$boots; $(echo "$diff" | tr '\n' ';')"
}

# One make run for both: cmacheck's JSON written by it (CHECK_JSON) and
# its tree where make check would have left it (RUNDIR, the tree at
# $work/NAME.dtb), then the two results in their order.
agree() {
	ag_name=$1 ag_verdict=$2
	shift 2
	actual_boot "$@" RUNDIR="$work/$ag_name" CHECK_JSON="$work/$ag_name.json"
	cp "$work/err" "$work/$ag_name.check-err"
	agreement_judge_verdict "$ag_name" "$ag_verdict"
	agreement_judge_boot "$ag_name"
}
