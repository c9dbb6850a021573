#!/bin/sh
# Install the Debian packages cmalab needs, idempotently: a fast dpkg check
# first, apt-get only for what is missing. Adds the armhf foreign
# architecture, whose package lists the guest's busybox-static comes from.
set -eu

packages="
bc bison flex cpio xz-utils make gcc libc6-dev git kmod procps
libssl-dev libelf-dev ccache sparse
linux-source-6.1
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
qemu-system-arm
device-tree-compiler libfdt-dev dt-schema yamllint
u-boot-tools u-boot-qemu
shellcheck libcmocka-dev python3-ply python3-git
jq clang libclang-rt-14-dev gnuplot-nox expect
"
# Tests add a package here to check the failure path.
packages="$packages ${CMALAB_EXTRA_PACKAGES:-}"

die() { echo "deps: $*" >&2; exit 1; }

# One dpkg-query for all: it prints the packages it knows, with their state.
# shellcheck disable=SC2086 # word splitting is the list
installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' $packages 2>/dev/null |
	awk '$2 == "installed" { print $1 }')
missing=""
for p in $packages; do
	echo "$installed" | grep -qx "$p" || missing="$missing $p"
done
need_arch=0
dpkg --print-foreign-architectures | grep -qx armhf || need_arch=1
# busybox-static:armhf is fetched, not installed: the armhf package lists
# must be there (apt-cache would say so too, but takes a second a call).
ls /var/lib/apt/lists/*_binary-armhf_Packages* >/dev/null 2>&1 || need_arch=1

[ -z "$missing" ] && [ $need_arch -eq 0 ] && exit 0

[ "$(id -u)" -eq 0 ] || die "missing:$missing; run as root or install them with apt-get"
if [ $need_arch -eq 1 ]; then
	echo "  DEPS    adding the armhf architecture"
	dpkg --add-architecture armhf
fi
echo "  DEPS    apt-get update"
apt-get update -q >/dev/null || die "apt-get update failed"
if [ -n "$missing" ]; then
	echo "  DEPS    installing:$missing"
	# shellcheck disable=SC2086 # word splitting is the list
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		$missing >/dev/null || die "apt-get install failed for:$missing"
fi
