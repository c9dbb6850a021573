# why-writeback DEV BPS: page cache under writeback on a slow disk (the
# scratch disk throttled to BPS bytes/s) makes an allocation over it slow,
# not refused, and cmawhy says why. A hog takes memory (hog.sh) until the
# page allocator serves movable pages from CMA as much as from the rest
# (it takes CMA while more than half of the free memory is CMA's), so
# that a second hog's page cache, written next, lands partly in the CMA
# areas; that hog rewrites its pages in DEV's area and starts their
# writeback (sync_file_range, no wait). cmawhy, asked then, calls an
# allocation of the whole area blocked by pages under writeback. The
# allocation succeeds, but only once the disk can have written them:
# migration waits for each page's writeback (MIGRATE_SYNC).
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/why.sh
. /usr/lib/cmalab/tests/why.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh

dev=$1 bps=$2
area=$(cat "/sys/class/misc/vfimc-$dev/area")
count=$(cat "/sys/kernel/debug/cma/$area/count")
size=$((count * 4096))
meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
# Centiseconds since boot.
now_cs() { tr -d . < /proc/uptime | cut -d' ' -f1; }

plan 7
ok cmawhy --enable -- "cmawhy --enable"
# Free memory F, CMA's part C: past F - 2C both drain alike; 16 MiB more.
hog_start $((($(meminfo MemFree) - 2 * $(meminfo CmaFree)) / 1024 + 16)) 1 1
echo "# hog: $hog_ready; CmaFree $(meminfo CmaFree) kB"

rm -f /tmp/wb.in /tmp/wb.out
mkfifo /tmp/wb.in /tmp/wb.out
cmahog --file /mnt/scratch/wb.dat:8 --seed 7 < /tmp/wb.in > /tmp/wb.out &
wb_pid=$!
exec 5>/tmp/wb.in 6</tmp/wb.out
read -r wb_ready <&6
echo "# page-cache hog (pid $wb_pid): $wb_ready; CmaFree $(meminfo CmaFree) kB"
echo "flush $area" >&5
read -r flushed <&6
t0=$(now_cs)
echo "# $flushed"
n=$(echo "$flushed" | sed -n 's/^flushing \([0-9]*\) pages .*/\1/p')
[ -n "$n" ] && [ "$n" -gt 0 ]
_result $? "the page-cache hog has pages in $area, rewritten and now under writeback" "$flushed"
n=${n:-0}

why "$area" "$size"
rc=$why_rc
has "^verdict: under writeback: [0-9]+ page\\(s\\) are being written to disk" "$why" && [ "$rc" -eq 1 ]
_result $? "cmawhy, asked then: the request is blocked by pages under writeback (status $rc)"

out=$(vfimc alloc "$dev" "$size" 2>&1)
t1=$(now_cs)
echo "# vfimc alloc $dev $size: $out"
has " from=area " "$out"
_result $? "the allocation of all of $area succeeds" "$out"
# The disk cannot have written n pages in less than n * 4096 / bps
# seconds (QEMU's throttle allows a burst of a tenth of that). In two
# parts, so that no product outgrows 32 bits.
# shellcheck disable=SC2017
min_cs=$((n * 4096 / bps * 90 + (n * 4096 % bps) * 90 / bps))
took=$(((t1 - t0) * 10))
[ $((t1 - t0)) -ge "$min_cs" ]
_result $? "it ends only once the disk can have written the $n pages: ${took} ms from the flush >= $((min_cs * 10)) ms at $bps B/s"

why "$area" "$size"
rc=$why_rc
has "^last request: $count pages .*: granted" "$why" && has "^verdict: clean: " "$why"
_result $? "cmawhy afterwards: the last request granted, the area clean (status $rc)"

echo verify >&5
read -r verified <&6
echo "# $verified"
case $verified in "verified "*" 0 corrupted") r=0 ;; *) r=1 ;; esac
_result $r "every page of the page-cache hog is intact" "$verified"
echo quit >&5
exec 5>&- 6<&-
wait "$wb_pid"
hog_stop
done_testing
