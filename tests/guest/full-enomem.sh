# full-enomem DEV WHY: with DEV's CMA area full, even a 64 KiB buffer fails
# with ENOMEM (WHY says why: no fallback in this kernel, or no system page
# within DEV's reach) and is counted as a failure, not a fallback; with the
# area freed the same request is served by the area. CmaFree and MemFree
# end where they started: a fallback buffer out of reach was given back.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/full.sh
. /usr/lib/cmalab/tests/full.sh

full_setup "$1"
why=$2

plan 6
full_start
full_fill
f0=$(attr failures) n0=$(attr fallbacks)
out=$(vfimc alloc "$dev" 64K 2>&1)
case $out in *ENOMEM*) r=0 ;; *) r=1 ;; esac
_result $r "$dev: with $area full, 64 KiB fails with ENOMEM ($why)" "$out"
is "$(($(attr failures) - f0)) $(($(attr fallbacks) - n0)) $(attr fallback_buffers)" "1 0 0" \
	"$dev: one failure counted, no fallback"
full_free
out=$(vfimc alloc "$dev" 64K 2>&1)
echo "# $out"
[ "$(field "$out" from)" = area ]
_result $? "$dev: with $area free again, 64 KiB comes from the area" "$out"
full_end
done_testing
