# SPDX-License-Identifier: MIT
# A program whose segments are each smaller than a 2 MiB page, on arm64's
# 64 KiB contiguous-PTE hugetlb pages: linked for them
# (--hugetlbfs-page-size=64K), with HUGETLB_ELFMAP=R, W and RW naming no
# size (the default takes the largest size each segment fills) and
# naming 64K; and linked for 2 MiB pages, where R=64K asks for 64 KiB.
# Then arm64's 32 MiB (contiguous-PMD) pages: for data and bss, and for
# text that holds a whole one (big-32m, 34 MiB of it), judged by the
# page size in the middle of its text.  The wrapper aligns only data and
# bss to a page larger than the default (hugetlbfs-ld(1)), so the text's
# last 32 MiB page holds RELRO too: R=32M takes the text's whole 32 MiB
# pages only where HUGETLB_FORCE_ELFMAP lets a segment go on huge pages
# in part, and RW=32M puts the text on the largest size it fills, 2 MiB.
. /kt/common.sh
if ! pool_of 64 64; then
	skip small-64k "the kernel offers no 64 KiB huge pages"
	exit 0
fi
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
pool_of 64 0

# Linked for 32 MiB pages, data and bss lie in a 32 MiB page of their
# own (the text shares its first one with RELRO, and stays).
pool_of 32768 2
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=W=32M "$T/small-32m"
want ok "data 32768" "bss 32768"
result small-32m-W

pool_of 32768 2
run env HUGELINK_BACKING=hugetlb HUGETLB_FORCE_ELFMAP=yes HUGETLB_ELFMAP=R=32M "$T/big-32m"
want ok "text-mid 32768"
result text-32m-R
pool 24
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW=32M "$T/big-32m"
want ok "text-mid 2048" "data 32768" "bss 32768"
result text-32m-RW
pool_of 32768 0
