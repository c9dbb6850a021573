# Every KTAP document in the input has as many results as its plan says;
# each one that does not is named on standard output, and the exit status
# is 1. A file with no document fails too. Only top-level lines count:
# an indented (nested or relayed) document is its own test's business.
# usage: awk -f tests/lib/ktap-plan.awk FILE
function close_doc() {
	if (docs && seen != planned) {
		printf "# KTAP document %d of %s: planned %d results, gave %d\n", docs, FILENAME, planned, seen
		bad = 1
	}
}
/^KTAP version 1$/ { close_doc(); docs++; planned = -1; seen = 0; next }
/^1\.\.[0-9]+$/ { planned = substr($0, 4) + 0; next }
/^(not )?ok [0-9]/ { seen++; next }
END {
	close_doc()
	if (!docs) {
		printf "# %s has no KTAP document\n", FILENAME
		bad = 1
	}
	exit bad
}
