#!/bin/sh
# Prepare the kernel source tree: Debian's linux-source-6.1 extracted once
# into a git repository (tag "pristine"), then the series in
# patches/linux-6.1/ applied with git am. Re-run cheaply: the tree is only
# re-extracted when the package version changes, and only reset and
# re-patched when the series changes, so untouched files keep their mtimes
# and kbuild rebuilds only what the patches touch.
#
# A kernel flavour can leave patches out, to show what the kernel does
# without them: OMITFILE names them, one per line. Such a tree is a git
# worktree of BASESRC (an already prepared full tree) at "pristine", so the
# tarball is extracted once.
#
# usage: linux-source.sh SRCDIR PATCHDIR [OMITFILE BASESRC]
set -eu

src=$1
patchdir=$(cd "$2" && pwd)
omitfile=${3:-}
base=${4:-}
tarball=/usr/src/linux-source-6.1.tar.xz

die() { echo "linux-source: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball missing: install linux-source-6.1 (make deps)"
[ -r "$patchdir/series" ] || die "$patchdir/series missing"

pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "package linux-source-6.1 is not installed (make deps)"

names() { grep -v '^[[:space:]]*\(#\|$\)' "$1" || true; }

# The patches to apply: the series, less those OMITFILE names.
series=$(names "$patchdir/series")
if [ -n "$omitfile" ]; then
	[ -r "$omitfile" ] || die "$omitfile missing"
	for p in $(names "$omitfile"); do
		echo "$series" | grep -qxF "$p" ||
			die "$omitfile omits $p, which patches/linux-6.1/series does not name"
	done
	series=$(echo "$series" | grep -vxF "$(names "$omitfile")" || true)
fi

series_id() {
	# Identity of the series: the patch names and every patch's content.
	{
		echo "$series"
		for p in $series; do
			cat "$patchdir/$p"
		done
	} | sha256sum | cut -d' ' -f1
}

git_src() {
	git -C "$src" -c user.name=cmalab -c user.email=cmalab@localhost \
		-c commit.gpgsign=false "$@"
}

if [ -n "$base" ]; then
	[ "$(cat "$base/.cmalab-pkgver" 2>/dev/null)" = "$pkgver" ] ||
		die "$base is not prepared for linux-source-6.1 $pkgver"
	if [ "$(cat "$src/.cmalab-pkgver" 2>/dev/null)" != "$pkgver" ]; then
		echo "  WORKTREE $src (pristine linux-source-6.1 $pkgver)"
		rm -rf "$src"
		git -C "$base" worktree prune
		git -C "$base" worktree add -q --detach "$(realpath -m "$src")" pristine
		echo "$pkgver" > "$src/.cmalab-pkgver"
		rm -f "$src/.cmalab-series"
	fi
elif [ "$(cat "$src/.cmalab-pkgver" 2>/dev/null)" != "$pkgver" ]; then
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

echo "  PATCH   $(echo "$series" | grep -c . || true) patch(es) from $patchdir${omitfile:+, less those $omitfile names}"
git_src am --abort >/dev/null 2>&1 || true
git_src reset -q --hard pristine
for p in $series; do
	[ -r "$patchdir/$p" ] || die "series names $p, which is not in $patchdir"
	git_src am -q --whitespace=error-all "$patchdir/$p" ||
		die "$p does not apply to linux-source-6.1 $pkgver"
done
echo "$want" > "$src/.cmalab-series"
