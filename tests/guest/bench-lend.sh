# bench-lend.sh: the guest side of make bench's lending measurement
# (scripts/bench-lend.sh), in one boot of the explain kernel. A hog of
# anonymous memory leaves ROOM MiB for the page cache (the area held
# whole by HOLDER meanwhile, so that none of the hog lands in it); a
# corpus of ROOM + the area is read PASSES times per arm, as many 64 KiB
# reads at random places as it has, every byte checked (cmabench files
# random; the same places in every arm), in ROUNDS rounds of three arms: "idle" (the
# area held by HOLDER: it lends nothing), "migrate" (stock CMA: the page
# cache takes the area's pages and an allocation migrates them) and
# "lend" (cma.lend: the area keeps the page cache's evicted copies and an
# allocation drops them). DEV allocates 8 and 32 MiB from the full area
# RUNS times in the last two; first, RUNS times from the idle area.
# usage: bench-lend.sh AREA DEV HOLDER ROOM ROUNDS PASSES RUNS
set -eu
area=$1 dev=$2 holder=$3 room=$4 rounds=$5 passes=$6 runs=$7
lend=/sys/module/cma/parameters/lend
dir=/mnt/scratch
mount -t debugfs none /sys/kernel/debug 2>/dev/null || true
mkdir -p "$dir"
mke2fs -q /dev/vda
mount -t ext2 /dev/vda "$dir"
area_mib=$(($(cat /sys/kernel/debug/cma/"$area"/count) / 256))

# hold: HOLDER takes the whole area until release; its first line of
# output says it has it.
hold() {
	rm -f /tmp/hold.out
	mkfifo /tmp/hold.out
	vfimc alloc "$holder" "${area_mib}M" --hold 3600 >/tmp/hold.out 2>&1 &
	hold_pid=$!
	read -r line </tmp/hold.out
	case $line in *inside=yes*) ;; *) echo "bench-lend: $holder: $line" >&2; exit 1 ;; esac
}
release() { kill "$hold_pid"; wait "$hold_pid" 2>/dev/null || true; }
memfree() { awk '$1 == "MemFree:" { print int($2 / 1024) }' /proc/meminfo; }

cmabench alloc "$dev" idle 8,32 "$runs"
hold
hog=$(($(memfree) - room))
mkfifo /tmp/hog.in /tmp/hog.out
cmahog --anon "$hog" </tmp/hog.in >/tmp/hog.out &
hog_pid=$!
exec 3>/tmp/hog.in 4</tmp/hog.out
read -r line <&4
echo "hog $line"
release
corpus=$((room + area_mib))
cmabench corpus "$dir" "$corpus"
echo "bench-lend area_mib=$area_mib room_mib=$room corpus_mib=$corpus hog_mib=$hog memfree_mib=$(memfree)"
r=1
while [ "$r" -le "$rounds" ]; do
	echo "arm idle round=$r"
	hold
	cmabench files "$dev" "$area" "$dir" "$passes" - 1 random
	release
	echo "arm migrate round=$r"
	cmabench files "$dev" "$area" "$dir" "$passes" 8,32 "$runs" random
	echo "arm lend round=$r"
	echo "$area" >"$lend"
	cmabench files "$dev" "$area" "$dir" "$passes" 8,32 "$runs" random
	echo "lend_stats $(cat /sys/module/cma/parameters/lend_stats)"
	echo none >"$lend"
	r=$((r + 1))
done
echo quit >&3
wait "$hog_pid"
