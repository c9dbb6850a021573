#!/bin/sh
# Fetch Debian packages for an architecture (apt-get download, no install),
# check each .deb against the SHA256 in the signed package lists, and
# extract them, in the order given. A .deb already in DLDIR is used if its
# SHA256 matches. One apt-get call asks the lists for every package's
# candidate (about 2 s of CPU each, whatever the number of packages: a
# call per package made LAVA's 23 cost a minute and a half), and one
# downloads those DLDIR does not have.
#
# usage: deb-fetch.sh DEBARCH DLDIR "PACKAGE..." EXTRACT_DIR
#   DEBARCH: Debian's name of the architecture: armhf, arm64, or the host's
set -eu

debarch=$1 dl=$2 names=$3 into=$4

die() { echo "deb-fetch: $*" >&2; exit 1; }

pkgs=""
for n in $names; do
	pkgs="$pkgs $n:$debarch"
done
mkdir -p "$dl"
err=$(mktemp)
get=""
trap 'rm -rf "$err" ${get:+"$get"}' EXIT
# Each package's candidate: 'URI' FILE SIZE SHA256:HEX. The lists' file
# name is the URI's last part, %-decoded (apt's own FILE escapes the epoch).
# shellcheck disable=SC2086 # the packages, one word each
uris=$(apt-get download --print-uris -q $pkgs 2>"$err") ||
	die "no candidate for$pkgs: $(grep -m 1 '^E:' "$err" || tail -n 1 "$err") (is the $debarch architecture added? make deps)"
table=$(printf '%s\n' "$uris" | awk 'BEGIN { hex = "0123456789abcdef" } {
	u = $1; gsub(/\047/, "", u); n = split(u, p, "/"); f = p[n]
	out = ""
	while (match(f, /%[0-9A-Fa-f][0-9A-Fa-f]/)) {
		h = tolower(substr(f, RSTART + 1, 2))
		c = (index(hex, substr(h, 1, 1)) - 1) * 16 + index(hex, substr(h, 2, 1)) - 1
		out = out substr(f, 1, RSTART - 1) sprintf("%c", c)
		f = substr(f, RSTART + 3)
	}
	out = out f
	sub(/^SHA256:/, "", $4)
	split(out, nv, "_")
	print nv[1], nv[2], out, $4
}')
# table: NAME VERSION FILE SHA256, one line per package.
# sha_ok FILE SHA: the file is there and has the lists' SHA256.
sha_ok() { [ -f "$dl/$1" ] && echo "$2  $dl/$1" | sha256sum -c --status; }
missing=""
for n in $names; do
	line=$(printf '%s\n' "$table" | awk -v n="$n" '$1 == n')
	[ -n "$line" ] || die "apt-get printed no candidate for $n:$debarch"
	# shellcheck disable=SC2086 # the table's four words
	set -- $line
	[ -n "${4:-}" ] || die "no SHA256 for $n:$debarch=$2 in the package lists"
	sha_ok "$3" "$4" || { echo "  FETCH   $n:$debarch $2"; missing="$missing $n:$debarch"; }
done
if [ -n "$missing" ]; then
	get=$(mktemp -d "$dl/get.XXXXXX")
	# shellcheck disable=SC2086 # the packages, one word each
	(cd "$get" && apt-get download -q -o APT::Sandbox::User=root $missing >/dev/null 2>"$err") ||
		die "apt-get download failed for$missing: $(grep -m 1 '^E:' "$err" || tail -n 1 "$err")"
fi
mkdir -p "$into"
for n in $names; do
	# shellcheck disable=SC2046 # the table's four words
	set -- $(printf '%s\n' "$table" | awk -v n="$n" '$1 == n')
	if [ -n "$get" ] && ! sha_ok "$3" "$4"; then
		# apt names the file with the epoch escaped; keep the lists' name.
		for f in "$get/$n"_*.deb; do
			[ -f "$f" ] && mv "$f" "$dl/$3"
		done
	fi
	sha_ok "$3" "$4" || die "$dl/$3 does not match the package lists' SHA256 $4"
	dpkg-deb -x "$dl/$3" "$into"
done
