# SPDX-License-Identifier: MIT
# A pool too short for every read-only range: the ranges take from it in
# turn, the first ones on hugetlb pages, the rest on transparent huge
# pages; the program says once how short the pool was.  Writable ranges
# go on transparent huge pages whatever the pool holds.
. "$HL_SRC/tests/integration/common.sh"
need_thp
build_segcheck sc

# The huge pages of each read-only PT_LOAD, in order: headers, text,
# rodata.
readelf -lW sc | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" && index($0, " RW ") == 0 {
		print (up(hex($3) + hex($6)) - down(hex($3))) / P }' >ro
[ "$(wc -l <ro)" -eq 3 ] || fail "expected 3 read-only PT_LOADs: $(readelf -lW sc)"
all=$(awk '{ t += $1 } END { print t }' ro)
short=$(awk 'NR <= 2 { t += $1 } END { print t }' ro)

pool_set_free "$short"
HUGETLB_ELFMAP=RW ./sc thp pool >out 2>err || fail "short pool: $(cat out err)"
expect_lines out "text 2048" "rodata thp" "data thp" "bss thp" "pool-free 0" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
grep -q "the huge-page pool is short: $all 2M pages needed, $short free" err ||
	fail "the message does not say how short: $(cat err)"
ok "$short of $all pages: text on hugetlb pages, rodata on THP; $(cat err)"
