# SPDX-License-Identifier: MIT
# Kernels before Linux 5.16, which cannot move hugetlb mappings: the
# read-only ranges are built in a hugetlb file mapped over the segment
# (/proc/self/maps names /memfd:hugelink), taking the pool's pages
# readelf counts, with the writable ones on THP; asked for hugetlb pages
# only, the writable ranges stay on base pages.  A later kernel does not
# take this path: the cases skip there.
. /kt/common.sh

if hugetlb_mremap; then
	for kind in pie no-pie static static-pie hugetlb-only; do
		skip old-kernel-$kind "the kernel moves hugetlb mappings (Linux 5.16 or later)"
	done
	exit 0
fi
pool 24
for kind in pie no-pie static static-pie; do
	free=$(meminfo HugePages_Free)
	run env HUGETLB_ELFMAP=RW "$T/sc-$kind" fork where pool backing
	if [ $kind = static-pie ] && ! aligned $kind; then
		want ok
		if [ -n "$why" ]; then
			result old-kernel-$kind
		else
			skip old-kernel-$kind "the kernel loads static-pie programs at any address, aligned to 2 MiB only from Linux 6.10"
		fi
		continue
	fi
	want "text 2048" "rodata 2048" "data thp" "bss thp" "fork ok" "ok"
	grep -q '^backing /memfd:hugelink' out || note "the text is not the hugetlb file mapped over it"
	want_used "$free" "$(pages $kind R)"
	result old-kernel-$kind
done

run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$T/sc-pie" fork
want "text 2048" "rodata 2048" "data 4" "bss 4" "fork ok" "ok"
result old-kernel-hugetlb-only
