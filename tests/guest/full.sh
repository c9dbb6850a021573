# shellcheck disable=SC2034 # it sets variables for the test that sources it
# Helpers for tests that fill a vfimc device's CMA area (sourced; needs
# ktap.sh). full_setup DEV first; then:
#   attr NAME        DEV's vfimc sysfs attribute NAME
#   field LINE KEY   KEY's value in a "vfimc alloc" buffer line
#   full_probe       "MEMFREE CMAFREE" (kB), read so that two readings agree
#   full_start       read the starting CmaFree, MemFree and counters
#   full_fill        fill the area with buffers held in the background (one
#                    KTAP result); sets fill_pids
#   full_free        free them
#   full_end         CmaFree and MemFree are back (two KTAP results)
# shellcheck source=tests/guest/hold.sh
. /usr/lib/cmalab/tests/hold.sh

full_setup() {
	dev=$1
	sys=/sys/class/misc/vfimc-$dev
	area=$(cat "$sys/area")
	dbg=/sys/kernel/debug/cma/$area
	count=$(cat "$dbg/count")
	# The area as the engine addresses it, as a buffer's dma= is.
	base=$(($(cat "$sys/area_dma")))
	end=$((base + $(cat "$sys/area_size")))
}

attr() { cat "$sys/$1"; }

field() {
	for _kv in $1; do
		case $_kv in "$2="*) echo "${_kv#*=}"; return ;; esac
	done
}

# Freed pages wait on the per-cpu lists, where neither CmaFree nor MemFree
# counts them. A CMA allocation drains those lists (alloc_contig_range
# does); freeing it leaves just its two pages there. Both are read after
# such a probe, at the start and at the end, so both readings see the same.
# Two pages, not one: dma_alloc_contiguous() never asks the default area
# for a single page (kernel/dma/contiguous.c), so on arm64 a 4K probe of a
# device on the default area came from the page allocator and drained
# nothing.
full_probe() {
	vfimc alloc "$dev" 8K >/dev/null 2>&1
	awk '/^(CmaFree|MemFree):/ { printf "%s ", $2 }' /proc/meminfo
}

full_start() {
	# shellcheck disable=SC2046 # two numbers
	set -- $(full_probe)
	mem0=$1 cma0=$2
	used0=$(cat "$dbg/used")
	echo "# $dev: area $area [$(printf 0x%x "$base"), $(printf 0x%x "$end")), $count pages, $used0 used; MemFree $mem0 kB, CmaFree $cma0 kB"
}

# Largest power of two not above $1.
_pow2_floor() {
	_p=1
	while [ $((_p * 2)) -le "$1" ]; do _p=$((_p * 2)); done
	echo $_p
}

# The area's largest free chunk is filled with the largest power-of-two
# buffer that fits it, until nothing is free. A buffer of 2^n pages is
# aligned to 2^min(n, 8) pages (CONFIG_CMA_ALIGNMENT), so a chunk may not
# take the largest size; an attempt the area cannot serve (ENOMEM, or a
# buffer from the fallback) is given up and the next smaller one tried.
full_fill() {
	fill_pids="" _n=0 _tries=0
	_p=$(_pow2_floor "$(cat "$dbg/maxchunk")")
	while [ "$(cat "$dbg/maxchunk")" -gt 0 ] && [ $_tries -lt 64 ]; do
		_tries=$((_tries + 1))
		_mc=$(cat "$dbg/maxchunk")
		[ "$_p" -le "$_mc" ] || _p=$(_pow2_floor "$_mc")
		hold 1 "$dev" $((_p * 4096))
		if [ "$(field "$held" from)" = area ]; then
			fill_pids="$fill_pids $held_pid" _n=$((_n + 1))
		else
			kill "$held_pid" 2>/dev/null
			wait "$held_pid" 2>/dev/null
			[ "$_p" -eq 1 ] || _p=$((_p / 2))
		fi
	done
	[ "$(cat "$dbg/used")" = "$count" ]
	_result $? "$dev: $_n buffers fill $area" "used $(cat "$dbg/used") of $count"
}

full_free() {
	# shellcheck disable=SC2086 # the list of pids
	kill $fill_pids
	for _pid in $fill_pids; do wait "$_pid" 2>/dev/null; done
}

# Both readings move a little with what the system does meanwhile: slab,
# page tables and anonymous pages of the commands run, and for CmaFree the
# movable allocations that take freed CMA pages off the per-cpu lists
# before a probe drains them (up to ~100 kB seen here). The tolerances
# are a small fraction of the MiBs the tests hold and free; the area's
# exact count is debugfs "used", which the tests check at every step.
FULL_CMAFREE_SLACK_KB=256
FULL_MEMFREE_SLACK_KB=256
# arm64's dma-direct maps each non-coherent buffer into vmalloc space
# (DMA_DIRECT_REMAP: dma_common_contiguous_remap()); the kernel page tables
# it creates stay after vunmap, up to two pages a buffer (~340 kB over a
# fill seen here). 32-bit ARM maps CMA buffers in its linear map.
[ "$(uname -m)" = aarch64 ] && FULL_MEMFREE_SLACK_KB=1024

full_end() {
	# shellcheck disable=SC2046 # two numbers
	set -- $(full_probe)
	echo "# $dev: MemFree $1 kB, moved $(($1 - mem0)) kB; CmaFree $2 kB, moved $(($2 - cma0)) kB"
	_d=$(($2 - cma0))
	[ "${_d#-}" -le $FULL_CMAFREE_SLACK_KB ]
	_result $? "$dev: CmaFree is back to $cma0 kB (within $FULL_CMAFREE_SLACK_KB kB)" "CmaFree $2 kB"
	_d=$(($1 - mem0))
	[ "${_d#-}" -le $FULL_MEMFREE_SLACK_KB ]
	_result $? "$dev: MemFree is back to $mem0 kB (within $FULL_MEMFREE_SLACK_KB kB)" "MemFree $1 kB"
}
