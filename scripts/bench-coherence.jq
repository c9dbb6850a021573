# make bench's coherence stage as markdown (scripts/bench-coherence.sh):
# the clean seeds' sum and the sittings that ran them, then the planted
# boot seed by seed.
def clean: [.runs[] | select(.boot == "clean")];
def planted: [.runs[] | select(.boot == "planted")];
def sum(f): map(f) | add // 0;
def p50: sort | if length == 0 then null else .[(length - 1) / 2 | floor] end;
"The coherence exerciser (tests/guest/coherence.c) with \(.area) lent to the page cache's evicted copies (\(.target), \(.kernel), \(.board), QEMU TCG, one CPU; \(.fs) on the scratch disk): two owners per seed drive their files with buffered, O_DIRECT and mmap reads and writes, truncation, \(if .fs == "ext4" then "punch-hole, zero-range, " else "" end)fsync, fadvise(DONTNEED) and drop_caches, checking every byte they read against their model, while two threads read and evict the same pages.",
"",
"Clean (the explain kernel): \(clean | length) seeds (\(clean | map(.seed) | min)-\(clean | map(.seed) | max)) of 2 x \(.ops_per_owner) operations, \(clean | sum(.ops)) operations, \(clean | sum(.puts)) pages put into the area and \(clean | sum(.hits)) read back from it: \(clean | sum(.mismatch)) mismatches; \(clean | map(select(.puts == 0 or .hits == 0)) | length | if . == 0 then "every seed put pages into the area and read some back" else "\(.) seed(s) put no page into the area or read none back" end).",
"",
(clean as $c | .sittings[]? | . as $s | ($c | map(select(.seed >= $s.first and .seed <= $s.last))) as $mine |
 "- sitting of \($s.date): seeds \($s.first)-\($s.last), \($s.ops) operations in \($s.wall_secs) s on \($s.boots) boot(s) at once (\(if ($mine | sum(.secs)) > 0 then (($mine | sum(.ops)) / ($mine | sum(.secs)) | floor) else "-" end) operations/s a boot)"),
"",
"Planted (the explain kernel whose truncation keeps its range's lent copies, patches/linux-KERNEL/planted/): at most 2 x \(.plant_bound) operations per seed; the fault seen in \(planted | map(select(.lend == "on" and .mismatch == 1)) | length) of \(planted | map(select(.lend == "on")) | length) seeds, at an owner's operation p50 \(planted | map(select(.lend == "on" and .at != null) | .at) | p50 // "-"); the control with lending off: \(planted | map(select(.lend == "off")) | sum(.mismatch)) mismatches.",
"",
"| boot | seed | file bytes | lending | operations | s | puts | hits | mismatch at owner op |",
"| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
(planted[] | "| \(.boot) | \(.seed) | \(.bytes) | \(.lend) | \(.ops) | \(.secs) | \(.puts) | \(.hits) | \(.at // "-") |")
