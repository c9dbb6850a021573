# Lending judged by the coherence exerciser (tests/guest/coherence.c):
# owners drive their files with every I/O a filesystem allows and check
# each byte they read against their model, while other threads read and
# evict the same pages; with cma.lend on AREA those evicted pages go into
# the area and come back from it. The same seeded run with lending off is
# the control: a mismatch there is the kernel's or the exerciser's, not
# lending's. Needs the scratch disk formatted ext4 (SCRATCH_FS=ext4).
# usage: lend-coherence.sh AREA OPS MIX BYTES SEED...
#   MIX and BYTES: the exerciser's mix (all, dio) and file size; BYTES 0
#   alternates 64 KiB (races) and 1 MiB (the area's reach) by seed. MIX
#   race: the exerciser's race alone (coherence -r OPS: direct writes of
#   one page, each read back after eviction, against a reader evicting it)
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/lend-stat.sh
. /usr/lib/cmalab/tests/lend-stat.sh
area=$1 ops=$2 mix=$3 size=$4
shift 4
lend=/sys/module/cma/parameters/lend
mnt=/mnt/coh
plan $(($# * 3 + 1))

mkdir -p "$mnt"
mount -t ext4 /dev/vda "$mnt" || {
	echo "# Bail out! no ext4 scratch disk (SCRATCH_FS=ext4)"
	exit 1
}

# run SEED FILE_BYTES: the exerciser, its diagnostics as KTAP comments;
# the exit status is its verdict.
run() {
	if [ "$mix" = race ]; then
		/usr/lib/cmalab/tests/coherence -s "$1" -r "$ops" "$mnt" > /tmp/coh.out 2>&1
	else
		/usr/lib/cmalab/tests/coherence -s "$1" -n "$ops" -p 2 -t 2 -f "$2" -m "$mix" "$mnt" \
			> /tmp/coh.out 2>&1
	fi
	_rc=$?
	grep -v '^ok \|^not ok ' /tmp/coh.out | sed 's/^\([^#]\)/# \1/'
	return $_rc
}

echo "$area" > "$lend"
is "$(cat "$lend")" "$area" "lending $area to clean page cache copies"
for seed in "$@"; do
	# BYTES 0: small files (16 pages) for the races, larger ones for the
	# area's reach.
	bytes=$size
	[ "$size" != 0 ] || case $((seed % 2)) in 0) bytes=65536 ;; *) bytes=1048576 ;; esac
	case $mix in
	race) what="$ops direct writes of a page, each read back after eviction against a reader evicting it, read back" ;;
	*) what="2 owners x $ops operations (mix $mix) on files of $bytes bytes read back" ;;
	esac
	echo "$area" > "$lend"
	p0=$(lend_stat puts) h0=$(lend_stat hits)
	run "$seed" "$bytes"
	_result $? "seed $seed, lending on: $what only what was written"
	p1=$(lend_stat puts) h1=$(lend_stat hits)
	[ $((p1 - p0)) -gt 0 ] && [ $((h1 - h0)) -gt 0 ]
	_result $? "seed $seed: the area took evicted pages and gave them back (puts $((p1 - p0)), hits $((h1 - h0)))"
	echo none > "$lend"
	run "$seed" "$bytes"
	_result $? "seed $seed, lending off (the control): the same run reads back only what was written"
done
umount "$mnt"
done_testing
