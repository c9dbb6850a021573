#!/bin/sh
# Fetch Debian's busybox-static for the guest's architecture (apt-get
# download, no install), check the .deb against the SHA256 in the signed
# package lists, and extract the binary.
#
# usage: busybox.sh DEBARCH DLDIR OUT_BINARY
#   DEBARCH: Debian's name of the architecture, armhf or arm64
set -eu

debarch=$1 dl=$2 out=$3
pkg=busybox-static:$debarch

die() { echo "busybox: $*" >&2; exit 1; }

ver=$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')
if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
	die "no candidate for $pkg: is the $debarch architecture added? (make deps)"
fi
# The stanza of the candidate version, from the signed lists.
stanza=$(apt-cache show "$pkg=$ver")
sha=$(printf '%s\n' "$stanza" | sed -n 's/^SHA256: //p' | head -n 1)
file=$(printf '%s\n' "$stanza" | sed -n 's/^Filename: //p' | head -n 1)
deb=$dl/$(basename "$file")
[ -n "$sha" ] || die "no SHA256 for $pkg=$ver in the package lists"

mkdir -p "$dl"
if [ ! -f "$deb" ] || ! echo "$sha  $deb" | sha256sum -c --status; then
	echo "  FETCH   $pkg $ver"
	get=$(mktemp -d "$dl/get.XXXXXX")
	(cd "$get" && apt-get download -q -o APT::Sandbox::User=root \
		"$pkg=$ver" >/dev/null) || die "apt-get download $pkg=$ver failed"
	# apt names the file with the epoch escaped; keep the lists' name.
	mv "$get"/*.deb "$deb"
	rmdir "$get"
fi
echo "$sha  $deb" | sha256sum -c --status ||
	die "$deb does not match the package lists' SHA256 $sha"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
[ -x "$tmp/bin/busybox" ] || die "$deb holds no bin/busybox"
mkdir -p "$(dirname "$out")"
cp "$tmp/bin/busybox" "$out"
