# why-cli DEV: cmawhy as a user meets it. Bad input - no such area, a
# size or order it cannot read, a page frame outside RAM, no root - gets
# one line naming the input and the rule, and status 3. With one buffer
# held on DEV: the summary's device count for DEV's area and the map's
# device cells equal debugfs used, a page of the buffer is explained as a
# device's buffer held by its process, and a request that fits is clean.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

dev=$1
area=$(cat "/sys/class/misc/vfimc-$dev/area")
d=/sys/kernel/debug/cma/$area
areas=
for a in /sys/kernel/debug/cma/*; do
	areas="$areas${areas:+ }${a##*/}"
done

# one_line WANT_REGEX DESCRIPTION -- CMD...: CMD fails with status 3 and
# says exactly one line, which matches WANT_REGEX.
one_line() {
	_want=$1 _desc=$2
	shift 3
	_out=$("$@" 2>&1)
	_rc=$?
	[ "$_rc" -eq 3 ] && [ "$(echo "$_out" | wc -l)" -eq 1 ] && echo "$_out" | grep -qE "$_want"
	_result $? "$_desc" "status $_rc: $_out"
}

plan 11
one_line "^cmawhy: nosuch: no such CMA area \\(areas: $areas\\)\$" \
	"no such area: one line naming it and the areas there are" -- cmawhy nosuch
one_line "^cmawhy: 12x: not a size" "a size it cannot read: one line" -- cmawhy "$area" 12x
one_line "^cmawhy: --align 99: an order from 0 to 30\$" "an alignment out of range: one line" \
	-- cmawhy --align 99 "$area"
one_line "^cmawhy: pfn 0x10: outside RAM" "a page frame below RAM: one line" -- cmawhy --pfn 0x10
one_line "^cmawhy: pfn 0xfffffff: outside RAM" "a page frame above RAM: one line" \
	-- cmawhy --pfn 0xfffffff
one_line "^cmawhy: /sys/kernel/debug/cma: permission denied: run as root\$" \
	"not root: one line saying so" -- /usr/lib/cmalab/tests/nobody cmawhy

hold 1 "$dev" 4M
echo "# held by pid $held_pid: $held"
used=$(cat "$d/used")
line=$(cmawhy | grep "^$area: ")
echo "# $line"
case $line in *" device $used, "* | *" device $used; "*) r=0 ;; *) r=1 ;; esac
_result $r "the summary line's device pages for $area equal debugfs used ($used)" "$line"
cells=$(cmawhy --map "$area" | awk '!/^#/ { for (i = 1; i <= NF; i++) n += ($i == 1) } END { print n + 0 }')
is "$cells" "$used" "the map's device cells for $area equal debugfs used"

# The buffer's first page: its DMA address is its physical address here.
dma=$(echo "$held" | sed -n 's/.* dma=\(0x[0-9a-f]*\).*/\1/p')
pfn=$(printf '0x%x' $((dma / 4096)))
out=$(cmawhy --pfn "$pfn" 2>&1)
echo "$out" | sed 's/^/# /'
echo "$out" | grep -qE "^    pfn 0x[0-9a-f]+\\+1024 \\(4\\.0 MiB\\): a device's buffer, allocated by pid $held_pid \\(vfimc\\) in vfimc_[a-z_]+, which holds /dev/vfimc-$dev open"
_result $? "cmawhy --pfn $pfn: a page of a device's buffer, held by pid $held_pid through /dev/vfimc-$dev" "$out"

out=$(cmawhy "$area" 4M 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
echo "$out" | grep -q '^verdict: clean: ' && [ "$rc" -eq 0 ]
_result $? "a 4 MiB request beside the buffer: clean (status $rc)" "$out"
kill "$held_pid"
wait "$held_pid" 2>/dev/null
out=$(cmawhy "$area" 2>&1)
echo "$out" | grep -q "^area $area: .* 0 held by devices (debugfs used 0)"
_result $? "the buffer freed: no page held by a device" "$out"
done_testing
