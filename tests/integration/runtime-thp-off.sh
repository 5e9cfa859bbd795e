# SPDX-License-Identifier: MIT
# Transparent huge pages turned off, with no pool: for the process with
# prctl(PR_SET_THP_DISABLE) (nothp, which then runs the program), or for
# the machine with transparent_hugepage/enabled set to "never" (changed
# here and put back on exit): the program runs on base pages, says why
# in one message, and exits with its own status.
. "$HL_SRC/tests/integration/common.sh"
need_root
thp=/sys/kernel/mm/transparent_hugepage
[ -f "$thp/enabled" ] || skip "this kernel has no transparent huge pages ($thp/enabled)"
pool_set_free 0
build_segcheck sc
build_helper nothp

# check HOW: base pages, one message naming HOW's reason and the pool.
check() {
	expect_lines out "text 4" "rodata 4" "data 4" "bss 4" "text-thp no" \
		"data-thp no" "fork ok" "ok"
	[ "$(wc -l <err)" -eq 1 ] || fail "$1: expected one message, got: $(cat err)"
	grep "staying on base pages" err | grep "transparent huge pages are not usable" |
		grep -q "$2" || fail "$1: the message does not say why: $(cat err)"
	grep -q "the huge-page pool is short" err || fail "$1: nothing about the pool: $(cat err)"
}

HUGETLB_ELFMAP=RW ./nothp ./sc thp fork >out 2>err || fail "nothp: exit status $?: $(cat out err)"
check nothp "PR_SET_THP_DISABLE"
ok "prctl(PR_SET_THP_DISABLE): base pages, $(cat err)"

# The setting, and the PMD size's own where there is one, put back on exit.
pmd=$thp/hugepages-$(($(cat "$thp/hpage_pmd_size") / 1024))kB/enabled
for f in "$thp/enabled" "$pmd"; do
	[ -f "$f" ] || continue
	old=$(sed 's/.*\[\(.*\)\].*/\1/' "$f")
	at_exit "echo $old >$f"
done
echo never >"$thp/enabled"
[ ! -f "$pmd" ] || echo inherit >"$pmd"
HUGETLB_ELFMAP=RW ./sc thp fork >out 2>err || fail "never: exit status $?: $(cat out err)"
check never "enabled is \[never\]"
ok "enabled=never: base pages, $(cat err)"
