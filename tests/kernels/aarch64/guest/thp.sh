# SPDX-License-Identifier: MIT
# Transparent huge pages, with no pool at all: HUGETLB_ELFMAP=R, W and
# RW of a PIE as the default backing chooses (THP where hugetlb pages
# cannot be had), every byte kept.
. /kt/common.sh
pool 2048 0
for classes in R W RW; do
	run env HUGETLB_ELFMAP=$classes "$T/sc-pie" fork
	want "fork ok" "ok"
	case $classes in
	R) want "text thp" "rodata thp" ;;
	W) want "text 4" "data thp" "bss thp" ;;
	RW) want "text thp" "rodata thp" "data thp" "bss thp" ;;
	esac
	result thp-$classes-pie
done
