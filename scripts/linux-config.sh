#!/bin/sh
# Configure a kernel build directory: tinyconfig, then the fragments merged
# with the kernel's own merge_config.sh, then olddefconfig. Kconfig drops a
# requested option silently when a dependency is missing, so every option a
# fragment asks for is checked to have landed; a missing one stops the build
# naming the option and the fragment that asked for it.
#
# usage: linux-config.sh ARCH SRCDIR OUTDIR FRAGMENT...
# environment: ARCH_CROSS, the architecture's cross compiler prefix
# (board/arch/ARCH.mk; the Makefile exports it)
set -eu

arch=$1 src=$2 out=$3
shift 3

die() { echo "linux-config: $*" >&2; exit 1; }

cross=${ARCH_CROSS:?the cross compiler prefix: run from make (board/arch/$arch.mk)}

kmake() {
	make -s -C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" "$@"
}

for f in "$@"; do
	[ -r "$f" ] || die "fragment $f not found"
done

mkdir -p "$out"
# A .config left by an interrupted or failed run would look up to date to
# make: only a finished, checked one stays.
cleanup() {
	_rc=$?
	[ $_rc -eq 0 ] || rm -f "$out/.config"
	exit $_rc
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
echo "  CONFIG  tinyconfig + $*"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@" >/dev/null
kmake olddefconfig >/dev/null

# The option values the fragments ask for, the later fragment winning as in
# merge_config.sh: "OPTION VALUE FRAGMENT" per line, VALUE "n" for off.
wanted=$(awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { i = index($0, "="); opt = substr($0, 1, i - 1)
		val[opt] = substr($0, i + 1); from[opt] = FILENAME; next }
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { val[$2] = "n"; from[$2] = FILENAME }
	END { for (o in val) print o, val[o], from[o] }' "$@" | LC_ALL=C sort)

status=0
while read -r opt val frag; do
	got=$(sed -n "s/^$opt=//p" "$out/.config")
	if [ "$val" = n ]; then
		[ -z "$got" ] && continue
	elif [ "$got" = "$val" ]; then
		continue
	fi
	echo "linux-config: $frag asks for $opt=$val, but the kernel has ${got:-it off}" >&2
	status=1
done <<EOF
$wanted
EOF
[ $status -eq 0 ] || die "requested options did not land (a dependency is missing); the build stops here"
