#!/bin/sh
# Checks machine files against the table of machine keys
# (board/machine/keys): each line of board/machine/<machine>.mk is a
# comment, "MACHINES += <machine>" or "<machine>.<key> := <value>", with
# <machine> the file's name, a key of the table, set once, with a value
# of the key's kind; every required key is set, and exactly one base
# key. Prints the first thing wrong as one line naming the file, its
# line and the key, and nothing when all is well (the Makefile stops on
# that line, at every make).
#
# usage: machine-check.sh KEYS MACHINE.mk...
set -eu

[ $# -ge 1 ] || { echo "usage: machine-check.sh KEYS MACHINE.mk..." >&2; exit 2; }
keys=$1
shift
[ -r "$keys" ] || { echo "$keys: the table of machine keys is missing"; exit 0; }
[ $# -gt 0 ] || exit 0
archdir=$(dirname "$keys")/../arch

awk -v keys="$keys" -v archdir="$archdir" '
function fail(msg) {
	print msg
	failed = 1
	exit
}
function kind_ok(kind, v) {
	if (v ~ /\$\(/ || v == "")
		return 1
	if (kind == "word")
		return v !~ /[ \t]/
	if (kind == "size")
		return v ~ /^[0-9]+[KMG]?$/
	if (kind == "address")
		return v ~ /^(0x[0-9a-fA-F]+|[0-9]+)$/
	if (kind == "count")
		return v ~ /^[1-9][0-9]*$/
	if (kind == "yes-no")
		return v == "yes" || v == "no"
	return 1
}
function kind_says(kind) {
	if (kind == "size")
		return "a size such as 128M or 1G"
	if (kind == "address")
		return "an address (a number, 0x-hex or decimal)"
	if (kind == "count")
		return "a whole number above 0"
	if (kind == "yes-no")
		return "yes or no"
	return "one word"
}
function exists(path,    line, r) {
	r = (getline line < path) >= 0
	close(path)
	return r
}
# The machine file just read: its required keys and its base.
function finish(    k, nbase, bases) {
	if (file == "")
		return
	if (!listed)
		fail(file ": no \"MACHINES += " machine "\" line (the machine file names its machine, the file'"'"'s name)")
	for (k in required)
		if (required[k] == "yes" && !(k in set))
			fail(file ": " machine "." k " is missing: every machine sets it, " meaning[k] " (" keys ")")
	nbase = 0
	bases = ""
	for (k in required)
		if (required[k] == "base") {
			bases = bases (bases == "" ? "" : ", ") machine "." k
			if (k in set)
				nbase++
		}
	if (nbase != 1)
		fail(file ": " (nbase ? "more than one" : "none") " of " bases " is set: a machine has exactly one base device tree (" keys ")")
}
BEGIN {
	while ((getline line < keys) > 0) {
		if (line ~ /^[ \t]*(#|$)/)
			continue
		n = split(line, f, /[ \t]+/)
		required[f[1]] = f[2]
		kind[f[1]] = f[4]
		m = line
		for (i = 1; i <= 4; i++)
			sub(/^[^ \t]+[ \t]+/, "", m)
		meaning[f[1]] = m
	}
	close(keys)
}
FNR == 1 {
	finish()
	file = FILENAME
	machine = FILENAME
	sub(/.*\//, "", machine)
	sub(/\.mk$/, "", machine)
	listed = 0
	delete set
	cont = ""
}
{
	line = cont $0
	if (line ~ /\\$/) {
		cont = substr(line, 1, length(line) - 1)
		next
	}
	cont = ""
}
line ~ /^[ \t]*(#|$)/ { next }
line ~ /^MACHINES[ \t]*\+=/ {
	v = line
	sub(/^MACHINES[ \t]*\+=[ \t]*/, "", v)
	sub(/[ \t]+$/, "", v)
	if (v != machine)
		fail(file ":" FNR ": \"MACHINES += " v "\": a machine file adds its own machine, " machine " (its file name)")
	listed = 1
	next
}
{
	if (!match(line, /^[^ \t:=?+]+[ \t]*:?=/))
		fail(file ":" FNR ": not a machine key: a line is \"" machine ".<key> := <value>\", \"MACHINES += " machine "\" or a comment")
	name = substr(line, 1, RLENGTH)
	sub(/[ \t]*:?=$/, "", name)
	v = substr(line, RLENGTH + 1)
	sub(/^[ \t]+/, "", v)
	sub(/[ \t]+$/, "", v)
	if (index(name, machine ".") != 1)
		fail(file ":" FNR ": " name ": a machine file sets only its own machine'"'"'s keys, " machine ".<key>")
	k = substr(name, length(machine) + 2)
	if (!(k in required))
		fail(file ":" FNR ": " name ": no such machine key (the keys: " keys ")")
	if (k in set)
		fail(file ":" FNR ": " name ": set twice (first on line " set[k] ")")
	set[k] = FNR
	if (required[k] == "yes" && v == "")
		fail(file ":" FNR ": " name " is empty: every machine sets it, " meaning[k] " (" keys ")")
	if (!kind_ok(kind[k], v))
		fail(file ":" FNR ": " name " := " v ": not " kind_says(kind[k]) " (" keys ")")
	if (k == "arch" && !exists(archdir "/" v ".mk"))
		fail(file ":" FNR ": " name " := " v ": no such architecture (board/arch/" v ".mk)")
}
END {
	if (!failed)
		finish()
}
' "$@"
