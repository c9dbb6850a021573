# Drive cmahog from a guest test (sourced). The hog reads commands on fd 3
# and answers on fd 4; each answer line arrives when the work is done, so
# reading it is the synchronisation.
#   hog_start ANON_MIB SHMEM_MIB FILE_MIB   (file on an ext2 scratch disk)
#   hog CMD [LINES]                          print the answer's LINES lines
#   hog_moved BEFORE    (needs ktap.sh) two KTAP results: the hog holds
#                       fewer CMA pages than BEFORE ("hog where"), and
#                       every page it wrote is intact
#   hog_intact          (needs ktap.sh) the second of those alone
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

# The count of KIND in a "where" answer: "KIND=N/TOTAL".
_hog_field() { echo "$2" | sed -n "s/.* $1=\\([0-9]*\\)\\/.*/\\1/p"; }

hog_moved() {
	_after=$(hog where)
	echo "# after: $_after"
	_b=$(($(_hog_field anon "$1") + $(_hog_field shmem "$1") + $(_hog_field file "$1")))
	_a=$(($(_hog_field anon "$_after") + $(_hog_field shmem "$_after") + $(_hog_field file "$_after")))
	[ "$_a" -lt "$_b" ]
	_result $? "the hog holds fewer CMA pages than before ($_b -> $_a): they moved" ""
	hog_intact
}

hog_intact() {
	_verified=$(hog verify)
	echo "# $_verified"
	case $_verified in *", 0 corrupted") _r=0 ;; *) _r=1 ;; esac
	_result $_r "the hog's pages are all intact" "$_verified"
}

hog_stop() {
	echo quit >&3
	wait "$hog_pid"
	exec 3>&- 4<&-
	rm -f /tmp/hog.shm /mnt/scratch/hog.dat
}
