# SPDX-License-Identifier: MIT
# HUGETLB_FORCE_ELFMAP on a program that was not relinked (sc-plain, 6
# MiB of each kind), with the runtime preloaded: the whole huge pages in
# the middle of its text and rodata go on 2 MiB hugetlb pages.
. /kt/common.sh
pool 2048 24
run env LD_PRELOAD=/hl/lib/libhugelink.so HUGETLB_FORCE_ELFMAP=yes \
	HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R "$T/sc-plain" mid
want "text-mid 2048" "rodata-mid 2048" "ok"
result force-preload-R
