# SPDX-License-Identifier: MIT
# A pool too short for every read-only range: the ranges take from it in
# turn, the first ones on hugetlb pages, the rest on transparent huge
# pages; the program says once how short the pool was.  Writable ranges
# go on transparent huge pages whatever the pool holds.
. "$HL_SRC/tests/integration/common.sh"
need_thp
build_segcheck sc

# The huge pages of each read-only range that moves, in order: text and
# rodata (the headers' segment fills too little of its huge page).
huge_ranges sc 2048 R >ro
[ "$(wc -l <ro)" -eq 2 ] || fail "expected 2 read-only ranges to move: $(readelf -lW sc)"
all=$(awk '{ t += $1 } END { print t }' ro)
short=$(sed -n 1p ro)

pool_set_free "$short"
HUGETLB_ELFMAP=RW ./sc thp pool >out 2>err || fail "short pool: $(cat out err)"
expect_lines out "text 2048" "rodata thp" "data thp" "bss thp" "pool-free 0" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
grep -q "the huge-page pool is short: $all 2M pages needed, $short free" err ||
	fail "the message does not say how short: $(cat err)"
ok "$short of $all pages: text on hugetlb pages, rodata on THP; $(cat err)"
