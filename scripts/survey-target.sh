#!/bin/sh
# make survey, one target: every mainline board tree of this architecture
# in this kernel's linux-source that declares a CMA pool (a reusable
# /reserved-memory region or linux,cma-default), built by the kernel's own
# dtbs rule and judged by cmacheck (built with ASan and UBSan).
#
#  1. Candidates: the .dts files whose include closure (#include and
#     /include/, followed by file name) mentions reusable or
#     linux,cma-default - a cheap superset; the compiled tree decides.
#  2. Their DTBs, in one kbuild run in a build tree of our own (the
#     target's .config; make's timestamps cache them across runs).
#  3. Each DTB with a pool: cmacheck --json against the target's .config,
#     with a board's bootloader (--loader unknown: not QEMU's placement of
#     the Image, initrd and DTB), and on 32-bit ARM an LPAE kernel when
#     the tree names memory above 4 GiB (--lpae: only such kernels boot
#     those boards). RAM is the tree's /memory, or what cmacheck assumes
#     when the tree leaves it to the bootloader (and says so: rule
#     ram-assumed).
#
# Writes OUT/boards.jsonl, one object per board: target, board, vendor,
# memory (where RAM came from), ms (cmacheck's time), status (cmacheck's
# exit status), report (cmacheck's JSON, or null) and error (one line, or
# null); and OUT/summary ("candidates N dtbs N pools N").
#
# usage: survey-target.sh CMACHECK KSRC KCONFIG OUT
# environment: ARCH, KERNEL, ARCH_CROSS (the Makefile exports them)
set -eu
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

cmacheck=$1 src=$2 kconfig=$3 out=$4
target=$ARCH-$KERNEL
kb=$out/kbuild
dts=arch/$ARCH/boot/dts
mkdir -p "$kb"
# One survey of a target at a time (make test runs tests side by side).
exec 9>"$out/.lock"
flock 9
# The target's .config, once: kbuild rewrites its copy, and a new copy
# would make it look at every DTB again.
if ! cmp -s "$kconfig" "$kb/.config.target"; then
	cp "$kconfig" "$kb/.config"
	cp "$kconfig" "$kb/.config.target"
fi
cat "$src/.cmalab-pkgver" >"$out/kernel"

