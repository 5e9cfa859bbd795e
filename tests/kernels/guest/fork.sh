# SPDX-License-Identifier: MIT
# The fork guard with an exhausted pool: data and bss on hugetlb pages
# (HUGELINK_BACKING=hugetlb), the pool left with no free page, and a
# child made by fork() that writes to its data and bss runs on the copy
# its parent made before fork() (base pages or THP), while the parent
# keeps its huge pages.  Writable ranges go on hugetlb pages only from
# Linux 5.16, and a static program's never do: a PIE program.
. /kt/common.sh

c=fork-empty-pool
if hugetlb_mremap; then
	pool "$(pages pie RW)"
	run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$T/sc-pie" fork pool thp
	want "data 2048" "bss 2048" "pool-free 0" "fork ok" "ok"
	grep -qxE 'child-data (4|thp)' out || note "the child's data is not on its own copy"
	grep -qxE 'child-bss (4|thp)' out || note "the child's bss is not on its own copy"
	result $c
else
	skip $c "writable ranges go on hugetlb pages only with mremap of hugetlb mappings (Linux 5.16)"
fi
