# Sourced by make bench's scripts (bench.sh, bench-phases.sh,
# bench-changes.sh, bench-stall.sh, bench-lend.sh): their arguments, and
# where the file-backed fillers live in the guest - an
# ext2 scratch disk for page cache, a tmpfs as large as memory for tmpfs
# pages - as the guest command that prepares them, and each filler's
# directory (none for anonymous memory).
# shellcheck disable=SC2034 # used by the scripts that source this
bench_scratch='mkdir -p /mnt/scratch /mnt/shm && mke2fs /dev/vda >/dev/null 2>&1 && mount -t ext2 /dev/vda /mnt/scratch && mount -t tmpfs -o size=100% tmpfs /mnt/shm'

# bench_dir STATE: the directory a filler of STATE keeps its file in.
bench_dir() {
	case $1 in
	pagecache) echo /mnt/scratch ;;
	tmpfs) echo /mnt/shm ;;
	esac
}

# bench_init NAME OUTDIR QUICK BOARD: a make bench step's arguments, as
# out (OUTDIR, made, absolute), quick and board, and raw, the step's work
# directory in build/bench/ for that OUTDIR (top: the checkout, which the
# script sets before it sources this).
# shellcheck disable=SC2034,SC2154 # out, quick, board, raw for the caller; top from it
bench_init() {
	[ $# -eq 4 ] || { echo "usage: bench-$1.sh OUTDIR QUICK BOARD" >&2; exit 2; }
	out=$2 quick=$3 board=$4
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	raw=$top/build/bench/$1-$(echo "$out" | cksum | cut -d' ' -f1)
}

# bench_lend_area STEP: the area make bench lends, the lend switch's changed
# value in the kernel's switches file (patches/linux-KERNEL/experiments/);
# for a kernel without one, a line saying STEP has nothing to do, and the
# step ends there with success.
# shellcheck disable=SC2154 # top from the caller
bench_lend_area() {
	_switches=$top/patches/linux-${KERNEL:-6.1}/experiments/switches
	area=$(awk '$1 == "lend" { print $4 }' "$_switches" 2>/dev/null || true)
	if [ -z "$area" ]; then
		echo "  BENCH   $1: none for ${KERNEL:-6.1} ($_switches has no lend switch)"
		exit 0
	fi
}
