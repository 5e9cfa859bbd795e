# SPDX-License-Identifier: MIT
# When the huge-page pool cannot serve, the program runs on transparent
# huge pages instead, correctly, as designed: it says so once at
# HUGETLB_VERBOSE >= 3, and nothing at 2 (the default) and below; where
# neither can be had it runs on base pages and says why at 2.  With no hugetlbfs mounted anywhere, private
# hugetlb pages still come (anonymous MAP_HUGETLB memory needs no mount).
. "$HL_SRC/tests/integration/common.sh"
build_segcheck sc

# An empty pool.
pool_set_free 0
HUGETLB_ELFMAP=RW ./sc thp >out 2>err || fail "failed with an empty pool: $(cat out err)"
expect_lines out "text thp" "rodata thp" "data thp" "bss thp" "ok"
[ ! -s err ] || fail "transparent huge pages served, yet at the default verbosity: $(cat err)"
ok "empty pool: transparent huge pages, nothing said"

HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./sc thp >out 2>err ||
	fail "failed with an empty pool: $(cat out err)"
expect_lines out "text thp" "rodata thp" "data thp" "bss thp" "ok"
grep "pool is short: $(huge_pages_needed sc 2048 R) 2M pages needed, 0 free" err >pool.err ||
	fail "HUGETLB_VERBOSE=3: the message does not say why: $(cat err)"
[ "$(wc -l <pool.err)" -eq 1 ] || fail "HUGETLB_VERBOSE=3: said more than once: $(cat err)"
grep -q "on transparent huge pages" pool.err ||
	fail "the message does not say what instead: $(cat pool.err)"
ok "empty pool, HUGETLB_VERBOSE=3: one message: $(cat pool.err)"

HUGETLB_VERBOSE=1 HUGETLB_ELFMAP=RW ./sc >out 2>err
expect_lines out "text thp" "ok"
[ ! -s err ] || fail "HUGETLB_VERBOSE=1 still said: $(cat err)"
ok "HUGETLB_VERBOSE=1: silent"

# An empty pool and HUGELINK_BACKING=hugetlb: base pages, and why.
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW ./sc thp >out 2>err ||
	fail "failed on base pages: $(cat out err)"
expect_lines out "text 4" "data 4" "text-thp no" "data-thp no" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
grep "staying on base pages" err | grep "$(huge_pages_needed sc) 2M pages needed, 0 free" |
	grep -q "HUGELINK_BACKING=hugetlb rules out transparent huge pages" ||
	fail "the message does not say why: $(cat err)"
ok "no pool, no THP allowed: base pages, $(cat err)"

# No hugetlbfs mounted: private pages are anonymous hugetlb memory.
pool_reserve 16
need_cmd unshare
unshare -m sh -c '
	for m in $(awk "\$3 == \"hugetlbfs\" { print \$2 }" /proc/mounts); do
		umount "$m" || exit 3
	done
	grep -q hugetlbfs /proc/mounts && exit 3
	HUGETLB_ELFMAP=RW ./sc backing' >out 2>err || fail "no mount: $(cat out err)"
expect_lines out "text 2048" "data thp" "bss thp" "ok"
grep -q '^backing /anon_hugepage' out || fail "not anonymous hugetlb memory: $(cat out)"
ok "no hugetlbfs mounted: huge pages from anonymous hugetlb memory"
