# SPDX-License-Identifier: MIT
# On a relinked program, hugectl --text --data --bss runs it with all
# three on huge pages (data and bss on transparent huge pages, or with
# --backing=hugetlb on hugetlb pages too); without hugectl nothing asks
# for them.  The oracle is KernelPageSize and AnonHugePages in
# /proc/self/smaps (hugecheck.h).
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 16

cat > prog.c <<'E'
#include "hugecheck.h"

char data[3 << 20] = { 1, 2, 3 };
char bss[3 << 20];

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	hc_report("text", (const void *)text, 64);
	hc_report("data", data, sizeof(data));
	hc_report("bss", bss, sizeof(bss));
	bss[sizeof(bss) - 1] = 7;
	printf("works %d\n", text(data[2]) + bss[sizeof(bss) - 1]);
	return 0;
}
E
build_c prog -Wl,--hugetlbfs-align
elf_check prog

echo "on its own, nothing asks for huge pages"
./prog > out
diff -u - out <<'E'
text 4
data 4
bss 4
works 17
E

echo "hugectl --text --data --bss"
"$HUGECTL" --text --data --bss ./prog > out
diff -u - out <<'E'
text 2048
data thp
bss thp
works 17
E

echo "hugectl --text --data --backing=hugetlb"
"$HUGECTL" --text --data --backing=hugetlb ./prog > out
diff -u - out <<'E'
text 2048
data 2048
bss 2048
works 17
E

echo "hugectl --text --data --backing=thp"
"$HUGECTL" --text --data --backing=thp ./prog > out
diff -u - out <<'E'
text thp
data thp
bss thp
works 17
E

echo "hugectl --text alone"
"$HUGECTL" --text ./prog > out
diff -u - out <<'E'
text 2048
data 4
bss 4
works 17
E
ok "hugectl runs a relinked program on huge pages"
