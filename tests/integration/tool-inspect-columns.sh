#!/bin/sh
# SPDX-License-Identifier: MIT
# hugelink-inspect --pid keeps its table aligned whatever the widest
# backing: with a relinked program's text served from the page cache
# ("page cache, N of M on 2M pages", as its own smaps'
# FilePmdMapped shows), every row's BACKING starts under the title
# BACKING and its MAPPING (the permissions /proc/PID/maps gives the
# mapping) under the title MAPPING.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
relink_bigtext 8
"$HUGECTL" --prime prog >/dev/null || fail "hugectl --prime prog"
start_holds 1 env HUGETLB_ELFMAP=R ./prog
set -- $(text_smaps $holds "$PWD/prog")
"$HLBIN/hugelink-inspect" --pid $holds >pid.out || fail "inspect --pid failed"
maps=$(cat "/proc/${holds# }/maps")
stop_holds
[ "${1:-}" = "$PWD/prog" ] && [ "$2" -gt 0 ] ||
	skip "the page cache does not serve the primed text here (${2:-0} bytes FilePmdMapped)"
grep -q 'page cache, [0-9.]*[BKMG] of [0-9.]*[BKMG] on 2M pages' pid.out ||
	fail "no row from the page cache: $(cat pid.out)"

# Each table: its title row, then rows up to an empty line.  A row with
# a mapping ends in the permissions maps gives it and its name (or "-"
# for a hole); a row of a segment in parts ends in "mixed, N parts".
awk '
	/^PHDR / { b = index($0, "BACKING"); m = index($0, "MAPPING"); next }
	/^$/ { b = 0; next }
	b && / parts$/ { next }
	b {
		rows++
		if (substr($0, b - 2, 2) != "  " || substr($0, b, 1) == " ")
			{ print "BACKING not at column " b ": " $0; bad = 1 }
		if (substr($0, m - 1, 1) != " " ||
		    substr($0, m) !~ /^([r-][w-][x-][ps] .+|-)$/)
			{ print "MAPPING not at column " m ": " $0; bad = 1 }
	}
	END { if (!rows) print "no rows"; exit bad || !rows }' pid.out >bad ||
	fail "the table is not aligned: $(cat bad)
$(cat pid.out)"
# The permissions shown are those of a mapping of the program in maps.
perms=$(sed -n 's/.*page cache, .* \([r-][w-][x-][ps]\) .*/\1/p' pid.out | head -n 1)
echo "$maps" | grep -q " $perms .* $PWD/prog\$" ||
	fail "no mapping of prog is $perms: $maps"
ok "aligned: $(grep -m1 'page cache,' pid.out | sed 's/^ *//')"
