# pressure [--migration-only] [--no-anon] [--lend AREA] DEV...: the seeds'
# two claims on a full system.
# Reuse (seed 006): with no buffer held, a hog of anonymous memory, tmpfs
# and page cache drives CmaFree down: the CMA areas serve the system's
# movable pages (each area at least half on LRU lists).
# Migration (seeds 003-005): with the areas full, every DEV allocates and
# verifies a 1080p frame, all at once; the hog then finds every page it
# wrote intact, and holds fewer pages in CMA than before - its anon, tmpfs
# and page-cache pages that were in the way were migrated, not lost.
# --no-anon: the kernel keeps anonymous and shmem pages out of CMA (the
# explain kernel's cma.no_anon=Y): none of the hog's lie there, its page
# cache does, and that is what the frames take back.
# --lend AREA: AREA is lent to clean page cache copies (the explain
# kernel's cma.lend=AREA): at least half of it holds copies where the
# other areas serve movable pages, and the frames taken from it drop
# copies instead of moving the hog's pages.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/meminfo.sh
. /usr/lib/cmalab/tests/meminfo.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh
# shellcheck source=tests/guest/lend-stat.sh
. /usr/lib/cmalab/tests/lend-stat.sh

# --migration-only skips the reuse floors: the debug kernel's run checks
# migration (KASAN's shadow and its watermarks leave more CMA free there).
reuse=1 noanon=0
[ "${1:-}" = --migration-only ] && { reuse=0; shift; }
[ "${1:-}" = --no-anon ] && { noanon=1; shift; }
lent=
[ "${1:-}" = --lend ] && { lent=$2; shift 2; }
areas=$(find /sys/kernel/debug/cma -mindepth 1 -maxdepth 1 | wc -l)

plan $(((2 + areas) * reuse + 3 + $# + 3))
total=$(meminfo CmaTotal)
avail=$(($(meminfo MemAvailable) / 1024))
# Anonymous and tmpfs memory a quarter of what is available each, page
# cache as much again as is available: the page cache is what reclaim
# gives back, so migration always has somewhere to go.
hog_start $((avail / 4)) $((avail / 4)) "$avail"
echo "# hog: $hog_ready"
free=$(meminfo CmaFree)
echo "# CmaFree $free of $total kB with the hog running"
hog lru "$areas" > /tmp/lru
if [ $reuse -eq 1 ]; then
	ok test "$total" -gt 0 -- "there are CMA areas ($total kB)"
	[ "$free" -le $((total / 4)) ]
	_result $? "the hog drove CmaFree below a quarter of CmaTotal" "CmaFree $free kB"
fi
while read -r _ name lru; do
	used=${lru%/*} count=${lru#*/}
	echo "# area $name: $used of $count pages on LRU lists ($((used * 100 / count))%)"
	[ $reuse -eq 1 ] || continue
	if [ "$name" = "$lent" ]; then
		copies=$(lend_stat cached)
		[ $((copies * 2)) -ge "$count" ]
		_result $? "area $name: at least half its pages hold lent copies of page cache" "$copies/$count"
		continue
	fi
	[ $((used * 2)) -ge "$count" ]
	_result $? "area $name: at least half its pages serve movable memory" "$used/$count"
done < /tmp/lru

before=$(hog where)
echo "# before: $before"
for kind in anon shmem file; do
	if [ $noanon -eq 1 ] && [ $kind != file ]; then
		[ "$(_hog_field $kind "$before")" -eq 0 ]
		_result $? "no $kind page of the hog lies in a CMA area" "$before"
		continue
	fi
	[ "$(_hog_field $kind "$before")" -gt 0 ]
	_result $? "some $kind pages of the hog lie in CMA areas" "$before"
done

[ -z "$lent" ] || dropped=$(lend_stat dropped)
pids=""
for dev in "$@"; do
	hold_frame "$dev" "a 1080p frame allocates and verifies under pressure"
	pids="$pids $held_pid"
done

if [ -n "$lent" ]; then
	echo "# after: $(hog where)"
	d=$(($(lend_stat dropped) - dropped))
	[ "$d" -gt 0 ]
	_result $? "the frames dropped $d lent copies instead of moving the hog's pages" ""
	hog_intact
else
	hog_moved "$before"
fi
# Control: the check finds damage when there is some.
hog corrupt >/dev/null
result=$(hog verify)
case $result in *", 3 corrupted, first: "*) r=0 ;; *) r=1 ;; esac
_result $r "control: one flipped bit in each kind is found" "$result"
# shellcheck disable=SC2086 # the list of pids
kill $pids
hog_stop
done_testing
