#!/bin/sh
# Prepare a kernel source tree: Debian's linux-source-KERNEL extracted once
# into a git repository (tag "pristine"), then the series in
# patches/linux-KERNEL/ (with patches/common/ in its place) applied with
# git am, and after it the series of
# each further PATCHDIR (a flavour's own patches, patches/linux-KERNEL/
# FLAVOUR/, in a tree of its own). Re-run cheaply: the tree is only
# re-extracted when the package version changes, and only reset and
# re-patched when a series changes, so untouched files keep their mtimes
# and kbuild rebuilds only what the patches touch.
#
# usage: linux-source.sh KERNEL SRCDIR PATCHDIR [PATCHDIR...]
# environment: KSEED, optionally a tree of the same kernel to clone
# instead of extracting the tarball
set -eu

kernel=$1
src=$2
shift 2
pkg=linux-source-$kernel
tarball=/usr/src/$pkg.tar.xz

die() { echo "linux-source: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball missing: install $pkg (make deps)"
for d in "$@"; do
	[ -r "$d/series" ] || die "$d/series missing"
done

pkgver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
	die "package $pkg is not installed (make deps)"

# The patches in order: each PATCHDIR's series, as paths (scripts/series.sh:
# a series may name patches/common/series in its place).
series=$("$(dirname "$0")/series.sh" "$@") || exit 1

series_id() {
	# Identity of the series: the patch names and every patch's content.
	{
		echo "$series" | sed 's|.*/patches/||'
		for p in $series; do
			[ ! -r "$p" ] || cat "$p"
		done
	} | sha256sum | cut -d' ' -f1
}

# No automatic gc: git am ends with "git gc --auto", which packs the
# tree's loose objects in the background and deletes them, while the next
# kernel's tree may be cloning from this one ("fatal: failed to copy file
# to .../objects/8f/...": No such file or directory, seen in a fresh
# clone's make test).
git_src() {
	git -C "$src" -c user.name=cmalab -c user.email=cmalab@localhost \
		-c commit.gpgsign=false -c gc.auto=0 -c maintenance.auto=false "$@"
}

if [ "$(cat "$src/.cmalab-pkgver" 2>/dev/null)" != "$pkgver" ]; then
	rm -rf "$src" "$src.tmp"
	seed=${KSEED:-}
	if [ -n "$seed" ] && [ "$(cat "$seed/.cmalab-pkgver" 2>/dev/null)" = "$pkgver" ]; then
		# A flavour's own tree (KSEED: the shared tree of the same
		# kernel, already extracted): a local clone of its pristine
		# commit, seconds instead of unpacking the tarball again.
		echo "  CLONE   $pkg $pkgver from $seed"
		git clone -q --no-checkout "$seed" "$src.tmp"
		git -C "$src.tmp" checkout -q pristine
		mv "$src.tmp" "$src"
	else
		echo "  EXTRACT $pkg $pkgver"
		mkdir -p "$src.tmp"
		tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
		git -C "$src.tmp" init -q
		mv "$src.tmp" "$src"
		# Debian's top-level .gitignore ignores "/*": force-add the extract.
		git_src add -f -A .
		git_src commit -q -m "$pkg $pkgver (pristine)"
		git_src tag pristine
	fi
	echo "$pkgver" > "$src/.cmalab-pkgver"
	rm -f "$src/.cmalab-series"
fi

want=$(series_id)
[ "$(cat "$src/.cmalab-series" 2>/dev/null)" = "$want" ] && exit 0

echo "  PATCH   $(echo "$series" | grep -c . || true) patch(es) from $*"
git_src am --abort >/dev/null 2>&1 || true
git_src reset -q --hard pristine
for p in $series; do
	[ -r "$p" ] || die "$(dirname "$p")/series names $(basename "$p"), which is not there"
	# The common series is written for the latest kernel: its
	# registrations may sit between other neighbours (patches/common/series).
	case $p in */patches/common/*) ctx=-C1 ;; *) ctx= ;; esac
	# (git apply's "Context reduced" notes are shown only on failure.)
	# shellcheck disable=SC2086 # ctx: no option or one
	git_src am -q $ctx --whitespace=error-all "$p" 2>"$src.am.log" || {
		cat "$src.am.log" >&2
		die "$(basename "$p") does not apply to $pkg $pkgver"
	}
done
rm -f "$src.am.log"
echo "$want" > "$src/.cmalab-series"
