# SPDX-License-Identifier: MIT
# LD_PRELOAD=libhugelink.so remaps a program that was aligned but not
# linked with the runtime; HUGETLB_FORCE_ELFMAP=yes remaps the huge-page
# interior of the segments of one that was not relinked at all.
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

# Started through the dynamic loader, /proc/self/exe is ld.so: the
# program's own file is still the one recognised.
ldso=$(readelf -lW aligned | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
build_segcheck sc
HUGETLB_ELFMAP=RW "$ldso" ./sc >out 2>err || fail "through $ldso: $(cat out err)"
expect_lines out "text 2048" "data thp" "bss thp" "ok"
[ ! -s err ] || fail "through $ldso: said $(cat err)"
ok "started as \"$ldso ./sc\""
