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

missing=""
for p in $packages; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
need_arch=0
dpkg --print-foreign-architectures | grep -qx armhf || need_arch=1
# busybox-static:armhf is fetched, not installed: its lists must be known.
apt-cache show busybox-static:armhf >/dev/null 2>&1 || need_arch=1

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
