# A KTAP log's top-level results, one "DESCRIPTION<TAB>RESULT" a line:
# "ok N d" pass, "not ok N d" fail, "ok N d # SKIP ..." skip; a " # ..."
# directive or time is not part of the description; indented lines (a
# nested document, a subtest's detail) are not results of their own.
# The reference LAVA's monitor results are compared with (tests/lava/).
{ sub(/\r+$/, "") }
/^(not ok|ok) [0-9]+( |$)/ {
	res = "pass"
	line = $0
	if (line ~ /^not ok /) { res = "fail"; sub(/^not ok [0-9]+ ?/, "", line) }
	else sub(/^ok [0-9]+ ?/, "", line)
	if (res == "pass" && line ~ / # SKIP/) res = "skip"
	sub(/ #.*$/, "", line)
	print line "\t" res
}
