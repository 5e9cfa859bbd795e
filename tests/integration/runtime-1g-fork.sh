# SPDX-License-Identifier: MIT
# fork() with writable ranges on 1 GiB hugetlb pages and a page to spare:
# fork() on this kernel does not always give the child the parent's
# entry for a private 1 GiB page (the child would read zeros there), and
# a fork()ed child never reads that mapping: it always takes the copy the
# parent made before fork().  The child checks every byte it reads; run
# many times, since the kernel drops the entry only now and then.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 8
pool_reserve 2 1048576
build_segcheck sc -Wl,--hugetlbfs-page-size=1G

for run in 1 2 3 4 5 6 7 8 9 10 11 12; do
	HUGETLB_ELFMAP=R=2M:W=1G ./sc fork pool >out 2>err ||
		fail "run $run: $(cat out err)"
	expect_lines out "data 1048576" "bss 1048576" "child-data 4" \
		"child-bss 4" "fork ok" "ok"
	[ ! -s err ] || fail "run $run: said $(cat err)"
done
ok "a page to spare: the child still runs on the parent's copy, with all its data, 12 times out of 12"
