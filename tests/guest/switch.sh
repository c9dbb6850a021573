# switch.sh PATH STOCK CHANGED [BAD...]: one of the explain kernel's
# run-time switches (patches/linux-KERNEL/explain/switches). It reads its
# stock value at boot; root sets the changed value and reads it back, and
# sets stock again; every BAD value is refused and leaves it as it was;
# an unprivileged caller can neither set it nor change it.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

path=$1 stock=$2 changed=$3
shift 3
plan $((4 + 2 * $#))
is "$(cat "$path")" "$stock" "$path reads the stock value at boot"
echo "$changed" >"$path" 2>/dev/null
is "$(cat "$path")" "$changed" "root sets the changed value and reads it back"
for bad in "$@"; do
	! (echo "$bad" >"$path") 2>/dev/null
	_result $? "'$bad' is refused" ""
	is "$(cat "$path")" "$changed" "and leaves the value as it was"
done
! /usr/lib/cmalab/tests/nobody sh -c "echo $stock > $path" 2>/dev/null
_result $? "an unprivileged caller cannot write it" ""
is "$(cat "$path")" "$changed" "and has not changed it"
echo "$stock" >"$path"
done_testing
