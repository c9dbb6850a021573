# make bench's coherence stage in the guest (scripts/bench-coherence.sh):
# the coherence exerciser (tests/guest/coherence.c) with lending on AREA,
# once per SEED, two owners of OPS operations each with two disturbing
# threads, files of 64 KiB (even seeds) and 1 MiB (odd), on ext2 on the
# scratch disk (the explain kernel has no ext4: the exerciser draws no
# punch-hole or zero-range there). For each seed one line for the host,
#   # coh seed S bytes B lend on|off ops N secs T puts P hits H mismatch M at A
# (ops: both owners' operations; M 1 when an owner read what it had not
# written, A the first such owner's operation number, else -), and a KTAP
# result: WANT "clean" wants no mismatch (the puts and hits in its line
# say how much of the run went through the area); WANT "planted" (the planted kernel, whose truncation
# keeps its lent copies) wants the exerciser to see the fault, and then
# the same seed with lending off to read only what was written (the
# control: the fault lives in lending's path alone).
# usage: bench-coherence.sh AREA WANT OPS SEED...
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/lend-stat.sh
. /usr/lib/cmalab/tests/lend-stat.sh
area=$1 want=$2 ops=$3
shift 3
lend=/sys/module/cma/parameters/lend
mnt=/mnt/coh
case $want in
clean) plan $#;;
planted) plan $(($# + 1));;
*) echo "# Bail out! bench-coherence.sh: WANT $want: clean or planted"; exit 1;;
esac

mkdir -p "$mnt"
if ! { mke2fs -q /dev/vda && mount -t ext2 /dev/vda "$mnt"; }; then
	echo "# Bail out! no ext2 on the scratch disk"
	exit 1
fi

# run SEED ON|OFF: one exerciser run, its line for the host, its output
# kept in /tmp/coh-SEED.out; the exerciser's exit status.
run() {
	_bytes=65536
	[ $(($1 % 2)) = 0 ] || _bytes=1048576
	if [ "$2" = on ]; then echo "$area" > "$lend"; else echo none > "$lend"; fi
	_p0=$(lend_stat puts) _h0=$(lend_stat hits) _t0=$(date +%s)
	/usr/lib/cmalab/tests/coherence -s "$1" -n "$ops" -p 2 -t 2 -f "$_bytes" "$mnt" \
		> "/tmp/coh-$1.out" 2>&1
	_rc=$?
	_t1=$(date +%s)
	# Both owners' operations, and the first mismatch's operation number.
	_done=$(awk '/^(not )?ok [0-9]+ owner / { for (i = 1; i < NF; i++) if ($(i + 1) == "operations") n += $i }
		END { print n + 0 }' "/tmp/coh-$1.out")
	_at=$(awk '/^# MISMATCH owner / { print $6; exit }' "/tmp/coh-$1.out")
	echo "# coh seed $1 bytes $_bytes lend $2 ops $_done secs $((_t1 - _t0)) puts $(($(lend_stat puts) - _p0)) hits $(($(lend_stat hits) - _h0)) mismatch $([ -n "$_at" ] && echo 1 || echo 0) at ${_at:--}"
	return $_rc
}

# said SEED: the exerciser's diagnostics (a mismatch's report) as KTAP
# comments.
said() { grep -v '^ok \|^not ok \|^# coherence' "/tmp/coh-$1.out" | head -n 24 | sed 's/^\([^#]\)/# \1/'; }

first=$1
for seed in "$@"; do
	run "$seed" on
	rc=$?
	if [ "$want" = clean ]; then
		[ $rc = 0 ] || said "$seed"
		_result $rc "seed $seed, lending on: 2 owners x $ops operations read only what was written"
	else
		[ $rc != 0 ] && grep -q '^# MISMATCH' "/tmp/coh-$seed.out"
		_result $? "seed $seed, the planted kernel, lending on: the exerciser sees the planted fault"
		said "$seed" | head -n 6
	fi
done
if [ "$want" = planted ]; then
	run "$first" off
	_result $? "seed $first, the planted kernel, lending off (the control): only what was written"
fi
echo none > "$lend"
umount "$mnt"
done_testing
