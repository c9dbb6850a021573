# A test's log as one KTAP document nested under the runner's result
# line (indented four spaces), as the kernel's KTAP parser
# (kunit_parser.py) takes it: a log with one top-level document as it is;
# a log with several (a test that boots guests and checks on the host
# prints one per program) as a document whose subtests they are, "NAME:
# part J of K", each "not ok" when it has a failed result or gave other
# than its plan. A document that gave other than its plan (the runner
# fails its test: tests/lib/ktap-plan.awk) is relayed with a plan of what
# it gave and a comment with the plan it had: the parser cannot read past
# a short document. Lines before the first document stay as they are.
# A line with what the parser takes for the end of a kernel's KTAP output
# (its KTAP_END: "List of all partitions:", "Kernel panic - not syncing:
# VFS:", "reboot: System halted"), as a failed boot's diagnostic quotes
# it, would end the whole run's document there: its colon is relayed as
# " :", the kernel's words otherwise as they are.
# usage: awk -v name=NAME -f tests/lib/ktap-nest.awk LOG
{
	sub(/\r+$/, "")
	sub(/List of all partitions:/, "List of all partitions :")
	sub(/Kernel panic - not syncing: VFS:/, "Kernel panic - not syncing: VFS :")
	sub(/reboot: System halted/, "reboot : System halted")
	line[NR] = $0
}
/^KTAP version 1$/ { start[++docs] = NR }
# doc(D, INDENT): document D's lines; sets ok to whether all is well.
function doc(d, indent,   last, i, l, planned, plan_at, seen, failed) {
	last = d < docs ? start[d + 1] - 1 : NR
	planned = -1; seen = 0; failed = 0
	for (i = start[d]; i <= last; i++) {
		l = line[i]
		if (l ~ /^1\.\.[0-9]+$/ && planned < 0) { planned = substr(l, 4) + 0; plan_at = i }
		else if (l ~ /^not ok [0-9]/) { seen++; failed = 1 }
		else if (l ~ /^ok [0-9]/) seen++
	}
	for (i = start[d]; i <= last; i++) {
		if (i == plan_at && seen != planned) {
			print indent "1.." seen
			print indent "# planned " planned " results, gave " seen
		} else
			print indent line[i]
	}
	ok = !failed && seen == planned
}
END {
	for (i = 1; i <= NR && (!docs || i < start[1]); i++) print "    " line[i]
	if (docs == 1) doc(1, "    ")
	if (docs <= 1) exit
	print "    KTAP version 1"
	print "    1.." docs
	for (d = 1; d <= docs; d++) {
		doc(d, "        ")
		printf "    %s %d %s: part %d of %d\n", ok ? "ok" : "not ok", d, name, d, docs
	}
}
