# switch.sh PATH BOOT OTHER [BAD...]: one of the explain kernel's
# run-time switches (patches/linux-KERNEL/experiments/switches). It reads BOOT
# at boot; root sets OTHER and reads it back, and sets BOOT again; every
# BAD value is refused and leaves it as it was; an unprivileged caller can
# neither set it nor change it.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

path=$1 boot=$2 other=$3
shift 3
plan $((4 + 2 * $#))
is "$(cat "$path")" "$boot" "$path reads $boot at boot"
echo "$other" >"$path" 2>/dev/null
is "$(cat "$path")" "$other" "root sets $other and reads it back"
for bad in "$@"; do
	! (echo "$bad" >"$path") 2>/dev/null
	_result $? "'$bad' is refused" ""
	is "$(cat "$path")" "$other" "and leaves the value as it was"
done
! /usr/lib/cmalab/tests/nobody sh -c "echo $boot > $path" 2>/dev/null
_result $? "an unprivileged caller cannot write it" ""
is "$(cat "$path")" "$other" "and has not changed it"
echo "$boot" >"$path"
done_testing
