# SPDX-License-Identifier: MIT
# The fork guard with an exhausted pool: a PIE's data and bss on hugetlb
# pages, the pool left with no free page, and a child made by fork()
# that writes to its data and bss runs on the copy its parent made
# before fork() (base pages or THP), while the parent keeps its huge
# pages.
. /kt/common.sh
pool 2048 "$(cat "$T/sc-pie.pages")"
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$T/sc-pie" fork pool
want "data 2048" "bss 2048" "pool-free 0" "fork ok" "ok"
grep -qxE 'child-data (4|thp)' out || note "the child's data is not on its own copy"
grep -qxE 'child-bss (4|thp)' out || note "the child's bss is not on its own copy"
result fork-empty-pool
