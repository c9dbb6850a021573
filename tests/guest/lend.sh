# Lending an area without migration (the explain kernel's cma.lend,
# patches/linux-6.12/experiments): AREA taken from the page allocator
# whole, clean page cache dropped into it and read back from it instead of
# the disk, byte for byte; writes and truncation never read back stale
# data; a device's allocation drops copies instead of migrating, also
# while files are read; the lent pages count as reclaimable; a fault the
# area serves is minor; a hog that stock CMA runs also runs with the
# area lent; a copy is charged to its page's memory cgroup; a write to
# the block device under the filesystem ends its copies; lend=none gives
# every page back. DEV allocates from AREA.
# usage: lend.sh AREA DEV [nohog]   (nohog: the hog's checks skip)
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/meminfo.sh
. /usr/lib/cmalab/tests/meminfo.sh
# shellcheck source=tests/guest/lend-stat.sh
. /usr/lib/cmalab/tests/lend-stat.sh
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh
area=$1 dev=$2 hogs=${3:-hog}
lend=/sys/module/cma/parameters/lend
dbg=/sys/kernel/debug/cma/$area
mnt=/mnt/lend
plan 30

mount -t debugfs none /sys/kernel/debug 2>/dev/null
mkdir -p "$mnt" && mke2fs -q /dev/vda && mount -t ext2 /dev/vda "$mnt" || exit 1

# sectors: what the scratch disk has read so far, in 512-byte sectors.
sectors() { awk '$3 == "vda" { print $6 }' /proc/diskstats; }
# drop: the page cache only (1): evicting an inode drops its copies.
drop() { sync && echo 1 > /proc/sys/vm/drop_caches; }

count=$(cat "$dbg"/count)
echo "# $area: $count pages, $(cat "$dbg"/used) used before"
echo "$area" > "$lend"
is "$(cat "$lend") $(lend_stat lent) $(cat "$dbg"/used)" "$area $count $count" \
	"lend=$area takes every page of the idle area from the page allocator"

# A corpus written from /dev/urandom; its sum taken from the page cache
# it was written through.
dd if=/dev/urandom of="$mnt"/corpus bs=1M count=24 2>/dev/null
drop
want=$(md5sum < "$mnt"/corpus)
n=$((24 * 256))
# drop_caches drains only its own CPU's LRU-add batch: a page another CPU
# has just read may sit in that CPU's batch, with a reference that keeps
# it in the page cache (on the debug kernel's two CPUs, 6140 of 6144 pages
# went into the area once). slack: what two CPUs' batches can hold (15
# pages each on 6.1, 31 on 6.12).
slack=64
drop
before=$(lend_stat cached)
[ "$before" -ge $((n - slack)) ]
_result $? "dropping the page cache copies the corpus's $n clean pages into the area" "cached $before"

s0=$(sectors) h0=$(lend_stat hits)
got=$(md5sum < "$mnt"/corpus)
s1=$(sectors) h1=$(lend_stat hits)
is "$got" "$want" "the corpus reads back from the area byte for byte"
is "$((s1 - s0)) $((h1 - h0 >= n - slack))" "0 1" \
	"every page of that read came from the area (hits) or the page cache, none from the disk"

# Truncation: what the area held for the old file must not come back.
dd if=/dev/urandom of="$mnt"/trunc bs=1M count=4 2>/dev/null
drop
truncate -s 0 "$mnt"/trunc && truncate -s 4M "$mnt"/trunc
drop
zero=$(head -c 4194304 /dev/zero | md5sum)
is "$(md5sum < "$mnt"/trunc)" "$zero" \
	"a file truncated and extended reads zeros, not its old pages from the area"

# A write to pages whose copies the area holds: the pages written leave
# the page cache clean again, and their eviction replaces the old copies.
dd if=/dev/urandom of="$mnt"/write bs=1M count=4 2>/dev/null
drop
cat "$mnt"/write > /tmp/write.want
dd if=/dev/urandom of=/tmp/patch bs=1M count=1 2>/dev/null
dd if=/tmp/patch of=/tmp/write.want bs=1M seek=1 conv=notrunc 2>/dev/null
drop
dd if=/tmp/patch of="$mnt"/write bs=1M seek=1 conv=notrunc 2>/dev/null
drop
s0=$(sectors) h0=$(lend_stat hits)
is "$(md5sum < "$mnt"/write)" "$(md5sum < /tmp/write.want)" \
	"a file overwritten in place reads the new data after its pages were dropped"
