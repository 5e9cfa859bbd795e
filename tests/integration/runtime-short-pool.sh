# SPDX-License-Identifier: MIT
# A pool too short for every read-only range: the ranges take from it in
# turn, the first ones on hugetlb pages, the rest on transparent huge
# pages; the program says once how short the pool was at
# HUGETLB_VERBOSE=3, and nothing at the default verbosity, since
# transparent huge pages served.  Writable ranges go on transparent huge
# pages whatever the pool holds.
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
[ ! -s err ] || fail "transparent huge pages served, yet at the default verbosity: $(cat err)"
HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./sc thp pool >out 2>err ||
	fail "short pool, HUGETLB_VERBOSE=3: $(cat out err)"
expect_lines out "text 2048" "rodata thp" "data thp" "bss thp" "pool-free 0" "ok"
[ "$(grep -c "pool is short" err)" -eq 1 ] &&
	grep -q "the huge-page pool is short: $all 2M pages needed, $short free" err ||
	fail "HUGETLB_VERBOSE=3: the message does not say how short, once: $(cat err)"
ok "$short of $all pages: text on hugetlb pages, rodata on THP; at 3: $(grep "pool is short" err)"
