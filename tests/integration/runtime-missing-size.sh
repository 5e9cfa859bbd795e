#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGETLB_ELFMAP asking for a page size the machine lacks (R=4M on
# x86_64) leaves that class on base pages with one warning that names the
# sizes the machine has (from /sys/kernel/mm/hugepages); one that is no
# page size at all (R=3M) is ignored with one warning naming it.  The
# rest of the settings applies.  Judged from the program's smaps.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc
have=$(ls /sys/kernel/mm/hugepages | sed 's/hugepages-//; s/kB$//' |
	awk '{ s = ($1 >= 1048576) ? $1 / 1048576 "G" : $1 / 1024 "M"; printf "%s%s", (n++ ? ", " : ""), s }')
[ -e /sys/kernel/mm/hugepages/hugepages-4096kB ] && skip "this machine has 4M pages"

HUGETLB_ELFMAP=R=4M:W HUGELINK_BACKING=hugetlb ./sc >out 2>err || fail "sc failed: $(cat out err)"
expect_lines out "text 4" "data 2048" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "said more than one line: $(cat err)"
grep -q "this machine has $have\\(;\\|\$\\)" err || fail "the sizes ($have) are not named: $(cat err)"
ok "R=4M: $(cut -c 1-160 err)..."

HUGETLB_ELFMAP=R=3M:W HUGELINK_BACKING=hugetlb ./sc >out 2>err || fail "sc failed: $(cat out err)"
expect_lines out "text 4" "data 2048" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q 'HUGETLB_ELFMAP="R=3M:W": not a page size' err ||
	fail "R=3M: $(cat err)"
ok "R=3M: $(cat err)"
