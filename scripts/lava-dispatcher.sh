#!/bin/sh
# Debian's LAVA dispatcher, unpacked into build/ rather than installed:
# lava-dispatcher and lava-common (lava-run and its Python packages),
# lava-server for nothing but its device-type templates (qemu.jinja2,
# base.jinja2), and the Debian Python modules they import. Each .deb is
# fetched and checked against the signed package lists by deb-fetch.sh.
# Installing lava-dispatcher would pull about 150 packages (systemd-sysv,
# libguestfs and its appliance, qemu-system-x86) into the host; docs/uboot-lava.md,
# "LAVA" says what this costs instead.
#
# lava_dispatcher imports guestfs at load time (utils/filesystem.py) for
# the jobs that edit disk images, which cmalab's jobs do not: a stub
# module that refuses to be used stands in for python3-guestfs.
#
# usage: lava-dispatcher.sh DLDIR OUT_DIR
#   OUT_DIR/root: the unpacked packages; OUT_DIR/shim: the guestfs stub;
#   OUT_DIR/env: PYTHONPATH and the template directory, for sourcing.
set -eu

dl=$1 out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
packages="lava-dispatcher lava-dispatcher-host lava-common lava-server
	python3-voluptuous python3-configobj python3-setproctitle python3-tz
	python3-magic python3-netifaces python3-pyudev python3-pexpect
	python3-ptyprocess python3-jinja2 python3-markupsafe python3-yaml
	python3-requests python3-urllib3 python3-idna python3-certifi
	python3-chardet python3-charset-normalizer python3-six"
arch=$(dpkg --print-architecture)

rm -rf "$out.tmp"
mkdir -p "$out.tmp/shim"
"$(dirname "$0")/deb-fetch.sh" "$arch" "$dl" "$packages" "$out.tmp/root" >&2
cat >"$out.tmp/shim/guestfs.py" <<'PY'
# cmalab: python3-guestfs is not installed; no cmalab job edits an image.
class GuestFS:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("cmalab's LAVA has no libguestfs: a job that edits an image cannot run here")
PY
cat >"$out.tmp/env" <<ENV
LAVA_ROOT=$out/root
LAVA_TEMPLATES=$out/root/usr/share/lava-server/device-types
PYTHONPATH=$out/shim:$out/root/usr/lib/python3/dist-packages
export PYTHONPATH
ENV
rm -rf "$out"
mv "$out.tmp" "$out"
# shellcheck source=/dev/null
. "$out/env"
python3 "$out/root/usr/bin/lava-run" --help >/dev/null ||
	{ echo "lava-dispatcher: lava-run does not start from $out" >&2; exit 1; }
[ -r "$LAVA_TEMPLATES/qemu.jinja2" ] ||
	{ echo "lava-dispatcher: no qemu.jinja2 in $LAVA_TEMPLATES" >&2; exit 1; }
