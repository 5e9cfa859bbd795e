#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect --pid gives a segment the page cache serves with its
# whole size: for a relinked program whose text and rodata are no whole
# number of MiB, primed and started with HUGETLB_ELFMAP=R, each "page
# cache, N of M on P pages" row says M as the segment's p_memsz from
# readelf -lW reads in the SIZE column's form ("5.9M", never "5"), and
# the text's N as the FilePmdMapped of the program's own smaps; the JSON
# gives both in exact bytes.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd python3

# 5 MiB each of text and rodata (write_bigtext), and 0.8 MiB more text
# and 0.3 MiB more rodata: with the rest of the program, about 5.9 MiB
# of text and 5.3 MiB of rodata.
write_bigtext 5
cat >>bigtext.c <<'EOF2'
__asm__(".section .text.tail,\"ax\",@progbits\n.fill 800000, 1, 0\n"
	".section .rodata.tail,\"a\",@progbits\n.fill 314573, 1, 0x5a\n"
	".text\n");
EOF2
hl_cc -O2 -Wl,--hugetlbfs-align -o prog bigtext.c || fail "cannot link prog"

# "INDEX MEMSZ KIND" of each read-only PT_LOAD: its index among all the
# program headers (not the lines in brackets), its size, and KIND "text"
# for the executable one, else "ro".
readelf -lW prog | awk "$HL_AWK_LIB"'
	/^  Type / { on = 1; next }
	on && NF == 0 { exit }
	on && !/^ *\[/ { n++ }
	on && $1 == "LOAD" && !/ RW / {
		print n - 1, hex($6), / R E / ? "text" : "ro" }' >loads
grep -q ' text$' loads || fail "readelf lists no text PT_LOAD: $(readelf -lW prog)"

"$HUGECTL" --prime prog >/dev/null || fail "hugectl --prime prog"
start_holds 1 env HUGETLB_ELFMAP=R ./prog
set -- $(text_smaps $holds "$PWD/prog")
"$HLBIN/hugelink-inspect" --pid $holds >pid.out || fail "inspect --pid failed"
"$HLBIN/hugelink-inspect" --json --pid $holds >pid.json ||
	fail "inspect --json --pid failed"
stop_holds
[ "${1:-}" = "$PWD/prog" ] && [ "$2" -gt 0 ] ||
	skip "the page cache does not serve the primed text here (${2:-0} bytes FilePmdMapped)"
pmd=$2

# The segments' rows of the program's table that the page cache serves
# whole: "INDEX N M".
awk '/^PHDR / { t++ } t == 1 && /^ *[0-9]+  0x/ && $5 == "page" &&
	$6 == "cache," { print $1, $7, $9 }' pid.out >rows

# Each read-only PT_LOAD: its size in the SIZE column's form (whole
# units as "6M", others to one decimal as "5.9M"), beside the row.
awk -v pmd="$pmd" '
	function human(v,   u, units) {
		units = "BKMGTPE"
		for (u = 1; v >= 1024 && u < 7; u++)
			v /= 1024
		if (u == 1)
			return v "B"
		if (v == int(v))
			return sprintf("%d%s", v, substr(units, u, 1))
		return sprintf("%.1f%s", v, substr(units, u, 1))
	}
	FILENAME == "loads" { size[$1] = $2; if ($3 == "text") text = $1; next }
	!($1 in size) { print "row of PT_LOAD " $1 ", no read-only one"; bad = 1; next }
	{
		if ($3 != human(size[$1])) {
			print "PT_LOAD " $1 " of " size[$1] " bytes (" \
				human(size[$1]) "): page cache, " $2 " of " $3
			bad = 1
		}
	}
	$1 == text { n = $2 }
	END {
		if (n == "") { print "no row of the text from the page cache"; exit 1 }
		want = human(pmd < size[text] ? pmd : size[text])
		if (n != want) {
			print "text: page cache, " n ", smaps: " pmd " bytes (" want ")"
			bad = 1
		}
		exit bad
	}' loads rows >bad ||
	fail "the sizes are not the segments': $(cat bad)
$(cat pid.out)"

# The JSON: each of those segments' size is its p_memsz, in bytes, and
# the text's huge_bytes its FilePmdMapped.
python3 - pid.json loads "$pmd" <<'E' >bad 2>&1 || fail "the JSON: $(cat bad)"
import json, sys
view, loads, pmd = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = {int(l.split()[0]): int(l.split()[1]) for l in open(loads)}
text = [int(l.split()[0]) for l in open(loads) if l.split()[2] == "text"][0]
segs = {s["phdr"]: s for s in json.load(open(view))["objects"][0]["segments"]}
for i, n in size.items():
    if segs[i]["size"] != n:
        sys.exit("PT_LOAD %d: size %d, p_memsz %d" % (i, segs[i]["size"], n))
if segs[text]["backing"] != "page_cache" or \
   segs[text]["huge_bytes"] != min(pmd, size[text]):
    sys.exit("text: %s, %d huge bytes, smaps: %d FilePmdMapped"
             % (segs[text]["backing"], segs[text]["huge_bytes"], pmd))
E
ok "PT_LOAD, huge, size of those the page cache serves: $(paste -sd ';' rows)"