s1=$(sectors) h1=$(lend_stat hits)
[ $((h1 - h0)) -ge 1024 ] && [ $((s1 - s0)) -eq 0 ]
_result $? "all 1024 pages came back from the area, the 256 written ones as written" \
	"hits $((h1 - h0)), sectors read $((s1 - s0))"

# A device's allocation from the full area drops copies, migrates nothing.
md5sum < "$mnt"/corpus > /dev/null
drop
c0=$(lend_stat cached) d0=$(lend_stat dropped)
out=$(vfimc alloc "$dev" 16M 2>&1)
c1=$(lend_stat cached) d1=$(lend_stat dropped)
echo "# $out"
case $out in *"inside=yes"*) r=0 ;; *) r=1 ;; esac
_result $r "$dev allocates 16 MiB from the area full of copies" "$out"
[ $((d1 - d0)) -gt 0 ] && [ $((c0 - c1)) -eq $((d1 - d0)) ]
_result $? "the allocation dropped the copies in its range (cached $c0 -> $c1, dropped $((d1 - d0)))"
is "$(md5sum < "$mnt"/corpus)" "$want" \
	"the corpus still reads back byte for byte, from the area and the disk"

# Reads and allocations at once: 8 MiB buffers taken and given back while
# the corpus is dropped and read again.
allocs "$dev" 8M 20
bad=0 rounds=0
while [ $rounds -lt 5 ]; do
	drop
	[ "$(md5sum < "$mnt"/corpus)" = "$want" ] || bad=$((bad + 1))
	rounds=$((rounds + 1))
done
wait "$allocs_pid"
is "$bad $(grep -c fail /tmp/allocs)" "0 0" \
	"5 reads of the corpus while 20 allocations take the area: every byte right, every allocation made"

# A file removed: its copies go with its inode.
dd if=/dev/urandom of="$mnt"/gone bs=1M count=2 2>/dev/null
drop
i0=$(lend_stat invalidated)
rm "$mnt"/gone
i1=$(lend_stat invalidated)
[ $((i1 - i0)) -ge 512 ]
_result $? "removing a file drops the area's copies of its 512 pages" "invalidated $((i1 - i0))"

# An allocation stock CMA serves is served: lending starts while a buffer
# holds part of a pageblock, so that pageblock stays with the page
# allocator; the buffer goes back, and the whole area is asked for, lent
# and unlent pages together.
size=$((count * 4096))
echo none > "$lend"
out=$(vfimc alloc "$dev" "$size" 2>&1)
case $out in *"inside=yes"*) r=0 ;; *) r=1 ;; esac
_result $r "the control: with lending off, $dev allocates the whole area ($size bytes)" "$out"
hold 1 "$dev" 1M
echo "# held: $held"
echo "$area" > "$lend"
l0=$(lend_stat lent)
kill "$held_pid" && wait "$held_pid" 2>/dev/null
out=$(vfimc alloc "$dev" "$size" 2>&1)
echo "# lent $l0 of $count while 1 MiB was held; then: $out"
case $out in *"inside=yes"*) r=0 ;; *) r=1 ;; esac
_result $r "lending, $dev allocates the whole area after a buffer held at lending's start is freed" "$out"

# Lent pages count as reclaimable kernel memory, as stock CMA's free
# pages count in MemAvailable: with lending on, MemAvailable stays within
# a quarter of the area of what it is with lending off (it fell by the
# whole area when the lent pages counted as used). Faults: the corpus
# read through a shared mapping from the disk with lending off takes
# major faults (the control: the program sees them), and from the area
# none, with no sector read and the same bytes.
majflt() { echo "$1" | sed -n 's/.* majflt=\([0-9]*\) .*/\1/p'; }
mmap_read=/usr/lib/cmalab/tests/mmap-read
echo none > "$lend"
drop
a0=$(meminfo MemAvailable)
s0=$(sectors)
ctl=$($mmap_read "$mnt"/corpus)
s1=$(sectors)
echo "$area" > "$lend"
drop
s2=$(sectors) h0=$(lend_stat hits)
got=$($mmap_read "$mnt"/corpus)
s3=$(sectors) h1=$(lend_stat hits)
echo "# lending off: $ctl, $((s1 - s0)) sectors; lending: $got, $((s3 - s2)) sectors, $((h1 - h0)) hits"
[ "$(majflt "$ctl")" -gt 0 ] && [ $((s1 - s0)) -gt 0 ]
_result $? "the control: the corpus read through a mapping from the disk takes major faults" \
	"$ctl"
