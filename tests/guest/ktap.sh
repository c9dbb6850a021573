# KTAP output for guest-side tests (sourced by busybox sh).
#   plan N          "KTAP version 1" and "1..N"
#   ok CMD... -- DESCRIPTION     run CMD; ok when it succeeds
#   is GOT WANT DESCRIPTION      ok when the two strings are equal
#   skip DESCRIPTION REASON
#   done_testing    exit status: 0 when every test passed
_ktap_n=0
_ktap_fail=0

plan() {
	echo "KTAP version 1"
	echo "1..$1"
}

_result() { # STATUS DESCRIPTION [DIAGNOSTIC]
	_ktap_n=$((_ktap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_ktap_n $2"
	else
		_ktap_fail=$((_ktap_fail + 1))
		echo "not ok $_ktap_n $2"
		[ -z "${3:-}" ] || echo "# $3"
	fi
}

ok() {
	_cmd=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		_cmd="$_cmd '$1'"
		shift
	done
	shift
	eval "$_cmd" >/dev/null 2>&1
	_result $? "$*" "failed:$_cmd"
}

is() {
	[ "$1" = "$2" ]
	_result $? "$3" "got '$1', want '$2'"
	[ "$1" = "$2" ]
}

skip() {
	_ktap_n=$((_ktap_n + 1))
	echo "ok $_ktap_n $1 # SKIP $2"
}

done_testing() {
	[ "$_ktap_fail" -eq 0 ]
}
