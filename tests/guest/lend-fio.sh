# Lending judged by fio, a program nobody here wrote (built from Debian's
# source, scripts/fio.sh; in the guest by ROOTFS_OVERLAY): fio writes four
# files with --verify=crc32c, every 4 KiB block carrying a checksum and a
# header with its offset and the seed of the run that wrote it, and a
# --verify_only run of the same job reads every block back and checks
# both. Between the runs the page cache is dropped, so that with cma.lend
# on AREA the blocks go into the area and the verifying run reads them
# from it. The data changes under the area: an overwrite with a second
# seed through the page cache, then a third with O_DIRECT while the area
# holds the second's copies; a copy left stale fails fio's header check.
# The same steps with lending off are the control; with lending on, a
# verifying run while DEV allocates from the area, and one block changed
# behind fio's back, which fio must report (the judge can see a wrong
# block on the area's read path).
# usage: lend-fio.sh AREA DEV
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/lend-stat.sh
. /usr/lib/cmalab/tests/lend-stat.sh
area=$1 dev=$2
lend=/sys/module/cma/parameters/lend
mnt=/mnt/fio
# Four files of 4 MiB: the area's reach, in 4096 pages.
files=4 pages=4096
plan 18

command -v fio > /dev/null || {
	echo "# Bail out! no fio in the guest (ROOTFS_OVERLAY=build/rootfs/fio-<debarch>)"
	exit 1
}
mkdir -p "$mnt" && mke2fs -q /dev/vda && mount -t ext2 /dev/vda "$mnt" || exit 1

sectors() { awk '$3 == "vda" { print $6 }' /proc/diskstats; }
drop() { sync && echo 1 > /proc/sys/vm/drop_caches; }

# fio_job SEED OPTION...: one run of the job "blocks" (files blocks.0.N),
# its output kept in /tmp/fio.out; fio's exit status.
fio_job() {
	_seed=$1
	shift
	fio --name=blocks --directory="$mnt" --nrfiles="$files" --filesize=4m \
		--bs=4k --rw=randwrite --ioengine=psync --randrepeat=1 \
		--randseed="$_seed" --verify=crc32c --verify_fatal=1 \
		--verify_state_save=0 --invalidate=0 "$@" > /tmp/fio.out 2>&1
}
# fio_said: fio's complaints (its lines naming verify or an error) as
# KTAP comments, for a result's diagnostics.
fio_said() {
	grep -i 'verify\|error\|fio:' /tmp/fio.out | head -n 4 | sed 's/^/# /'
}
write() { fio_job "$@" --do_verify=0; }
verify() { fio_job "$1" --verify_only=1; }

# steps MODE: lending on or off (MODE is its word in the results).
steps() {
	write 1
	_result $? "$1: fio writes $pages blocks with seed 1" "$(fio_said)"
	drop
	s0=$(sectors) h0=$(lend_stat hits)
	verify 1
	_result $? "$1: fio verifies every block of seed 1 after the page cache was dropped" "$(fio_said)"
	s1=$(sectors) h1=$(lend_stat hits)
	echo "# $1: that read: $((s1 - s0)) sectors from the disk, $((h1 - h0)) pages from the area"
	if [ "$1" = lent ]; then
		[ $((h1 - h0)) -ge $pages ] && [ $((s1 - s0)) -eq 0 ]
		_result $? "lent: every block came from the area, none from the disk" \
			"hits $((h1 - h0)), sectors $((s1 - s0))"
	else
		[ $((h1 - h0)) -eq 0 ] && [ $((s1 - s0)) -ge $((pages * 8)) ]
		_result $? "off: every block came from the disk" \
			"hits $((h1 - h0)), sectors $((s1 - s0))"
	fi

	# Changed through the page cache: the area holds seed 1's copies.
	write 2 && drop && verify 2
	_result $? "$1: overwritten with seed 2 through the page cache, fio verifies seed 2" "$(fio_said)"

	# Changed by O_DIRECT while the area holds seed 2's copies.
	drop
	c0=$(lend_stat cached)
	write 3 --direct=1
	_result $? "$1: fio overwrites every block with seed 3 by O_DIRECT" "$(fio_said)"
	c1=$(lend_stat cached)
	if [ "$1" = lent ]; then
		[ "$c0" -ge $pages ] && [ "$c1" -le $((c0 - pages)) ]
		_result $? "lent: the direct writes dropped the area's copies of the blocks (cached $c0 -> $c1)"
	fi
	s0=$(sectors)
	verify 3
	_result $? "$1: fio verifies seed 3 through the page cache, no copy of seed 2 served" "$(fio_said)"
	s1=$(sectors)
	[ $((s1 - s0)) -ge $((pages * 8)) ]
	_result $? "$1: that read came from the disk ($((s1 - s0)) sectors)"
}

echo "$area" > "$lend"
is "$(cat "$lend")" "$area" "lending $area to clean page cache copies"
steps lent
# A verifying run while DEV takes 8 MiB buffers from the area, 20 times.
drop
allocs "$dev" 8M 20
verify 3
r=$?
wait "$allocs_pid"
[ $r -eq 0 ] && [ "$(grep -c fail /tmp/allocs)" -eq 0 ]
_result $? "lent: fio verifies seed 3 while $dev allocates 8 MiB from the area 20 times" \
	"fio status $r, $(grep -c fail /tmp/allocs) allocations failed; $(fio_said)"

# One block changed behind fio's back, read through the area: fio must
# say so (it checks what it reads, wherever the kernel took it from).
dd if=/dev/urandom of="$mnt"/blocks.0.1 bs=4k count=1 seek=7 conv=notrunc 2>/dev/null
drop
h0=$(lend_stat hits)
verify 3
r=$?
h1=$(lend_stat hits)
fio_said
[ $r -ne 0 ] && grep -qi 'verify' /tmp/fio.out && [ $((h1 - h0)) -gt 0 ]
_result $? "lent: a block changed behind fio's back fails its verification (status $r, hits $((h1 - h0)))"

echo none > "$lend"
rm -f "$mnt"/blocks.*
steps off
umount "$mnt"
done_testing
