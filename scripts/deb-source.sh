#!/bin/sh
# Fetch and unpack the Debian source package a binary package of this
# machine's release was built from, at the binary's candidate version:
# apt-get source with a private sources list (deb-src for the release, its
# archive and keyring) and private package lists under DLDIR/apt-src, so
# that the machine's own sources and lists stay as they are; apt checks
# every file it fetches against the signed Sources index. The source is
# unpacked as dpkg-source unpacks a "3.0 (quilt)" package: the upstream
# tarball, debian/ over it, then debian/patches/series applied in order.
#
# usage: deb-source.sh DLDIR PACKAGE OUT_DIR
#   OUT_DIR: the unpacked tree (replaced)
set -eu

dl=$1 name=$2 out=$3

die() { echo "deb-source: $*" >&2; exit 1; }

ver=$(apt-cache policy "$name" | sed -n 's/^ *Candidate: //p')
if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
	die "no candidate for $name in this machine's package lists"
fi
# The source package and its version: the stanza's Source field, "NAME"
# or "NAME (VERSION)", or the binary's own when there is none.
src=$(apt-cache show "$name=$ver" | sed -n 's/^Source: //p' | head -n 1)
srcver=$ver
case $src in
'') src=$name ;;
*' ('*')') srcver=${src#* (} srcver=${srcver%)} src=${src%% *} ;;
esac

. /etc/os-release
codename=${VERSION_CODENAME:?/etc/os-release names no release}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || die "$keyring missing: apt-get install debian-archive-keyring"

mkdir -p "$dl"
apt=$(cd "$dl" && pwd)/apt-src
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/files"
echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian $codename main" \
	> "$apt/sources.list"
set -- -q -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$apt/lists" \
	-o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root
if ! ls "$apt"/lists/*_Sources* > /dev/null 2>&1; then
	echo "  FETCH   Debian's Sources index ($codename, for $src)"
	apt-get "$@" update > "$apt/update.log" 2>&1 ||
		die "apt-get update with $apt/sources.list failed: $(tail -n 1 "$apt/update.log")"
fi
dsc=$apt/files/${src}_${srcver#*:}.dsc
echo "  FETCH   $src $srcver (source)"
(cd "$apt/files" && apt-get "$@" source --download-only "$src=$srcver" \
	> ../source.log 2>&1) ||
	die "apt-get source $src=$srcver failed: $(tail -n 1 "$apt/source.log")"
[ -f "$dsc" ] || die "apt-get source left no $dsc"
format=$(sed -n 's/^Format: //p' "$dsc")
[ "$format" = "3.0 (quilt)" ] || die "$dsc: format $format, not 3.0 (quilt)"

# The files the .dsc lists: the upstream tarball (not its signature,
# .asc), then debian/.
files=$(awk '/^Files:/ { f = 1; next } /^[^ ]/ { f = 0 } f { print $3 }' "$dsc")
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
for f in $files; do
	case $f in *.asc) ;; *.orig.tar.*) tar -xf "$apt/files/$f" -C "$out.tmp" --strip-components=1 ;; esac
done
for f in $files; do
	case $f in *.debian.tar.*) tar -xf "$apt/files/$f" -C "$out.tmp" ;; esac
done
series=$out.tmp/debian/patches/series
if [ -f "$series" ]; then
	sed 's/#.*//' "$series" | while read -r p _; do
		[ -n "$p" ] || continue
		patch -s -p1 -d "$out.tmp" < "$out.tmp/debian/patches/$p" ||
			die "$src $srcver: debian/patches/$p does not apply"
	done
fi
rm -rf "$out"
mv "$out.tmp" "$out"
