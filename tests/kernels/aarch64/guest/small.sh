# SPDX-License-Identifier: MIT
# A program whose segments are each smaller than a 2 MiB page, on arm64's
# 64 KiB contiguous-PTE hugetlb pages: linked for them
# (--hugetlbfs-page-size=64K), with HUGETLB_ELFMAP=R, W and RW naming no
# size (the default takes the largest size each segment fills) and
# naming 64K; and linked for 2 MiB pages, where R=64K asks for 64 KiB.
# Then arm64's 32 MiB (contiguous-PMD) pages for data and bss.
. /kt/common.sh
pool 64 64
for classes in R W RW; do
	run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=$classes "$T/small"
	want ok
	case $classes in
	R) want "text 64" ;;
	W) want "text 4" "data 64" "bss 64" ;;
	RW) want "text 64" "data 64" "bss 64" ;;
	esac
	result small-64k-$classes
done
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R=64K:W=64K "$T/small"
want ok "text 64" "data 64" "bss 64"
result small-64k-named
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R=64K "$T/small-2m"
want ok "text 64"
result small-2m-layout-R=64K
pool 64 0

# Linked for 32 MiB pages, data and bss lie in a 32 MiB page of their
# own (the text shares its first one with RELRO, and stays).
pool 32768 2
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=W=32M "$T/small-32m"
want ok "data 32768" "bss 32768"
result small-32m-W
