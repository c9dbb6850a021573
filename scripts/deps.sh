#!/bin/sh
# Install the Debian packages cmalab needs, idempotently: a fast dpkg check
# first, apt-get only for what is missing. Adds the foreign architectures
# whose package lists the guest's busybox-static and v4l-utils come from.
# The Makefile gives what the targets add (board/arch/<arch>.mk: the cross
# compilers; each kernel's linux-source) and the Debian architectures.
#
# usage: deps.sh [--list] "DEBARCH..." PACKAGE...
#   --list: print the architectures and packages it would check, one
#   line, and check nothing. make test gives its tests that line as
#   CMALAB_DEPS_CHECKED: a make command a test runs, which asks for no
#   package or architecture beyond it, skips the check (a dpkg query,
#   about 0.3 s of a boot's host time).
set -eu
list=0
[ "${1:-}" != --list ] || { list=1; shift; }

packages="
bc bison flex cpio xz-utils make gcc binutils libc6-dev git kmod procps patch
libssl-dev libelf-dev ccache sparse
qemu-system-arm
device-tree-compiler libfdt-dev dt-schema yamllint
u-boot-tools u-boot-qemu
shellcheck libcmocka-dev python3-ply python3-git
jq clang libclang-rt-14-dev gnuplot-nox expect
"
debarchs=$1
shift
packages="$packages $*"
# Tests add a package here to check the failure path.
packages="$packages ${CMALAB_EXTRA_PACKAGES:-}"
# Each once: two targets of one architecture ask for its compiler twice.
# shellcheck disable=SC2086 # word splitting is the list
packages=$(printf '%s\n' $packages | sort -u)
if [ $list = 1 ]; then
	# shellcheck disable=SC2086 # word splitting is the list
	echo $debarchs $packages
	exit 0
fi
if [ -n "${CMALAB_DEPS_CHECKED:-}" ]; then
	checked=1
	for p in $debarchs $packages; do
		case " $CMALAB_DEPS_CHECKED " in *" $p "*) ;; *) checked=0 ;; esac
	done
	[ $checked = 0 ] || exit 0
fi

die() { echo "deps: $*" >&2; exit 1; }

# One dpkg-query for all: it prints the packages it knows, with their state.
# shellcheck disable=SC2086 # word splitting is the list
installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' $packages 2>/dev/null |
	awk '$2 == "installed" { print $1 }')
# Those it did not list as installed (one process: every make command
# runs this, and a process costs milliseconds).
missing=$(printf '%s\n' "$packages" | awk -v inst="$installed" '
	BEGIN { n = split(inst, a, "\n"); for (i = 1; i <= n; i++) have[a[i]] = 1 }
	!($0 in have) { printf " %s", $0 }')
# busybox-static and v4l-utils are fetched, not installed: the foreign
# architecture's package lists must be there (apt-cache would say so too,
# but takes a second a call).
has_lists() {
	set -- /var/lib/apt/lists/*_binary-"$1"_Packages*
	[ -e "$1" ]
}
# Each architecture once (two targets of one architecture name it twice).
archs=""
for a in $debarchs; do
	case " $archs " in *" $a "*) ;; *) archs="$archs $a" ;; esac
done
foreign=" $(dpkg --print-foreign-architectures | tr '\n' ' ') "
add_archs=""
lists_missing=0
for a in $archs; do
	case $foreign in *" $a "*) ;; *) add_archs="$add_archs $a" ;; esac
	has_lists "$a" || lists_missing=1
done

[ -z "$missing" ] && [ -z "$add_archs" ] && [ $lists_missing -eq 0 ] && exit 0

[ "$(id -u)" -eq 0 ] || die "missing:$missing${add_archs:+; architectures:$add_archs}; run as root or install them with apt-get"
for a in $add_archs; do
	echo "  DEPS    adding the $a architecture"
	dpkg --add-architecture "$a"
done
echo "  DEPS    apt-get update"
# apt-get update exits non-zero when any one index fails (a mirror caught
# mid-sync: "File has unexpected size"), keeping every list it did fetch.
# Go on with those: an install below names what none of them has, and a
# foreign architecture without a list of its own is an error here.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! apt-get update -q >"$log" 2>&1; then
	grep -q . "$log" || echo "apt-get update exited non-zero without a word" >"$log"
	echo "deps: warning: apt-get update: $(grep -m 1 '^E:' "$log" || tail -n 1 "$log");" \
		"going on with the package lists there are" >&2
fi
for a in $archs; do
	has_lists "$a" ||
		die "apt-get update fetched no package list for architecture $a: $(grep -m 1 '^E:' "$log" || echo 'no error given')"
done
if [ -n "$missing" ]; then
	echo "  DEPS    installing:$missing"
	# shellcheck disable=SC2086 # word splitting is the list
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		$missing >/dev/null || die "apt-get install failed for:$missing"
fi