is "${got%% *} $(majflt "$got") $((s3 - s2)) $((h1 - h0 >= n))" "${ctl%% *} 0 0 1" \
	"read through a mapping from the area: the same bytes, no major fault, no sector, every page a hit"
drop
a1=$(meminfo MemAvailable)
echo "# MemAvailable: $a0 kB lending off, $a1 kB lending $(lend_stat lent) pages"
[ $((a0 - a1)) -lt "$count" ]
_result $? "lending leaves MemAvailable within a quarter of the area ($((count / 1024)) MiB)" \
	"$a0 kB -> $a1 kB"

# Memory pressure: a hog of anonymous memory as large as MemFree with
# lending off, less half the area, runs with lending off (stock CMA: the
# area's free pages take movable allocations); with the area lent and
# full of copies it must run too: the area gives pageblocks back while the
# memory outside it runs short, before that memory is full of the hog and
# only the area's pageblocks, which unmovable allocations cannot use, are
# left. Once the hog is gone, lending takes them back.
# hogrun MIB: the hog's last line ("verified N pages, M corrupted"), or
# "killed" (the shell's own word for it goes with its stderr).
hogrun() {
	_out=$( (printf 'verify\nquit\n' | cmahog --anon "$1" 2>&1 | tail -1) 2>/dev/null)
	echo "${_out:-killed}"
}
if [ "$hogs" = nohog ]; then
	for what in "the control hog runs" "the hog runs with the area lent" "lending takes every page back"; do
		skip "$what" "nohog: half a gigabyte of page faults twice, minutes under DEBUG_PAGEALLOC and KASAN; tests/explain/lend.test runs it"
	done
else
	echo none > "$lend"
	drop
	mib=$(($(meminfo MemFree) / 1024 - count / 512))
	ctl=$(hogrun "$mib")
	echo "# lending off, a hog of $mib MiB: $ctl"
	case $ctl in "verified "*", 0 corrupted") r=0 ;; *) r=1 ;; esac
	_result $r "the control: with lending off, a hog of MemFree less half the area runs" "$ctl"
	echo "$area" > "$lend"
	md5sum < "$mnt"/corpus > /dev/null
	drop
	r0=$(lend_stat returned) c0=$(lend_stat cached)
	got=$(hogrun "$mib")
	r1=$(lend_stat returned)
	echo "# lending, $c0 pages cached: $got; $((r1 - r0)) pages given back"
	dmesg | grep -i "killed process" | tail -2 | sed 's/^/# /'
	case $got in "verified "*", 0 corrupted") r=0 ;; *) r=1 ;; esac
	_result $r "with the area lent and holding copies, the same hog runs: the area gave $((r1 - r0)) pages back" "$got"
	md5sum < "$mnt"/corpus > /dev/null
	drop
	is "$(lend_stat lent)" "$count" "after the hog, lending takes every page back"
fi

# Memory cgroups: a copy is charged to the cgroup of the page it copies.
# A cgroup's pages dropped into the area still count in its
# memory.current; its limit lowered below them, its own reclaim drops
# them (they could not be reclaimed, and the cgroup would stay over its
# limit); limited to 8 MiB, it reads the corpus right and keeps no more
# than that in the area and the page cache together (before, the area
# held its pages beyond the limit, charged to no one); lending stopped,
# the charges go. Kernels built without memory cgroups skip these.
cg=/sys/fs/cgroup
mkdir -p $cg 2>/dev/null
mount -t cgroup2 none $cg 2>/dev/null
if grep -qw memory $cg/cgroup.controllers 2>/dev/null &&
	echo +memory > $cg/cgroup.subtree_control && mkdir -p $cg/lend; then
	# in_cg CMD...: CMD run in the cgroup "lend".
	in_cg() { sh -c 'echo $$ > '$cg'/lend/cgroup.procs && exec "$@"' in_cg "$@"; }
	echo none > "$lend" && echo "$area" > "$lend"
	drop
	in_cg md5sum "$mnt"/corpus > /dev/null
	drop
	c1=$(lend_stat cached) cur=$(cat $cg/lend/memory.current)
	echo "# the cgroup's copies: cached $c1, memory.current $cur"
	[ "$cur" -ge $((c1 * 4096)) ] && [ "$c1" -ge $((n - slack)) ]
	_result $? "the cgroup's $c1 pages dropped into the area count in its memory.current ($cur bytes)"
	echo 8M > $cg/lend/memory.max
	cur=$(cat $cg/lend/memory.current) c2=$(lend_stat cached)
	echo "# memory.max 8M: memory.current $cur, cached $c2"
	[ "$cur" -le 8388608 ]
	_result $? "its limit lowered to 8 MiB, its reclaim drops its copies (memory.current $cur, cached $c1 -> $c2)"
	echo none > "$lend" && echo "$area" > "$lend"
	f0=$(lend_stat refused)
	got=$(in_cg md5sum < "$mnt"/corpus)
	c3=$(lend_stat cached) f1=$(lend_stat refused)
	echo "# limited to 8 MiB: cached $c3, refused $((f1 - f0)), memory.current $(cat $cg/lend/memory.current)"
	[ "$got" = "$want" ] && [ "$c3" -le 2048 ]
	_result $? "limited to 8 MiB, the cgroup reads the corpus right and keeps at most 2048 pages in the area ($c3; $((f1 - f0)) copies refused)"
	echo max > $cg/lend/memory.max
	echo none > "$lend"
	drop
	cur=$(cat $cg/lend/memory.current)
	[ "$cur" -lt 2097152 ]
	_result $? "lending off, the cgroup's charges for copies are gone (memory.current $cur bytes)"
	rmdir $cg/lend
	echo "$area" > "$lend"