# 1. Candidates, relative to arch/$ARCH/boot/dts, as .dtb targets.
(cd "$src/arch" && grep -rHE \
	'reusable|linux,cma-default|^[[:space:]]*(#include|/include/)[[:space:]]*["<][^">]+\.dtsi?[">]' \
	--include='*.dts' --include='*.dtsi' arm/boot/dts arm64/boot/dts) | awk -v want="$ARCH/boot/dts/" '
	{
		f = $0; sub(/:.*/, "", f); line = substr($0, length(f) + 2)
		b = f; sub(/.*\//, "", b)
		if (line ~ /^[ \t]*(#include|\/include\/)/) {
			i = line; sub(/^[^"<]*["<]/, "", i); sub(/[">].*/, "", i); sub(/.*\//, "", i)
			inc[b] = inc[b] " " i
		} else {
			hot[b] = 1
		}
		file[f] = b
	}
	END {
		do {
			changed = 0
			for (b in inc) {
				if (b in hot)
					continue
				n = split(inc[b], a, " ")
				for (k = 1; k <= n; k++)
					if (a[k] in hot) { hot[b] = 1; changed = 1; break }
			}
		} while (changed)
		for (f in file)
			if (f ~ /\.dts$/ && index(f, want) == 1 && hot[file[f]])
				print substr(f, length(want) + 1, length(f) - length(want) - 4) ".dtb"
	}' | sort >"$out/candidates"
ncand=$(grep -c . "$out/candidates" || true)

# 2. The DTBs: one kbuild run, every candidate (-k: one that fails does not
# stop the others; it is reported below).
echo "  SURVEY  $target: $ncand candidate trees in linux-source-$KERNEL, DTBs by the kernel's rule" >&2
env -u MAKEFLAGS -u MAKELEVEL make -s -C "$src" O="$(cd "$kb" && pwd)" ARCH="$ARCH" \
	CROSS_COMPILE="$ARCH_CROSS" olddefconfig >"$out/config.log" 2>&1
# shellcheck disable=SC2046 # one target per word
env -u MAKEFLAGS -u MAKELEVEL make -k -j"$(nproc)" -C "$src" O="$(cd "$kb" && pwd)" \
	ARCH="$ARCH" CROSS_COMPILE="$ARCH_CROSS" $(cat "$out/candidates") >"$out/dtbs.log" 2>&1 || true

# facts DTB: "POOL ABOVE" from one dtc run, read as dtc writes a tree
# (dtb_has_pool, scripts/lib.sh): POOL 1 when a child of /reserved-memory
# is a CMA pool (reusable or linux,cma-default), ABOVE 1 when one of its
# children's reg or alloc-ranges entries ends above 4 GiB (the LPAE test
# below), in /reserved-memory's cells (2 and 1 where it gives none).
facts() {
	dtc -q -I dtb -O dts "$1" 2>/dev/null | awk '
	function hex(s,   i, d, v) {
		v = 0; s = tolower(s); sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++) {
			d = index("0123456789abcdef", substr(s, i, 1))
			if (!d) break
			v = v * 16 + d - 1
		}
		return v
	}
	function cells(line, c,   n) {
		sub(/^[^<]*</, "", line); sub(/>.*/, "", line)
		n = split(line, c, " ")
		return n
	}
	/^\t[a-z0-9_-]*:? *reserved-memory {/ { in_rm = 1; ac = 2; sc = 1; next }
	in_rm && /^\t};/ { in_rm = 0 }
	in_rm && /^\t\t#address-cells = </ { cells($0, c); ac = hex(c[1]) }
	in_rm && /^\t\t#size-cells = </ { cells($0, c); sc = hex(c[1]) }
	in_rm && /^\t\t\t(reusable|linux,cma-default);/ { pool = 1 }
	in_rm && /^\t\t\t(reg|alloc-ranges) = </ {
		n = cells($0, c)
		for (i = 1; i + ac + sc - 1 <= n; i += ac + sc) {
			a = ac == 2 ? hex(c[i]) * 4294967296 + hex(c[i + 1]) : hex(c[i])
			z = sc == 2 ? hex(c[i + ac]) * 4294967296 + hex(c[i + ac + 1]) : hex(c[i + ac])
			if (a + z > 4294967296)
				above = 1
		}
	}
	END { print pool + 0, above + 0 }'
}

# json STRING: a JSON string.
json() { printf '%s' "$1" | jq -Rs .; }

# 3. cmacheck on each pool - unless the last survey of this target is
# newer than all it was made from: the same candidates, their DTBs, the
# target's configuration, cmacheck and this script (tests/cmacheck/
# transplant.test surveys its target again after cmacheck/survey.test
# surveyed them all). SURVEY_FRESH=1 surveys anyway.
if [ -z "${SURVEY_FRESH:-}" ] && [ -s "$out/summary" ] && [ -f "$out/boards.jsonl" ] &&
	cmp -s "$out/candidates" "$out/candidates.done" &&
	[ -z "$(find "$cmacheck" "$kconfig" "$0" "$(dirname "$0")/lib.sh" -newer "$out/boards.jsonl" -print)" ] &&
	[ -z "$(find "$kb/$dts" -name '*.dtb' -newer "$out/boards.jsonl" -print -quit)" ]; then
	echo "  SURVEY  $target: as surveyed last, nothing it was made from has changed" >&2
	exit 0
fi
rm -f "$out/candidates.done"
: >"$out/boards.jsonl"
ndtb=0 npool=0
while read -r d; do
	board=${d%.dtb}
	case $board in */*) vendor=${board%%/*} ;; *) vendor=${board%%-*} ;; esac
	dtb=$kb/$dts/$d
	memory=tree error=null report=null ms=0 rc=0
	if [ ! -f "$dtb" ]; then
		error=$(json "the kernel's rule for $d failed: $(grep -F "$board" "$out/dtbs.log" | head -n 1)")
		rc=4
	else
		ndtb=$((ndtb + 1))
		f=$(facts "$dtb")
		[ "${f% *}" = 1 ] || continue
		npool=$((npool + 1))
		set -- --dtb "$dtb" --kconfig "$kconfig" --target "$target" --loader unknown --json
		# 32-bit ARM boards with memory above 4 GiB boot LPAE kernels only.
		lpae=
		if [ "$ARCH" = arm ] && [ "${f#* }" = 1 ]; then
			set -- "$@" --lpae
			lpae=" (LPAE kernel: regions above 4 GiB)"
		fi
		t0=$(date +%s%N)
		"$cmacheck" "$@" >"$out/one.json" 2>"$out/one.err" || rc=$?
		ms=$((($(date +%s%N) - t0) / 1000000))
		if grep -q 'Sanitizer\|runtime error' "$out/one.err"; then
			error=$(json "SANITIZER: $(grep -m1 'Sanitizer\|runtime error' "$out/one.err")")
			rc=5
		# The board's line from cmacheck's JSON in one jq: cmacheck says
		# where RAM came from, "assumed: ..." when the tree does not.
		elif [ "$rc" -le 2 ] && line=$(jq -c --arg t "$target" --arg b "$board" --arg v "$vendor" \
			--arg lpae "$lpae" --argjson ms "$ms" --argjson rc "$rc" '
			(.ram.from | tostring) as $from |
			{target: $t, board: $b, vendor: $v,
			 memory: ((if ($from | startswith("assumed")) then $from else "tree" end) + $lpae),
			 ms: $ms, status: $rc, error: null, report: .}' "$out/one.json" 2>/dev/null); then
			echo "$line" >>"$out/boards.jsonl"
			continue
		else
			error=$(json "$(head -n 1 "$out/one.err")")
		fi
		memory=$(json "$memory$lpae")
	fi
	[ "$memory" != tree ] || memory='"tree"'
	printf '{"target":"%s","board":"%s","vendor":"%s","memory":%s,"ms":%d,"status":%d,"error":%s,"report":%s}\n' \
		"$target" "$board" "$vendor" "$memory" "$ms" "$rc" "$error" "$report" >>"$out/boards.jsonl"
done <"$out/candidates"
echo "candidates $ncand dtbs $ndtb pools $npool" >"$out/summary"
cp "$out/candidates" "$out/candidates.done"
echo "  SURVEY  $target: $npool boards with a CMA pool of $ndtb trees built" >&2
