# SPDX-License-Identifier: MIT
# Static programs cannot be preloaded.  One relinked with the static
# runtime needs nothing more: hugectl sets the variables and it goes on
# huge pages, stripped or not (the runtime's note shows it is there; its
# writable data on transparent huge pages, as in every static program).
# One without the runtime runs unchanged, on base pages, and hugectl says
# why, or that it cannot tell once the program is stripped.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 8

cat > prog.c <<'E'
#include "hugecheck.h"

char bss[3 << 20];

int main(void)
{
	hc_report("text", (const void *)main, 1);
	hc_report("bss", bss, sizeof(bss));
	return 0;
}
E
build_c prog -static -Wl,--hugetlbfs-align
strip -o stripped prog
"$CC" $HC_CFLAGS -static -o plain prog.c
strip -o plain-stripped plain

echo "with the static runtime: no preload, no complaint"
"$HUGECTL" --dry-run --text --data ./prog > out 2> err
grep -q LD_PRELOAD out && fail "preloads a static program: $(cat out)"
[ ! -s err ] || fail "complains: $(cat err)"
"$HUGECTL" --text --data ./prog > out
diff -u - out <<'E'
text 2048
bss thp
E

echo "stripped: the same"
"$HUGECTL" --text --data ./stripped > out 2> err
[ ! -s err ] || fail "complains: $(cat err)"
diff -u - out <<'E'
text 2048
bss thp
E

echo "without the runtime: unchanged, and hugectl says why"
"$HUGECTL" --text --data ./plain > out 2> err
grep -q "statically linked without the hugelink runtime" err ||
	fail "says: $(cat err)"
diff -u - out <<'E'
text 4
bss 4
E

echo "without the runtime, stripped: hugectl cannot tell, and says so"
"$HUGECTL" --text --data ./plain-stripped > out 2> err
grep -q "statically linked and stripped" err || fail "says: $(cat err)"
diff -u - out <<'E'
text 4
bss 4
E
ok "hugectl on static programs"