else
	for what in "copies count in the cgroup" "its reclaim drops them" "a limited cgroup keeps within its limit" "the charges go"; do
		skip "$what" "no memory cgroup in this kernel"
	done
fi

# The disk written under the mounted filesystem (the block device opened
# for writing, a block of a file written through it): stock reads an
# evicted page from the disk again, so the area must not serve the copy it
# took before. Then the control, with lending off: the file reads what
# was written through the device.
fibmap=/usr/lib/cmalab/tests/fibmap
# underwrite NAME: a 4 KiB file whose page is dropped (into the area, if
# it lends), its first block rewritten through /dev/vda; prints the sums
# of what the file reads and of what it should, and the pages the area
# took when the page was dropped: "GOT WANT PUTS".
underwrite() {
	dd if=/dev/urandom of="$mnt/$1" bs=4096 count=1 2>/dev/null
	sync
	# shellcheck disable=SC2046 # "BLOCKSIZE BLOCK"
	set -- "$1" $($fibmap "$mnt/$1")
	cat "$mnt/$1" > /tmp/under.old
	dd if=/dev/urandom of=/tmp/under.blk bs="$2" count=1 2>/dev/null
	{ cat /tmp/under.blk; tail -c $((4096 - $2)) /tmp/under.old; } > /tmp/under.want
	_p0=$(lend_stat puts)
	drop
	_p1=$(lend_stat puts)
	dd if=/tmp/under.blk of=/dev/vda bs="$2" seek="$3" conv=notrunc,fsync 2>/dev/null
	drop
	echo "$(md5sum < "$mnt/$1" | cut -d' ' -f1) $(md5sum < /tmp/under.want | cut -d' ' -f1) $((_p1 - _p0))"
}
# shellcheck disable=SC2046 # "GOT WANT PUTS"
set -- $(underwrite under)
echo "# lending: read $1, written $2, $3 pages put into the area before the write, $(lend_stat cached) cached after"
[ "$1" = "$2" ] && [ "$3" -ge 1 ]
_result $? "a file block written through the device under the filesystem reads back as written, not from the area that held its page"
dmesg | grep -q "block device [0-9]*:[0-9]* opened for writing under its holder"
_result $? "the kernel says why the filesystem's pages are no longer kept"
echo none > "$lend"
# shellcheck disable=SC2046 # "GOT WANT PUTS"
set -- $(underwrite control)
is "$1" "$2" "the control: with lending off, the file reads what was written through the device"
echo "$area" > "$lend"

# Bad input: an area that does not exist changes nothing.
r=0
echo nosuch 2>/dev/null > "$lend" || r=1
is "$r $(cat "$lend")" "1 $area" "lend=nosuch is refused and lending goes on"
dmesg | grep -q "cma.lend=nosuch: no such CMA area"
_result $? "the kernel says why: cma.lend=nosuch: no such CMA area"

echo none > "$lend"
is "$(cat "$lend") $(cat "$dbg"/used)" "none 0" "lend=none gives every page back to the page allocator"
umount "$mnt"
done_testing
