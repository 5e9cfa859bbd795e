# SPDX-License-Identifier: MIT
# Branch target identification: a PIE marked for BTI, whose text the
# dynamic linker guards (VmFlags "bt"), keeps it
# guarded once its text is on 64 KiB hugetlb pages, and its indirect
# calls, which land on "bti c", still work.  Where the text is not
# guarded to begin with there is nothing to keep: skipped with the
# reason.  A static program is guarded only when every object it is
# linked from carries the BTI mark; Debian's start files do not
# (programs.sh lists them in bti-static.unmarked), so that case is
# skipped while one lacks it.
. /kt/common.sh
grep -qw bti /proc/cpuinfo || { skip bti "the CPU has no BTI"; exit 0; }
if [ -s "$T/bti-static.unmarked" ]; then
	skip bti-static "start files with no BTI mark (readelf -n): $(echo $(cat "$T/bti-static.unmarked"))"
fi
pool_of 64 64
run env HUGETLB_ELFMAP=no "$T/bti"
want ok
before=$(sed -n 's/^text-bt //p' out)
if [ -n "$why" ] || [ "$before" = yes ]; then
	result bti-unmoved
else
	skip bti "its text is not guarded before any move (text-bt $before)"
	exit 0
fi
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=R "$T/bti"
want ok "text 64" "text-bt yes"
result bti-moved
