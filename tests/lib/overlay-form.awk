# overlay-form.awk: rewrite an overlay written as top-level blocks,
#   &{/path} {        or   &label {
#   	...                	...
#   };                 };
# into another form dtc takes for the same change to the tree, so that one
# configuration can be tried in each form a user may write:
#   -v form=fragment  the classic form: / { fragment@N { target-path = "/path";
#                     (or target = <&label>;) __overlay__ { ... }; }; };
#   -v form=root      &{/reserved-memory} { ... }; becomes &{/} { reserved-memory
#                     { ... }; }; (with ranges; where the block restates the
#                     cells, as vendor trees write it)
#   -v form=label     &{/reserved-memory} { ... }; becomes &reserved_memory { ... };
# Lines outside the blocks (comments, /dts-v1/; /plugin/;) are copied; a
# block the form does not change is copied as it is.
#
# usage: awk -v form=FORM -f tests/lib/overlay-form.awk IN.dtso > OUT.dtso

function indent(text, tabs,    lines, i, k, out) {
	k = split(text, lines, "\n")
	out = ""
	for (i = 1; i < k; i++)
		out = out (lines[i] == "" ? "" : tabs lines[i]) "\n"
	return out
}

function emit(    path) {
	if (form == "fragment") {
		printf "\tfragment@%d {\n", nfrag++
		if (target ~ /^&\{/) {
			path = substr(target, 3, length(target) - 3)
			printf "\t\ttarget-path = \"%s\";\n", path
		} else {
			printf "\t\ttarget = <%s>;\n", target
		}
		printf "\t\t__overlay__ {\n%s\t\t};\n\t};\n", indent(body, "\t\t")
	} else if (form == "root" && target == "&{/reserved-memory}") {
		printf "&{/} {\n\treserved-memory {\n"
		if (cells)
			printf "\t\tranges;\n"
		printf "%s\t};\n};\n", indent(body, "\t")
	} else if (form == "label" && target == "&{/reserved-memory}") {
		printf "&reserved_memory {\n%s};\n", body
	} else {
		printf "%s {\n%s};\n", target, body
	}
}

BEGIN {
	if (form != "fragment" && form != "root" && form != "label") {
		print "overlay-form.awk: form must be fragment, root or label" > "/dev/stderr"
		exit 2
	}
}

!inblock && /^&(\{\/[^}]*\}|[A-Za-z_][A-Za-z0-9_]*) \{$/ {
	if (form == "fragment" && !nfrag)
		print "/ {"
	target = $1
	inblock = 1
	body = ""
	cells = 0
	next
}

inblock && /^\};$/ {
	emit()
	inblock = 0
	next
}

inblock {
	body = body $0 "\n"
	if ($0 ~ /^\t#(address|size)-cells/)
		cells = 1
	next
}

{ print }

END {
	if (form == "fragment" && nfrag)
		print "};"
}
