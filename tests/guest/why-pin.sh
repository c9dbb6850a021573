# why-pin DEV: a short-term pin blocks a CMA allocation and cmawhy says
# so; a long-term pin does not block. A hog fills the areas (hog.sh) and
# pins, through /dev/vfimc-DEV, the anonymous page of its own nearest the
# middle of DEV's area short-term (X), then the next nearest long-term
# (Y). X stays where it is; Y is moved out of every area before it is
# pinned (FOLL_LONGTERM). A camera application then asks DEV's V4L2
# queue for one 4096x2160 RGB24 buffer (REQBUFS; 6480 of the area's 8192
# pages, so every range CMA can try covers the middle): refused, X in
# the way. cmawhy, from the cma trace events and page_owner, finds X left
# behind in every range the request found busy (6.1 never isolates an
# anonymous page with more references than mappings), names it, the hog
# that maps it and the engine it holds open, and not Y.
# X unpinned, the same request is granted with Y still pinned, and
# cmawhy calls it granted and the area clean.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/why.sh
. /usr/lib/cmalab/tests/why.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh

dev=$1
area=$(cat "/sys/class/misc/vfimc-$dev/area")
# One 4096x2160 RGB24 frame.
frame=$(((4096 * 2160 * 3 + 4095) / 4096))
meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
# field NAME LINE: the value of NAME=value in a hog answer.
field() { echo "$2" | sed -n "s/.* $1=\\([^ ]*\\).*/\\1/p"; }

plan 12
ok cmawhy --enable -- "cmawhy --enable: cma trace events, migration-failure dumps, page_owner"

avail=$(($(meminfo MemAvailable) / 1024))
hog_start $((avail / 4)) $((avail / 4)) $((avail / 2))
echo "# hog (pid $hog_pid): $hog_ready"

x=$(hog "pin anon $area $dev")
echo "# short-term: $x"
xpfn=$(field before "$x") xid=$(field id "$x")
is "$(field after "$x") $(field in "$x")" "$xpfn $area" \
	"a short-term pin leaves the page where it was, in $area"
y=$(hog "pin anon $area $dev longterm")
echo "# long-term: $y"
ypfn=$(field before "$y")
is "$(field in "$y")" none \
	"a long-term pin moves the page out of every area first ($ypfn -> $(field after "$y"))"

reqbufs() { /usr/lib/cmalab/tests/v4l2-reqbufs "$dev" 1 4096 2160 < /dev/null; }
out=$(reqbufs 2>&1)
rc=$?
echo "# REQBUFS 1 4096x2160 on $dev: $out"
[ "$rc" -ne 0 ]
_result $? "with $xpfn pinned, REQBUFS of a $frame-page frame on $dev is refused" "$out"

why "$area"
rc=$why_rc
is "$rc" 1 "cmawhy $area: the request is blocked (status 1)"
has "^last request: $frame pages .*: failed, -16 \\(EBUSY\\)" "$why"
_result $? "cmawhy: the last request, $frame pages, failed with EBUSY"
has "^    pfn $xpfn pinned: .*before the last request.*pinned \\(FOLL_PIN\\) or referenced.*; mapped by pid $hog_pid \\(cmahog\\), which holds /dev/vfimc-$dev open" "$why"
_result $? "cmawhy names $xpfn: left behind by the request, pinned or referenced, mapped by the hog (pid $hog_pid), which holds /dev/vfimc-$dev open"
echo "$why" | sed -n "/^    pfn $xpfn pinned:/,/^  [^ ]/p" | grep -q '^        handle_mm_fault+'
_result $? "cmawhy shows $xpfn's allocation stack (page_owner): the hog's page fault"
has "^verdict: pinned: .* pfn $xpfn mapped by pid $hog_pid \\(cmahog\\), which holds /dev/vfimc-$dev open.*Short-term pins" "$why"
_result $? "cmawhy's verdict: a short-term pin on $xpfn, by the hog"
! has "pfn $ypfn " "$why"
_result $? "cmawhy does not name the long-term pinned page's old place $ypfn"

hog "unpin $xid" >/dev/null
out=$(reqbufs 2>&1)
echo "# REQBUFS 1 4096x2160 on $dev: $out"
has "^granted 1 pages $frame " "$out"
_result $? "X unpinned, the same request is granted from $area, Y still pinned" "$out"

why "$area"
rc=$why_rc
has "^last request: $frame pages .*: granted" "$why" && has "^verdict: clean: " "$why" && [ "$rc" -eq 0 ]
_result $? "cmawhy: the last request granted, the area clean (status $rc)"

hog_stop
done_testing
