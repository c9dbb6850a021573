# Helpers for tests/targets/ (sourced after host.sh): one configuration
# booted on every target, to assert what differs between them, and what
# does not. Such a test runs on the default target and needs the others'
# kernels, which make test builds for every target in TARGETS.
# shellcheck disable=SC2154 # work, boot_rc and CMALAB_ALL_TARGETS come from host.sh
all_targets=$CMALAB_ALL_TARGETS

# needs_all_targets: skip the test (status 4, the reason last) unless
# make test builds every target.
needs_all_targets() {
	for _t in $all_targets; do
		case " ${TARGETS:-$all_targets} " in
		*" $_t "*) ;;
		*) echo "needs every target's kernel; TARGETS=${TARGETS} leaves out $_t"; exit 4 ;;
		esac
	done
}

# on TARGET VAR=VALUE...: make run on TARGET; its output is kept in
# $work/TARGET.out, its console in $work/TARGET.console, its DTB in
# $work/TARGET.dtb.
on() {
	_t=$1
	shift
	boot ARCH="${_t%%-*}" KERNEL="${_t#*-}" "$@"
	cp "$work/out" "$work/$_t.out"
	cp "$work/run.dtb" "$work/$_t.dtb" 2>/dev/null
	tr -d '\r' < "$work/run/console.log" > "$work/$_t.console" 2>/dev/null
	[ "$boot_rc" -eq 0 ] || echo "# $_t: boot status $boot_rc: $(tail -n 2 "$work/err" | tr '\n' '|')"
}

# area_field TARGET NAME FIELD: BASE (2) or SIZE (3) of area NAME in
# TARGET's cma-actual.sh lines; empty if there is no such area.
area_field() {
	awk -v n="$2" -v f="$3" '$1 == "area" && $2 == n { print $(f + 1) }' "$work/$1.out"
}
