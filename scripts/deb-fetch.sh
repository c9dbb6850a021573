#!/bin/sh
# Fetch a Debian package for the guest's architecture (apt-get download, no
# install), check the .deb against the SHA256 in the signed package lists,
# and extract it. A .deb already in DLDIR is used if its SHA256 matches.
#
# usage: deb-fetch.sh DEBARCH DLDIR PACKAGE EXTRACT_DIR
#   DEBARCH: Debian's name of the architecture, armhf or arm64
set -eu

debarch=$1 dl=$2 name=$3 into=$4
pkg=$name:$debarch

die() { echo "deb-fetch: $*" >&2; exit 1; }

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
mkdir -p "$into"
dpkg-deb -x "$deb" "$into"
