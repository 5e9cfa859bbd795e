# SPDX-License-Identifier: MIT
# HUGETLB_FORCE_ELFMAP on a program that was not relinked (sc-plain,
# 6 MiB of each kind): the whole huge pages in the middle of each
# segment go on huge pages, through hugectl (which preloads the runtime
# and sets HUGETLB_FORCE_ELFMAP for it) for the writable ones, and
# through LD_PRELOAD for the read-only ones.
. /kt/common.sh
pool 24

if command -v hugectl >/dev/null; then
	run hugectl --data "$T/sc-plain" mid
	want "data-mid thp" "bss-mid thp" "ok"
	result force-hugectl-data
else
	skip force-hugectl-data "no hugectl for $(uname -m): the tools are built for the build machine"
fi

run env LD_PRELOAD=/hl/lib/libhugelink.so HUGETLB_FORCE_ELFMAP=yes \
	HUGETLB_ELFMAP=R "$T/sc-plain" mid
want "text-mid 2048" "rodata-mid 2048" "ok"
result force-preload-R
