#!/bin/sh
# SPDX-License-Identifier: MIT
# HUGETLB_ELFMAP asking for a page size the machine lacks (R=4M on
# x86_64) leaves that class on base pages with one warning that names the
# sizes the machine has (from /sys/kernel/mm/hugepages), once for all the
# segments it keeps there, which it names; one that is no
# page size at all (R=3M) is ignored with one warning naming it and the
# sizes the machine has, from the runtime and from hugectl alike, and so
# is HUGETLB_DEFAULT_PAGE_SIZE=3M.  The rest of the settings applies.
# Judged from the program's smaps.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc
# The sizes in the runtime's order, smallest first.
have=$(ls /sys/kernel/mm/hugepages | sed 's/hugepages-//; s/kB$//' | sort -n |
	awk '{ s = ($1 >= 1048576) ? $1 / 1048576 "G" : $1 / 1024 "M"; printf "%s%s", (n++ ? ", " : ""), s }')
[ -e /sys/kernel/mm/hugepages/hugepages-4096kB ] && skip "this machine has 4M pages"

HUGETLB_ELFMAP=R=4M:W HUGELINK_BACKING=hugetlb ./sc >out 2>err || fail "sc failed: $(cat out err)"
expect_lines out "text 4" "data 2048" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "said more than one line: $(cat err)"
grep -q "this machine has $have\\(;\\|\$\\)" err || fail "the sizes ($have) are not named: $(cat err)"
# The text and its read-only data, each a segment of its own, in one
# reason; with W=4M as well, the data too.
for w in W W=4M; do
	HUGETLB_ELFMAP=R=4M:$w HUGELINK_BACKING=hugetlb ./sc >out 2>err ||
		fail "sc failed: $(cat out err)"
	[ "$(grep -o 'this machine has' err | wc -l)" -eq 1 ] ||
		fail "R=4M:$w: the reason is said more than once: $(cat err)"
	grep -q ": segments [0-9]*, [0-9, ]*: the kernel has no huge pages of the size asked for; this machine has $have\$" err ||
		fail "R=4M:$w: the segments are not named: $(cat err)"
done
ok "R=4M: $(cat err)"

HUGETLB_ELFMAP=R=3M:W HUGELINK_BACKING=hugetlb ./sc >out 2>err || fail "sc failed: $(cat out err)"
expect_lines out "text 4" "data 2048" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q 'HUGETLB_ELFMAP="R=3M:W": not a page size' err ||
	fail "R=3M: $(cat err)"
grep -q "this machine has $have\$" err || fail "R=3M: the sizes ($have) are not named: $(cat err)"
ok "R=3M: $(cat err)"

HUGETLB_ELFMAP=R=3M:W "$HUGECTL" --dry-run ./sc >out 2>err ||
	fail "hugectl --dry-run: $(cat out err)"
grep -q 'HUGETLB_ELFMAP="R=3M:W": not a page size.*this machine has '"$have\$" err ||
	fail "hugectl, R=3M: the sizes ($have) are not named: $(cat err)"
ok "hugectl, R=3M: $(grep R=3M err)"

HUGETLB_DEFAULT_PAGE_SIZE=3M HUGETLB_ELFMAP=R:W HUGELINK_BACKING=hugetlb ./sc >out 2>err ||
	fail "sc failed: $(cat out err)"
expect_lines out "text 2048" "data 2048" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q "HUGETLB_DEFAULT_PAGE_SIZE=\"3M\": not a page size.*this machine has $have\$" err ||
	fail "HUGETLB_DEFAULT_PAGE_SIZE=3M: $(cat err)"
ok "HUGETLB_DEFAULT_PAGE_SIZE=3M: $(cat err)"
