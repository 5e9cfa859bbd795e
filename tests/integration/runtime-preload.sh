# SPDX-License-Identifier: MIT
# LD_PRELOAD=libhugelink.so remaps a program that was aligned but not
# linked with the runtime; HUGETLB_FORCE_ELFMAP=yes remaps the huge-page
# interior of the segments of one that was not relinked at all, and a
# program that was not relinked is told to relink, and is offered
# HUGETLB_FORCE_ELFMAP only where that would move part of it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24

"$CC" $HC_CFLAGS -o aligned "$HLINC/segcheck.c" \
	-Wl,-z,max-page-size=0x200000 -Wl,-z,common-page-size=0x200000
HUGETLB_ELFMAP=RW ./aligned >out 2>err
expect_lines out "text 4" "ok"
LD_PRELOAD=$HLLIB/libhugelink.so HUGETLB_ELFMAP=RW ./aligned fork >out 2>err ||
	fail "preloaded: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" "fork ok" "ok"
ok "LD_PRELOAD remaps an aligned program"

"$CC" $HC_CFLAGS -DMB=8 -o plain "$HLINC/segcheck.c"
LD_PRELOAD=$HLLIB/libhugelink.so HUGETLB_ELFMAP=RW ./plain mid >out 2>err
expect_lines out "text-mid 4" "ok"
grep -q "relink with --hugetlbfs-align or set HUGETLB_FORCE_ELFMAP=yes" err ||
	fail "no advice for a program that was not relinked: $(cat err)"
LD_PRELOAD=$HLLIB/libhugelink.so HUGETLB_FORCE_ELFMAP=yes ./plain mid fork >out 2>err ||
	fail "forced: $(cat out err)"
expect_lines out "text-mid 2048" "rodata-mid 2048" "data-mid thp" \
	"bss-mid thp" "fork ok" "ok"
ok "HUGETLB_FORCE_ELFMAP=yes remaps the interiors of a plain program"

# A small program not relinked: none of its segments holds a whole huge
# page of its own, so HUGETLB_FORCE_ELFMAP=yes moves nothing of it, and
# the advice is to relink, not to force.
cat >small.c <<'E'
#include "hugecheck.h"

static int data = 1;

int main(void)
{
	hc_report("text", (const void *)main, 64);
	hc_report("data", &data, sizeof(data));
	puts("ok");
	return 0;
}
E
"$CC" $HC_CFLAGS -o small small.c
LD_PRELOAD=$HLLIB/libhugelink.so HUGETLB_FORCE_ELFMAP=yes ./small >out 2>err ||
	fail "small, forced: $(cat out err)"
expect_lines out "text 4" "data 4" "ok"
LD_PRELOAD=$HLLIB/libhugelink.so HUGETLB_ELFMAP=RW ./small >out 2>err ||
	fail "small: $(cat out err)"
expect_lines out "text 4" "data 4" "ok"
grep -q "holds no whole huge page of its own: relink with --hugetlbfs-align" err ||
	fail "small: no advice to relink: $(cat err)"
# Every PT_LOAD shares a huge page with another, for the same reason,
# said once after all of them (readelf numbers the headers from 0).
[ "$(grep -o 'holds no whole huge page of its own' err | wc -l)" -eq 1 ] ||
	fail "small: the reason is said more than once: $(cat err)"
loads=$(readelf -lW small | awk '
	!NF { in_table = 0 }
	in_table && $1 !~ /^\[/ { if ($1 == "LOAD") print n; n++ }
	$1 == "Type" { in_table = 1; n = 0 }')
[ "$(echo "$loads" | wc -w)" -gt 1 ] || fail "readelf: one PT_LOAD in small: $loads"
for i in $loads; do
	grep -qE "segments ([0-9]+ at 0x[0-9a-f]+, )*$i at 0x[0-9a-f]+[,:]" err ||
		fail "small: segment $i is not named with the others: $(cat err)"
done
! grep -q "HUGETLB_FORCE_ELFMAP" err ||
	fail "small: HUGETLB_FORCE_ELFMAP offered, which moves nothing of it: $(cat err)"
ok "a small plain program, which forcing cannot help, is told to relink"

# Started through the dynamic loader, /proc/self/exe is ld.so: the
# program's own file is still the one recognised.
ldso=$(readelf -lW aligned | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
build_segcheck sc
HUGETLB_ELFMAP=RW "$ldso" ./sc >out 2>err || fail "through $ldso: $(cat out err)"
expect_lines out "text 2048" "data thp" "bss thp" "ok"
[ ! -s err ] || fail "through $ldso: said $(cat err)"
ok "started as \"$ldso ./sc\""
