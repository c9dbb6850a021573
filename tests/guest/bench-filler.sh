# bench-filler.sh: cmabench's fillers keep within what the guest has.
# A page-cache filler on a file system smaller than the bench's files
# (32 MiB of ext2 on the scratch disk) rewrites its file instead of
# growing it past the disk, and an allocation from the full state still
# runs; the fill it reports is the filler's own pages in CMA, at most all
# of CMA.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

plan 4
mkdir -p /mnt/small
mke2fs /dev/vda 32768 >/dev/null 2>&1 && mount -t ext2 /dev/vda /mnt/small
_result $? "a 32 MiB ext2 file system on the scratch disk" ""
out=$(cmabench alloc fimc0 pagecache 8 2 /mnt/small 2>&1)
_result $? "cmabench alloc pagecache on it finishes" "$(echo "$out" | tail -n 2 | tr '\n' '|')"
is "$(echo "$out" | grep -c '^alloc state=pagecache size_mib=8 run=[12] ok=1 ')" 2 \
	"both allocations from the page-cache state succeed"
bad=$(echo "$out" | sed -n 's/.* cma_fill_pct=\([0-9]*\)$/\1/p' | awk '$1 < 0 || $1 > 100')
[ -z "$bad" ] && echo "$out" | grep -q 'cma_fill_pct=[0-9]'
_result $? "the reported fill is a share of CMA (0-100%)" "$bad"
umount /mnt/small
done_testing
