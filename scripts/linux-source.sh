#!/bin/sh
# Prepare the kernel source tree: Debian's linux-source-6.1 extracted once
# into a git repository (tag "pristine"), then the series in
# patches/linux-6.1/ applied with git am. Re-run cheaply: the tree is only
# re-extracted when the package version changes, and only reset and
# re-patched when the series changes, so untouched files keep their mtimes
# and kbuild rebuilds only what the patches touch.
#
# usage: linux-source.sh SRCDIR PATCHDIR
set -eu

src=$1
patchdir=$(cd "$2" && pwd)
tarball=/usr/src/linux-source-6.1.tar.xz

die() { echo "linux-source: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball missing: install linux-source-6.1 (make deps)"
[ -r "$patchdir/series" ] || die "$patchdir/series missing"

pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "package linux-source-6.1 is not installed (make deps)"

series_id() {
	# Identity of the series: the series file plus every patch it names.
	{
		cat "$patchdir/series"
		grep -v '^[[:space:]]*\(#\|$\)' "$patchdir/series" | while read -r p; do
			cat "$patchdir/$p"
		done
	} | sha256sum | cut -d' ' -f1
}

git_src() {
	git -C "$src" -c user.name=cmalab -c user.email=cmalab@localhost \
		-c commit.gpgsign=false "$@"
}

if [ "$(cat "$src/.cmalab-pkgver" 2>/dev/null)" != "$pkgver" ]; then
	echo "  EXTRACT linux-source-6.1 $pkgver"
	rm -rf "$src"
	mkdir -p "$src.tmp"
	tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
	git -C "$src.tmp" init -q
	mv "$src.tmp" "$src"
	# Debian's top-level .gitignore ignores "/*": force-add the extract.
	git_src add -f -A .
	git_src commit -q -m "linux-source-6.1 $pkgver (pristine)"
	git_src tag pristine
	echo "$pkgver" > "$src/.cmalab-pkgver"
	rm -f "$src/.cmalab-series"
fi

want=$(series_id)
[ "$(cat "$src/.cmalab-series" 2>/dev/null)" = "$want" ] && exit 0

echo "  PATCH   $(grep -vc '^[[:space:]]*\(#\|$\)' "$patchdir/series" || true) patch(es) from $patchdir"
git_src am --abort >/dev/null 2>&1 || true
git_src reset -q --hard pristine
grep -v '^[[:space:]]*\(#\|$\)' "$patchdir/series" | while read -r p; do
	[ -r "$patchdir/$p" ] || die "series names $p, which is not in $patchdir"
	git_src am -q --whitespace=error-all "$patchdir/$p" ||
		die "$p does not apply to linux-source-6.1 $pkgver"
done
echo "$want" > "$src/.cmalab-series"
