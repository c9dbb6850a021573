# Sourced by make bench's scripts (bench.sh, bench-phases.sh,
# bench-changes.sh): where the file-backed fillers live in the guest - an
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
