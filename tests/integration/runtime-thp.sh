# SPDX-License-Identifier: MIT
# With no huge-page pool, transparent huge pages: text, rodata, data and
# bss each on THP (AnonHugePages covers them; KernelPageSize stays the
# base page's), for R, W and RW, in PIE, no-pie, static and static-pie
# programs, with every byte kept, fork() working (the child's writes
# get copies of their own), no descriptor left open, RELRO still
# read-only, and not a page taken from the pool.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_set_free 0

for kind in pie no-pie static static-pie; do
	build_segcheck "sc-$kind" "-$kind"
	HUGETLB_ELFMAP=RW "./sc-$kind" thp fork fds relro pool >out 2>err ||
		fail "$kind: $(cat out err)"
	expect_lines out "text thp" "rodata thp" "data thp" "bss thp" \
		"text-thp yes" "rodata-thp yes" "data-thp yes" "bss-thp yes" \
		"child-data 4" "fork ok" "hugefds 0" "relro r--p" \
		"pool-free 0" "ok"
	HUGETLB_ELFMAP=R "./sc-$kind" thp fork >out 2>err || fail "$kind R: $(cat out err)"
	expect_lines out "text-thp yes" "rodata-thp yes" "data-thp no" "bss-thp no" \
		"fork ok" "ok"
	HUGETLB_ELFMAP=W "./sc-$kind" thp fork >out 2>err || fail "$kind W: $(cat out err)"
	expect_lines out "text-thp no" "rodata-thp no" "data-thp yes" "bss-thp yes" \
		"fork ok" "ok"
	ok "$kind: R, W and RW on transparent huge pages"
done
