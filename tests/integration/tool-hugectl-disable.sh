# SPDX-License-Identifier: MIT
# hugectl --disable keeps everything on base pages, even in a program
# whose segments are flagged for huge pages by default (hugeedit), and
# whatever else is asked; the program still runs.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 8

cat > prog.c <<'E'
#include <stdlib.h>
#include "hugecheck.h"

char bss[3 << 20];

int main(void)
{
	const char *map = getenv("HUGETLB_ELFMAP");

	hc_report("text", (const void *)main, 1);
	hc_report("bss", bss, sizeof(bss));
	printf("HUGETLB_ELFMAP=%s\n", map ? map : "(unset)");
	return 0;
}
E
build_c prog -Wl,--hugetlbfs-align
"$HUGEEDIT" --text --data prog > /dev/null

echo "flagged: huge pages by default"
./prog > out
diff -u - out <<'E'
text 2048
bss thp
HUGETLB_ELFMAP=(unset)
E

echo "hugectl --disable"
"$HUGECTL" --disable ./prog > out
diff -u - out <<'E'
text 4
bss 4
HUGETLB_ELFMAP=no
E

echo "--disable wins over --text and --data, and says so"
"$HUGECTL" --text --disable --data ./prog > out 2> err
diff -u - out <<'E'
text 4
bss 4
HUGETLB_ELFMAP=no
E
grep -q -- "--disable overrides --text, --data and --bss" err ||
	fail "no warning: $(cat err)"
ok "hugectl --disable"
