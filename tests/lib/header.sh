# The header every test declares its needs in, three lines among its
# first comments, each written out even where it says the default:
#   # targets: PATTERN...  the targets it runs on (shell patterns on
#                          ARCH-KERNEL: arm-6.1, "*", arm64-*)
#   # flavour: NAME        the kernel flavour its boots use: default, or
#                          one of board/common/linux/flavour/*.config
#   # timeout: SECONDS     how long it may run before the runner stops it
# and those it may add:
#   # soak-targets: PATTERN...  further targets for SOAK=1 (make soak),
#                          where make test's time does not allow them
#   # flavour-targets: PATTERN...  the targets where make test builds the
#                          flavour (elsewhere the test runs on the default
#                          kernel and skips, saying why, what needs the
#                          flavour; SOAK=1 builds it everywhere)
# tests/run.sh builds what the headers ask for and runs each test where
# its targets say; tests/lib/run-one.sh stops it at its timeout; host.sh
# gives its boots its flavour (FLAVOUR).
#
# A board's test is its checks file, tests/guest/boards/BOARD.sh (which
# its LAVA job runs too), with the same header: tests/lib/board.sh boots
# the board and runs it, as test boards/BOARD, on the targets whose
# architecture boots the board (make -s boards). A board that checks
# more has tests/boards/BOARD.test instead.

# test_files: every test, one path a line: tests/GROUP/NAME.test, and each
# board's checks file that has no tests/boards/BOARD.test.
test_files() {
	find tests -mindepth 2 -maxdepth 2 -name '*.test'
	find tests/guest/boards -name '*.sh' | while read -r _c; do
		_b=${_c##*/}
		[ -e "tests/boards/${_b%.sh}.test" ] || echo "$_c"
	done
}

# test_name FILE: the test's name, GROUP/NAME: its directory's name and
# its own (boards/BOARD for a board's checks file).
test_name() {
	_n=${1##*/}
	case $1 in
	*guest/boards/*.sh) echo "boards/${_n%.sh}" ;;
	*) _d=${1%/*}; echo "${_d##*/}/${_n%.test}" ;;
	esac
}

# header FILE KEY: the value of FILE's "# KEY:" line, empty if it has none.
header() {
	sed -n "s/^# $2: *//p" "$1" | head -n 1
}

# target_in TARGET PATTERN...: whether a header's shell patterns (targets,
# soak-targets, flavour-targets) take in TARGET.
target_in() {
	_t=$1
	shift
	for _p in "$@"; do
		# shellcheck disable=SC2254 # the pattern is the point
		case $_t in $_p) return 0 ;; esac
	done
	return 1
}

# test_flavour FILE TARGET: the kernel flavour FILE's test has on TARGET:
# its header's, or default where its flavour-targets leave TARGET out
# (unless SOAK=1).
test_flavour() {
	_fl=$(header "$1" flavour)
	_ft=$(header "$1" flavour-targets)
	set -f
	# shellcheck disable=SC2086 # the patterns, one word each
	if [ -n "$_ft" ] && [ "${SOAK:-0}" != 1 ] && ! target_in "$2" $_ft; then
		_fl=default
	fi
	set +f
	echo "${_fl:-default}"
}

# header_problems FILE...: one line for each FILE whose header is not
# whole, naming what is wrong and the rule; nothing when all are.
header_problems() {
	awk -v flavours=" default $(find board/common/linux/flavour -name '*.config' | sed 's|.*/||; s/\.config$//' | tr '\n' ' ')" '
	function check(f,   k) {
		split("targets flavour timeout", keys, " ")
		for (k = 1; k <= 3; k++)
			if (!(keys[k] in v)) {
				printf "%s: no '"'"'# %s:'"'"' line; every test declares its targets, flavour and timeout (tests/lib/header.sh)\n", f, keys[k]
				return
			}
		if (index(flavours, " " v["flavour"] " ") == 0)
			printf "%s: flavour '"'"'%s'"'"': default or one of board/common/linux/flavour/*.config\n", f, v["flavour"]
		else if (v["timeout"] !~ /^[1-9][0-9]*$/)
			printf "%s: timeout '"'"'%s'"'"': a whole number of seconds\n", f, v["timeout"]
	}
	FNR == 1 { if (NR > 1) check(file); split("", v); file = FILENAME }
	/^# (targets|flavour|timeout):/ {
		k = substr($2, 1, length($2) - 1)
		if (!(k in v)) { val = $0; sub(/^# [a-z]+: */, "", val); if (val != "") v[k] = val }
	}
	END { if (NR) check(file) }' "$@"
}
