#!/bin/sh
# Configure a kernel build directory: tinyconfig, then the fragments merged
# with the kernel's own merge_config.sh, then olddefconfig. Kconfig drops a
# requested option silently when a dependency is missing, so every option a
# fragment asks for is checked to have landed; a missing one stops the build
# naming the option and the fragment that asked for it.
#
# usage: linux-config.sh SRCDIR OUTDIR FRAGMENT...
set -eu

src=$1
out=$2
shift 2

die() { echo "linux-config: $*" >&2; exit 1; }

kmake() {
	make -s -C "$src" O="$out" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- "$@"
}

for f in "$@"; do
	[ -r "$f" ] || die "fragment $f not found"
done

mkdir -p "$out"
echo "  CONFIG  tinyconfig + $*"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@" >/dev/null
kmake olddefconfig >/dev/null

status=0
for f in "$@"; do
	# "CONFIG_X=v" must be in .config as is; "# CONFIG_X is not set" must
	# not have been turned on.
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			if ! grep -qxF "$line" "$out/.config"; then
				opt=${line%%=*}
				got=$(grep -E "^(# )?${opt}[= ]" "$out/.config" || echo "absent")
				echo "linux-config: $f asks for $line, but the kernel has: $got" >&2
				status=1
			fi ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			if grep -q "^$opt=" "$out/.config"; then
				echo "linux-config: $f asks for $opt off, but the kernel has: $(grep "^$opt=" "$out/.config")" >&2
				status=1
			fi ;;
		esac
	done < "$f"
done
[ $status -eq 0 ] || die "requested options did not land (a dependency is missing); the build stops here"
