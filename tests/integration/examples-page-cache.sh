#!/bin/sh
# SPDX-License-Identifier: MIT
# itlb at its full size, its text served from the page cache after
# hugectl --prime, says it ran on transparent huge pages: it reads its
# smaps after its calls, when the kernel has mapped every huge page of
# its text with a PMD as it was first touched.  A plain link of it says
# 4 kB pages.
. "$HL_SRC/tests/integration/common.sh"

need_thp
pool_set_free 0
cp "$HL_SRC"/examples/itlb.c "$HL_SRC"/examples/measure.h .
hl_cc -O2 -Wl,--hugetlbfs-align -o itlb itlb.c
"$CC" -O2 -o itlb-base itlb.c || fail "cannot link itlb-base"
"$HUGECTL" --prime itlb >prime.out 2>&1 ||
	skip "hugectl --prime itlb: $(cat prime.out)"

HUGETLB_ELFMAP=R ./itlb 0.2 >out 2>err || fail "itlb: $(cat out err)"
expect_lines out "text: 32 MiB on transparent huge pages"
[ ! -s err ] || fail "itlb said: $(cat err)"
ok "itlb, served from the page cache: $(grep '^text' out)"

./itlb-base 0.2 >out || fail "itlb-base: $(cat out)"
expect_lines out "text: 32 MiB on 4 kB pages"
ok "itlb-base, a plain link: $(grep '^text' out)"
