# Drive cmahog from a guest test (sourced). The hog reads commands on fd 3
# and answers on fd 4; each answer line arrives when the work is done, so
# reading it is the synchronisation.
#   hog_start ANON_MIB SHMEM_MIB FILE_MIB   (file on an ext2 scratch disk)
#   hog CMD [LINES]                          print the answer's LINES lines
#   hog_stop

hog_start() {
	if [ ! -d /mnt/scratch ]; then
		mkdir -p /mnt/scratch
		if ! mke2fs /dev/vda >/dev/null 2>&1 ||
			! mount -t ext2 /dev/vda /mnt/scratch; then
			echo "# Bail out! no scratch disk for the page-cache hog"
			exit 1
		fi
	fi
	rm -f /tmp/hog.in /tmp/hog.out
	mkfifo /tmp/hog.in /tmp/hog.out
	cmahog --anon "$1" --shmem "/tmp/hog.shm:$2" --file "/mnt/scratch/hog.dat:$3" \
		< /tmp/hog.in > /tmp/hog.out &
	hog_pid=$!
	exec 3>/tmp/hog.in 4</tmp/hog.out
	# The hog's first line, for the caller to show.
	# shellcheck disable=SC2034
	read -r hog_ready <&4
}

hog() {
	echo "$1" >&3
	_n=${2:-1}
	while [ "$_n" -gt 0 ]; do
		read -r _line <&4 || return 1
		echo "$_line"
		_n=$((_n - 1))
	done
}

hog_stop() {
	echo quit >&3
	wait "$hog_pid"
	exec 3>&- 4<&-
	rm -f /tmp/hog.shm /mnt/scratch/hog.dat
}
