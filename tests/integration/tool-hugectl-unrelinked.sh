# A program that was not relinked, run through hugectl: hugectl preloads
# the runtime and, since the segments would share huge pages with their
# neighbours, sets HUGETLB_FORCE_ELFMAP=yes and says so; the huge-page
# aligned middle of a large bss then goes on huge pages.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 8

cat > plain.c <<'E'
#include "hugecheck.h"

char bss[12 << 20];

int main(void)
{
	hc_report("bss-middle", bss + (4 << 20), 2 << 20);
	hc_report("bss-start", bss, 1);
	bss[sizeof(bss) - 1] = 1;
	return 0;
}
E
"$CC" $HC_CFLAGS -o plain plain.c

echo "hugectl --data on a plain program"
"$HLBIN/hugectl" --data ./plain > out 2> err
diff -u - out <<'E'
bss-middle thp
bss-start 4
E
grep -q "./plain was not relinked for huge pages" err ||
	fail "hugectl does not explain: $(cat err)"
grep -q "HUGETLB_FORCE_ELFMAP=yes puts the aligned interior of 1 segment" err ||
	fail "hugectl does not say what it forces: $(cat err)"

echo "--no-preload: the runtime is not there, nothing changes"
"$HLBIN/hugectl" --no-preload --data ./plain > out 2> err
grep -qx 'bss-middle 4' out || fail "on huge pages without the runtime?"
ok "hugectl makes a plain program use huge pages where it can"
