# SPDX-License-Identifier: MIT
# What the runtime says.  At HUGETLB_VERBOSE=3, one line per range naming
# what backs it (hugetlb 2M, thp, shared, base).  At the default level,
# when ranges stay on base pages for several reasons, one message names
# every one of them, with the pages needed against those free.  With no
# /proc, it says that it needs /proc, and the program runs on.
. "$HL_SRC/tests/integration/common.sh"
need_thp
need_cmd unshare
pool_reserve 24
build_segcheck sc
build_segcheck sc-static -static
build_helper nothp
ranges=$(huge_ranges sc 2048 R | wc -l)
[ "$ranges" -gt 0 ] || fail "readelf finds no read-only PT_LOAD of sc to move"

HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./sc >out 2>err || fail "$(cat out err)"
expect_lines out "text 2048" "data thp" "ok"
[ "$(grep -cE '^hugelink: sc: 0x[0-9a-f]+-0x[0-9a-f]+ r.. hugetlb 2M x[0-9]+: copied' err)" -eq "$ranges" ] &&
	grep -qE '^hugelink: sc: 0x[0-9a-f]+-0x[0-9a-f]+ rw- thp x[0-9]+: copied' err ||
	fail "level 3: expected $ranges hugetlb lines and a thp one: $(cat err)"
mount_hugetlbfs "$PWD/mnt"
HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=R ./sc >out 2>err ||
	fail "$(cat out err)"
grep -qE '^hugelink: sc: 0x[0-9a-f]+-0x[0-9a-f]+ r-x shared 2M x[0-9]+: copied' err ||
	fail "level 3: no shared line: $(cat err)"
HUGELINK_BACKING=hugetlb HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=W ./sc-static >out 2>err ||
	fail "$(cat out err)"
expect_lines out "data 4" "ok"
grep -qE '^hugelink: sc-static: 0x[0-9a-f]+-0x[0-9a-f]+ rw- base$' err ||
	fail "level 3: no base line: $(cat err)"
ok "HUGETLB_VERBOSE=3 names each range's backing"

# A static program, THP off, an empty pool: every reason, in one message.
pool_set_free 0
HUGETLB_ELFMAP=RW ./nothp ./sc-static >out 2>err || fail "$(cat out err)"
expect_lines out "text 4" "data 4" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
for why in "staying on base pages where asked for huge ones" \
	   "transparent huge pages are not usable: this process has turned them off" \
	   "a static program's writable data never goes on hugetlb pages" \
	   "the huge-page pool is short: $(huge_pages_needed sc-static 2048 R) 2M pages needed, 0 free"; do
	grep -qF "$why" err || fail "no \"$why\" in: $(cat err)"
done
ok "every reason: $(cat err)"

# No /proc: said once, and the program runs (it cannot read smaps either).
unshare -m sh -c 'umount -l /proc && HUGETLB_ELFMAP=RW ./sc' >out 2>err ||
	fail "without /proc: $(cat out err)"
expect_lines out "text 0" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q "/proc is not mounted" err ||
	fail "without /proc: expected one message saying so, got: $(cat err)"
ok "without /proc: $(cat err)"
