# SPDX-License-Identifier: MIT
# 1 GiB pages: a program linked with --hugetlbfs-page-size=1G puts its
# data and bss on 1 GiB pages with HUGETLB_ELFMAP=R=2M:W=1G (hugetlb
# pages: transparent huge pages have no 1 GiB size), and fork() works
# every time with the pool empty: the child runs on the copy the parent
# made before fork(), and never touches the 1 GiB pages, which fork() on
# Linux 6.18 does not always give it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 8
pool_reserve 1 1048576
build_segcheck sc -Wl,--hugetlbfs-page-size=1G

for run in 1 2 3 4 5 6 7 8; do
	HUGETLB_ELFMAP=R=2M:W=1G ./sc fork >out 2>err || fail "1G, run $run: $(cat out err)"
	expect_lines out "text 2048" "rodata 2048" "data 1048576" "bss 1048576" \
		"child-data 4" "fork ok" "ok"
	[ ! -s err ] || fail "1G: said $(cat err)"
done
ok "data and bss on 1 GiB pages; a fork()ed child runs on its copy, 8 times out of 8"

# A program laid out for 2 MiB pages, asked for 1 GiB ones, gets 2 MiB
# ones: writable, on transparent huge pages; and it is said, once.
build_segcheck sc2m
HUGETLB_ELFMAP=W=1G ./sc2m >out 2>err || fail "2M layout, W=1G: $(cat out err)"
expect_lines out "data thp" "bss thp" "ok"
HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=W=1G ./sc2m >out 2>err ||
	fail "2M layout, W=1G, hugetlb: $(cat out err)"
expect_lines out "data 2048" "bss 2048" "ok"
[ "$(grep -c 'on smaller huge pages than asked for' err)" -eq 1 ] &&
	grep -q "on 2M pages, not 1G: .*--hugetlbfs-page-size=1G" err ||
	fail "2M layout, W=1G: not said once why 2M pages: $(cat err)"
ok "a 2 MiB layout asked for 1 GiB pages gets 2 MiB ones, and says so: $(cat err)"

HUGETLB_DEFAULT_PAGE_SIZE=1G HUGETLB_ELFMAP=W ./sc >out 2>err || fail "$(cat out err)"
expect_lines out "text 4" "data 1048576" "bss 1048576" "ok"
ok "HUGETLB_DEFAULT_PAGE_SIZE=1G applies where no size is named"

# -z now: the segment that holds RELRO ends with it, below the 1 GiB one
# (link-relro); data and bss still go on 1 GiB pages, and RELRO stays
# read-only.
build_segcheck scnow -Wl,--hugetlbfs-page-size=1G -Wl,-z,now
HUGETLB_ELFMAP=R=2M:W=1G ./scnow relro >out 2>err || fail "1G, -z now: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data 1048576" "bss 1048576" "relro r--p" "ok"
[ ! -s err ] || fail "1G, -z now: said $(cat err)"
ok "-z now: data and bss on 1 GiB pages, RELRO read-only"
