# Helpers for the cmawhy tests (sourced).
#   why ARGS...        run cmawhy ARGS: its output in $why, shown as KTAP
#                      diagnostics, its status in $why_rc
#   has REGEX TEXT     TEXT has a line that matches the extended REGEX
# shellcheck disable=SC2034 # why_rc is for the caller
why() {
	why=$(cmawhy "$@" 2>&1)
	why_rc=$?
	echo "$why" | sed 's/^/# /'
}
has() { echo "$2" | grep -qE "$1"; }
